package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nyaruka/phonenumbers"

	"dalil"
	"dalil/capabilities/voice"
	"dalil/capabilities/voice/converse"
	"dalil/capabilities/voice/voicesql"
	"dalil/capability"
	"dalil/httpapi"
	"dalil/internal/jobs"
	"dalil/internal/logx"
	"dalil/internal/safehttp"
	"dalil/module"
	"dalil/provider/client"
	"dalil/provider/llm"
	"dalil/provider/telephony/twilio"
	"dalil/provider/telephony/vapi"
	"dalil/rail/mpp"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"
)

// Voice calls (issue #19): ai_call_agent, voice_lead_qualifier and
// appointment_call_agent on the operator's telephony provider, Twilio
// Programmable Voice or Vapi (docs/voice.md, docs/telephony.md). With
// neither configured the capabilities answer 503 PROVIDER_NOT_CONFIGURED,
// not charged, and nothing below runs: no client, no job queue, no
// webhook route — unless calls placed while a provider was configured
// still have work left (voicesql.Unfinished): then the job workers run
// without a provider to finish them (drainVoice), so their held maxima
// are refunded and their callbacks delivered.
//
// Configured, buildServer builds a voiceRuntime on the store: the calls
// and their River jobs in the store's database (voicesql, internal/jobs),
// the voice service with the provider that dials, the provider webhooks
// (POST /webhooks/voice/twilio and /webhooks/voice/vapi) feeding the
// service, and completion callbacks sent through internal/safehttp only.
// `dalil serve` starts the job workers and stops them on shutdown.

// Provider names: the two vendors, and the requirement the voice
// capabilities declare (voice.ProviderTelephony), configured when one of
// them is.
// The language model's limits on a Twilio conversation (Voice).
const (
	envVoiceModelFirstWord = "DALIL_VOICE_MODEL_FIRST_WORD"
	envVoiceModelTurn      = "DALIL_VOICE_MODEL_TURN"
	envVoiceModelCallCost  = "DALIL_VOICE_MODEL_CALL_COST_USD"
)

const (
	providerTwilio    = twilio.Name // "twilio"
	providerVapi      = vapi.Name   // "vapi"
	providerTelephony = voice.ProviderTelephony
)

// Variables of the voice calls (docs/telephony.md, docs/voice.md).
const (
	envVoiceProvider    = "DALIL_VOICE_PROVIDER"
	envVoiceCountries   = "DALIL_VOICE_COUNTRIES"
	envVoiceHours       = "DALIL_VOICE_HOURS"
	envVoiceJobTimeout  = "DALIL_VOICE_JOB_TIMEOUT"
	envVoiceRescueAfter = "DALIL_VOICE_RESCUE_AFTER"
	envVoiceConnectWait = "DALIL_VOICE_CONNECT_WAIT"
	envVoicePayerDay    = "DALIL_VOICE_CALLS_PER_PAYER_DAY"
	envVoiceNumberDay   = "DALIL_VOICE_CALLS_PER_NUMBER_DAY"

	envTwilioAccountSID      = "DALIL_TWILIO_ACCOUNT_SID"
	envTwilioAuthToken       = "DALIL_TWILIO_AUTH_TOKEN"
	envTwilioFrom            = "DALIL_TWILIO_FROM"
	envTwilioAPIKeySID       = "DALIL_TWILIO_API_KEY_SID"
	envTwilioAPIKeySecret    = "DALIL_TWILIO_API_KEY_SECRET"
	envTwilioConversationURL = "DALIL_TWILIO_CONVERSATION_URL"
	envTwilioRingTimeout     = "DALIL_TWILIO_RING_TIMEOUT"

	envVapiAPIKey        = "DALIL_VAPI_API_KEY"
	envVapiPhoneNumberID = "DALIL_VAPI_PHONE_NUMBER_ID"
	envVapiWebhookSecret = "DALIL_VAPI_WEBHOOK_SECRET"
	envVapiCredentialID  = "DALIL_VAPI_CREDENTIAL_ID"
	envVapiModelProvider = "DALIL_VAPI_MODEL_PROVIDER"
	envVapiModel         = "DALIL_VAPI_MODEL"
)

