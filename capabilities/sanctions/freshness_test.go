package sanctions

import (
	"context"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/dataset/sanctions"
)

// retrievedAt is e with every list retrieved at t.
func retrievedAt(e *Engine, t time.Time) *Engine {
	ls := e.Lists()
	for i := range ls {
		ls[i].RetrievedAt = t
	}
	return e.WithLists(ls)
}

// The rule at its boundaries: current up to MaxAge, stale just past it,
// stale up to HardMaxAge, expired just past it; the age runs from the
// later of the download and the last sync that found the list unchanged.
func TestFreshnessJudge(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	custom := Freshness{MaxAge: 36 * time.Hour, HardMaxAge: 3 * day}
	for _, c := range []struct {
		name      string
		f         Freshness
		retrieved time.Time
		checked   time.Time
		want      string
		age       int64
	}{
		{"just imported", Freshness{}, now, time.Time{}, FreshCurrent, 0},
		{"just under the max age", Freshness{}, now.Add(-7*day + time.Second), time.Time{}, FreshCurrent, int64((7*day - time.Second) / time.Second)},
		{"at the max age", Freshness{}, now.Add(-7 * day), time.Time{}, FreshCurrent, int64(7 * day / time.Second)},
		{"just over the max age", Freshness{}, now.Add(-7*day - time.Second), time.Time{}, FreshStale, int64((7*day + time.Second) / time.Second)},
		{"just under the hard limit", Freshness{}, now.Add(-30*day + time.Second), time.Time{}, FreshStale, int64((30*day - time.Second) / time.Second)},
		{"at the hard limit", Freshness{}, now.Add(-30 * day), time.Time{}, FreshStale, int64(30 * day / time.Second)},
		{"just over the hard limit", Freshness{}, now.Add(-30*day - time.Second), time.Time{}, FreshExpired, int64((30*day + time.Second) / time.Second)},
		{"old download, a recent sync found it unchanged", Freshness{}, now.Add(-90 * day), now.Add(-time.Hour), FreshCurrent, 3600},
		{"an older check never makes a list younger", Freshness{}, now.Add(-8 * day), now.Add(-40 * day), FreshStale, int64(8 * day / time.Second)},
		{"custom: just under 36h", custom, now.Add(-36*time.Hour + time.Second), time.Time{}, FreshCurrent, int64((36*time.Hour - time.Second) / time.Second)},
		{"custom: just over 36h", custom, now.Add(-36*time.Hour - time.Second), time.Time{}, FreshStale, int64((36*time.Hour + time.Second) / time.Second)},
		{"custom: just under 3d", custom, now.Add(-3*day + time.Second), time.Time{}, FreshStale, int64((3*day - time.Second) / time.Second)},
		{"custom: just over 3d", custom, now.Add(-3*day - time.Second), time.Time{}, FreshExpired, int64((3*day + time.Second) / time.Second)},
		{"a download dated after now is no age", Freshness{}, now.Add(time.Hour), time.Time{}, FreshCurrent, 0},
		{"unknown retrieval time", Freshness{}, time.Time{}, time.Time{}, FreshExpired, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := c.f.Judge(List{Name: "ofac_sdn", Published: "2026-10-01", RetrievedAt: c.retrieved, CheckedAt: c.checked}, now)
			if l.Freshness != c.want || l.AgeSeconds != c.age {
				t.Fatalf("Judge = %s, %d s; want %s, %d s", l.Freshness, l.AgeSeconds, c.want, c.age)
			}
			w := c.f.Warning(l)
			switch {
			case c.want == FreshCurrent && w != "":
				t.Fatalf("a current list warned: %q", w)
			case c.want != FreshCurrent && (!strings.HasPrefix(w, "stale_list: ofac_sdn ") || !strings.Contains(w, "old") && !c.retrieved.IsZero()):
				t.Fatalf("warning %q", w)
			case c.want == FreshExpired && !strings.Contains(w, "not screened"):
				t.Fatalf("an expired list's warning does not say it was not screened: %q", w)
			case c.want == FreshStale && !strings.Contains(w, "was screened"):
				t.Fatalf("a stale list's warning %q", w)
			}
		})
	}
}

