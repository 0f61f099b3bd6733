package dialing_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"dalil/capabilities/voice"
	"dalil/provider/client"
	"dalil/provider/telephony/dialing"
)

const number = "+96891234567"

// upstream is a vendor answer with an HTTP status, as provider/client
// returns it.
func upstream(status int, msg string) error {
	kind := client.ErrUpstream
	if status == 429 {
		kind = client.ErrRateLimited
	}
	return &client.Error{Provider: "vendor", Kind: kind, Status: status, Message: msg, Attempts: 1}
}

func rateLimited(after time.Duration) error {
	return &client.Error{Provider: "vendor", Kind: client.ErrRateLimited, Status: 429, RetryAfter: after, Attempts: 1}
}

func kind(k error) error { return &client.Error{Provider: "vendor", Kind: k, Attempts: 1} }

// created is a create attempt that succeeded with id.
type created string

// vendor scripts the create attempts' and the lookups' answers, and
// records what the loop did.
type vendor struct {
	creates []any // created or error, one per attempt; past the end: created("CA-late")
	finds   []any // string or error, one per lookup; past the end: ""
	nCreate int
	nFind   int
	since   []time.Time
	waits   []time.Duration
}

func (v *vendor) call(refused func(int) bool) dialing.Call {
	return dialing.Call{Number: number, Refused: refused,
		Create: func(context.Context) (string, error) {
			v.nCreate++
			if v.nCreate > len(v.creates) {
				return "CA-late", nil
			}
			switch r := v.creates[v.nCreate-1].(type) {
			case created:
				return string(r), nil
			case error:
				return "", r
			}
			panic("bad script")
		},
		Find: func(_ context.Context, since time.Time) (string, error) {
			v.nFind++
			v.since = append(v.since, since)
			if v.nFind > len(v.finds) {
				return "", nil
			}
			switch r := v.finds[v.nFind-1].(type) {
			case string:
				return r, nil
			case error:
				return "", r
			}
			panic("bad script")
		},
	}
}

var t0 = time.Date(2026, 4, 21, 9, 30, 0, 0, time.UTC)

func newClient(v *vendor, mod func(*client.Config)) *dialing.Client {
	h := client.Config{Name: "vendor", Now: func() time.Time { return t0 },
		Sleep: func(ctx context.Context, d time.Duration) error {
			v.waits = append(v.waits, d)
			return ctx.Err()
		}}
	if mod != nil {
		mod(&h)
	}
	return dialing.New(h)
}

// only400 is a vendor whose only refusals for good are 400 and 422.
func only400(s int) bool { return s == 400 || s == 422 }

