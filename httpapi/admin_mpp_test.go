package httpapi_test

import (
	"context"
	"math/big"
	"strings"
	"sync"
	"testing"

	"dalil"
	"dalil/httpapi"
	"dalil/rail/mpp"
)

// fakeCloser stands in for *mpp.Channels: one known channel, closed by the
// first call. (The real close is tested in rail/mpp and end to end in
// cmd/dalil.)
type fakeCloser struct {
	mu     sync.Mutex
	known  string
	closed []string
	fail   error
}

func (f *fakeCloser) CloseChannel(_ context.Context, id string) (mpp.Channel, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return mpp.Channel{}, f.fail
	}
	if id != f.known {
		return mpp.Channel{}, mpp.ErrChannelNotFound
	}
	f.closed = append(f.closed, id)
	return mpp.Channel{ID: id, Status: mpp.ChannelClosed, Payer: "0xa1", Deposit: big.NewInt(100), Accepted: big.NewInt(30),
		Spent: big.NewInt(30), CloseAmount: big.NewInt(30), CloseTx: "0xfeed"}, nil
}

func TestAdminCloseMPPChannel(t *testing.T) {
	id := "0x" + strings.Repeat("ab", 32)
	closer := &fakeCloser{known: id}
	e := newEnv(t, func(c *httpapi.Config) { c.Admin = mpp.AdminRoutes(closer) })
	admin := map[string]string{"Authorization": "Bearer admin-secret-token"}
	path := "/admin/v1/mpp/channels/" + id + "/close"
	for _, h := range []map[string]string{{}, {"Authorization": "Bearer wrong"}} {
		if r := e.do("POST", path, nil, h); r.Status != 401 || r.code() != "UNAUTHORIZED" {
			t.Errorf("without token %v: %d %s", h, r.Status, r.Raw)
		}
	}
	if len(closer.closed) != 0 {
		t.Fatal("closed without a token")
	}
	if r := e.do("POST", "/admin/v1/mpp/channels/0x"+strings.Repeat("cd", 32)+"/close", nil, admin); r.Status != 404 || r.code() != "NOT_FOUND" {
		t.Errorf("unknown channel: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", "/admin/v1/mpp/channels/0x12/close", nil, admin); r.Status != 400 || r.code() != "INVALID_INPUT" {
		t.Errorf("malformed id: %d %s", r.Status, r.Raw)
	}
	// Strict body: only empty or {}.
	if r := e.do("POST", path, `{"amount":"5"}`, admin); r.Status != 400 || r.code() != "INVALID_INPUT" || !strings.Contains(string(r.Raw), "amount") {
		t.Errorf("unknown field: %d %s", r.Status, r.Raw)
	}
	if r := e.do("POST", path, `{} x`, admin); r.Status != 400 {
		t.Errorf("trailing data: %d %s", r.Status, r.Raw)
	}
	if len(closer.closed) != 0 {
		t.Fatal("closed despite a bad request")
	}
	for _, body := range []any{nil, `{}`} {
		r := e.do("POST", path, body, admin)
		d := r.data()
		if r.Status != 200 || d["channelId"] != id || d["status"] != "closed" || d["settled"] != "30" || d["refunded"] != "70" || d["txHash"] != "0xfeed" {
			t.Errorf("close (body %v): %d %s", body, r.Status, r.Raw)
		}
	}
	// Upper-case hex names the same channel.
	if r := e.do("POST", "/admin/v1/mpp/channels/0x"+strings.Repeat("AB", 32)+"/close", nil, admin); r.Status != 200 {
		t.Errorf("upper-case id: %d %s", r.Status, r.Raw)
	}
	if len(closer.closed) != 3 {
		t.Errorf("closes %v", closer.closed)
	}
	// An RPC failure is 502-class PROVIDER_UNAVAILABLE, never a payer's 402.
	closer.fail = &dalil.Error{Code: dalil.CodePaymentInvalid, Message: "MPP session credential not verified: the Tempo RPC is unavailable"}
	if r := e.do("POST", path, nil, admin); r.code() != "PROVIDER_UNAVAILABLE" {
		t.Errorf("rpc down: %d %s", r.Status, r.Raw)
	}
}

func TestAdminCloseMPPChannelWhenChannelsOff(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) { c.Admin = mpp.AdminRoutes(nil) })
	r := e.do("POST", "/admin/v1/mpp/channels/0x"+strings.Repeat("ab", 32)+"/close", nil, map[string]string{"Authorization": "Bearer admin-secret-token"})
	if r.code() != "PROVIDER_NOT_CONFIGURED" {
		t.Errorf("channels off: %d %s", r.Status, r.Raw)
	}
}