func TestParseAge(t *testing.T) {
	for in, want := range map[string]time.Duration{"7d": 7 * 24 * time.Hour, "30d": 30 * 24 * time.Hour, "168h": 168 * time.Hour, " 90m ": 90 * time.Minute} {
		if got, err := ParseAge(in); err != nil || got != want {
			t.Errorf("ParseAge(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "0d", "-1d", "7", "7 days", "0s", "-5h", "1.5d", "99999999d"} {
		if got, err := ParseAge(in); err == nil {
			t.Errorf("ParseAge(%q) = %v, want an error", in, got)
		}
	}
	if err := (Freshness{MaxAge: 10 * 24 * time.Hour, HardMaxAge: 9 * 24 * time.Hour}).Check(); err == nil {
		t.Error("a hard limit below the warning limit passed")
	}
	if err := (Freshness{MaxAge: 40 * 24 * time.Hour}).Check(); err == nil {
		t.Error("a warning limit above the default hard limit passed")
	}
	if err := (Freshness{}).Check(); err != nil {
		t.Error(err)
	}
}

func TestFormatAge(t *testing.T) {
	for d, want := range map[time.Duration]string{0: "0s", 40 * time.Second: "40s", 5 * time.Minute: "5m", 5*time.Hour + 12*time.Minute: "5h 12m",
		7 * 24 * time.Hour: "7d", 9*24*time.Hour + 4*time.Hour + 3*time.Minute: "9d 4h", -time.Hour: "0s"} {
		if got := FormatAge(d); got != want {
			t.Errorf("FormatAge(%v) = %q, want %q", d, got, want)
		}
	}
}

// sanctions_screen through the Screener: a stale list is screened with a
// stale_list warning; an expired one is never screened, so it is never
// the basis of no_match_found, even when it holds the name; with nothing
// else the answer is not_checked and not charged.
func TestScreenFreshness(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	entries := []Listed{
		{List: "ofac_sdn", Entity: sanctions.Entity{ID: "1", Type: sanctions.TypeEntity, Name: "GULF EXAMPLE SHIPPING LLC"}},
		{List: "un", Entity: sanctions.Entity{ID: "QDe.1", Type: sanctions.TypeEntity, Name: "NORTH STAR RELIEF FOUNDATION"}},
	}
	engine := func(ofacAge, unAge time.Duration) *Engine {
		return NewEngine([]List{
			{Name: "ofac_sdn", Version: "2026-11-20", Published: "2026-11-20", Entries: 1, Batch: "b-ofac", RetrievedAt: now.Add(-ofacAge)},
			{Name: "un", Version: "2026-09-01", Published: "2026-09-01", Entries: 1, Batch: "b-un", RetrievedAt: now.Add(-unAge)},
		}, entries)
	}
	ctx := capability.WithCall(context.Background(), capability.Call{Now: now})
	for _, c := range []struct {
		name           string
		ofac, un       time.Duration
		query          string
		status         string
		used, notUsed  []string
		warnings       []string // lists named by a stale_list warning
		charge         bool
		notChargedWhy  string
		matchedEntryID string
	}{
		{"both current", day, 2 * day, "North Star Relief Foundation", StatusPossible, []string{"ofac_sdn", "un"}, nil, nil, true, "", "QDe.1"},
		{"un just over the max age: screened, warned", day, 7*day + time.Second, "North Star Relief Foundation", StatusPossible, []string{"ofac_sdn", "un"}, nil, []string{"un"}, true, "", "QDe.1"},
		{"un just under the hard limit: screened, warned", day, 30*day - time.Second, "North Star Relief Foundation", StatusPossible, []string{"ofac_sdn", "un"}, nil, []string{"un"}, true, "", "QDe.1"},
		{"un just over the hard limit: its entry is not found", day, 30*day + time.Second, "North Star Relief Foundation", StatusNoMatch, []string{"ofac_sdn"}, []string{"un"}, []string{"un"}, true, "", ""},
		{"every list expired: not_checked, not charged", 31 * day, 45 * day, "North Star Relief Foundation", StatusNotChecked, nil, []string{"ofac_sdn", "un"}, []string{"ofac_sdn", "un"}, false, dalil.NotChargedStaleOnly, ""},
		{"every list expired, a name on none: still not no_match_found", 31 * day, 45 * day, "Nobody Listed Trading", StatusNotChecked, nil, []string{"ofac_sdn", "un"}, []string{"ofac_sdn", "un"}, false, dalil.NotChargedStaleOnly, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := engine(c.ofac, c.un)
			deps := Deps{Lists: listsFunc(func() (*Engine, error) { return e, nil })}
			out, err := Screen(ctx, deps, Input{Name: c.query})
			if err != nil {
				t.Fatal(err)
			}
			if out.Status != c.status {
				t.Fatalf("status %s, want %s: %s", out.Status, c.status, out.Summary)
			}
			if got := listNames(out.Lists); strings.Join(got, ",") != strings.Join(c.used, ",") || strings.Join(out.ListsChecked, ",") != strings.Join(c.used, ",") {
				t.Fatalf("lists used %v (checked %v), want %v", got, out.ListsChecked, c.used)
			}
			if got := listNames(out.ListsNotUsed); strings.Join(got, ",") != strings.Join(c.notUsed, ",") {
				t.Fatalf("lists not used %v, want %v", got, c.notUsed)
			}
			var warned []string
			for _, w := range out.Warnings {
				if name, ok := strings.CutPrefix(w, "stale_list: "); ok {
					warned = append(warned, strings.Fields(name)[0])
				}
			}
			if strings.Join(warned, ",") != strings.Join(c.warnings, ",") {
				t.Fatalf("stale_list warnings for %v, want %v: %q", warned, c.warnings, out.Warnings)
			}
			for _, l := range out.Lists {
				if l.Freshness == "" || l.CurrentAsOf.IsZero() || l.Published == "" || l.RetrievedAt.IsZero() {
					t.Fatalf("list used without its dates and freshness: %+v", l)
				}
			}
			for _, m := range out.Matches {
				if m.EntityID != c.matchedEntryID {
					t.Fatalf("match %+v, want entry %q", m, c.matchedEntryID)
				}
				for _, l := range c.notUsed {
					if m.List == l {
						t.Fatalf("a match from an expired list: %+v", m)
					}
				}
			}
			if (len(out.Matches) > 0) != (c.matchedEntryID != "") {
				t.Fatalf("matches %+v", out.Matches)
			}
			if charge, why := dalil.DecideEvidence(out.Basis()); charge != c.charge || why != c.notChargedWhy {
				t.Fatalf("DecideEvidence = %v %q, want %v %q", charge, why, c.charge, c.notChargedWhy)
			}
			if c.status == StatusNotChecked && (!strings.Contains(out.Summary, "Nothing was screened") || strings.Contains(out.Summary, "No listed name")) {
				t.Fatalf("summary %q", out.Summary)
			}
		})
	}
}

func listNames(ls []List) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Name)
	}
	return out
}