// The two vendors in providerSpecs: their URL, timeout and budget are
// read as every vendor's (DALIL_<P>_URL, _TIMEOUT, _BUDGET); their other
// non-secret settings are Settings; their second secret (Twilio's API key
// secret, Vapi's webhook secret) is in Config.Voice.
var (
	twilioSpec = module.Provider{Name: providerTwilio, Kind: "telephony", Endpoint: "DALIL_TWILIO_URL", Credential: envTwilioAuthToken,
		Timeout: "DALIL_TWILIO_TIMEOUT", DefaultTimeout: client.DefaultTimeout,
		Settings: map[string]string{"budget": "DALIL_TWILIO_BUDGET", "accountSid": envTwilioAccountSID, "from": envTwilioFrom,
			"apiKeySid": envTwilioAPIKeySID, "ringTimeout": envTwilioRingTimeout},
		Required: []string{envTwilioAccountSID, envTwilioAuthToken, envTwilioFrom}}
	vapiSpec = module.Provider{Name: providerVapi, Kind: "telephony", Endpoint: "DALIL_VAPI_URL", Credential: envVapiAPIKey,
		Timeout: "DALIL_VAPI_TIMEOUT", DefaultTimeout: client.DefaultTimeout,
		Settings: map[string]string{"budget": "DALIL_VAPI_BUDGET", "phoneNumberId": envVapiPhoneNumberID, "credentialId": envVapiCredentialID,
			"modelProvider": envVapiModelProvider, "model": envVapiModel},
		Required: []string{envVapiAPIKey, envVapiPhoneNumberID, envVapiWebhookSecret}}
)

// Voice are the voice calls' settings (Config.Voice).
type Voice struct {
	// Provider is the vendor that dials: "twilio", "vapi", or "" when
	// neither is configured. With both configured DALIL_VOICE_PROVIDER
	// must choose; both webhooks are mounted either way, so calls placed
	// before a switch still complete.
	Provider string `json:"provider"`
	// Countries are the ISO 3166 regions calls may go to
	// (DALIL_VOICE_COUNTRIES, comma-separated); none by default, so every
	// number is refused until the operator lists some.
	Countries []string `json:"countries"`
	// EarliestHour and LatestHour are calling hours in the callee's time
	// (DALIL_VOICE_HOURS, "8-21" by default: from 08:00, before 21:00).
	EarliestHour int `json:"earliestHour"`
	LatestHour   int `json:"latestHour"`
	// JobTimeout bounds one run of a voice job (DALIL_VOICE_JOB_TIMEOUT,
	// default 1m); RescueAfter is how long a job may run before it is
	// taken as abandoned by a dead process and run again
	// (DALIL_VOICE_RESCUE_AFTER, default 5m, more than JobTimeout).
	JobTimeout  time.Duration `json:"jobTimeout"`
	RescueAfter time.Duration `json:"rescueAfter"`
	// ConnectWait is how long a call paid with x402, L402 or MPP charge
	// waits, inside its request, for the call to connect before it is
	// paid (DALIL_VOICE_CONNECT_WAIT, default and most voice.ConnectWait,
	// 35 s): a call not connected by then is cancelled and not charged.
	ConnectWait time.Duration `json:"connectWait"`
	// CallsPerPayerDay and CallsPerNumberDay are the daily caps: calls a
	// payer may place (DALIL_VOICE_CALLS_PER_PAYER_DAY, default 50; all
	// pay-per-call payers share one cap) and calls to one number
	// (DALIL_VOICE_CALLS_PER_NUMBER_DAY, default 2, at most
	// voice.MaxNumberPerDay, 10), in the last 24 hours.
	CallsPerPayerDay  int `json:"callsPerPayerDay"`
	CallsPerNumberDay int `json:"callsPerNumberDay"`
	// ModelFirstWord and ModelTurn bound the language model on a Twilio
	// conversation: its first word of a turn (DALIL_VOICE_MODEL_FIRST_WORD,
	// default 8s) and a whole model call (DALIL_VOICE_MODEL_TURN, default
	// 20s); ModelCallCost caps what the model may cost one call
	// (DALIL_VOICE_MODEL_CALL_COST_USD, default 0.50). Past them the call
	// ends politely (converse.Limits).
	ModelFirstWord time.Duration  `json:"modelFirstWord"`
	ModelTurn      time.Duration  `json:"modelTurn"`
	ModelCallCost  dalil.MicroUSD `json:"modelCallCostMicroUsd"`
	// TwilioAPIKeySecret (DALIL_TWILIO_API_KEY_SECRET) and
	// VapiWebhookSecret (DALIL_VAPI_WEBHOOK_SECRET) are the vendors'
	// second secrets.
	TwilioAPIKeySecret Secret `json:"twilioApiKeySecret"`
	VapiWebhookSecret  Secret `json:"vapiWebhookSecret"`
}

