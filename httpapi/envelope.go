package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"dalil"
	"dalil/capability"
)

// Meta is the envelope's meta object. Tool, Price and Currency are set on
// capability responses; PaymentMethod names the rail that paid (contract §7).
type Meta struct {
	RequestID     string   `json:"requestId"`
	Tool          string   `json:"tool,omitempty"`
	Price         *float64 `json:"price,omitempty"`
	Currency      string   `json:"currency,omitempty"`
	PaymentMethod string   `json:"paymentMethod,omitempty"`
	// Charged is false on a 200 answer that was not charged
	// (its evidence basis: too little to answer, synthetic data only, no evidence); NotChargedReason
	// says why. Absent on paid answers.
	Charged          *bool  `json:"charged,omitempty"`
	NotChargedReason string `json:"notChargedReason,omitempty"`
	// Evidence is what a capability's answer rests on
	// (capability.Evidenced): each source with its kind, batch and date.
	// A replay repeats it (packAnswer); absent from results that state
	// no basis and from replays of answers stored before it existed.
	Evidence *dalil.Basis `json:"evidence,omitempty"`
}

// withEvidence returns m with the basis b (nil: none).
func (m Meta) withEvidence(b *dalil.Basis) Meta {
	m.Evidence = b
	return m
}

type successEnvelope struct {
	Success bool `json:"success"`
	Data    any  `json:"data"`
	Meta    Meta `json:"meta"`
}

type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Details any    `json:"details,omitempty"`
}

type errorEnvelope struct {
	Success bool      `json:"success"`
	Error   errorBody `json:"error"`
	Meta    Meta      `json:"meta"`
}

type requestIDKey struct{}

var clientRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)

// requestIDs makes request ids: a random per-process prefix and a counter,
// unique across processes and restarts without a random read per request
// (ids identify requests; they are not secrets).
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	var b [6]byte
	rand.Read(b[:])
	return &requestIDs{prefix: "req_" + hex.EncodeToString(b[:])}
}

func (g *requestIDs) next() string {
	var b [48]byte // one allocation: the string
	return string(strconv.AppendUint(append(b[:0], g.prefix...), g.n.Add(1)+1<<40, 16))
}

// withRequestID keeps a well-formed client X-Request-Id, or makes one, and
// sets it on the response before anything else can be written.
func withRequestID(next http.Handler) http.Handler {
	ids := newRequestIDs()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := header(r.Header, hdrRequestID)
		if id == "" || !clientRequestID.MatchString(id) {
			id = ids.next()
		}
		// One context carries everything per request (the id, the log
		// record, the header's value), so the request is copied once, not
		// per field, and one allocation holds them all.
		st := &requestState{Context: r.Context(), id: id}
		st.header[0] = id
		w.Header()["X-Request-Id"] = st.header[:]
		next.ServeHTTP(w, r.WithContext(st))
	})
}

// RequestID returns the request id of ctx.
func RequestID(ctx context.Context) string {
	if st, _ := ctx.Value(requestIDKey{}).(*requestState); st != nil {
		return st.id
	}
	return ""
}