// The Screener takes "now" from the call: the same lists are current for
// a call at the import and expired for a call a month later.
func TestScreenerTakesTheCallsTime(t *testing.T) {
	imported := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	e := retrievedAt(testEngine(), imported)
	s := Screener{Lists: listsFunc(func() (*Engine, error) { return e, nil }), Freshness: Freshness{MaxAge: day(2), HardMaxAge: day(5)}}
	q := Query{Names: []string{"Gulf Example Shipping"}}
	at := func(t time.Time) context.Context {
		return capability.WithCall(context.Background(), capability.Call{Now: t})
	}
	if r, err := s.Screen(at(imported.Add(day(1))), q); err != nil || r.Status != StatusPossible || len(r.Warnings) != 0 || len(r.NotUsed) != 0 {
		t.Fatalf("a day later: %+v %v", r, err)
	}
	if r, err := s.Screen(at(imported.Add(day(3))), q); err != nil || r.Status != StatusPossible || len(r.Warnings) != 2 || len(r.NotUsed) != 0 {
		t.Fatalf("three days later: %+v %v", r, err)
	}
	if r, err := s.Screen(at(imported.Add(day(6))), q); err != nil || r.Status != StatusNotChecked || len(r.Lists) != 0 || len(r.Matches) != 0 || len(r.NotUsed) != 2 {
		t.Fatalf("six days later: %+v %v", r, err)
	}
}

func day(n int) time.Duration { return time.Duration(n) * 24 * time.Hour }
