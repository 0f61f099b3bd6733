package converse

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"dalil"
	"dalil/capabilities/voice"
)

// Limits bound each turn and the whole call. Zero fields take the
// defaults.
type Limits struct {
	// FirstWord is how long the model may take to its first word (or
	// tool call) of a turn (default 8 s); Turn bounds a whole model call
	// (default 20 s).
	FirstWord, Turn time.Duration
	// TurnTokens caps the model's output a call (default 300 tokens).
	TurnTokens int
	// CallTokens caps the tokens (input and output) a conversation may
	// use (default 150,000); Turns the model calls (default 60).
	CallTokens, Turns int
	// CallCost caps what the model may cost a conversation (default USD
	// 0.50), at InputPrice and OutputPrice a million tokens (defaults
	// USD 3 and 15).
	CallCost, InputPrice, OutputPrice dalil.MicroUSD
	// ToolRounds is how many model calls one turn may chain through tool
	// calls (default 3).
	ToolRounds int
}

// Default limits.
const (
	DefaultFirstWord  = 8 * time.Second
	DefaultTurn       = 20 * time.Second
	DefaultTurnTokens = 300
	DefaultCallTokens = 150_000
	DefaultTurns      = 60
	DefaultCallCost   = dalil.MicroUSD(500_000)
	DefaultInputPrice = dalil.MicroUSD(3_000_000)
	DefaultOutPrice   = dalil.MicroUSD(15_000_000)
	DefaultToolRounds = 3
	// endMargin: the engine says goodbye this long before the call's
	// maximum duration (the provider cuts it at the maximum).
	endMargin = 10 * time.Second
)

func (l Limits) withDefaults() Limits {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	defI := func(d *int, v int) {
		if *d <= 0 {
			*d = v
		}
	}
	defM := func(d *dalil.MicroUSD, v dalil.MicroUSD) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&l.FirstWord, DefaultFirstWord)
	def(&l.Turn, DefaultTurn)
	defI(&l.TurnTokens, DefaultTurnTokens)
	defI(&l.CallTokens, DefaultCallTokens)
	defI(&l.Turns, DefaultTurns)
	defI(&l.ToolRounds, DefaultToolRounds)
	defM(&l.CallCost, DefaultCallCost)
	defM(&l.InputPrice, DefaultInputPrice)
	defM(&l.OutputPrice, DefaultOutPrice)
	return l
}

// Engine holds conversations over one model.
type Engine struct {
	model  Model
	limits Limits
	now    func() time.Time
	log    *slog.Logger
}

// New returns an engine over model.
func New(model Model, limits Limits, log *slog.Logger) *Engine {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Engine{model: model, limits: limits.withDefaults(), now: time.Now, log: log}
}

// session is one conversation.
type session struct {
	*Engine
	conv    voice.Conversation
	in      voice.ConversationInput
	line    Line
	inputs  <-chan Input
	lines   lines
	system  string
	tools   []Tool
	history []Turn
	st      state
	// transcript of what was said.
	transcript []voice.TranscriptLine
	tokens     int
	cost       dalil.MicroUSD
	calls      int
	guarded    int
	pending    []Input // inputs that arrived during a turn
	hungUp     bool
	deadline   time.Time
}

// errInterrupted stops a reply the callee spoke over.
var errInterrupted = errors.New("converse: interrupted")

// Run holds the conversation of conv on line until it ends: the engine
// ends it (an outcome, an opt-out, a limit, a failing model: the closing
// line said), or inputs closes (the callee hung up). The provider said
// the script (the greeting) before Run starts. Run returns what the
// conversation established; the caller records it, then ends the
// provider's session.
func (e *Engine) Run(ctx context.Context, conv voice.Conversation, line Line, inputs <-chan Input) voice.ConversationResult {
	s := &session{Engine: e, conv: conv, in: conv.Input(), line: line, inputs: inputs, tools: Tools(conv.Capability)}
	s.lines = linesFor(conv.Language, onBehalfOf(s.in))
	s.system = SystemPrompt(conv)
	start := conv.AnsweredAt
	if start.IsZero() || start.After(e.now()) {
		start = e.now()
	}
	if conv.MaxSeconds > 0 {
		s.deadline = start.Add(time.Duration(conv.MaxSeconds)*time.Second - endMargin)
	}
	s.say("agent", Greeting(conv.Script))
	s.loop(ctx)
	res := s.outcome()
	res.Facts["turns"] = s.calls
	if conv.Transcribe {
		res.Transcript = s.transcript
	}
	return res
}

// say records a line of the transcript.
func (s *session) say(speaker, text string) {
	if text = strings.TrimSpace(text); text != "" {
		s.transcript = append(s.transcript, voice.TranscriptLine{Speaker: speaker, Text: text, At: s.now().UTC()})
	}
}

