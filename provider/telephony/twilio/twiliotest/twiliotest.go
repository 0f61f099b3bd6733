// Package twiliotest runs a local fake of Twilio Programmable Voice's REST
// API (2010-04-01 Calls resource, form-encoded requests, JSON answers,
// Twilio's error object) that records every call it is asked to place,
// and posts status callbacks signed with X-Twilio-Signature to the
// StatusCallback URL each call was created with, in Twilio's form
// encoding and parameter names. Scripted faults (clienttest.Faults)
// give 429, 5xx, hangs and malformed bodies.
//
// A test starts it with New, configures the client with BaseURL and the
// fake's credentials, and drives a call's life with Complete, NoAnswer,
// Busy, Fail or Send:
//
//	fake := twiliotest.New(t, "AC…", "token")
//	// … the service dials through the client …
//	sid := fake.LastCall().Sid
//	if err := fake.Complete(sid, 125); err != nil { … }
//	if fake.Dials("+96891234567") != 1 { … } // dialled exactly once
//
// It is safe for concurrent use: the service under test may run in
// another process and call it at any time.
package twiliotest

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil/provider/client/clienttest"
	"dalil/provider/telephony/dialing"
	"dalil/provider/telephony/telephonytest"
	"dalil/provider/telephony/twilio"
)

// APIVersion is the only REST API version Twilio Programmable Voice has.
const APIVersion = "2010-04-01"

// Credentials that pass the client's format checks (an account SID is
// AC and 32 hexadecimal digits; From is E.164), for tests that run the
// service against the fake: New(t, AccountSID, AuthToken).
const (
	AccountSID = "AC00000000000000000000000000000001"
	AuthToken  = "twiliotest-auth-token-0123456789"
	From       = "+15005550006"
)

// Call is one call the fake accepted.
type Call struct {
	Sid            string
	To, From       string
	Status         string // queued, initiated, ringing, in-progress, completed, busy, no-answer, failed, canceled
	Params         url.Values
	StatusCallback string   // URL the events go to ("" when none was given)
	Events         []string // StatusCallbackEvent values asked for
	Created        time.Time
	Hangups        int          // POST …/Calls/{Sid}.json with Status completed or canceled
	Updates        []url.Values // every update's parameters, in order
	Plays          []string     // TwiML given to the live call by an update (Twiml)
	seq            int          // next SequenceNumber
}

// Delivery is one status callback the fake posted.
type Delivery struct {
	URL     string
	Params  url.Values
	Header  http.Header
	Status  int   // the receiver's HTTP status (0 when it could not be reached)
	Err     error // transport error, if any
	Replays int   // how many times Replay re-posted it
}

// Server is the fake Twilio API.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	// Book answers what the fake accepted: Dials, Calls, Call, LastCall,
	// WaitCalls, and scripts LoseNextCreate.
	*telephonytest.Book[Call]

	// AccountSid and AuthToken are the credentials it accepts (HTTP basic
	// auth) and the token it signs callbacks with.
	AccountSid, AuthToken string
	// HTTP posts the status callbacks (default: a client with a 10 s
	// timeout).
	HTTP *http.Client

	keeper     *telephonytest.Keeper[Call] // records the calls and deliveries; its lock guards the maps below
	keys       map[string]string           // API key SID → secret, also accepted
	rejections map[string]rejection        // To → error
	now        func() time.Time
}

type rejection struct {
	status int
	code   int
	msg    string
}

// New starts a fake for accountSid whose auth token is authToken, closed
// with t.
func New(t testing.TB, accountSid, authToken string) *Server {
	s := &Server{Faults: &clienttest.Faults{}, AccountSid: accountSid, AuthToken: authToken,
		HTTP: &http.Client{Timeout: 10 * time.Second}, keys: map[string]string{}, rejections: map[string]rejection{},
		now: time.Now}
	s.Book, s.keeper = telephonytest.New("twiliotest", func(c *Call) string { return c.Sid },
		func(c *Call) string { return c.To }, (*Call).copy)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /2010-04-01/Accounts/{account}/Calls.json", s.create)
	mux.HandleFunc("POST /2010-04-01/Accounts/{account}/Calls/{file}", s.update)
	mux.HandleFunc("GET /2010-04-01/Accounts/{account}/Calls/{file}", s.fetch)
	mux.HandleFunc("GET /2010-04-01/Accounts/{account}/Calls.json", s.list)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		twilioError(w, http.StatusNotFound, 20404, "The requested resource "+r.URL.Path+" was not found")
	})
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	t.Cleanup(s.Server.Close)
	return s
}

