package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"dalil/capabilities/sanctions/watchlist"
	"dalil/internal/safehttp/safehttptest"
	"dalil/internal/webhook"
)

// watchSDN is a small OFAC SDN XML list with the entries given as
// (uid, first name, last name).
func watchSDN(t *testing.T, date string, entries ...[3]string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
<publshInformation><Publish_Date>%s</Publish_Date><Record_Count>%d</Record_Count></publshInformation>`, date, len(entries))
	for _, e := range entries {
		fmt.Fprintf(&b, `<sdnEntry><uid>%s</uid><firstName>%s</firstName><lastName>%s</lastName><sdnType>Individual</sdnType>
<programList><program>SDGT</program></programList></sdnEntry>`, e[0], e[1], e[2])
	}
	b.WriteString(`</sdnList>`)
	p := filepath.Join(t.TempDir(), "sdn.xml")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

type hookCall struct {
	header http.Header
	body   []byte
}

// TestWatchlistEndToEnd: a name registered on the watchlist (charged
// once), a list update that adds a matching entry, exactly one signed
// delivery after a receiver that failed at first, the alert listed, no
// second delivery on the next update; a deleted watch is not screened.
func TestWatchlistEndToEnd(t *testing.T) {
	var mu sync.Mutex
	var hooks []hookCall
	failFirst := 1
	receiver := safehttptest.NewTLSServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		hooks = append(hooks, hookCall{r.Header.Clone(), b})
		if failFirst > 0 {
			failFirst--
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}), "hooks.test.example")
	receiver.Resolve("intranet.test.example", "10.1.2.3")

	db := filepath.Join(t.TempDir(), "dalil.db")
	env := map[string]string{"DALIL_DB": db}
	cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	cfg.Fetch = receiver.Options()
	ctx := context.Background()
	svc, err := buildServer(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	ts := httptest.NewServer(svc.api)
	t.Cleanup(ts.Close)
	base := ts.URL
	// The first list, without the watched name.
	if out, err := sanctionsImport(t, db, watchSDN(t, "01/10/2026", [3]string{"7001", "Omar", "UNRELATED"}), "--format", "ofac-xml", "--source", "ofac_sdn",
		"--license", "US government publication"); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	svc.datasets.Refresh(ctx)
	key := cli(t, db, "accounts", "create", "--name", "watcher", "--credits", "10")["apiKey"].(string)
	hdr := map[string]string{"X-API-Key": key}
	route := base + "/api/v1/sanctions/watchlist"

	// A webhook on a private address is refused, not charged.
	if r := post(t, route, `{"name":"Rashid Hamdan Al Watched","webhookUrl":"https://intranet.test.example/hook"}`, hdr); r.status != 400 {
		t.Errorf("private webhook: %d %s", r.status, r.raw)
	}
	if c := credits(t, base, key); c != 10 {
		t.Errorf("credits %v after a refused registration", c)
	}
	r := post(t, route, `{"name":"Rashid Hamdan Al Watched","webhookUrl":"https://hooks.test.example/alerts"}`, hdr)
	d := r.data()
	secret, _ := d["webhookSecret"].(string)
	w, _ := d["watch"].(map[string]any)
	if r.status != 200 || !strings.HasPrefix(secret, "whsec_") || w == nil {
		t.Fatalf("register: %d %s", r.status, r.raw)
	}
	watchID := w["id"].(string)
	if c := credits(t, base, key); c != 9.5 {
		t.Errorf("credits %v after registering, want 9.5 (charged once, USD 0.50)", c)
	}
	// A second watch, deleted before the update: never alerted.
	r2 := post(t, route, `{"name":"Layla Deleted Example","webhookUrl":"https://hooks.test.example/alerts"}`, hdr)
	id2, _ := r2.data()["watch"].(map[string]any)["id"].(string)
	if del := do(t, http.MethodDelete, route+"/"+id2, "", hdr); del.status != 200 || del.data()["status"] != watchlist.StatusDeleted {
		t.Fatalf("delete: %d %s", del.status, del.raw)
	}
	if del := do(t, http.MethodDelete, route+"/"+id2, "", hdr); del.status != 404 {
		t.Errorf("delete again: %d %s", del.status, del.raw)
	}

	store := svc.store
	mon := &watchlist.Monitor{Store: sanctionssqlWatchlist(store), Lists: sanctionssqlLists(store), Charges: store,
		Poster: watchlistPoster(cfg.Fetch), Key: watchlistKey(t, store)}
	mon.Tick(ctx) // confirms the payment, records the lists' version
	// The update: the watched name and the deleted one are listed.
	if out, err := sanctionsImport(t, db, watchSDN(t, "01/11/2026", [3]string{"7001", "Omar", "UNRELATED"}, [3]string{"7002", "Rashid Hamdan", "AL-WATCHED"},
		[3]string{"7003", "Layla", "DELETED EXAMPLE"}), "--format", "ofac-xml", "--source", "ofac_sdn", "--license", "US government publication"); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	mon.Tick(ctx) // screens, first delivery fails (503)
	mu.Lock()
	n := len(hooks)
	mu.Unlock()
	if n != 1 {
		t.Fatalf("%d deliveries after the update, want 1 (failed)", n)
	}
	// The retry is due after its backoff (1 s): a monitor whose clock is
	// past it sends it.
	mon.Now = func() time.Time { return time.Now().Add(watchlist.Backoff(1) + time.Second) }
	mon.Tick(ctx)
	mon.Tick(ctx)
	mu.Lock()
	got := append([]hookCall(nil), hooks...)
	mu.Unlock()
	if len(got) != 2 {
		t.Fatalf("%d deliveries, want 2 (a failure, then the retry)", len(got))
	}
	for _, h := range got {
		if err := webhook.Verify("test", secret, h.header.Get(webhook.HeaderSignature), h.body, time.Now()); err != nil {
			t.Errorf("signature: %v", err)
		}
		if h.header.Get(webhook.HeaderEvent) != watchlist.EventMatch || !strings.Contains(string(h.body), `"entityId":"7002"`) {
			t.Errorf("delivery: %v %s", h.header, h.body)
		}
	}
	if got[0].header.Get(webhook.HeaderDelivery) != got[1].header.Get(webhook.HeaderDelivery) {
		t.Error("the retry has another delivery id")
	}
	al := do(t, http.MethodGet, base+"/api/v1/sanctions/alerts", "", hdr)
	as, _ := al.data()["alerts"].([]any)
	if al.status != 200 || len(as) != 1 {
		t.Fatalf("alerts: %d %s", al.status, al.raw)
	}
	a := as[0].(map[string]any)
	if a["watchId"] != watchID || a["entityId"] != "7002" || a["delivery"] != watchlist.DeliveryDelivered || a["deliveryAttempts"] != 2.0 {
		t.Errorf("alert: %v", a)
	}
	// Another update with the same match: no new alert, no delivery.
	if out, err := sanctionsImport(t, db, watchSDN(t, "01/12/2026", [3]string{"7001", "Omar", "UNRELATED"}, [3]string{"7002", "Rashid Hamdan", "AL-WATCHED"},
		[3]string{"7003", "Layla", "DELETED EXAMPLE"}, [3]string{"7004", "Someone", "ELSE"}), "--format", "ofac-xml", "--source", "ofac_sdn",
		"--license", "US government publication"); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	mon.Tick(ctx)
	mon.Tick(ctx)
	mu.Lock()
	n = len(hooks)
	mu.Unlock()
	if n != 2 {
		t.Errorf("%d deliveries after an update with the same match, want still 2", n)
	}
	// A new monitor (a restart) sends nothing again.
	mon2 := *mon
	mon2.Tick(ctx)
	mu.Lock()
	n = len(hooks)
	mu.Unlock()
	if n != 2 {
		t.Errorf("%d deliveries after a restart, want still 2", n)
	}
	ls := do(t, http.MethodGet, route, "", hdr)
	ws, _ := ls.data()["watches"].([]any)
	if ls.status != 200 || len(ws) != 2 {
		t.Errorf("list: %d %s", ls.status, ls.raw)
	}
	if c := credits(t, base, key); c != 9 {
		t.Errorf("credits %v at the end, want 9 (two registrations)", c)
	}
}
