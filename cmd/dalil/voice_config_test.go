package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"dalil/provider/telephony/twilio/twiliotest"
)

// voiceSecrets are the voice variables' secret values.
var voiceSecrets = map[string]string{
	envTwilioAuthToken:    "twilio-auth-token-5ecret-77",
	envTwilioAPIKeySecret: "twilio-api-key-5ecret-88",
	envVapiAPIKey:         "vapi-private-key-5ecret-99",
	envVapiWebhookSecret:  "vapi-webhook-5ecret-0123456789",
}

// voiceConfigEnv configures both vendors (Vapi dials) with every secret.
func voiceConfigEnv() map[string]string {
	env := map[string]string{
		envTwilioAccountSID: twiliotest.AccountSID, envTwilioFrom: twiliotest.From, envTwilioAPIKeySID: "SK0123456789abcdef0123456789abcdef",
		envVapiPhoneNumberID: "phone-1", envVoiceProvider: "vapi", envVoiceCountries: "om, AE,om", envVoiceHours: "09:00-20:00",
		envVoicePayerDay: "120", envVoiceNumberDay: " 3 ",
		"DALIL_BASE_URL": "https://dalil.example/", "DALIL_DB": "voice.db",
	}
	for k, v := range voiceSecrets {
		env[k] = v
	}
	return env
}

