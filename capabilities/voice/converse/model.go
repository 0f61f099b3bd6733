// Package converse is Dalil's conversation engine for voice calls whose
// provider carries only the audio (Twilio's ConversationRelay: speech
// recognised as text in, text spoken out). It holds one call's
// conversation over a streaming language model (the Model port; the
// Anthropic client implements it in provider/llm, tests use a fake):
//
//   - the model is given the rules first, then the caller's objective,
//     script and context as a JSON document between tags: data, never
//     instructions (json.Marshal escapes < and >, so the data cannot
//     close the tags);
//   - the reply streams to the line sentence by sentence, each sentence
//     checked first: one claiming to be a person or asking for card or
//     bank credentials is replaced by the AI disclosure;
//   - barge-in: an interrupt stops the reply, and only what the callee
//     heard stays in the history;
//   - outcomes come from tool calls (opt_out, end_call,
//     request_callback, and per capability report_result, record_answers
//     or appointment), validated in code (an appointment slot must be
//     one offered, unknown fields are refused): the summary, outcome and
//     next action are derived from them, never parsed from prose;
//   - an opt-out (the tool, or plain words asking not to be called
//     again) ends the call with a fixed confirmation and puts the number
//     on the do-not-call list; abuse and a wrong person end it politely;
//   - every turn and the whole call are bounded (time to the first
//     word, time and tokens a turn, tokens, cost and turns a call, the
//     call's maximum duration); a model that fails or stalls ends the
//     call with a fixed apology (outcome ended_model_unavailable).
package converse

import (
	"context"
	"encoding/json"
)

// Model is a streaming language model with tool calls.
type Model interface {
	// Stream answers req, calling onText with each piece of text as it
	// arrives (an error from onText stops the stream and is returned);
	// tool calls are returned whole. It stops when ctx ends.
	Stream(ctx context.Context, req Request, onText func(string) error) (Reply, error)
}

// Request is one model call.
type Request struct {
	System    string
	Turns     []Turn
	Tools     []Tool
	MaxTokens int
}

// Turn is one message: the callee's ("user": words and tool results)
// or the agent's ("assistant": words and tool calls).
type Turn struct {
	Role    string
	Text    string
	Calls   []Call
	Results []Result
}

// Tool is a function the model may call.
type Tool struct {
	Name        string
	Description string
	Schema      map[string]any
}

// Call is a tool call the model made.
type Call struct {
	ID    string
	Name  string
	Input json.RawMessage
}

// Result answers a Call.
type Result struct {
	CallID  string
	Content string
	IsError bool
}

// Reply is a whole model answer.
type Reply struct {
	Text                      string
	Calls                     []Call
	InputTokens, OutputTokens int
}

// Line is the call's audio as the engine sees it: what it says is
// spoken to the callee.
type Line interface {
	// Say speaks text; last ends the utterance (the provider may then
	// flush its speech).
	Say(text string, last bool) error
}

// InputKind is what the callee did.
type InputKind int

const (
	// Speech: the callee said Text (a final transcript).
	Speech InputKind = iota
	// Interrupt: the callee spoke over the agent, who had said Text by
	// then.
	Interrupt
	// Digit: the callee pressed key Text.
	Digit
)

// Input is one event from the line. The channel closing means the call
// ended (the callee hung up, or the provider closed the session).
type Input struct {
	Kind InputKind
	Text string
}