// next is the next input: a pending one first. ok false when the line
// closed, the call's time ran out (timeUp) or ctx ended.
func (s *session) next(ctx context.Context) (in Input, ok, timeUp bool) {
	if len(s.pending) > 0 {
		in, s.pending = s.pending[0], s.pending[1:]
		return in, true, false
	}
	var tc <-chan time.Time
	if !s.deadline.IsZero() {
		t := time.NewTimer(max(0, s.deadline.Sub(s.now())))
		defer t.Stop()
		tc = t.C
	}
	select {
	case in, ok := <-s.inputs:
		return in, ok, false
	case <-tc:
		return Input{}, false, true
	case <-ctx.Done():
		return Input{}, false, false
	}
}

func (s *session) loop(ctx context.Context) {
	for {
		in, ok, timeUp := s.next(ctx)
		switch {
		case timeUp:
			s.close(s.lines.timeUp, "time_limit")
			return
		case !ok:
			s.hungUp = true
			s.st.endedReason = "callee_hung_up"
			return
		}
		switch in.Kind {
		case Interrupt:
			s.interrupted(in.Text)
			continue
		case Digit:
			in.Text = "[the person pressed the key " + clip(in.Text, 4) + "]"
		}
		text := strings.TrimSpace(in.Text)
		if text == "" {
			continue
		}
		if in.Kind == Speech {
			s.say("customer", text)
			if optOutWords.MatchString(text) {
				// Plain words asking not to be called again: honoured
				// whatever the model would do.
				s.st.optOut = true
				s.close(s.lines.optedOut, "")
				return
			}
		}
		s.addUser(text)
		if s.turn(ctx) {
			return
		}
	}
}

// addUser adds the callee's words to the history (joined to a user turn
// still waiting for the agent's answer).
func (s *session) addUser(text string) {
	if n := len(s.history); n > 0 && s.history[n-1].Role == "user" {
		// The turn still waiting for an answer (words, or the results of
		// the agent's last tool calls: the words follow them).
		s.history[n-1].Text = strings.TrimSpace(s.history[n-1].Text + " " + text)
		return
	}
	s.history = append(s.history, Turn{Role: "user", Text: text})
}

// interrupted keeps only what the callee heard of the agent's last
// words (the provider says what was spoken until the interruption).
func (s *session) interrupted(heard string) {
	heard = strings.TrimSpace(heard)
	for i := len(s.history) - 1; i >= 0; i-- {
		t := &s.history[i]
		if t.Role != "assistant" || t.Text == "" {
			continue
		}
		if len(heard) < len(t.Text) {
			t.Text = heard
			if heard == "" && len(t.Calls) == 0 {
				t.Text = "…"
			}
			for j := len(s.transcript) - 1; j >= 0; j-- {
				if s.transcript[j].Speaker == "agent" {
					s.transcript[j].Text = heard + " [interrupted]"
					break
				}
			}
		}
		return
	}
}

// close says the engine's closing line and records why it ended.
func (s *session) close(line, reason string) {
	if reason != "" && s.st.endedReason == "" {
		s.st.endedReason = reason
	}
	if err := s.line.Say(line, true); err == nil {
		s.say("agent", line)
	}
}

// turn answers the callee: the model speaks, may call tools (then speaks
// again after their results, up to ToolRounds), until it stops. It
// returns true when the conversation ended.
func (s *session) turn(ctx context.Context) bool {
	for round := 0; round < s.limits.ToolRounds; round++ {
		if s.calls >= s.limits.Turns || s.tokens >= s.limits.CallTokens || s.cost >= s.limits.CallCost {
			s.close(s.lines.goodbye, "call_budget")
			return true
		}
		reply, said, interrupted, err := s.stream(ctx)
		if s.hungUp {
			s.st.endedReason = "callee_hung_up"
			if reply.Calls != nil {
				s.applyAll(reply.Calls) // what it recorded still counts
			}
			return true
		}
		if interrupted {
			if said != "" || len(reply.Calls) > 0 {
				s.history = append(s.history, Turn{Role: "assistant", Text: said})
			}
			return false
		}
		if err != nil {
			s.log.Warn("voice conversation: the language model failed; ending the call", "callId", s.conv.CallID, "error", err.Error())
			s.close(s.lines.trouble, "model_unavailable")
			return true
		}
		if len(reply.Calls) == 0 {
			if said != "" {
				s.history = append(s.history, Turn{Role: "assistant", Text: said})
			}
			return false
		}
		s.history = append(s.history, Turn{Role: "assistant", Text: said, Calls: reply.Calls})
		results, end := s.applyAll(reply.Calls)
		s.history = append(s.history, Turn{Role: "user", Results: results})
		if end {
			s.close(s.closing(), "")
			return true
		}
	}
	// Tool calls kept chaining: let the callee speak.
	return false
}