// BaseURL is the URL to give the client as its base URL (Twilio's
// https://api.twilio.com).
func (s *Server) BaseURL() string { return s.Server.URL }

// AddAPIKey makes the fake also accept an API key SID and its secret
// (Twilio's recommended credentials for REST calls).
func (s *Server) AddAPIKey(sid, secret string) {
	s.keeper.Lock()
	defer s.keeper.Unlock()
	s.keys[sid] = secret
}

// Reject makes every later call to the number to fail as Twilio does:
// HTTP status and Twilio error code (for instance 400 and 21215 "Account
// not authorized to call", 400 and 21216 "Call blocked", 400 and 21217
// "Phone number does not appear to be valid").
func (s *Server) Reject(to string, status, code int, message string) {
	s.keeper.Lock()
	defer s.keeper.Unlock()
	s.rejections[to] = rejection{status: status, code: code, msg: message}
}

// Deliveries are copies of the status callbacks posted, in order.
func (s *Server) Deliveries() []Delivery {
	all := s.keeper.Deliveries()
	out := make([]Delivery, len(all))
	for i, d := range all {
		params, _ := url.ParseQuery(string(d.Body))
		out[i] = Delivery{URL: d.URL, Params: params, Header: d.Header, Status: d.Status, Err: d.Err, Replays: d.Replays}
	}
	return out
}

func (c *Call) copy() Call {
	out := *c
	out.Params = cloneValues(c.Params)
	out.Events = slices.Clone(c.Events)
	out.Plays = slices.Clone(c.Plays)
	out.Updates = make([]url.Values, len(c.Updates))
	for i, u := range c.Updates {
		out.Updates[i] = cloneValues(u)
	}
	return out
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = slices.Clone(vs)
	}
	return out
}

// Complete plays a call that is answered and lasts seconds: initiated,
// ringing, in-progress (Twilio's "answered" event), completed with
// CallDuration. It stops at the first callback the receiver does not
// answer 2xx, and returns an error naming it.
func (s *Server) Complete(sid string, seconds int) error {
	for _, st := range []string{"initiated", "ringing", "in-progress"} {
		if err := s.Send(sid, st, nil); err != nil {
			return err
		}
	}
	return s.Send(sid, "completed", url.Values{"CallDuration": {strconv.Itoa(seconds)},
		"Duration": {strconv.Itoa((seconds + 59) / 60)}})
}

// NoAnswer plays a call nobody picks up: initiated, ringing, no-answer.
func (s *Server) NoAnswer(sid string) error { return s.unanswered(sid, "no-answer") }

// Busy plays a call to a busy line: initiated, ringing, busy.
func (s *Server) Busy(sid string) error { return s.unanswered(sid, "busy") }

// Fail plays a call the network could not connect: initiated, failed.
func (s *Server) Fail(sid string) error {
	if err := s.Send(sid, "initiated", nil); err != nil {
		return err
	}
	return s.Send(sid, "failed", url.Values{"CallDuration": {"0"}, "SipResponseCode": {"404"}})
}

func (s *Server) unanswered(sid, final string) error {
	for _, st := range []string{"initiated", "ringing"} {
		if err := s.Send(sid, st, nil); err != nil {
			return err
		}
	}
	return s.Send(sid, final, url.Values{"CallDuration": {"0"}})
}

