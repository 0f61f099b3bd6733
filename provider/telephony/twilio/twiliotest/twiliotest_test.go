package twiliotest

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// TestSignDocumentedExample checks Sign against the example in Twilio's
// webhook security documentation.
func TestSignDocumentedExample(t *testing.T) {
	params := url.Values{
		"CallSid": {"CA1234567890ABCDE"}, "Caller": {"+12349013030"}, "Digits": {"1234"},
		"From": {"+12349013030"}, "To": {"+18005551212"},
	}
	got := Sign("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)
	if want := "0/KCTR6DLpKmkAf8muzZqo1nDgQ="; got != want {
		t.Fatalf("Sign = %q, want %q", got, want)
	}
}

func TestCreateAndComplete(t *testing.T) {
	var mu sync.Mutex
	var got []url.Values
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		full := "http://" + r.Host + r.URL.RequestURI()
		if r.Header.Get("X-Twilio-Signature") != Sign("tok", full, r.PostForm) {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		mu.Lock()
		got = append(got, r.PostForm)
		mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	}))
	defer recv.Close()
	s := New(t, "AC1", "tok")
	form := url.Values{"To": {"+96891234567"}, "From": {"+15005550006"}, "Twiml": {"<Response/>"},
		"StatusCallback": {recv.URL + "/webhooks/voice/twilio?call=c1"}, "StatusCallbackEvent": {"initiated", "ringing", "answered", "completed"}}
	req, _ := http.NewRequest("POST", s.BaseURL()+"/2010-04-01/Accounts/AC1/Calls.json", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("AC1", "tok")
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 201 {
		t.Fatalf("create: %v %v", res.StatusCode, err)
	}
	if s.Dials("+96891234567") != 1 {
		t.Fatalf("dials = %d", s.Dials("+96891234567"))
	}
	if err := s.Complete(s.LastCall().Sid, 125); err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[3].Get("CallStatus") != "completed" || got[3].Get("CallDuration") != "125" || got[3].Get("SequenceNumber") != "3" {
		t.Fatalf("deliveries = %v", got)
	}
	if err := s.Replay(3); err != nil || len(got) != 5 || got[4].Encode() != got[3].Encode() {
		t.Fatalf("replay: %v %v", err, got)
	}
	req.SetBasicAuth("AC1", "wrong")
	req.Body = http.NoBody
	res, _ = http.DefaultClient.Do(req)
	if res.StatusCode != 401 {
		t.Fatalf("bad auth: %d", res.StatusCode)
	}
}