// encode renders v as one line of JSON without HTML escaping, ending in a
// newline. It is capability.Marshal: encoding/json's rules, except that a
// nil slice is [] and a nil map {}, so no list in any answer (capability
// outputs, previews, listings, account pages) is ever null.
func encode(v any) ([]byte, error) {
	b, err := capability.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// marshal is encode for values that always encode (no floats from
// computations); a failure still yields a valid error envelope.
func marshal(v any) []byte {
	b, err := encode(v)
	if err != nil {
		return []byte(`{"success":false,"error":{"code":"INTERNAL_ERROR","message":"response encoding failed"},"meta":{}}` + "\n")
	}
	return b
}

// successBody renders the success envelope of r.
func successBody(r *http.Request, data any, meta Meta) ([]byte, error) {
	meta.RequestID = RequestID(r.Context())
	return encode(successEnvelope{Success: true, Data: data, Meta: meta})
}

// successBodyRaw is successBody for data already encoded by encode: it
// splices the bytes instead of re-scanning them (this runs on every paid
// call).
func successBodyRaw(r *http.Request, data []byte, meta Meta) ([]byte, error) {
	meta.RequestID = RequestID(r.Context())
	return envelopeRaw(data, meta), nil
}

// envelopeRaw splices encoded data and meta (as given, request id
// included) into a success envelope.
func envelopeRaw(data []byte, meta Meta) []byte {
	data = bytes.TrimRight(data, "\n")
	tail, m := encodeMeta(meta)
	out := make([]byte, 0, len(answerHead)+len(data)+len(meta.RequestID)+len(tail)+len(m)+40)
	out = append(out, answerHead...)
	out = append(out, data...)
	return appendMeta(out, meta, tail, m)
}

// answerHead opens a success envelope; the data follows.
const answerHead = `{"success":true,"data":`

// metaRoom is the room encodeOutput leaves after the output for the rest
// of the envelope: a paid answer's meta, its request id and its evidence
// take about 250 bytes (a longer one grows the buffer).
const metaRoom = 512

// encodeMeta is meta's kept encoding after its request id (metaTail), or
// when it has none its whole encoding.
func encodeMeta(meta Meta) (tail, whole []byte) {
	if tail = metaTail(meta); tail == nil {
		whole = bytes.TrimRight(marshal(meta), "\n") // strings, and a price from integer micro-USD: always encodes
	}
	return tail, whole
}

// appendMeta closes the envelope whose data ends out with meta, given as
// encodeMeta returns it.
func appendMeta(out []byte, meta Meta, tail, whole []byte) []byte {
	out = append(out, `,"meta":`...)
	if tail != nil {
		out = append(out, `{"requestId":"`...)
		out = append(out, meta.RequestID...)
		out = append(out, '"')
		out = append(out, tail...)
	} else {
		out = append(out, whole...)
	}
	return append(out, "}\n"...)
}

// encodedOutput is a paid call's result as JSON, written where its answer
// is built: after answerHead, in a buffer with metaRoom after it, so that
// the answer is finished in place (an allocation and a copy of the output
// fewer a call than encoding it alone and splicing it into a new envelope;
// docs/performance.md, issue 34, session 26).
type encodedOutput struct {
	buf []byte // answerHead and the output
	// basis is what the output rests on, for meta.evidence and the stored
	// answer (nil: it states none), set once the call is to be paid.
	basis *dalil.Basis
}

// encodeOutput writes out, a result of e, as e.AppendOutput does.
func encodeOutput(e *capability.Entry, out any) (encodedOutput, error) {
	buf := make([]byte, len(answerHead), len(answerHead)+e.OutputSize()+metaRoom)
	copy(buf, answerHead)
	buf, err := e.AppendOutput(buf, out)
	if err != nil {
		return encodedOutput{}, err
	}
	n := len(bytes.TrimRight(buf[len(answerHead):], "\n"))
	return encodedOutput{buf: buf[:len(answerHead)+n]}, nil
}

// data is the output's JSON. Its capacity ends where it does, so that
// nothing appended to it (packAnswer) writes where the answer goes.
func (o encodedOutput) data() []byte {
	return o.buf[len(answerHead):len(o.buf):len(o.buf)]
}

// answer is the success envelope of the output with meta, written after
// it in its buffer. Call it once: a second answer is written over the
// first.
func (o encodedOutput) answer(meta Meta) []byte {
	tail, whole := encodeMeta(meta)
	return appendMeta(o.buf, meta, tail, whole)
}

// Every paid answer's meta is its request id followed by what the calls of
// one capability, rail and price share (the evidence too, most often), so
// its encoding after the id is kept and reused: encoding Meta was a tenth
// of the server's own CPU per charged call (docs/performance.md, session
// 13). metaKey is all of Meta but the id and the evidence; the evidence is
// compared apart.
type metaKey struct {
	tool, currency, rail, reason string
	price                        float64
	hasPrice, charged, hasCharge bool
}

type metaEncoded struct {
	evidence *dalil.Basis // a copy, nil when none
	tail     []byte       // Meta's encoding after `{"requestId":""`
}

// metaTails holds the kept encodings. A map under a read-write lock, not a
// sync.Map: a sync.Map hashes its keys as interfaces, field by field
// through the type's description, which for metaKey's four strings cost
// more than the rest of the look-up (docs/performance.md, issue 34,
// session 26); a map of metaKey uses the hash compiled for it.
var metaTails struct {
	sync.RWMutex
	m map[metaKey]*metaEncoded
}

// maxMetaTails bounds the kept encodings (prices set by the input make
// more of them); past it the others are encoded each time.
const maxMetaTails = 1024

// metaTail is m's encoding after its request id, or nil when m is to be
// encoded whole: an id outside [A-Za-z0-9._-] (which would need escaping:
// never one Dalil made or accepted from a client), or an encoding that
// does not start as expected.
func metaTail(m Meta) []byte {
	for i := 0; i < len(m.RequestID); i++ {
		if c := m.RequestID[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return nil
		}
	}
	k := metaKey{tool: m.Tool, currency: m.Currency, rail: m.PaymentMethod, reason: m.NotChargedReason}
	if m.Price != nil {
		k.price, k.hasPrice = *m.Price, true
	}
	if m.Charged != nil {
		k.charged, k.hasCharge = *m.Charged, true
	}
	metaTails.RLock()
	e, ok := metaTails.m[k]
	metaTails.RUnlock()
	if ok && sameBasis(e.evidence, m.Evidence) {
		return e.tail
	}
	m.RequestID = ""
	b, err := encode(m)
	const head = `{"requestId":""`
	if err != nil || !bytes.HasPrefix(b, []byte(head)) {
		return nil
	}
	e = &metaEncoded{tail: bytes.TrimRight(b[len(head):], "\n")}
	if m.Evidence != nil {
		e.evidence = &dalil.Basis{Sources: slices.Clone(m.Evidence.Sources), Unanswered: m.Evidence.Unanswered}
	}
	metaTails.Lock()
	if _, kept := metaTails.m[k]; kept || len(metaTails.m) < maxMetaTails {
		if metaTails.m == nil {
			metaTails.m = map[metaKey]*metaEncoded{}
		}
		metaTails.m[k] = e
	}
	metaTails.Unlock()
	return e.tail
}

// sameBasis reports whether a and b encode the same.
func sameBasis(a, b *dalil.Basis) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Unanswered == b.Unanswered && slices.Equal(a.Sources, b.Sources)
}