// voice reads the voice settings once the providers are read, and sets
// the "telephony" provider the capabilities require: configured when
// Twilio or Vapi is. A vendor with only some of its variables, a
// malformed one, both vendors without DALIL_VOICE_PROVIDER, or a vendor
// without DALIL_BASE_URL (where the vendor posts call events) is refused
// here, naming the variables and never a secret's value.
func (l *loader) voice(c *Config) Voice {
	v := Voice{
		TwilioAPIKeySecret: l.secret(envTwilioAPIKeySecret, false),
		VapiWebhookSecret:  l.secret(envVapiWebhookSecret, false),
		JobTimeout:         l.duration(envVoiceJobTimeout, jobs.DefaultJobTimeout),
		RescueAfter:        l.duration(envVoiceRescueAfter, jobs.DefaultRescueAfter),
	}
	v.ConnectWait = l.duration(envVoiceConnectWait, voice.ConnectWait)
	if v.ConnectWait < time.Second || v.ConnectWait > voice.ConnectWait {
		l.fail(envVoiceConnectWait, "must be from 1s to %s: the paid request waits that long for the call to connect, within its own deadline", voice.ConnectWait)
	}
	if v.RescueAfter <= v.JobTimeout {
		l.fail(envVoiceRescueAfter, "must be longer than %s (%s): a job still running must not be taken as abandoned", envVoiceJobTimeout, v.JobTimeout)
	}
	if l.str(envTwilioConversationURL) != "" {
		// Dalil holds Twilio's conversations itself now: a call connected
		// elsewhere would get none of the capability's outcome.
		l.fail(envTwilioConversationURL, "is no longer used: Dalil holds Twilio conversations itself at {DALIL_BASE_URL}/webhooks/voice/twilio/relay with the language model (DALIL_ANTHROPIC_API_KEY); unset it (docs/telephony.md)")
	}
	v.ModelFirstWord = l.duration(envVoiceModelFirstWord, converse.DefaultFirstWord)
	v.ModelTurn = l.duration(envVoiceModelTurn, converse.DefaultTurn)
	if v.ModelFirstWord <= 0 || v.ModelTurn < v.ModelFirstWord {
		l.fail(envVoiceModelTurn, "must be at least %s (%s), and both positive", envVoiceModelFirstWord, v.ModelFirstWord)
	}
	v.ModelCallCost = converse.DefaultCallCost
	if s := l.str(envVoiceModelCallCost); s != "" {
		if m, err := dalil.ParseUSD(s); err != nil || m <= 0 {
			l.fail(envVoiceModelCallCost, "must be a positive USD amount such as 0.50, got %q", s)
		} else {
			v.ModelCallCost = m
		}
	}
	v.CallsPerPayerDay = l.dailyCap(envVoicePayerDay, voice.DefaultAccountPerDay, 0, "calls a payer may place in 24 hours")
	v.CallsPerNumberDay = l.dailyCap(envVoiceNumberDay, voice.DefaultNumberPerDay, voice.MaxNumberPerDay, "calls to one number in 24 hours")
	var err error
	if v.EarliestHour, v.LatestHour, err = parseHours(l.str(envVoiceHours)); err != nil {
		l.fail(envVoiceHours, "%v", err)
	}
	if v.Countries, err = parseCountries(l.str(envVoiceCountries)); err != nil {
		l.fail(envVoiceCountries, "%v", err)
	}
	// A vendor is on when every required variable is set; some but not
	// all is an error, not a vendor silently off.
	on := map[string]bool{}
	for name, vars := range map[string][]string{
		providerTwilio: {envTwilioAccountSID, envTwilioAuthToken, envTwilioFrom, envTwilioAPIKeySID, envTwilioAPIKeySecret},
		providerVapi:   {envVapiAPIKey, envVapiPhoneNumberID, envVapiWebhookSecret, envVapiCredentialID},
	} {
		p := c.Providers[name]
		if p.Configured {
			on[name] = true
			continue
		}
		if slices.ContainsFunc(vars, func(env string) bool { return l.str(env) != "" }) {
			l.errs = append(l.errs, fmt.Errorf("%s is partly configured: missing %s", name, strings.Join(p.Missing, ", ")))
		}
	}
	if on[providerTwilio] {
		if _, err := newTwilio(c.Providers[providerTwilio], v); err != nil {
			l.errs = append(l.errs, fmt.Errorf("DALIL_TWILIO_*: %w", err))
		}
	}
	if on[providerVapi] {
		if _, err := newVapi(c.Providers[providerVapi], v, ""); err != nil {
			l.errs = append(l.errs, fmt.Errorf("DALIL_VAPI_*: %w", err))
		}
	}
	switch choice := strings.ToLower(l.str(envVoiceProvider)); {
	case choice != "" && choice != providerTwilio && choice != providerVapi:
		l.fail(envVoiceProvider, "must be twilio or vapi, got %q", choice)
	case choice != "" && !on[choice]:
		l.fail(envVoiceProvider, "names %s, which is not configured (%s)", choice, strings.Join(c.Providers[choice].Missing, ", "))
	case choice != "":
		v.Provider = choice
	case on[providerTwilio] && on[providerVapi]:
		l.fail(envVoiceProvider, "both twilio and vapi are configured: set it to the one that dials (both webhooks stay mounted)")
	case on[providerTwilio]:
		v.Provider = providerTwilio
	case on[providerVapi]:
		v.Provider = providerVapi
	}
	if v.Provider != "" && c.Listen.BaseURL == "" {
		l.fail("DALIL_BASE_URL", "is required when a telephony provider is configured: %s posts call events to its /webhooks/voice/%s", v.Provider, v.Provider)
	}
	tel := Provider{Kind: "telephony", Configured: v.Provider != ""}
	if tel.Configured {
		tel.Settings = map[string]string{"provider": v.Provider}
	} else {
		tel.Missing = []string{"twilio or vapi (docs/telephony.md)"}
	}
	c.Providers[providerTelephony] = tel
	return v
}