func TestDialLoop(t *testing.T) {
	base := client.DefaultBaseBackoff
	for _, tc := range []struct {
		name             string
		creates          []any
		finds            []any
		mod              func(*client.Config)
		want             string // the id returned; "" for an error
		wantErr          error  // errors.Is target when want is ""
		nCreates, nFinds int
		waits            []time.Duration
	}{
		{name: "created at once", creates: []any{created("CA1")}, want: "CA1", nCreates: 1},
		{name: "ambiguous 5xx, then found: not created again", creates: []any{upstream(503, "")}, finds: []any{"CA-found"},
			want: "CA-found", nCreates: 1, nFinds: 1},
		{name: "timeout, then found", creates: []any{kind(client.ErrTimeout)}, finds: []any{"CA-found"},
			want: "CA-found", nCreates: 1, nFinds: 1},
		{name: "broken connection, not found: created again after a backoff", creates: []any{kind(client.ErrUnavailable), created("CA2")},
			want: "CA2", nCreates: 2, nFinds: 1, waits: []time.Duration{base}},
		{name: "answer without an id is ambiguous", creates: []any{created(""), created("CA3")},
			want: "CA3", nCreates: 2, nFinds: 1, waits: []time.Duration{base}},
		{name: "408 is ambiguous", creates: []any{upstream(408, "")}, finds: []any{"CA-found"}, want: "CA-found", nCreates: 1, nFinds: 1},
		{name: "429 then success: waited Retry-After, not looked up", creates: []any{rateLimited(2 * time.Second), created("CA4")},
			want: "CA4", nCreates: 2, waits: []time.Duration{2 * time.Second}},
		{name: "429 without Retry-After: backoff", creates: []any{rateLimited(0), created("CA5")},
			want: "CA5", nCreates: 2, waits: []time.Duration{base}},
		{name: "429 asking for too long a wait", creates: []any{rateLimited(client.DefaultMaxRetryAfter + time.Second)},
			wantErr: client.ErrRateLimited, nCreates: 1},
		{name: "refused for good", creates: []any{upstream(422, "Invalid 'To' Phone Number: "+number)},
			wantErr: voice.ErrRejected, nCreates: 1},
		{name: "4xx the vendor does not call a refusal", creates: []any{upstream(401, "Authenticate")},
			wantErr: client.ErrUpstream, nCreates: 1},
		{name: "any 5xx is ambiguous", creates: []any{upstream(501, "")}, finds: []any{"CA-found"}, want: "CA-found", nCreates: 1, nFinds: 1},
		{name: "retries exhausted", creates: []any{upstream(502, ""), upstream(502, ""), upstream(502, "")},
			wantErr: client.ErrUpstream, nCreates: 3, nFinds: 2, waits: []time.Duration{base, 2 * base}},
		{name: "retries as configured, backoff capped", creates: []any{kind(client.ErrTimeout), kind(client.ErrTimeout), kind(client.ErrTimeout), kind(client.ErrTimeout)},
			mod:     func(h *client.Config) { h.MaxRetries, h.BaseBackoff, h.MaxBackoff = 3, time.Second, 3*time.Second },
			wantErr: client.ErrTimeout, nCreates: 4, nFinds: 3, waits: []time.Duration{time.Second, 2 * time.Second, 3 * time.Second}},
		{name: "no retries configured", creates: []any{kind(client.ErrTimeout)}, mod: func(h *client.Config) { h.MaxRetries = -1 },
			wantErr: client.ErrTimeout, nCreates: 1},
		{name: "lookup fails: the create error, no second call", creates: []any{upstream(500, "")}, finds: []any{kind(client.ErrTimeout)},
			wantErr: client.ErrUpstream, nCreates: 1, nFinds: 1},
		{name: "budget spent", creates: []any{kind(client.ErrBudgetExhausted)}, wantErr: client.ErrBudgetExhausted, nCreates: 1},
		{name: "cancelled", creates: []any{kind(client.ErrCanceled)}, wantErr: client.ErrCanceled, nCreates: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := &vendor{creates: tc.creates, finds: tc.finds}
			id, err := newClient(v, tc.mod).Dial(context.Background(), v.call(only400))
			if tc.want != "" {
				if err != nil || id != tc.want {
					t.Fatalf("Dial = %q, %v; want %q", id, err, tc.want)
				}
			} else if id != "" || !errors.Is(err, tc.wantErr) {
				t.Fatalf("Dial = %q, %v; want an error that is %v", id, err, tc.wantErr)
			}
			if v.nCreate != tc.nCreates || v.nFind != tc.nFinds {
				t.Errorf("%d creates and %d lookups; want %d and %d", v.nCreate, v.nFind, tc.nCreates, tc.nFinds)
			}
			if !slices.Equal(v.waits, tc.waits) {
				t.Errorf("waits %v; want %v", v.waits, tc.waits)
			}
			for _, s := range v.since {
				if !s.Equal(t0) {
					t.Errorf("looked up calls since %v; want the dial's start %v", s, t0)
				}
			}
			if err != nil && strings.Contains(err.Error(), number) {
				t.Errorf("the number is in the error: %v", err)
			}
			if err != nil && !errors.Is(tc.wantErr, voice.ErrRejected) && errors.Is(err, voice.ErrRejected) {
				t.Errorf("a passing failure is a rejection: %v", err)
			}
		})
	}
}

