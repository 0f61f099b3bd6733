package twilio

import (
	"encoding/xml"
	"net/url"
	"strings"

	"dalil/capabilities/voice"
)

// voiceFor is the <Say> voice and language, and the <Gather> speech
// language, for a call's language: the script is said in the callee's
// language (en-US or Arabic).
func (c *Client) voiceFor(lang string) (sayVoice, sayLang, gatherLang string) {
	if lang == "ar" {
		return c.voiceAR, "ar-XA", "ar-AE"
	}
	return c.voiceEN, "en-US", "en-US"
}

// maxTwiML is Twilio's limit on the Twiml parameter (4,000 characters):
// a longer document is refused at call creation (error 21232), so Dial
// checks it first.
const maxTwiML = 4000

// twiml is the document the call runs: the script (AI disclosure on
// whose behalf, consent notice when recording or transcribing, opt-out
// offer) inside a speech <Gather> whose answer goes to the webhook (step
// "gather": an opt-out is recorded there), then the conversation.
func (c *Client) twiml(d voice.Dial, gatherURL string) string {
	if c.relayURL != "" {
		return c.relayTwiML(d)
	}
	sv, sl, gl := c.voiceFor(d.Language)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Response>`)
	b.WriteString(`<Gather input="speech" method="POST" speechTimeout="auto" timeout="3" actionOnEmptyResult="false"`)
	attr(&b, "language", gl)
	attr(&b, "action", gatherURL)
	b.WriteString(`>`)
	for _, line := range []string{d.Script.Opening, d.Script.Consent, d.Script.OptOut} {
		if strings.TrimSpace(line) != "" {
			say(&b, sv, sl, line)
		}
	}
	b.WriteString(`</Gather>`)
	b.WriteString(c.continuation(d.CallID, d.Language))
	b.WriteString(`</Response>`)
	return b.String()
}

// relayTwiML connects the call to Dalil's conversation endpoint
// (ConversationRelay over a WebSocket, told the call's id as the custom
// parameter "call"; the relay reads the instructions itself). Twilio
// says the script first, as the welcome greeting that cannot be
// interrupted: the disclosure that an AI calls and on whose behalf, the
// consent notice when recording or transcribing, the opt-out offer.
// When the session ends (Dalil's end message, or an error) the call
// hangs up.
func (c *Client) relayTwiML(d voice.Dial) string {
	sv, sl, gl := c.voiceFor(d.Language)
	var greet []string
	for _, line := range []string{d.Script.Opening, d.Script.Consent, d.Script.OptOut} {
		if strings.TrimSpace(line) != "" {
			greet = append(greet, strings.TrimSpace(line))
		}
	}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Response><Connect><ConversationRelay`)
	attr(&b, "url", c.relayURL)
	attr(&b, "welcomeGreeting", strings.Join(greet, " "))
	attr(&b, "welcomeGreetingInterruptible", "none")
	attr(&b, "language", sl)
	attr(&b, "transcriptionLanguage", gl)
	attr(&b, "ttsProvider", "Google")
	attr(&b, "voice", strings.TrimPrefix(sv, "Google."))
	attr(&b, "interruptible", "speech")
	attr(&b, "dtmfDetection", "true")
	b.WriteString(`><Parameter name="call"`)
	attr(&b, "value", d.CallID)
	b.WriteString(`/></ConversationRelay></Connect><Hangup/></Response>`)
	return b.String()
}

// voicemailTwiML leaves message on a machine and hangs up.
func (c *Client) voicemailTwiML(lang, message string) string {
	sv, sl, _ := c.voiceFor(lang)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Response>`)
	say(&b, sv, sl, message)
	b.WriteString(`<Hangup/></Response>`)
	return b.String()
}

// continuation is what follows the script without a conversation
// endpoint: a goodbye and hang up.
func (c *Client) continuation(callID, lang string) string {
	sv, sl, _ := c.voiceFor(lang)
	var b strings.Builder
	if c.relayURL != "" {
		// A gather answer of a call placed with the old script, after the
		// relay was configured: connect it to the conversation.
		return strings.TrimSuffix(strings.TrimPrefix(c.relayTwiML(voice.Dial{CallID: callID, Language: lang}),
			`<?xml version="1.0" encoding="UTF-8"?><Response>`), `</Response>`)
	}
	say(&b, sv, sl, goodbye(lang))
	b.WriteString(`<Hangup/>`)
	return b.String()
}

// optedOutTwiML confirms an opt-out and hangs up.
func (c *Client) optedOutTwiML(lang string) string {
	sv, sl, _ := c.voiceFor(lang)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><Response>`)
	line := "Understood. We will not call this number again. Goodbye."
	if lang == "ar" {
		line = "حسناً. لن نتصل بهذا الرقم مرة أخرى. مع السلامة."
	}
	say(&b, sv, sl, line)
	b.WriteString(`<Hangup/></Response>`)
	return b.String()
}

// continueTwiML is the answer to a gather that was not an opt-out.
func (c *Client) continueTwiML(callID, lang string) string {
	return `<?xml version="1.0" encoding="UTF-8"?><Response>` + c.continuation(callID, lang) + `</Response>`
}

func goodbye(lang string) string {
	if lang == "ar" {
		return "شكراً لوقتك. مع السلامة."
	}
	return "Thank you for your time. Goodbye."
}

func say(b *strings.Builder, voiceName, lang, text string) {
	b.WriteString(`<Say`)
	if voiceName != "" {
		attr(b, "voice", voiceName)
	}
	attr(b, "language", lang)
	b.WriteString(`>`)
	xml.EscapeText(b, []byte(text))
	b.WriteString(`</Say>`)
}

func attr(b *strings.Builder, name, value string) {
	b.WriteString(` `)
	b.WriteString(name)
	b.WriteString(`="`)
	xml.EscapeText(b, []byte(value))
	b.WriteString(`"`)
}

// withQuery returns u with the parameters added to its query (existing
// ones kept, in their order).
func withQuery(u string, kv ...string) (string, error) {
	p, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	q := p.RawQuery
	for i := 0; i+1 < len(kv); i += 2 {
		if q != "" {
			q += "&"
		}
		q += url.QueryEscape(kv[i]) + "=" + url.QueryEscape(kv[i+1])
	}
	p.RawQuery = q
	return p.String(), nil
}

// optOutPhrases are what a callee says to decline further calls, in
// answer to the opt-out offer (English and Arabic), matched in the
// lower-cased speech transcription.
var optOutPhrases = []string{
	"don't call", "do not call", "dont call", "stop calling", "no more calls", "remove my number", "remove me",
	"take me off", "unsubscribe", "opt out", "rather not", "not interested", "stop",
	"لا تتصل", "لا تتصلوا", "توقف", "احذف رقمي", "احذفوا رقمي", "أزل رقمي", "لا أرغب", "لا ارغب", "لا أريد", "لا اريد",
}

// isOptOut reports whether a gathered answer asks not to be called again.
func isOptOut(speech string) bool {
	s := strings.ToLower(strings.TrimSpace(speech))
	if s == "" {
		return false
	}
	for _, p := range optOutPhrases {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