// dailyCap reads a daily cap on calls: a whole number from 1 to most
// (0: no upper bound), def when unset. The per-number cap is bounded
// (voice.MaxNumberPerDay): it protects the people called from
// harassment, so no operator setting lets one number be called more.
func (l *loader) dailyCap(env string, def, most int, what string) int {
	v := l.str(env)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	switch {
	case most > 0 && (err != nil || n < 1 || n > most):
		l.fail(env, "must be a whole number from 1 to %d (%s; the cap protects the people called), got %q", most, what, v)
	case err != nil || n < 1:
		l.fail(env, "must be a whole number of at least 1 (%s), got %q", what, v)
	default:
		return n
	}
	return def
}

// policy is the voice safety policy of the settings.
func (v Voice) policy() voice.Policy {
	return voice.Policy{Countries: v.Countries, EarliestHour: v.EarliestHour, LatestHour: v.LatestHour,
		AccountPerDay: v.CallsPerPayerDay, NumberPerDay: v.CallsPerNumberDay}
}

// parseHours reads DALIL_VOICE_HOURS, "8-21" or "08:00-21:00": calls
// start at or after the first hour and before the second, in the
// callee's time ("0-24": any hour).
func parseHours(s string) (int, int, error) {
	if s == "" {
		return voice.DefaultEarliestHour, voice.DefaultLatestHour, nil
	}
	a, b, ok := strings.Cut(s, "-")
	hour := func(h string) (int, bool) {
		h = strings.TrimSuffix(strings.TrimSpace(h), ":00")
		n, err := strconv.Atoi(h)
		return n, err == nil && n >= 0 && n <= 24
	}
	from, okA := hour(a)
	to, okB := hour(b)
	if !ok || !okA || !okB || from >= to {
		return 0, 0, fmt.Errorf("must be FROM-TO in whole hours, 0 to 24, FROM before TO (such as 8-21), got %q", s)
	}
	return from, to, nil
}

// parseCountries reads DALIL_VOICE_COUNTRIES: ISO 3166 alpha-2 regions
// that have a telephone numbering plan.
func parseCountries(s string) ([]string, error) {
	out := []string{}
	for _, part := range strings.Split(s, ",") {
		r := strings.ToUpper(strings.TrimSpace(part))
		switch {
		case r == "":
		case len(r) != 2 || phonenumbers.GetCountryCodeForRegion(r) == 0:
			return nil, fmt.Errorf("%q is not an ISO 3166 region with a numbering plan (such as OM, AE, SA)", part)
		case !slices.Contains(out, r):
			out = append(out, r)
		}
	}
	return out, nil
}