func TestDialRejectedKeepsTheVendorError(t *testing.T) {
	v := &vendor{creates: []any{upstream(400, "Number "+number+" is not allowed")}}
	_, err := newClient(v, nil).Dial(context.Background(), v.call(only400))
	var ce *client.Error
	if !errors.Is(err, voice.ErrRejected) || !errors.As(err, &ce) || ce.Status != 400 {
		t.Fatalf("err %v: want ErrRejected and the *client.Error", err)
	}
	if want := "Number [number] is not allowed"; ce.Message != want || !strings.Contains(err.Error(), want) {
		t.Fatalf("message %q (%v); want %q", ce.Message, err, want)
	}
	// The vendor decides which statuses are refusals.
	v = &vendor{creates: []any{upstream(403, "")}}
	if _, err := newClient(v, nil).Dial(context.Background(), v.call(func(s int) bool { return s == 403 })); !errors.Is(err, voice.ErrRejected) {
		t.Fatalf("403 refused by the vendor: %v", err)
	}
}

func TestDialStopsWhenTheWaitIsCancelled(t *testing.T) {
	v := &vendor{creates: []any{rateLimited(time.Second)}}
	ctx, cancel := context.WithCancel(context.Background())
	c := newClient(v, func(h *client.Config) {
		h.Sleep = func(context.Context, time.Duration) error { cancel(); return context.Canceled }
	})
	if _, err := c.Dial(ctx, v.call(only400)); !errors.Is(err, client.ErrRateLimited) || v.nCreate != 1 {
		t.Fatalf("err %v after %d creates; want the 429, one create", err, v.nCreate)
	}
}

func TestNewBuildsASingleAttemptClient(t *testing.T) {
	c := dialing.New(client.Config{Name: "vendor"})
	if c.HTTP == nil || c.Once == nil || c.HTTP == c.Once || c.Once.Name() != "vendor" {
		t.Fatalf("clients %v %v", c.HTTP, c.Once)
	}
	if d := time.Since(c.Now()); d < 0 || d > time.Minute {
		t.Fatalf("default clock off by %v", d)
	}
}

func TestScrub(t *testing.T) {
	cause := fmt.Errorf("dialling %s: %w", number, client.ErrTimeout)
	err := dialing.Scrub(&client.Error{Provider: "vendor", Kind: client.ErrUpstream, Status: 400,
		Message: "Invalid 'To' Phone Number: " + number, Err: cause}, number)
	if strings.Contains(err.Error(), number) || strings.Count(err.Error(), "[number]") != 2 {
		t.Fatalf("scrubbed: %v", err)
	}
	if !errors.Is(err, client.ErrUpstream) || !errors.Is(err, client.ErrTimeout) || client.StatusOf(err) != 400 {
		t.Fatalf("scrubbing lost the error's kinds: %v", err)
	}
	plain := errors.New("not a client error " + number)
	if dialing.Scrub(plain, number) != plain {
		t.Fatal("another error changed")
	}
	untouched := upstream(500, "nothing to hide")
	if dialing.Scrub(untouched, number) != untouched || dialing.Scrub(untouched, "") != untouched {
		t.Fatal("an error without the number was copied")
	}
}

func TestCheck(t *testing.T) {
	ok := voice.Dial{CallID: "c1", To: number, MaxSeconds: 60, Script: voice.Script{Opening: "Hello, an AI calling for Acme."}}
	if err := dialing.Check("vendor", ok); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		mod      func(*voice.Dial)
		want     string
		rejected bool
	}{
		{"no call id", func(d *voice.Dial) { d.CallID = " " }, "vendor: dial without a call id", false},
		{"not E.164", func(d *voice.Dial) { d.To = "0091234567" }, "vendor: " + voice.ErrRejected.Error() + ": the number is not E.164", true},
		{"no maximum", func(d *voice.Dial) { d.MaxSeconds = 0 }, "vendor: dial without a maximum duration", false},
		{"no disclosure", func(d *voice.Dial) { d.Script.Opening = "" }, "vendor: dial without the opening disclosure", false},
	} {
		d := ok
		tc.mod(&d)
		err := dialing.Check("vendor", d)
		if err == nil || err.Error() != tc.want || errors.Is(err, voice.ErrRejected) != tc.rejected {
			t.Errorf("%s: %v; want %q (rejected %v)", tc.name, err, tc.want, tc.rejected)
		}
	}
	for s, want := range map[string]bool{"+96891234567": true, "+1234567": true, "+123456": false, "+0123456789": false,
		"96891234567": false, "+1234567890123456": false, "+9689123456a": false} {
		if dialing.E164(s) != want {
			t.Errorf("E164(%q) = %v", s, !want)
		}
	}
}
