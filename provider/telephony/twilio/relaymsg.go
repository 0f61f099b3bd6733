package twilio

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ConversationRelay's WebSocket messages (Twilio's "Getting and sending
// WebSocket messages"). Twilio sends JSON text messages typed by "type":
//
//	setup      sessionId, accountSid, callSid, from, to, direction, customParameters (the TwiML's <Parameter>s)
//	prompt     voicePrompt (the caller's words), lang, last (false for a partial transcript)
//	interrupt  utteranceUntilInterrupt (what was spoken when the caller spoke over it), durationUntilInterruptMs
//	dtmf       digit
//	error      description
//
// and accepts text (token, last: false while more tokens follow), end
// (handoffData, a string, ends the session: the call continues with the
// TwiML after <Connect>), play, sendDigits and language. Dalil sends
// text and end.

// Relay message types.
const (
	MsgSetup     = "setup"
	MsgPrompt    = "prompt"
	MsgInterrupt = "interrupt"
	MsgDTMF      = "dtmf"
	MsgError     = "error"
)

// maxRelayMessage caps one message from Twilio (a setup with custom
// parameters, a long transcript): the socket's read limit.
const maxRelayMessage = 64 << 10

// RelayMessage is one decoded message from ConversationRelay.
type RelayMessage struct {
	Type string
	// setup
	SessionID, AccountSID, CallSID, From, To, Direction string
	CustomParameters                                    map[string]string
	// prompt
	VoicePrompt, Lang string
	Last              bool
	// interrupt
	UtteranceUntilInterrupt string
	DurationUntilInterrupt  int // milliseconds
	// dtmf
	Digit string
	// error
	Description string
}

type wireRelay struct {
	Type             string          `json:"type"`
	SessionID        string          `json:"sessionId"`
	AccountSID       string          `json:"accountSid"`
	CallSID          string          `json:"callSid"`
	From             string          `json:"from"`
	To               string          `json:"to"`
	Direction        string          `json:"direction"`
	CustomParameters map[string]any  `json:"customParameters"`
	VoicePrompt      string          `json:"voicePrompt"`
	Lang             string          `json:"lang"`
	Last             *bool           `json:"last"`
	Utterance        string          `json:"utteranceUntilInterrupt"`
	Duration         json.RawMessage `json:"durationUntilInterruptMs"`
	Digit            string          `json:"digit"`
	Description      string          `json:"description"`
}

// DecodeRelayMessage reads one message Twilio sent. A message that is not
// a JSON object with a known type, or whose fields have the wrong types,
// is an error (the session logs it and goes on); durationUntilInterruptMs
// is accepted as a number or a string of digits, as Twilio's examples
// show both. A prompt without last is final.
func DecodeRelayMessage(b []byte) (RelayMessage, error) {
	if len(b) > maxRelayMessage {
		return RelayMessage{}, errors.New("relay message too long")
	}
	var w wireRelay
	if err := json.Unmarshal(b, &w); err != nil {
		return RelayMessage{}, fmt.Errorf("relay message is not the documented JSON: %w", err)
	}
	m := RelayMessage{Type: w.Type}
	switch w.Type {
	case MsgSetup:
		if strings.TrimSpace(w.CallSID) == "" {
			return RelayMessage{}, errors.New("setup without callSid")
		}
		m.SessionID, m.AccountSID, m.CallSID, m.From, m.To, m.Direction = w.SessionID, w.AccountSID, w.CallSID, w.From, w.To, w.Direction
		m.CustomParameters = map[string]string{}
		for k, v := range w.CustomParameters {
			if s, ok := v.(string); ok {
				m.CustomParameters[k] = s
			}
		}
	case MsgPrompt:
		m.VoicePrompt, m.Lang, m.Last = w.VoicePrompt, w.Lang, w.Last == nil || *w.Last
	case MsgInterrupt:
		m.UtteranceUntilInterrupt = w.Utterance
		if d := strings.Trim(string(w.Duration), `"`); d != "" && d != "null" {
			n, err := strconv.Atoi(d)
			if err != nil || n < 0 {
				return RelayMessage{}, errors.New("interrupt with a malformed durationUntilInterruptMs")
			}
			m.DurationUntilInterrupt = n
		}
	case MsgDTMF:
		if len(w.Digit) != 1 || !strings.ContainsAny(w.Digit, "0123456789*#ABCDabcdw") {
			return RelayMessage{}, errors.New("dtmf without a single digit")
		}
		m.Digit = w.Digit
	case MsgError:
		m.Description = w.Description
	case "":
		return RelayMessage{}, errors.New("relay message without a type")
	default:
		return RelayMessage{}, fmt.Errorf("unknown relay message type %q", shortText(w.Type))
	}
	return m, nil
}

func shortText(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// TextMessage is the text tokens message: token spoken, last false while
// more of the same utterance follows.
func TextMessage(token string, last bool) []byte {
	b, _ := json.Marshal(struct {
		Type  string `json:"type"`
		Token string `json:"token"`
		Last  bool   `json:"last"`
	}{"text", token, last})
	return b
}

// EndMessage ends the session; handoffData (a string, here JSON) goes to
// the <Connect> action, if any.
func EndMessage(handoffData string) []byte {
	b, _ := json.Marshal(struct {
		Type        string `json:"type"`
		HandoffData string `json:"handoffData,omitempty"`
	}{"end", handoffData})
	return b
}