// newTwilio is the Twilio client of the configuration (nil when it is
// off).
func newTwilio(p Provider, v Voice) (*twilio.Client, error) {
	if !p.Configured {
		return nil, nil
	}
	var ring time.Duration
	if s := p.Settings["ringTimeout"]; s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("%s must be a positive duration such as 30s, got %q", envTwilioRingTimeout, s)
		}
		ring = d
	}
	return twilio.New(twilio.Config{AccountSID: p.Settings["accountSid"], AuthToken: p.Credential.Reveal(), From: p.Settings["from"],
		APIKeySID: p.Settings["apiKeySid"], APIKeySecret: v.TwilioAPIKeySecret.Reveal(), BaseURL: string(p.Endpoint),
		RingTimeout: ring, HTTP: vendorHTTP(p)})
}

// newTwilioRelay is newTwilio connecting its calls to Dalil's relay
// endpoint at relay ("": none).
func newTwilioRelay(p Provider, v Voice, relay string) (*twilio.Client, error) {
	if !p.Configured {
		return nil, nil
	}
	c, err := newTwilio(p, v)
	if err != nil || relay == "" {
		return c, err
	}
	var ring time.Duration
	if s := p.Settings["ringTimeout"]; s != "" {
		ring, _ = time.ParseDuration(s) // checked by newTwilio
	}
	return twilio.New(twilio.Config{AccountSID: p.Settings["accountSid"], AuthToken: p.Credential.Reveal(), From: p.Settings["from"],
		APIKeySID: p.Settings["apiKeySid"], APIKeySecret: v.TwilioAPIKeySecret.Reveal(), BaseURL: string(p.Endpoint),
		RelayURL: relay, RingTimeout: ring, HTTP: vendorHTTP(p)})
}

// relayURL is the public URL of Dalil's ConversationRelay endpoint:
// DALIL_BASE_URL's origin in ws form (https → wss; http → ws, for a
// local test: Twilio connects over wss only).
func relayURL(base string) string {
	u := strings.Replace(base, "https://", "wss://", 1)
	u = strings.Replace(u, "http://", "ws://", 1)
	return u + "/webhooks/voice/" + providerTwilio + "/relay"
}

// llmClient is the language model the configuration has (nil: none).
func llmClient(cfg *Config) *llm.Client {
	p := cfg.Providers[llm.Name]
	if !p.Configured {
		return nil
	}
	return llm.New(llm.Config{APIKey: p.Credential.Reveal(), BaseURL: string(p.Endpoint), Model: p.Settings["model"], HTTP: vendorHTTP(p)})
}

// newVapi is the Vapi client of the configuration (nil when it is off);
// events is the public URL of its webhook route.
func newVapi(p Provider, v Voice, events string) (*vapi.Client, error) {
	if !p.Configured {
		return nil, nil
	}
	return vapi.New(vapi.Config{APIKey: p.Credential.Reveal(), PhoneNumberID: p.Settings["phoneNumberId"], WebhookSecret: v.VapiWebhookSecret.Reveal(),
		CredentialID: p.Settings["credentialId"], EventsURL: events, BaseURL: string(p.Endpoint),
		ModelProvider: p.Settings["modelProvider"], Model: p.Settings["model"], HTTP: vendorHTTP(p)})
}

// voiceRuntime is the voice calls' durable side on the store (nil when no
// telephony provider is configured and no call has work left).
type voiceRuntime struct {
	svc      *voice.Service
	queue    *jobs.Queue
	deps     voice.Deps
	webhooks map[string]http.Handler
	// sockets are the providers' WebSocket endpoints (Twilio's
	// ConversationRelay: GET /webhooks/voice/twilio/relay).
	socketRoutes map[string]http.Handler
	// provider is the vendor that dials; "" while draining: no provider,
	// and unfinished calls (that many at start) left to finish.
	provider   string
	unfinished int
	log        *slog.Logger
	// running: the job workers are started (and not stopped).
	running atomic.Bool
}