// Send posts one status callback for the call, as Twilio does: to the
// call's StatusCallback URL, form-encoded, with AccountSid, ApiVersion,
// CallSid, CallStatus, Called, Caller, Direction, From, To,
// CallbackSource, Timestamp (RFC 1123 with a numeric zone) and the next
// SequenceNumber, plus extra, signed with X-Twilio-Signature. The call
// takes the status. An error when the receiver did not answer 2xx.
func (s *Server) Send(sid, status string, extra url.Values) error {
	return s.keeper.Send(s.HTTP, sid, func(c *Call) (*telephonytest.Delivery, error) {
		if c.StatusCallback == "" {
			return nil, fmt.Errorf("twiliotest: call %s has no StatusCallback", sid)
		}
		p := url.Values{
			"AccountSid": {s.AccountSid}, "ApiVersion": {APIVersion}, "CallSid": {sid}, "CallStatus": {status},
			"Called": {c.To}, "Caller": {c.From}, "Direction": {"outbound-api"}, "From": {c.From}, "To": {c.To},
			"CallbackSource": {"call-progress-events"}, "Timestamp": {s.now().UTC().Format(time.RFC1123Z)},
			"SequenceNumber": {strconv.Itoa(c.seq)},
		}
		for k, vs := range extra {
			p[k] = slices.Clone(vs)
		}
		c.seq++
		c.Status = status
		body := p.Encode()
		h := http.Header{}
		h.Set("Content-Type", "application/x-www-form-urlencoded")
		h.Set("User-Agent", "TwilioProxy/1.1")
		h.Set("I-Twilio-Idempotency-Token", idempotencyToken(c.StatusCallback, body))
		h.Set("X-Twilio-Signature", Sign(s.AuthToken, c.StatusCallback, p))
		return &telephonytest.Delivery{URL: c.StatusCallback, Body: []byte(body), Header: h,
			What: "status callback " + status}, nil
	})
}

// Replay posts the i-th delivery again, byte for byte (same parameters,
// same signature): Twilio's redelivery of an event.
func (s *Server) Replay(i int) error { return s.keeper.Replay(s.HTTP, i) }

// idempotencyToken is the same for the same delivery, as Twilio's
// I-Twilio-Idempotency-Token is across its retries.
func idempotencyToken(u, body string) string {
	m := hmac.New(sha1.New, []byte("idempotency"))
	io.WriteString(m, u+"\x00"+body)
	return hex.EncodeToString(m.Sum(nil))
}

// Sign is Twilio's X-Twilio-Signature for a form-encoded POST
// (twilio.Signature): the full URL as requested, then each POST
// parameter name followed by its value, in the order of the names (a
// repeated name's values sorted), hashed with HMAC-SHA1 keyed by the
// auth token, in standard base64.
func Sign(authToken, fullURL string, params url.Values) string {
	return twilio.Signature(authToken, fullURL, params)
}

// allowedEvents are the StatusCallbackEvent values of a call.
var allowedEvents = map[string]bool{"initiated": true, "ringing": true, "answered": true, "completed": true}

// twilioError writes Twilio's REST error object.
func twilioError(w http.ResponseWriter, status, code int, message string) {
	telephonytest.WriteJSON(w, status, map[string]any{"code": code, "message": message,
		"more_info": "https://www.twilio.com/docs/errors/" + strconv.Itoa(code), "status": status})
}

// auth checks HTTP basic auth (account SID and auth token, or an API key
// SID and secret) and that the path's account is the fake's.
func (s *Server) auth(w http.ResponseWriter, r *http.Request) bool {
	user, pass, ok := r.BasicAuth()
	s.keeper.Lock()
	keySecret, isKey := s.keys[user]
	s.keeper.Unlock()
	good := ok && ((user == s.AccountSid && pass == s.AuthToken) || (isKey && pass == keySecret))
	if !good {
		w.Header().Set("WWW-Authenticate", `Basic realm="Twilio API"`)
		twilioError(w, http.StatusUnauthorized, 20003, "Authenticate")
		return false
	}
	if r.PathValue("account") != s.AccountSid {
		twilioError(w, http.StatusNotFound, 20404, "The requested resource was not found")
		return false
	}
	return true
}

