package dalil

import "net/http"

// Route is an HTTP route a module adds to the service besides the
// capability routes: a rail's own public routes (the MPP budget sessions)
// and operator routes under /admin/v1 (an MPP channel's close, the voice
// calls' do-not-call list). The module says what the route does; the
// server mounts it, reads and checks its body, answers in the service's
// envelopes (its error table gives each error code its status) and
// documents it. So the server names no rail and no capability.
type Route struct {
	// Method and Path are the route's pattern: "POST",
	// "/admin/v1/mpp/channels/{id}/close".
	Method, Path string
	// ID is the operation's id in the OpenAPI documents; a public route
	// without one is not listed there.
	ID string
	// Tag, Summary and Description document the operation.
	Tag, Summary, Description string
	// Params describes each {wildcard} of Path, by name.
	Params map[string]string
	// Body is what the route reads of the request body.
	Body BodyKind
	// MaxBody caps a BodyJSON body, in bytes; a longer one is 413
	// PAYLOAD_TOO_LARGE, a body not sent as application/json 415.
	MaxBody int64
	// Status is the success status (0: 200). Answer describes it in the
	// public document ("Session open").
	Status int
	Answer string
	// Data is a value of the answer's type, from which the admin document
	// derives its schema, named DataName (default: the type's name).
	Data     any
	DataName string
	// Errors are the failure statuses the route documents besides those
	// every route of its kind may answer.
	Errors []int
	// Handle does the work. body is what Body let through (nil for
	// BodyNone and BodyEmpty). An error is answered with its code's status;
	// a *Error keeps its message, details and headers.
	Handle func(r *http.Request, body []byte) (Reply, error)
}

// BodyKind is what a Route reads of the request body.
type BodyKind int

const (
	// BodyNone: the body is not read.
	BodyNone BodyKind = iota
	// BodyEmpty: the body is empty or {}; anything else is INVALID_INPUT
	// naming each field.
	BodyEmpty
	// BodyJSON: a JSON body of at most Route.MaxBody bytes, handed to
	// Handle to decode.
	BodyJSON
)

// Reply is a Route's answer: its data, headers to add (a receipt) and,
// when the answer is a payment's, the rail that took it
// (meta.paymentMethod).
type Reply struct {
	Data   any
	Header http.Header
	Rail   string
}
