package sanctions

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil"
	"dalil/dataset/sanctions"
	"dalil/internal/names"
)

func testEngine() *Engine {
	entries := []Listed{
		{List: "ofac", Entity: sanctions.Entity{ID: "1", Type: sanctions.TypeIndividual, Name: "AL-MITHAL, Khalid Saif",
			Aliases:   []sanctions.Alias{{Name: "خالد سيف المثال", Type: "aka", Quality: "strong"}, {Name: "ABU SAIF", Type: "aka", Quality: "weak"}},
			Countries: []string{"YE"}, DatesOfBirth: []string{"1971-03-12"}, Identifiers: []sanctions.Identifier{{Type: "Passport", Number: "A123-4567", Country: "YE"}}}},
		{List: "ofac", Entity: sanctions.Entity{ID: "2", Type: sanctions.TypeEntity, Name: "GULF EXAMPLE SHIPPING LLC", Countries: []string{"AE"},
			Identifiers: []sanctions.Identifier{{Type: "Registration Number", Number: "1122334", Country: "AE"}}}},
		{List: "un", Entity: sanctions.Entity{ID: "QDi.1", Type: sanctions.TypeIndividual, Name: "Mohammed Abdullah Al-Sample"}},
	}
	return NewEngine([]List{{Name: "un", Version: "2026-10-30", Entries: 1}, {Name: "ofac", Version: "2026-10-28", Entries: 2}}, entries)
}

func TestScreen(t *testing.T) {
	e := testEngine()
	type want struct {
		status, entity, alias, strength, matchType string
		corroborating, contradicting               []string
	}
	for _, c := range []struct {
		name string
		q    Query
		want want
	}{
		{"Arabic alias, country agrees", Query{Names: []string{"خالد سيف المثال"}, Country: "YE"},
			want{StatusHighMatch, "1", "خالد سيف المثال", StrengthHigh, MatchExact, []string{"country YE"}, []string{}}},
		{"Latin transliteration of the main name, order changed", Query{Names: []string{"Khaled Seif Al Mithal"}},
			want{StatusPossible, "1", "", StrengthPossible, MatchExact, []string{}, []string{}}},
		{"country and date of birth contradict", Query{Names: []string{"Khalid Saif Al-Mithal"}, Country: "OM", DateOfBirth: "1980"},
			want{StatusPossible, "1", "", StrengthPossible, MatchExact, []string{}, []string{"listed for YE, not OM", "listed date of birth 1971-03-12, not 1980"}}},
		{"date of birth at the year agrees", Query{Names: []string{"Khalid Saif Al-Mithal"}, DateOfBirth: "1971"},
			want{StatusHighMatch, "1", "", StrengthHigh, MatchExact, []string{"date of birth 1971-03-12"}, []string{}}},
		{"passport number with other punctuation", Query{Names: []string{"Khalid Al Mithal"}, RegistrationNumber: "a1234567"},
			want{StatusHighMatch, "1", "", StrengthHigh, MatchFuzzy, []string{"identifier Passport A123-4567"}, []string{}}},
		{"weak alias alone is never high", Query{Names: []string{"Abu Saif"}, Country: "YE"},
			want{StatusPossible, "1", "ABU SAIF", StrengthPossible, MatchExact, []string{"country YE"}, []string{}}},
		{"entity type contradicts", Query{Names: []string{"Gulf Example Shipping L.L.C."}, EntityType: sanctions.TypeIndividual},
			want{StatusPossible, "2", "", StrengthPossible, MatchExact, []string{}, []string{"listed as an entity, not individual"}}},
		{"registration number in Arabic-Indic digits", Query{Names: []string{"Gulf Example Shipping"}, RegistrationNumber: "١١٢٢٣٣٤"},
			want{StatusHighMatch, "2", "", StrengthHigh, MatchExact, []string{"identifier Registration Number 1122334"}, []string{}}},
		{"another registration number contradicts", Query{Names: []string{"Gulf Example Shipping"}, RegistrationNumber: "9999"},
			want{StatusPossible, "2", "", StrengthPossible, MatchExact, []string{}, []string{"listed with Registration Number 1122334, not 9999"}}},
		{"a translation is no transliteration", Query{Names: []string{"شركة الخليج مثال للشحن"}, RegistrationNumber: "1122334"}, want{status: StatusNoMatch}},
		{"near miss", Query{Names: []string{"Gulf Example Shipping Services"}}, want{status: StatusNoMatch}},
		{"another person of the family", Query{Names: []string{"Ahmed Salem Al-Sample"}}, want{status: StatusNoMatch}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := e.Screen(c.q)
			if r.Status != c.want.status || len(r.Lists) != 2 || r.Lists[0].Name != "ofac" || r.Threshold != DefaultThreshold {
				t.Fatalf("status %s lists %v, want %s: %+v", r.Status, r.Lists, c.want.status, r.Matches)
			}
			if c.want.entity == "" {
				if len(r.Matches) != 0 {
					t.Fatalf("matches %+v", r.Matches)
				}
				return
			}
			m := r.Matches[0]
			got := want{r.Status, m.EntityID, m.MatchedAlias, m.Strength, m.MatchType, m.Corroborating, m.Contradicting}
			if d := cmp.Diff(c.want, got, cmp.AllowUnexported(want{})); d != "" {
				t.Errorf("(-want +got)\n%s", d)
			}
			if m.ListVersion != "2026-10-28" || m.Score < DefaultThreshold || m.ScreenedName != c.q.Names[0] {
				t.Errorf("match %+v", m)
			}
		})
	}
}