func (s *Server) form(w http.ResponseWriter, r *http.Request) (url.Values, bool) {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		twilioError(w, http.StatusBadRequest, 20001, "Content-Type must be application/x-www-form-urlencoded")
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		twilioError(w, http.StatusBadRequest, 20001, "unreadable body")
		return nil, false
	}
	v, err := url.ParseQuery(string(bytes.TrimSpace(data)))
	if err != nil {
		twilioError(w, http.StatusBadRequest, 20001, "malformed form body")
		return nil, false
	}
	return v, true
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	p, ok := s.form(w, r)
	if !ok {
		return
	}
	to, from := p.Get("To"), p.Get("From")
	switch {
	case to == "":
		twilioError(w, http.StatusBadRequest, 21201, "No 'To' number is specified")
		return
	case from == "":
		twilioError(w, http.StatusBadRequest, 21213, "No 'From' number is specified")
		return
	case p.Get("Url") == "" && p.Get("Twiml") == "" && p.Get("ApplicationSid") == "":
		twilioError(w, http.StatusBadRequest, 21205, "Either url, twiml or application_sid must be specified")
		return
	case !dialing.E164(to):
		twilioError(w, http.StatusBadRequest, 21211, "Invalid 'To' Phone Number: "+to)
		return
	}
	if t := p.Get("Timeout"); t != "" {
		if n, err := strconv.Atoi(t); err != nil || n < 1 || n > 600 {
			twilioError(w, http.StatusBadRequest, 21208, "Invalid Timeout")
			return
		}
	}
	if t := p.Get("TimeLimit"); t != "" {
		if n, err := strconv.Atoi(t); err != nil || n < 1 || n > 14400 {
			twilioError(w, http.StatusBadRequest, 21207, "Invalid TimeLimit")
			return
		}
	}
	for _, e := range p["StatusCallbackEvent"] {
		for _, f := range strings.Fields(e) {
			if !allowedEvents[f] {
				twilioError(w, http.StatusBadRequest, 21626, "Invalid 'StatusCallbackEvent'")
				return
			}
		}
	}
	if m := p.Get("StatusCallbackMethod"); m != "" && m != "GET" && m != "POST" {
		twilioError(w, http.StatusBadRequest, 21609, "Invalid StatusCallbackMethod")
		return
	}
	if cb := p.Get("StatusCallback"); cb != "" {
		if u, err := url.Parse(cb); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			twilioError(w, http.StatusBadRequest, 21609, "Invalid StatusCallback url")
			return
		}
	}
	s.keeper.Lock()
	if rej, ok := s.rejections[to]; ok {
		s.keeper.Unlock()
		twilioError(w, rej.status, rej.code, rej.msg)
		return
	}
	var events []string
	for _, e := range p["StatusCallbackEvent"] {
		events = append(events, strings.Fields(e)...)
	}
	c := &Call{Sid: newSid("CA"), To: to, From: from, Status: "queued", Params: cloneValues(p),
		StatusCallback: p.Get("StatusCallback"), Events: events, Created: s.now().UTC()}
	answer := s.keeper.Add(c)
	body := s.resource(c)
	s.keeper.Unlock()
	answer.Write(w, r, body, func(status int) { twilioError(w, status, 20500, "Internal Server Error") })
}

// resource is the Call resource's JSON (the fields a client reads, in
// Twilio's names and formats).
func (s *Server) resource(c *Call) map[string]any {
	uri := "/2010-04-01/Accounts/" + s.AccountSid + "/Calls/" + c.Sid + ".json"
	return map[string]any{
		"sid": c.Sid, "account_sid": s.AccountSid, "to": c.To, "to_formatted": c.To, "from": c.From,
		"from_formatted": c.From, "status": c.Status, "direction": "outbound-api", "api_version": APIVersion,
		"date_created": c.Created.Format(time.RFC1123Z), "date_updated": s.now().UTC().Format(time.RFC1123Z),
		"start_time": nil, "end_time": nil, "duration": nil, "price": nil, "price_unit": "USD",
		"parent_call_sid": nil, "phone_number_sid": nil, "answered_by": nil, "caller_name": nil,
		"forwarded_from": nil, "group_sid": nil, "queue_time": "0", "trunk_sid": nil, "annotation": nil,
		"uri": uri, "subresource_uris": map[string]any{
			"recordings":    strings.TrimSuffix(uri, ".json") + "/Recordings.json",
			"notifications": strings.TrimSuffix(uri, ".json") + "/Notifications.json",
		},
	}
}

