package twilio

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/converse"
)

// Relay is Dalil's ConversationRelay endpoint: the WebSocket Twilio
// connects an answered call to (the TwiML's <Connect><ConversationRelay
// url=…>), where the conversation engine holds the conversation. It is
// an http.Handler for GET /webhooks/voice/twilio/relay.
//
// The upgrade request's X-Twilio-Signature (HMAC-SHA1 of the public URL
// exactly as given in the TwiML, with no parameters) is checked before
// the upgrade is accepted: missing or wrong, the answer is 403 and
// nothing is read. The first message must be setup, for Twilio's
// account, naming (custom parameter "call") a live call Dalil dialled
// through Twilio with the same callSid; otherwise the session is ended.
// Then prompts (final transcripts), interrupts and digits go to the
// engine, its words go back as text tokens, and when it is done the
// outcome is recorded (voice.Conversations.FinishConversation) before
// the end message: the TwiML then hangs up.
type Relay struct {
	token   string
	account string
	url     string
	calls   voice.Conversations
	engine  *converse.Engine
	log     *slog.Logger
}

// setupWait bounds the wait for the setup message.
const setupWait = 15 * time.Second

// Relay returns the conversation endpoint for calls c places; publicURL
// is its public ws(s) URL (the one given to Twilio in every TwiML).
func (c *Client) Relay(calls voice.Conversations, engine *converse.Engine, log *slog.Logger) (*Relay, error) {
	if c == nil || c.relayURL == "" {
		return nil, errors.New("twilio relay: twilio is not configured with a relay URL")
	}
	if calls == nil || engine == nil {
		return nil, errors.New("twilio relay: the calls and the engine are required")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Relay{token: c.authToken, account: c.account, url: c.relayURL, calls: calls, engine: engine, log: log}, nil
}

// ServeHTTP verifies the upgrade, then holds one call's session.
func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	full := rl.url
	if r.URL.RawQuery != "" {
		full += "?" + r.URL.RawQuery
	}
	if !Valid(rl.token, full, url.Values{}, r.Header.Get("X-Twilio-Signature")) {
		http.Error(w, "invalid signature", http.StatusForbidden)
		return
	}
	// The server's read and write timeouts would cut a conversation:
	// the session bounds itself (the engine's limits, the call's
	// maximum duration).
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept answered the error
	}
	conn.SetReadLimit(maxRelayMessage)
	defer conn.CloseNow()
	rl.session(r.Context(), conn)
}

// session runs one call's conversation on conn.
func (rl *Relay) session(ctx context.Context, conn *websocket.Conn) {
	sctx, cancel := context.WithTimeout(ctx, setupWait)
	setup, err := rl.read(sctx, conn)
	cancel()
	if err != nil || setup.Type != MsgSetup {
		rl.log.Warn("twilio relay: no setup message; session ended")
		conn.Close(websocket.StatusPolicyViolation, "setup expected")
		return
	}
	callID := setup.CustomParameters["call"]
	if setup.AccountSID != rl.account || callID == "" {
		rl.log.Warn("twilio relay: a setup for another account or without a call id; session ended")
		rl.end(ctx, conn, "unknown_call")
		return
	}
	conv, err := rl.calls.BeginConversation(ctx, callID, Name, setup.CallSID)
	if err != nil {
		rl.log.Warn("twilio relay: no live call for this session; ended", "callId", callID, "error", err.Error())
		rl.end(ctx, conn, "unknown_call")
		return
	}
	inputs := make(chan converse.Input, 16)
	go rl.pump(ctx, conn, callID, inputs)
	res := rl.engine.Run(ctx, conv, relayLine{ctx: ctx, conn: conn}, inputs)
	// Recorded before the session ends, so the call's end finds it.
	fctx, fcancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	if err := rl.calls.FinishConversation(fctx, callID, res); err != nil {
		rl.log.Error("twilio relay: the conversation's outcome was not recorded", "callId", callID, "error", err.Error())
	}
	fcancel()
	rl.end(ctx, conn, res.Outcome)
}

// end sends the end message and closes the socket.
func (rl *Relay) end(ctx context.Context, conn *websocket.Conn, outcome string) {
	hand, _ := json.Marshal(map[string]string{"reasonCode": "dalil_end", "outcome": outcome})
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_ = conn.Write(wctx, websocket.MessageText, EndMessage(string(hand)))
	conn.Close(websocket.StatusNormalClosure, "")
}

// read reads and decodes one message; a message that cannot be decoded
// is logged and skipped.
func (rl *Relay) read(ctx context.Context, conn *websocket.Conn) (RelayMessage, error) {
	for {
		typ, b, err := conn.Read(ctx)
		if err != nil {
			return RelayMessage{}, err
		}
		if typ != websocket.MessageText {
			continue
		}
		m, err := DecodeRelayMessage(b)
		if err != nil {
			rl.log.Warn("twilio relay: unreadable message skipped", "error", err.Error())
			continue
		}
		return m, nil
	}
}

// pump turns Twilio's messages into the engine's inputs until the socket
// closes (the callee hung up, or the session ended), then closes inputs.
// Partial transcripts (last false) are joined to the final one.
func (rl *Relay) pump(ctx context.Context, conn *websocket.Conn, callID string, inputs chan<- converse.Input) {
	defer close(inputs)
	var partial strings.Builder
	for {
		m, err := rl.read(ctx, conn)
		if err != nil {
			return
		}
		var in converse.Input
		switch m.Type {
		case MsgPrompt:
			partial.WriteString(m.VoicePrompt)
			if !m.Last {
				partial.WriteString(" ")
				continue
			}
			in = converse.Input{Kind: converse.Speech, Text: partial.String()}
			partial.Reset()
		case MsgInterrupt:
			in = converse.Input{Kind: converse.Interrupt, Text: m.UtteranceUntilInterrupt}
		case MsgDTMF:
			in = converse.Input{Kind: converse.Digit, Text: m.Digit}
		case MsgError:
			rl.log.Warn("twilio relay: ConversationRelay reported an error", "callId", callID, "description", shortText(m.Description))
			continue
		default:
			continue
		}
		select {
		case inputs <- in:
		case <-ctx.Done():
			return
		}
	}
}

// relayLine speaks through text tokens.
type relayLine struct {
	ctx  context.Context
	conn *websocket.Conn
}

func (l relayLine) Say(text string, last bool) error {
	ctx, cancel := context.WithTimeout(l.ctx, 10*time.Second)
	defer cancel()
	return l.conn.Write(ctx, websocket.MessageText, TextMessage(text, last))
}