func writeRaw(w http.ResponseWriter, status int, contentType string, body []byte) {
	if contentType == "application/json" {
		w.Header()["Content-Type"] = jsonContentType // shared, read-only: no allocation
	} else {
		w.Header().Set("Content-Type", contentType)
	}
	w.WriteHeader(status)
	w.Write(body)
}

var jsonContentType = []string{"application/json"}

// writeData writes a success envelope.
func writeData(w http.ResponseWriter, r *http.Request, status int, data any, meta Meta) {
	meta.RequestID = RequestID(r.Context())
	writeRaw(w, status, "application/json", marshal(successEnvelope{Success: true, Data: data, Meta: meta}))
}

// writeError writes the failure envelope for err, with its status and
// headers. The underlying cause is logged by the caller, never sent.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	de := publicError(err)
	for k, v := range de.Headers {
		w.Header().Set(k, v)
	}
	if e, ok := err.(interface{ Challenge() http.Header }); ok {
		for k, vs := range e.Challenge() {
			w.Header()[k] = vs
		}
	}
	body := errorEnvelope{Error: errorBody{Code: string(de.Code), Message: de.Message, Details: de.Details}, Meta: Meta{RequestID: RequestID(r.Context())}}
	setLogError(r.Context(), de)
	writeRaw(w, Status(de.Code), "application/json", marshal(body))
}

// writeDoc writes a document with a standard format of its own (OpenAPI,
// agent cards): raw, not wrapped in the envelope.
func writeDoc(w http.ResponseWriter, contentType string, v any) {
	if b, ok := v.([]byte); ok {
		writeRaw(w, http.StatusOK, contentType, b)
		return
	}
	writeRaw(w, http.StatusOK, contentType, marshal(v))
}