func TestScreenThresholdAndNotChecked(t *testing.T) {
	e := testEngine()
	q := Query{Names: []string{"Mohamed Abdulla Al Sampel"}}
	r := e.Screen(q)
	if r.Status != StatusPossible || r.Matches[0].Score >= 1 {
		t.Fatalf("typo: %+v", r)
	}
	q.Threshold = 0.99
	if r = e.Screen(q); r.Status != StatusNoMatch || r.Threshold != 0.99 {
		t.Fatalf("raised threshold: %+v", r)
	}
	q.Threshold = 0.2 // never below the default
	if r = e.Screen(q); r.Threshold != DefaultThreshold || r.Status != StatusPossible {
		t.Fatalf("lowered threshold: %+v", r)
	}
	for _, empty := range []*Engine{nil, NewEngine(nil, nil)} {
		if r := empty.Screen(q); r.Status != StatusNotChecked || r.Matches == nil || r.Lists == nil {
			t.Fatalf("no lists: %+v", r)
		}
	}
	if r, err := (Screener{}).Screen(context.Background(), q); err != nil || r.Status != StatusNotChecked {
		t.Fatalf("no store: %+v %v", r, err)
	}
	boom := errors.New("boom")
	if _, err := (Screener{Lists: listsFunc(func() (*Engine, error) { return nil, boom })}).Screen(context.Background(), q); !errors.Is(err, boom) {
		t.Fatalf("store failure: %v", err)
	}
}

type listsFunc func() (*Engine, error)

func (f listsFunc) Engine(context.Context, []string) (*Engine, error) { return f() }

func (f listsFunc) Current(context.Context) ([]List, error) {
	e, err := f()
	if err != nil || e == nil {
		return nil, err
	}
	return e.Lists(), nil
}

func TestScreenCapability(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC) }
	e := retrievedAt(testEngine(), now())
	deps := Deps{Lists: listsFunc(func() (*Engine, error) { return e, nil }), Now: now}
	out, err := Screen(context.Background(), deps, Input{Name: "Sheikh Khalid bin Saif Al-Mithal", Country: "yemen", DateOfBirth: "1971-03-12", EntityType: "individual"})
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != StatusHighMatch || *out.Screened.Country != "YE" || out.Screened.NormalizedName != "khalid saif mithal" ||
		len(out.ListsChecked) != 2 || out.CheckedAt != "2026-11-01T12:00:00Z" || !strings.Contains(out.Summary, "ofac (version 2026-10-28, 2 entries)") ||
		len(out.Warnings) != 0 || len(out.Matches[0].Corroborating) != 3 {
		t.Fatalf("%+v", out)
	}
	// Synthetic lists say so.
	e = NewEngine([]List{{Name: DemoSource, Version: "2026-10-01", Synthetic: true, RetrievedAt: now()}}, nil)
	if out, _ := Screen(context.Background(), deps, Input{Name: "Anyone"}); out.Status != StatusNoMatch || len(out.Warnings) != 1 {
		t.Fatalf("synthetic: %+v", out)
	}
	// No list: 503 PROVIDER_NOT_CONFIGURED, not_checked.
	_, err = Screen(context.Background(), Deps{}, Input{Name: "Anyone"})
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeProviderNotConfigured || de.Details.(map[string]any)["status"] != StatusNotChecked {
		t.Fatalf("no list: %v", err)
	}
}