// list answers the Calls list filtered by To, From and Status, most
// recent first, one page of PageSize (default 50).
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	q := r.URL.Query()
	size := 50
	if ps := q.Get("PageSize"); ps != "" {
		n, err := strconv.Atoi(ps)
		if err != nil || n < 1 || n > 1000 {
			twilioError(w, http.StatusBadRequest, 20001, "Invalid PageSize")
			return
		}
		size = n
	}
	s.keeper.Lock()
	calls := []map[string]any{}
	for c := range s.keeper.Newest() {
		if len(calls) >= size {
			break
		}
		if (q.Get("To") != "" && c.To != q.Get("To")) || (q.Get("From") != "" && c.From != q.Get("From")) ||
			(q.Get("Status") != "" && c.Status != q.Get("Status")) {
			continue
		}
		calls = append(calls, s.resource(c))
	}
	uri := "/2010-04-01/Accounts/" + s.AccountSid + "/Calls.json?" + q.Encode()
	s.keeper.Unlock()
	telephonytest.WriteJSON(w, http.StatusOK, map[string]any{"calls": calls, "page": 0, "page_size": size, "start": 0,
		"end": max(len(calls)-1, 0), "first_page_uri": uri, "previous_page_uri": nil, "next_page_uri": nil, "uri": uri})
}

func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (*Call, bool) {
	file := r.PathValue("file")
	sid, ok := strings.CutSuffix(file, ".json")
	if !ok {
		twilioError(w, http.StatusNotFound, 20404, "The requested resource was not found")
		return nil, false
	}
	c, found := s.keeper.Get(sid)
	if !found {
		twilioError(w, http.StatusNotFound, 20404, "The requested resource /2010-04-01/Accounts/"+s.AccountSid+"/Calls/"+file+" was not found")
		return nil, false
	}
	return c, true
}

func (s *Server) fetch(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	s.keeper.Lock()
	c, ok := s.lookup(w, r)
	if !ok {
		s.keeper.Unlock()
		return
	}
	body := s.resource(c)
	s.keeper.Unlock()
	telephonytest.WriteJSON(w, http.StatusOK, body)
}

// ended are the statuses a call cannot leave.
var ended = map[string]bool{"completed": true, "busy": true, "no-answer": true, "failed": true, "canceled": true}

// update ends a call: Status=completed hangs up a call in progress and
// cancels one queued or ringing; Status=canceled cancels one that is not
// yet in progress. A call that already ended answers 21220 (invalid call
// state). No status callback is sent: the test sends the one it wants.
func (s *Server) update(w http.ResponseWriter, r *http.Request) {
	if !s.auth(w, r) {
		return
	}
	p, ok := s.form(w, r)
	if !ok {
		return
	}
	s.keeper.Lock()
	c, ok := s.lookup(w, r)
	if !ok {
		s.keeper.Unlock()
		return
	}
	c.Updates = append(c.Updates, cloneValues(p))
	st := p.Get("Status")
	if tw := p.Get("Twiml"); tw != "" && st == "" {
		// New TwiML for a live call (the voicemail message): it runs
		// now; the test sends the status callbacks it wants.
		if ended[c.Status] {
			s.keeper.Unlock()
			twilioError(w, http.StatusBadRequest, 21220, "Call is not in-progress. Cannot redirect.")
			return
		}
		c.Plays = append(c.Plays, tw)
		body := s.resource(c)
		s.keeper.Unlock()
		telephonytest.WriteJSON(w, http.StatusOK, body)
		return
	}
	switch {
	case st != "completed" && st != "canceled":
		s.keeper.Unlock()
		twilioError(w, http.StatusBadRequest, 21218, "Invalid 'Status'")
		return
	case ended[c.Status]:
		s.keeper.Unlock()
		twilioError(w, http.StatusBadRequest, 21220, "Call is not in-progress. Cannot redirect.")
		return
	}
	c.Hangups++
	switch {
	case c.Status == "in-progress" && st == "completed":
		c.Status = "completed"
	case c.Status == "in-progress":
		// canceled only applies to a call not yet answered: Twilio
		// leaves an answered call as it is.
	default:
		c.Status = "canceled"
	}
	body := s.resource(c)
	s.keeper.Unlock()
	telephonytest.WriteJSON(w, http.StatusOK, body)
}

// newSid is a Twilio-shaped SID: a two-letter prefix and 32 hex digits.
func newSid(prefix string) string {
	var b [16]byte
	rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}