// readyChecks are the voice runtime's readiness checks (/readyz): the job
// queue's workers running. None without a runtime.
func (v *voiceRuntime) readyChecks() []httpapi.ReadyCheck {
	if v == nil {
		return nil
	}
	return []httpapi.ReadyCheck{{Name: "jobs", Check: func(context.Context) error {
		if !v.running.Load() {
			return errors.New("the job queue's workers are not running")
		}
		return nil
	}}}
}

// voiceWorkers is the voice queue's concurrency in each process.
const voiceWorkers = 4

// voiceChargeWait is how long a dial job waits in place for its request's
// charge, which commits as the 202 is written.
const voiceChargeWait = 3 * time.Second

// newVoice builds the voice runtime on store: with the telephony
// provider, or without one to finish the calls that still have work
// (drainVoice); nil when there is neither. Nothing runs until start.
func newVoice(ctx context.Context, cfg *Config, store *sqlstore.Store, log *slog.Logger) (*voiceRuntime, error) {
	v := cfg.Voice
	if store == nil {
		return nil, nil
	}
	if v.Provider == "" {
		return drainVoice(ctx, cfg, store, log)
	}
	base, err := publicBase(string(cfg.Listen.BaseURL))
	if err != nil {
		return nil, err
	}
	hook := func(name string) string { return base + "/webhooks/voice/" + name }
	// Twilio carries only the audio: Dalil holds the conversation over
	// the language model, at its relay endpoint. Without a model Twilio
	// does not dial and the capabilities are unconfigured (voiceModel).
	model := llmClient(cfg)
	relay := ""
	if model != nil {
		relay = relayURL(base)
	}
	tw, err := newTwilioRelay(cfg.Providers[providerTwilio], v, relay)
	if err != nil {
		return nil, err
	}
	vp, err := newVapi(cfg.Providers[providerVapi], v, hook(providerVapi))
	if err != nil {
		return nil, err
	}
	var dialer voice.Dialer // a nil *twilio.Client must not become a non-nil interface
	var requires []capability.Requirement
	switch {
	case v.Provider == providerTwilio && tw != nil && model == nil:
		// Not sold, never dialled: queued calls end provider_not_configured
		// (refunded); webhooks still finish the calls placed before.
		requires = []capability.Requirement{capability.NeedsProvider(llm.Name)}
		log.Warn("voice: Twilio is configured but no language model (DALIL_ANTHROPIC_API_KEY): Twilio cannot hold a conversation, so the voice capabilities are unconfigured and no call is placed")
	case v.Provider == providerTwilio && tw != nil:
		dialer = tw
	case v.Provider == providerVapi && vp != nil:
		dialer = vp
	default:
		return nil, fmt.Errorf("voice: the telephony provider %s is not configured", v.Provider)
	}
	rt, err := openVoice(ctx, cfg, store, log, dialer, hook(v.Provider))
	if err != nil {
		return nil, err
	}
	svc, q := rt.svc, rt.queue
	rt.provider = v.Provider
	rt.deps.Requires = requires
	if tw != nil && model != nil {
		engine := converse.New(llm.ForConversation(model), converse.Limits{FirstWord: v.ModelFirstWord, Turn: v.ModelTurn, CallCost: v.ModelCallCost}, log)
		h, err := tw.Relay(svc, engine, log)
		if err != nil {
			q.Close()
			return nil, err
		}
		rt.socketRoutes["voice/"+providerTwilio+"/relay"] = h
	}
	// Both vendors' webhooks, whichever dials: calls placed before a
	// switch still complete.
	if tw != nil {
		h, err := tw.Webhook(hook(providerTwilio), svc)
		if err != nil {
			q.Close()
			return nil, err
		}
		rt.webhooks["voice/"+providerTwilio] = h
	}
	if vp != nil {
		h, err := vp.Webhook(svc, svc)
		if err != nil {
			q.Close()
			return nil, err
		}
		rt.webhooks["voice/"+providerVapi] = h
	}
	if len(v.Countries) == 0 {
		log.Warn("voice: DALIL_VOICE_COUNTRIES is empty, so every number is refused (country_not_allowed)")
	}
	return rt, nil
}