func TestInputValidate(t *testing.T) {
	for _, c := range []struct {
		in  Input
		bad string
	}{
		{Input{Name: "Khalid"}, ""},
		{Input{Name: "خالد", Country: "OMN", DateOfBirth: "1971-03"}, ""},
		{Input{Name: "Sheikh"}, ""}, // a title alone is still a name to screen
		{Input{Name: "!!"}, "name"},
		{Input{Name: "Khalid", Country: "Atlantis"}, "country"},
		{Input{Name: "Khalid", DateOfBirth: "1971-02-30"}, "dateOfBirth"},
	} {
		ps := c.in.Validate()
		got := ""
		if len(ps) > 0 {
			got = ps[0].Path
		}
		if got != c.bad {
			t.Errorf("%+v: %v", c.in, ps)
		}
	}
}

// TestEntryDeclares: the declaration is valid and answers its example.
func TestEntryDeclares(t *testing.T) {
	en := Entry(Deps{})
	if en.ID != "sanctions_screen" || en.Price != Price || en.Path != "/api/v1/risk/sanctions-screen" || len(en.InputJSON) == 0 {
		t.Fatalf("%+v", en)
	}
	for _, body := range []string{`{"name":"Al Noor","threshold":0.8}`, `{"name":"Al Noor","entityType":"company"}`, `{"name":"Al Noor","extra":1}`, `{}`} {
		if _, err := en.Decode([]byte(body)); err == nil {
			t.Errorf("%s decoded", body)
		}
	}
	if _, err := en.Decode([]byte(`{"name":"Al Noor","threshold":0.9,"dateOfBirth":"1971","registrationNumber":"CR 1234/5"}`)); err != nil {
		t.Errorf("valid input refused: %v", err)
	}
}

// TestMatchReportsWhy: a match says which parts of the names agreed,
// the alias used and what was set aside, so a reviewer can judge it.
func TestMatchReportsWhy(t *testing.T) {
	e := testEngine()
	m := e.Screen(Query{Names: []string{"Sheikh Khalid Al-Mithal"}}).Matches[0]
	wantParts := []names.Part{
		{Role: "given name", A: "khalid", B: "khalid", Agreement: "same", Score: 1},
		{Role: "father's name", B: "saif", Agreement: "missing"},
		{Role: "family name", A: "mithal", B: "mithal", Agreement: "same", Score: 1},
	}
	if d := cmp.Diff(wantParts, m.NameParts); d != "" {
		t.Errorf("name parts (-want +got):\n%s", d)
	}
	wantReasons := []string{
		"matched the listed name",
		"given name: khalid = khalid (same)",
		"father's name: saif, missing in the screened name",
		"family name: mithal = mithal (same)",
		"the listed name is written family name first",
		"title set aside in the screened name: sheikh",
	}
	if d := cmp.Diff(wantReasons, m.MatchReasons); d != "" {
		t.Errorf("reasons (-want +got):\n%s", d)
	}
	// An alias in Arabic script: the alias is named, the parts compared
	// across scripts.
	m = e.Screen(Query{Names: []string{"Khaled Seif Al Mithal"}}).Matches[0]
	if m.MatchedAlias != "" {
		// Both the name and the alias score 1; the main name wins.
		t.Fatalf("alias %q", m.MatchedAlias)
	}
	m = e.Screen(Query{Names: []string{"خالد سيف المثال"}}).Matches[0]
	if m.MatchReasons[0] != `matched the listed alias "خالد سيف المثال" (aka, strong), not the listed name` || len(m.NameParts) != 3 || m.NameParts[1].Agreement != "same" {
		t.Errorf("alias reasons %q parts %+v", m.MatchReasons, m.NameParts)
	}
	// A company: its words in order, the legal form set aside.
	m = e.Screen(Query{Names: []string{"Gulf Example Shipping L.L.C."}}).Matches[0]
	if !slices.Contains(m.MatchReasons, "word: example = example (same)") || !slices.Contains(m.MatchReasons, "legal form set aside in the listed name: llc") {
		t.Errorf("company reasons %q", m.MatchReasons)
	}
	// The JSON an agent reads.
	b, _ := json.Marshal(m)
	if !strings.Contains(string(b), `"nameParts":[{"role":"word","screened":"gulf","listed":"gulf","agreement":"same","score":1}`) || !strings.Contains(string(b), `"matchReasons":["matched the listed name"`) {
		t.Errorf("json %s", b)
	}
}

