package twiliotest

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"dalil/provider/telephony/telephonytest"
)

// Relay is a fake ConversationRelay session: what Twilio does once a
// call whose TwiML holds <Connect><ConversationRelay url=…> is answered.
// It opens the WebSocket to that URL signed with X-Twilio-Signature (the
// URL, no parameters), sends the setup message with the call's SIDs and
// the TwiML's <Parameter>s, then plays the caller: prompts, interrupts
// and digits in the documented messages, and reads the text tokens and
// the end message the application sends.
type Relay struct {
	conn *websocket.Conn
	// Greeting is the TwiML's welcomeGreeting (what Twilio says first).
	Greeting string
}

// relayTwiML is what a call's TwiML says of its ConversationRelay.
type relayTwiML struct {
	URL, Greeting string
	Params        map[string]string
}

func parseRelay(twiml string) (relayTwiML, error) {
	out := relayTwiML{Params: map[string]string{}}
	d := xml.NewDecoder(strings.NewReader(twiml))
	in := false
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := func(n string) string {
			for _, a := range se.Attr {
				if a.Name.Local == n {
					return a.Value
				}
			}
			return ""
		}
		switch se.Name.Local {
		case "ConversationRelay":
			in, out.URL, out.Greeting = true, attr("url"), attr("welcomeGreeting")
		case "Parameter":
			if in {
				out.Params[attr("name")] = attr("value")
			}
		}
	}
	if out.URL == "" {
		return out, errors.New("twiliotest: the call's TwiML has no ConversationRelay")
	}
	return out, nil
}

// RelayURL is the ConversationRelay URL of call sid's TwiML.
func (s *Server) RelayURL(sid string) (string, error) {
	c, ok := s.Call(sid)
	if !ok {
		return "", fmt.Errorf("twiliotest: no call %s", sid)
	}
	r, err := parseRelay(c.Params.Get("Twiml"))
	return r.URL, err
}

// DialRelay opens call sid's ConversationRelay session with signature as
// its X-Twilio-Signature ("" sends none): the handshake only, no setup.
// A refused upgrade is an error carrying the HTTP status (RelayStatus).
func (s *Server) DialRelay(ctx context.Context, sid, signature string) (*websocket.Conn, error) {
	u, err := s.RelayURL(sid)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	if signature != "" {
		h.Set("X-Twilio-Signature", signature)
	}
	h.Set("User-Agent", "Twilio.TmeWs/1.0")
	conn, res, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		status := 0
		if res != nil {
			status = res.StatusCode
		}
		return nil, &RelayRefused{Status: status, Err: err}
	}
	conn.SetReadLimit(1 << 20)
	return conn, nil
}

// RelayRefused is a refused ConversationRelay upgrade.
type RelayRefused struct {
	Status int
	Err    error
}

func (e *RelayRefused) Error() string {
	return fmt.Sprintf("relay upgrade refused (HTTP %d): %v", e.Status, e.Err)
}

// OpenRelay starts call sid's ConversationRelay session as Twilio does:
// the signed upgrade, then the setup message.
func (s *Server) OpenRelay(ctx context.Context, sid string) (*Relay, error) {
	c, ok := s.Call(sid)
	if !ok {
		return nil, fmt.Errorf("twiliotest: no call %s", sid)
	}
	tw, err := parseRelay(c.Params.Get("Twiml"))
	if err != nil {
		return nil, err
	}
	conn, err := s.DialRelay(ctx, sid, Sign(s.AuthToken, tw.URL, url.Values{}))
	if err != nil {
		return nil, err
	}
	r := &Relay{conn: conn, Greeting: tw.Greeting}
	params := map[string]any{}
	for k, v := range tw.Params {
		params[k] = v
	}
	setup := map[string]any{"type": "setup", "sessionId": newSid("VX"), "accountSid": s.AccountSid, "parentCallSid": "",
		"callSid": sid, "from": c.From, "to": c.To, "forwardedFrom": "", "callType": "PSTN", "callerName": "",
		"direction": "outbound-api", "callStatus": "IN-PROGRESS", "customParameters": params}
	if err := r.send(ctx, setup); err != nil {
		conn.CloseNow()
		return nil, err
	}
	return r, nil
}