// drainVoice is the voice runtime without a telephony provider, built
// only when calls placed while one was configured still have work
// (voicesql.Unfinished): the operator removed or broke the provider's
// configuration while calls were queued, live, unsettled or owed a
// callback. Its workers finish them: a dial job ends its call failed with
// outcome provider_not_configured (no Dialer) and settlement refunds the
// whole maximum; the watchdog ends the live calls the provider can no
// longer report (no webhook is mounted without the vendor's credentials
// to verify it); settlements and callbacks run. The capabilities stay
// 503 PROVIDER_NOT_CONFIGURED, not charged (no Queue in the deps); the
// calls routes answer, so payers can follow their calls to the end. No
// unfinished call: nil, and nothing is opened (no River table touched).
func drainVoice(ctx context.Context, cfg *Config, store *sqlstore.Store, log *slog.Logger) (*voiceRuntime, error) {
	n, err := voicesql.Unfinished(ctx, store.DB())
	if err != nil {
		return nil, fmt.Errorf("voice: counting the calls with work left: %w", err)
	}
	if n == 0 {
		return nil, nil
	}
	rt, err := openVoice(ctx, cfg, store, log, nil, "")
	if err != nil {
		return nil, err
	}
	rt.unfinished = n
	rt.deps = voice.Deps{Policy: cfg.Voice.policy(), Calls: rt.svc}
	return rt, nil
}

// openVoice opens the voice job queue on store and builds the service
// on it with dialer (nil: none, while draining), whose events reach
// Dalil at events.
func openVoice(ctx context.Context, cfg *Config, store *sqlstore.Store, log *slog.Logger, dialer voice.Dialer, events string) (*voiceRuntime, error) {
	v := cfg.Voice
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	numbers, err := store.Secret(sctx, voiceNumberSecret)
	if err != nil {
		return nil, fmt.Errorf("voice number secret: %w", err)
	}
	signing, err := store.Secret(sctx, "voice-callbacks")
	if err != nil {
		return nil, fmt.Errorf("voice callback secret: %w", err)
	}
	// The workers call the service, which needs the store, which inserts
	// through the queue: the runner is bound once the service exists.
	run := &voiceRunner{}
	q, err := jobs.Open(ctx, store.DB(), string(cfg.Storage.DSN), jobs.Options{
		Workers: voicesql.Workers(nil, run), Queues: map[string]int{voicesql.Queue: voiceWorkers},
		JobTimeout: v.JobTimeout, RescueAfter: v.RescueAfter, Logger: slog.New(logx.MinLevel(log.Handler(), slog.LevelWarn)),
	})
	if err != nil {
		return nil, fmt.Errorf("voice job queue: %w", err)
	}
	calls := voicesql.New(store.DB(), q)
	// Completion callbacks go through internal/safehttp only: https, every
	// address checked when it is dialled, no redirects.
	fetch := cfg.Fetch
	fetch.NoRedirects = true
	callbacks := safehttp.New(fetch)
	policy := v.policy()
	svc := voice.NewService(voice.Config{Store: calls, Dialer: dialer, Charges: store, Refunds: store,
		SessionRefunds: newSessionRefunds(store), Callbacks: callbacks, Policy: policy, NumberSecret: numbers, SigningSecret: signing, EventsURL: events,
		ChargeWait: voiceChargeWait, ConnectWait: v.ConnectWait, Logger: log,
		// Vapi's assistant holds its conversations with the engine's tools:
		// its tool calls are judged and tallied by the engine's rules.
		ToolRules: converse.Rules{}})
	run.svc = svc
	rt := &voiceRuntime{svc: svc, queue: q, log: log, webhooks: map[string]http.Handler{}, socketRoutes: map[string]http.Handler{},
		deps: voice.Deps{Policy: policy, Queue: svc, DoNotCall: calls, Counts: calls, Calls: svc, Secret: numbers,
			CheckCallback: func(raw string) error { return callbacks.CheckDestination(context.Background(), raw) }}}
	return rt, nil
}

// mppSessionRefunds gives the unused maximum of a call drawn from an MPP
// budget session back to that session's draw (voice.SessionRefunds on
// the MPP session store, the one the MPP rail's sessions use: buildMPP's
// mppsql.NewSessions on the same database). The session's spent goes
// down, so its close refunds that much more to the payer on chain.
//
// It is wired whether or not the MPP rail's sessions are on now: its
// tables are always there (mppsql.Module is among the store's modules),
// and a call drawn before the operator turned MPP sessions off still
// settles against its session, whose close, once the rail is back, then
// claims only what the call cost. Without MPP sessions ever configured no
// call has a session, and nothing calls it.
type mppSessionRefunds struct {
	s   *mppsql.Sessions
	now func() time.Time
}

var _ voice.SessionRefunds = mppSessionRefunds{}