func envOfMap(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// TestVoiceConfig: `dalil config` shows which vendor dials and what the
// voice capabilities need, and never a voice secret.
func TestVoiceConfig(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"config", "--json"}, envOfMap(voiceConfigEnv()), nil, &stdout, &stderr); err != nil {
		t.Fatalf("dalil config: %v\n%s", err, stderr.String())
	}
	out := stdout.String() + stderr.String()
	for env, s := range voiceSecrets {
		if strings.Contains(strings.ToLower(out), strings.ToLower(s)) {
			t.Errorf("dalil config printed %s", env)
		}
	}
	var got struct {
		Status configStatus `json:"status"`
		Config struct {
			Voice     map[string]any            `json:"voice"`
			Providers map[string]map[string]any `json:"providers"`
		} `json:"config"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	v := got.Config.Voice
	if v["provider"] != "vapi" || strings.Join(anyStrings(v["countries"]), ",") != "OM,AE" || v["earliestHour"] != 9.0 || v["latestHour"] != 20.0 ||
		v["twilioApiKeySecret"] != redacted || v["vapiWebhookSecret"] != redacted || v["callsPerPayerDay"] != 120.0 || v["callsPerNumberDay"] != 3.0 {
		t.Errorf("voice %v", v)
	}
	for _, p := range []string{providerTwilio, providerVapi, providerTelephony} {
		if got.Status.Providers[p] != "configured" {
			t.Errorf("provider %s: %q", p, got.Status.Providers[p])
		}
	}
	if got.Config.Providers[providerTwilio]["credential"] != redacted || got.Config.Providers[providerVapi]["credential"] != redacted {
		t.Errorf("credentials shown as %v, %v", got.Config.Providers[providerTwilio]["credential"], got.Config.Providers[providerVapi]["credential"])
	}
	for _, c := range []string{"ai_call_agent", "voice_lead_qualifier", "appointment_call_agent"} {
		if got.Status.Capabilities[c] != "available" {
			t.Errorf("%s: %q", c, got.Status.Capabilities[c])
		}
	}

	// Nothing set: no vendor, the capabilities need one; calling hours
	// 08-21, no country, 50 calls a payer and 2 a number by default.
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Voice; v.Provider != "" || len(v.Countries) != 0 || v.EarliestHour != 8 || v.LatestHour != 21 || cfg.Providers[providerTelephony].Configured ||
		v.CallsPerPayerDay != 50 || v.CallsPerNumberDay != 2 {
		t.Errorf("defaults %+v, telephony %+v", v, cfg.Providers[providerTelephony])
	}
	var report bytes.Buffer
	if err := run(context.Background(), []string{"config", "--json"}, noEnv, nil, &report, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), `"ai_call_agent": "unconfigured: needs the telephony provider"`) {
		t.Errorf("unconfigured capability not reported: %s", report.String())
	}
}

func anyStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestVoiceConfigRejects: every malformed or ambiguous voice setting
// stops the configuration, naming the variable and never a secret.
func TestVoiceConfigRejects(t *testing.T) {
	twilioOnly := func() map[string]string {
		return map[string]string{envTwilioAccountSID: twiliotest.AccountSID, envTwilioAuthToken: voiceSecrets[envTwilioAuthToken],
			envTwilioFrom: twiliotest.From, "DALIL_BASE_URL": "https://dalil.example"}
	}
	for _, tc := range []struct {
		name string
		edit func(env map[string]string)
		want string
	}{
		{"partial twilio", func(e map[string]string) { delete(e, envTwilioFrom) }, "twilio is partly configured: missing DALIL_TWILIO_FROM"},
		{"partial vapi", func(e map[string]string) { e[envVapiAPIKey] = voiceSecrets[envVapiAPIKey] },
			"vapi is partly configured: missing DALIL_VAPI_PHONE_NUMBER_ID, DALIL_VAPI_WEBHOOK_SECRET"},
		{"both without a choice", func(e map[string]string) {
			e[envVapiAPIKey], e[envVapiPhoneNumberID], e[envVapiWebhookSecret] = voiceSecrets[envVapiAPIKey], "p", voiceSecrets[envVapiWebhookSecret]
		}, "DALIL_VOICE_PROVIDER: both twilio and vapi are configured"},
		{"choice not configured", func(e map[string]string) { e[envVoiceProvider] = "vapi" }, "DALIL_VOICE_PROVIDER: names vapi, which is not configured"},
		{"unknown choice", func(e map[string]string) { e[envVoiceProvider] = "retell" }, `DALIL_VOICE_PROVIDER: must be twilio or vapi, got "retell"`},
		{"no public URL", func(e map[string]string) { delete(e, "DALIL_BASE_URL") }, "DALIL_BASE_URL: is required when a telephony provider is configured"},
		{"malformed SID", func(e map[string]string) { e[envTwilioAccountSID] = "AC123" }, "DALIL_TWILIO_*: twilio: the account SID is AC followed by 32 hexadecimal digits"},
		{"half an API key", func(e map[string]string) { e[envTwilioAPIKeySecret] = voiceSecrets[envTwilioAPIKeySecret] }, "an API key needs both its SID and its secret"},
		{"ring timeout", func(e map[string]string) { e[envTwilioRingTimeout] = "soon" }, "DALIL_TWILIO_RING_TIMEOUT must be a positive duration"},
		{"short vapi secret", func(e map[string]string) {
			e[envVoiceProvider], e[envVapiAPIKey], e[envVapiPhoneNumberID], e[envVapiWebhookSecret] = "twilio", voiceSecrets[envVapiAPIKey], "p", "short"
		}, "vapi: the webhook secret must be at least 16 characters"},
		{"country", func(e map[string]string) { e[envVoiceCountries] = "OM,XX" }, `DALIL_VOICE_COUNTRIES: "XX" is not an ISO 3166 region`},
		{"country name", func(e map[string]string) { e[envVoiceCountries] = "Oman" }, `DALIL_VOICE_COUNTRIES: "Oman" is not an ISO 3166 region`},
		{"hours reversed", func(e map[string]string) { e[envVoiceHours] = "21-8" }, "DALIL_VOICE_HOURS: must be FROM-TO in whole hours"},
		{"hours past midnight", func(e map[string]string) { e[envVoiceHours] = "8-25" }, "DALIL_VOICE_HOURS: must be FROM-TO"},
		{"rescue before timeout", func(e map[string]string) { e[envVoiceJobTimeout], e[envVoiceRescueAfter] = "2m", "1m" },
			"DALIL_VOICE_RESCUE_AFTER: must be longer than DALIL_VOICE_JOB_TIMEOUT"},
		{"budget", func(e map[string]string) { e["DALIL_TWILIO_BUDGET"] = "lots" }, "DALIL_TWILIO_BUDGET: must be CALLS/PERIOD"},
		{"payer cap zero", func(e map[string]string) { e[envVoicePayerDay] = "0" },
			`DALIL_VOICE_CALLS_PER_PAYER_DAY: must be a whole number of at least 1 (calls a payer may place in 24 hours), got "0"`},
		{"payer cap negative", func(e map[string]string) { e[envVoicePayerDay] = "-5" }, `DALIL_VOICE_CALLS_PER_PAYER_DAY: must be a whole number of at least 1`},
		{"payer cap fraction", func(e map[string]string) { e[envVoicePayerDay] = "2.5" }, `DALIL_VOICE_CALLS_PER_PAYER_DAY: must be a whole number of at least 1`},
		{"payer cap word", func(e map[string]string) { e[envVoicePayerDay] = "many" }, `DALIL_VOICE_CALLS_PER_PAYER_DAY: must be a whole number of at least 1`},
		{"payer cap overflow", func(e map[string]string) { e[envVoicePayerDay] = "99999999999999999999" }, `DALIL_VOICE_CALLS_PER_PAYER_DAY: must be a whole number of at least 1`},
		{"number cap zero", func(e map[string]string) { e[envVoiceNumberDay] = "0" },
			`DALIL_VOICE_CALLS_PER_NUMBER_DAY: must be a whole number from 1 to 10 (calls to one number in 24 hours; the cap protects the people called), got "0"`},
		{"number cap over the bound", func(e map[string]string) { e[envVoiceNumberDay] = "11" }, `DALIL_VOICE_CALLS_PER_NUMBER_DAY: must be a whole number from 1 to 10`},
		{"number cap 1000", func(e map[string]string) { e[envVoiceNumberDay] = "1000" }, `DALIL_VOICE_CALLS_PER_NUMBER_DAY: must be a whole number from 1 to 10`},
		{"number cap fraction", func(e map[string]string) { e[envVoiceNumberDay] = "1.5" }, `DALIL_VOICE_CALLS_PER_NUMBER_DAY: must be a whole number from 1 to 10`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := twilioOnly()
			tc.edit(env)
			_, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOfMap(env))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			for k, s := range voiceSecrets {
				if strings.Contains(err.Error(), s) {
					t.Errorf("the error shows %s", k)
				}
			}
		})
	}
	// Valid: Twilio alone dials, without DALIL_VOICE_PROVIDER.
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOfMap(twilioOnly()))
	if err != nil || cfg.Voice.Provider != providerTwilio || !cfg.Providers[providerTelephony].Configured {
		t.Fatalf("twilio alone: %v %+v", err, cfg)
	}
	// Valid caps, each bound included; the policy the service gets
	// carries them.
	for _, c := range []struct {
		payer, number string
		wantP, wantN  int
	}{
		{"", "", 50, 2}, {"1", "1", 1, 1}, {"50", "2", 50, 2}, {"100000", "10", 100000, 10}, {" 7 ", "03", 7, 3},
	} {
		env := twilioOnly()
		env[envVoicePayerDay], env[envVoiceNumberDay] = c.payer, c.number
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOfMap(env))
		if err != nil {
			t.Fatalf("caps %q/%q: %v", c.payer, c.number, err)
		}
		p := cfg.Voice.policy()
		if cfg.Voice.CallsPerPayerDay != c.wantP || cfg.Voice.CallsPerNumberDay != c.wantN || p.AccountPerDay != c.wantP || p.NumberPerDay != c.wantN {
			t.Errorf("caps %q/%q: settings %d/%d, policy %d/%d, want %d/%d", c.payer, c.number,
				cfg.Voice.CallsPerPayerDay, cfg.Voice.CallsPerNumberDay, p.AccountPerDay, p.NumberPerDay, c.wantP, c.wantN)
		}
	}
	// Both caps bad: both reported at once.
	env := twilioOnly()
	env[envVoicePayerDay], env[envVoiceNumberDay] = "0", "50"
	if _, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOfMap(env)); err == nil ||
		!strings.Contains(err.Error(), envVoicePayerDay) || !strings.Contains(err.Error(), envVoiceNumberDay) {
		t.Errorf("both caps bad: %v", err)
	}
}

// The language model's limits on a Twilio conversation: defaults, set,
// and refused when malformed or inconsistent.
func TestVoiceModelLimits(t *testing.T) {
	load := func(extra map[string]string) (*Config, error) {
		env := voiceConfigEnv()
		for k, v := range extra {
			env[k] = v
		}
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOfMap(env))
		return cfg, err
	}
	cfg, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Voice; v.ModelFirstWord != 8*time.Second || v.ModelTurn != 20*time.Second || v.ModelCallCost != 500_000 {
		t.Errorf("defaults %v %v %v", v.ModelFirstWord, v.ModelTurn, v.ModelCallCost)
	}
	cfg, err = load(map[string]string{envVoiceModelFirstWord: "5s", envVoiceModelTurn: "12s", envVoiceModelCallCost: "0.25"})
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Voice; v.ModelFirstWord != 5*time.Second || v.ModelTurn != 12*time.Second || v.ModelCallCost != 250_000 {
		t.Errorf("set %v %v %v", v.ModelFirstWord, v.ModelTurn, v.ModelCallCost)
	}
	for _, bad := range []map[string]string{
		{envVoiceModelFirstWord: "30s"},     // longer than the turn
		{envVoiceModelCallCost: "-1"},       // not positive
		{envVoiceModelCallCost: "a dollar"}, // not an amount
	} {
		if _, err := load(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}