// TestScreenNoLongerMatchesSwappedNames: the order of a person's names
// and a company's words counts (issue 29).
func TestScreenNoLongerMatchesSwappedNames(t *testing.T) {
	e := NewEngine([]List{{Name: "ofac", Version: "v"}}, []Listed{
		{List: "ofac", Entity: sanctions.Entity{ID: "1", Type: sanctions.TypeIndividual, Name: "AL-HOSNI, Ali bin Said"}},
		{List: "ofac", Entity: sanctions.Entity{ID: "2", Type: sanctions.TypeEntity, Name: "PETRO GULF SERVICES LLC"}},
	})
	for q, want := range map[string]string{
		"Ali Said Al Hosni":     "1",
		"Said bin Ali Al-Hosni": "",
		"Petro Gulf Services":   "2",
		"Gulf Petro Services":   "",
		"Ali Al-Hosni":          "1",
		"علي بن سعيد الحوسني":   "1",
	} {
		r := e.Screen(Query{Names: []string{q}})
		got := ""
		if len(r.Matches) > 0 {
			got = r.Matches[0].EntityID
		}
		if got != want {
			t.Errorf("%q: matched %q, want %q (%+v)", q, got, want, r.Matches)
		}
	}
}

// TestEngineTakesGivenKeys: NewEngine indexes an entry's names under the
// keys it is given (Listed.Keys: a store's prepared forms), not its own
// Normalize, when there is one key per name; a slice of another length
// is ignored.
func TestEngineTakesGivenKeys(t *testing.T) {
	base := testEngine()
	entries := slices.Clone(base.entries)
	for i := range entries {
		e := &entries[i]
		e.Keys = []names.Key{names.Normalize(e.Name)}
		for _, a := range e.Aliases {
			e.Keys = append(e.Keys, names.Normalize(a.Name))
		}
	}
	given := NewEngine(base.lists, entries)
	for _, q := range []string{"Khalid Saif Al Mithal", "خالد سيف المثال", "Gulf Example Shipping", "Mohamed Abdalla Al Sample", "Nobody Else"} {
		if a, b := given.Screen(Query{Names: []string{q}}), base.Screen(Query{Names: []string{q}}); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: with the keys given %+v, normalised %+v", q, a, b)
		}
	}
	// Keys of other names are taken as given: the entry is found under
	// them.
	entries[1].Keys = []names.Key{names.Normalize("Zubair Other Name")}
	if r := NewEngine(base.lists, entries).Screen(Query{Names: []string{"Zubair Other Name"}}); len(r.Matches) != 1 || r.Matches[0].EntityID != "2" {
		t.Fatalf("the key given not taken: %+v", r.Matches)
	}
	entries[1].Keys = append(entries[1].Keys, names.Normalize("Another"))
	if r := NewEngine(base.lists, entries).Screen(Query{Names: []string{"Gulf Example Shipping"}}); len(r.Matches) != 1 || r.Matches[0].EntityID != "2" {
		t.Fatalf("keys of another length not ignored: %+v", r.Matches)
	}
}