func newSessionRefunds(store *sqlstore.Store) mppSessionRefunds {
	return mppSessionRefunds{s: mppsql.NewSessions(store.DB()), now: store.DB().Now}
}

// RefundSession implements voice.SessionRefunds: a closing or closed
// session is voice.ErrSessionClosed; no such session, or no committed
// draw under the key (released: the request's payment did not complete,
// or still in flight long after it should have ended), is
// dalil.ErrNotFound.
func (m mppSessionRefunds) RefundSession(ctx context.Context, session, key string, amount dalil.MicroUSD) (dalil.MicroUSD, error) {
	got, err := m.s.RefundDraw(ctx, session, key, amount, m.now())
	switch {
	case errors.Is(err, mpp.ErrSessionInactive):
		return 0, voice.ErrSessionClosed
	case errors.Is(err, mpp.ErrSessionNotFound), errors.Is(err, mpp.ErrReservationNotFound), errors.Is(err, mpp.ErrReservationNotCommitted):
		return 0, fmt.Errorf("%w: no committed draw %s on MPP session %s", dalil.ErrNotFound, key, session)
	case err != nil:
		return 0, err
	}
	return got, nil
}

// publicBase is DALIL_BASE_URL as the providers reach it: scheme, host
// and path, without credentials, query or trailing slash.
func publicBase(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "", errors.New("DALIL_BASE_URL: not an absolute URL")
	}
	return u.Scheme + "://" + u.Host + strings.TrimRight(u.EscapedPath(), "/"), nil
}

// voiceRunner hands River's voice jobs to the service.
type voiceRunner struct{ svc *voice.Service }

func (r *voiceRunner) Work(ctx context.Context, j voice.Job, attempt, maxAttempts int) error {
	return r.svc.Work(ctx, j, attempt, maxAttempts)
}

// voiceDeps are the voice capabilities' ports: without a runtime, none
// (503 PROVIDER_NOT_CONFIGURED) but the policy of settings, so the
// capabilities' declared limitations state the operator's calling hours
// and daily caps either way.
func (v *voiceRuntime) voiceDeps(settings Voice) voice.Deps {
	if v == nil {
		return voice.Deps{Policy: settings.policy()}
	}
	return v.deps
}

// sockets are the provider WebSocket routes to mount
// (httpapi.Config.Sockets).
func (v *voiceRuntime) sockets() map[string]http.Handler {
	if v == nil {
		return nil
	}
	return v.socketRoutes
}

// hooks are the provider webhook routes to mount (httpapi.Config.Webhooks).
func (v *voiceRuntime) hooks() map[string]http.Handler {
	if v == nil {
		return nil
	}
	return v.webhooks
}

// start starts working the voice jobs (dials, settlements, callbacks,
// the watchdog): `dalil serve` only.
func (v *voiceRuntime) start(ctx context.Context) error {
	if v == nil {
		return nil
	}
	if err := v.queue.Start(ctx); err != nil {
		return fmt.Errorf("voice job workers: %w", err)
	}
	v.running.Store(true)
	if v.provider == "" {
		v.log.Warn(fmt.Sprintf("voice: no telephony provider is configured, but %d calls placed with one have work left: "+
			"finishing them without a provider (queued calls end failed, provider_not_configured, account charges refunded in full; "+
			"live calls end at their watchdog; settlements and callbacks run); new calls answer 503 PROVIDER_NOT_CONFIGURED", v.unfinished),
			"unfinishedCalls", v.unfinished, "workers", voiceWorkers)
		return nil
	}
	v.log.Info("voice calls on", "provider", v.provider, "workers", voiceWorkers)
	return nil
}

// voiceStopTimeout is how long shutdown lets running voice jobs finish;
// those still running are cancelled and run again after the restart.
const voiceStopTimeout = 15 * time.Second

// stop stops working jobs, letting running ones finish for a while.
func (v *voiceRuntime) stop() {
	if v == nil {
		return
	}
	v.running.Store(false)
	ctx, cancel := context.WithTimeout(context.Background(), voiceStopTimeout)
	defer cancel()
	if err := v.queue.Stop(ctx); err != nil {
		v.log.Warn("voice: stopping the job workers", "error", err.Error())
	}
}

// close releases the queue's own connections (after stop).
func (v *voiceRuntime) close() {
	if v != nil {
		v.queue.Close()
	}
}