// applyAll runs the tool calls in order; every call is answered.
func (s *session) applyAll(calls []Call) ([]Result, bool) {
	var results []Result
	end := false
	for _, c := range calls {
		stop, err := s.apply(c)
		r := Result{CallID: c.ID, Content: "recorded"}
		if err != nil {
			r.Content, r.IsError = err.Error(), true
		}
		results = append(results, r)
		end = end || stop
	}
	return results, end
}

// closing is the line said when a tool ended the call.
func (s *session) closing() string {
	switch {
	case s.st.optOut:
		return s.lines.optedOut
	case s.st.endReason == "wrong_person":
		return s.lines.wrongPerson
	case s.st.endReason == "abuse":
		return s.lines.abuse
	}
	return s.lines.goodbye
}

// stream runs one model call, speaking its text sentence by sentence
// (each checked), while watching the line: an interrupt stops it, the
// callee's words wait for the next turn, the line closing stops it.
// said is what was sent to the line.
func (s *session) stream(ctx context.Context) (reply Reply, said string, interrupted bool, err error) {
	s.calls++
	tctx, cancel := context.WithTimeout(ctx, s.limits.Turn)
	defer cancel()
	var mu sync.Mutex
	var buf, spoken strings.Builder
	first := make(chan struct{})
	var once sync.Once
	stopped := false
	emit := func(text string, last bool) error {
		if text == "" && !last {
			return nil
		}
		if strings.TrimSpace(text) != "" && forbidden.MatchString(text) {
			s.guarded++
			text = s.lines.disclosure + " "
		}
		spoken.WriteString(text)
		return s.line.Say(text, last)
	}
	onText := func(piece string) error {
		once.Do(func() { close(first) })
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return errInterrupted
		}
		buf.WriteString(piece)
		for {
			cut := sentenceEnd(buf.String())
			if cut < 0 {
				return nil
			}
			sentence := buf.String()[:cut]
			rest := buf.String()[cut:]
			buf.Reset()
			buf.WriteString(rest)
			if err := emit(sentence, false); err != nil {
				return err
			}
		}
	}
	type done struct {
		r   Reply
		err error
	}
	out := make(chan done, 1)
	req := Request{System: s.system, Turns: s.history, Tools: s.tools, MaxTokens: s.limits.TurnTokens}
	go func() {
		r, err := s.model.Stream(tctx, req, onText)
		once.Do(func() { close(first) })
		out <- done{r, err}
	}()
	firstWord := time.NewTimer(s.limits.FirstWord)
	defer firstWord.Stop()
	firstC := first
	stop := func() {
		mu.Lock()
		stopped = true
		mu.Unlock()
		cancel()
	}
	var heard *string
	for {
		select {
		case d := <-out:
			s.tokens += d.r.InputTokens + d.r.OutputTokens
			s.cost += dalil.MicroUSD((int64(d.r.InputTokens)*int64(s.limits.InputPrice) + int64(d.r.OutputTokens)*int64(s.limits.OutputPrice)) / 1_000_000)
			if heard != nil || s.hungUp {
				text := spoken.String()
				if heard != nil {
					text = *heard
				}
				s.markSpoken(text, heard != nil)
				return d.r, text, heard != nil, nil
			}
			if d.err != nil {
				if errors.Is(d.err, context.DeadlineExceeded) || tctx.Err() != nil {
					d.err = errors.Join(errors.New("the model's turn timed out"), d.err)
				}
				return d.r, spoken.String(), false, d.err
			}
			mu.Lock()
			rest := buf.String()
			buf.Reset()
			stopped = true
			mu.Unlock()
			if err := emit(rest, true); err != nil {
				return d.r, spoken.String(), false, err
			}
			s.markSpoken(spoken.String(), false)
			return d.r, spoken.String(), false, nil
		case <-firstC:
			firstWord.Stop()
			firstC = nil
		case <-firstWord.C:
			stop()
			return Reply{}, spoken.String(), false, errors.New("the model said nothing within the first-word limit")
		case in, ok := <-s.inputs:
			switch {
			case !ok:
				s.hungUp = true
				s.inputs = nil
				stop()
			case in.Kind == Interrupt:
				h := strings.TrimSpace(in.Text)
				heard = &h
				stop()
			default:
				s.pending = append(s.pending, in)
			}
		}
	}
}

// markSpoken records what the agent said in the transcript.
func (s *session) markSpoken(text string, interrupted bool) {
	if interrupted {
		text += " [interrupted]"
	}
	s.say("agent", text)
}

// sentenceEnd is the index after the first complete sentence in s (its
// end mark and the space after it), or -1.
func sentenceEnd(s string) int {
	for i, r := range s {
		switch r {
		case '.', '!', '?', '؟', '\n':
			j := i + len(string(r))
			if j < len(s) && (s[j] == ' ' || s[j] == '\n') {
				return j + 1
			}
		}
	}
	return -1
}