func (r *Relay) send(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return r.Raw(ctx, b)
}

// Raw sends a message as is.
func (r *Relay) Raw(ctx context.Context, b []byte) error {
	return r.conn.Write(ctx, websocket.MessageText, b)
}

// Prompt sends the caller's words as a final transcript.
func (r *Relay) Prompt(ctx context.Context, text string) error {
	return r.send(ctx, map[string]any{"type": "prompt", "voicePrompt": text, "lang": "en-US", "last": true})
}

// Interrupt says the caller spoke over the agent, heard saying utterance.
func (r *Relay) Interrupt(ctx context.Context, utterance string, ms int) error {
	return r.send(ctx, map[string]any{"type": "interrupt", "utteranceUntilInterrupt": utterance, "durationUntilInterruptMs": ms})
}

// DTMF sends a key press.
func (r *Relay) DTMF(ctx context.Context, digit string) error {
	return r.send(ctx, map[string]any{"type": "dtmf", "digit": digit})
}

// Said is what the application sent until an utterance's last token, or
// its end message (Ended, with HandoffData).
type Said struct {
	Text        string
	Tokens      int
	Ended       bool
	HandoffData string
}

// Next reads the application's messages until a text token with last
// true (one utterance) or an end message. Each message must be one the
// documentation lists (text with a string token and a boolean last, or
// end); anything else is an error.
func (r *Relay) Next(ctx context.Context) (Said, error) {
	var out Said
	for {
		typ, b, err := r.conn.Read(ctx)
		if err != nil {
			return out, err
		}
		if typ != websocket.MessageText {
			return out, errors.New("twiliotest: a binary message")
		}
		var m struct {
			Type        string  `json:"type"`
			Token       *string `json:"token"`
			Last        *bool   `json:"last"`
			HandoffData *string `json:"handoffData"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			return out, fmt.Errorf("twiliotest: not JSON: %s", b)
		}
		switch m.Type {
		case "text":
			if m.Token == nil || m.Last == nil {
				return out, fmt.Errorf("twiliotest: a text message without token or last: %s", b)
			}
			out.Text += *m.Token
			out.Tokens++
			if *m.Last {
				return out, nil
			}
		case "end":
			out.Ended = true
			if m.HandoffData != nil {
				out.HandoffData = *m.HandoffData
			}
			return out, nil
		default:
			return out, fmt.Errorf("twiliotest: unexpected message %s", b)
		}
	}
}

// Close ends the session as a hang-up does.
func (r *Relay) Close() { r.conn.Close(websocket.StatusNormalClosure, "") }

// Machine posts the asynchronous answering-machine detection's verdict
// for call sid (AnsweredBy: human, machine_start, machine_end_beep,
// machine_end_silence, machine_end_other, fax, unknown) to the call's
// AsyncAmdStatusCallback, signed as Twilio does.
func (s *Server) Machine(sid, answeredBy string) error {
	return s.keeper.Send(s.HTTP, sid, func(c *Call) (*telephonytest.Delivery, error) {
		cb := c.Params.Get("AsyncAmdStatusCallback")
		if cb == "" || c.Params.Get("AsyncAmd") != "true" {
			return nil, fmt.Errorf("twiliotest: call %s has no asynchronous machine detection", sid)
		}
		p := url.Values{"AccountSid": {s.AccountSid}, "CallSid": {sid}, "AnsweredBy": {answeredBy},
			"MachineDetectionDuration": {"2150"}, "Timestamp": {s.now().UTC().Format(time.RFC1123Z)}}
		h := http.Header{}
		h.Set("Content-Type", "application/x-www-form-urlencoded")
		h.Set("X-Twilio-Signature", Sign(s.AuthToken, cb, p))
		return &telephonytest.Delivery{URL: cb, Body: []byte(p.Encode()), Header: h, What: "AMD callback " + answeredBy}, nil
	})
}
