package omanbusiness

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

var now = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func r(id, cr, en, ar string, st SourceType, mod func(*Record)) Record {
	rec := Record{Source: "src", RecordID: id, SourceType: st, ObservedAt: now.AddDate(0, -2, 0), CRNumber: cr, NameEn: en, NameAr: ar}
	if mod != nil {
		mod(&rec)
	}
	return rec
}

func testCatalog() *Catalog {
	return NewCatalog([]Record{
		r("1", "1234567", "Al Noor Trading LLC", "شركة النور للتجارة ش.م.م", SourcePublicRegistry, func(x *Record) {
			x.Governorate, x.Wilayat, x.Industry = "Muscat", "Bawshar", "Building materials"
		}),
		r("2", "7654321", "Oman Trading LLC", "", SourcePublicRegistry, func(x *Record) { x.Governorate = "Muscat" }),
		r("3", "7654322", "Oman Trading LLC", "", SourcePublicRegistry, func(x *Record) { x.Governorate = "Dhofar" }),
		r("4", "5555555", "Oman Trading Services SAOC", "", SourceDirectory, nil),
		r("5", "", "Sohar Marine Engineering", "", SourceDirectory, nil),
		// A second source of CR 1234567: joins the company.
		{Source: "dir", RecordID: "9", SourceType: SourceDirectory, ObservedAt: now, CRNumber: "1234567", NameEn: "Al Noor Trading", Website: "alnoor.om"},
	})
}

func TestSearchScores(t *testing.T) {
	c := testCatalog()
	for _, tc := range []struct {
		q                  Query
		wantID, by         string
		min, max           float64
		wantMatchesAtLeast int
	}{
		{Query{Text: "123-4567"}, "OM-CR-1234567", "cr_number", 0.98, 0.98, 1},
		{Query{Text: "AL NOOR TRADING L.L.C."}, "OM-CR-1234567", "exact_name", 0.94, 0.94, 1},
		{Query{Text: "Al Noor Trading", Governorate: "مسقط", Wilayat: "Bausher", Industry: "building"}, "OM-CR-1234567", "exact_name", 1, 1, 1},
		{Query{Text: "شركة النور للتجارة"}, "OM-CR-1234567", "exact_name", 0.94, 0.94, 1},
		{Query{Text: "Al Noor"}, "OM-CR-1234567", "prefix", 0.75, 0.83, 1},
		{Query{Text: "Al Nour Tradng"}, "OM-CR-1234567", "similar_name", 0.3, 0.65, 1},
		{Query{Text: "Sohar Marine Engineering Est."}, c.companies[c.byCR["1234567"]].ID, "", 0, 1, 1},
	} {
		got := c.Search(tc.q)
		if len(got) < tc.wantMatchesAtLeast {
			t.Errorf("%+v: %d matches", tc.q, len(got))
			continue
		}
		if tc.by == "" {
			if got[0].Company.Merged.NameEn != "Sohar Marine Engineering" || got[0].Score != 0.94 {
				t.Errorf("%+v: top %+v", tc.q, got[0])
			}
			continue
		}
		top := got[0]
		if top.Company.ID != tc.wantID || top.MatchedBy != tc.by || top.Score < tc.min || top.Score > tc.max {
			t.Errorf("%+v: top = %s %s %.2f, want %s %s in [%.2f, %.2f]", tc.q, top.Company.ID, top.MatchedBy, top.Score, tc.wantID, tc.by, tc.min, tc.max)
		}
	}
	// One name, two CR numbers: two companies, both exact, never merged.
	got := c.Search(Query{Text: "Oman Trading LLC"})
	if len(got) < 3 || got[0].Score != 0.94 || got[1].Score != 0.94 || got[0].Company.ID == got[1].Company.ID {
		t.Fatalf("same name = %+v", got)
	}
	// "Oman Trading" vs "Oman Trading Services": a prefix, below the exact matches.
	if got[2].Company.Merged.NameEn != "Oman Trading Services SAOC" || got[2].MatchedBy != "prefix" || got[2].Score >= 0.94 {
		t.Errorf("near miss = %+v", got[2])
	}
	// The governorate boost orders the two namesakes.
	got = c.Search(Query{Text: "Oman Trading LLC", Governorate: "Dhofar"})
	if got[0].Company.ID != "OM-CR-7654322" || got[0].Score != 0.97 {
		t.Errorf("boosted = %s %.2f", got[0].Company.ID, got[0].Score)
	}
	if got := c.Search(Query{Text: "Qqqq Zzzz"}); len(got) != 0 {
		t.Errorf("nonsense found %+v", got)
	}
}

func TestMergeProvenance(t *testing.T) {
	c := testCatalog()
	co, ok := c.ByCR("1234567")
	if !ok || len(co.Records) != 2 {
		t.Fatalf("ByCR = %+v", co)
	}
	m := co.Merged
	// The registry states the name; the directory alone states the website.
	if m.NameEn != "Al Noor Trading LLC" || co.Records[m.From[FieldCompanyName]].SourceType != SourcePublicRegistry ||
		m.Website != "alnoor.om" || co.Records[m.From[FieldWebsite]].SourceType != SourceDirectory || m.IdentityConflict {
		t.Errorf("merged = %+v", m)
	}
	if real, demo := co.Sources(); real != 2 || demo != 0 {
		t.Errorf("sources = %d, %d", real, demo)
	}
	// Another name under the same CR is an identity conflict.
	c2 := NewCatalog(append([]Record{r("x", "1234567", "Completely Different Holding", "", SourceDirectory, nil)}, testCatalog().companies[0].Records...))
	if co, _ := c2.ByCR("1234567"); !co.Merged.IdentityConflict {
		t.Error("no identity conflict")
	}
}

func TestRiskAndConfidence(t *testing.T) {
	full := NewCompany("x", []Record{r("1", "1234567", "A Co", "", SourcePublicRegistry, func(x *Record) {
		x.Status, x.LegalForm, x.RegistrationDate, x.Industry, x.Governorate, x.Wilayat = "active", "LLC", "2010-01-01", "Trade", "Muscat", "Seeb"
		x.Address, x.Website, x.Email, x.Phone = "Seeb", "a.om", "a@a.om", "+96824123456"
	})})
	if risk := AssessRisk(&full, now); risk.Score != 0 || risk.Level != "low" || len(risk.Flags) != 0 {
		t.Errorf("complete company risk = %+v", risk)
	}
	if conf, _ := Confidence(&full, now); conf < 0.7 || conf > 1 {
		t.Errorf("complete confidence = %v", conf)
	}
	bare := NewCompany("y", []Record{r("1", "", "B Co", "", SourceDirectory, func(x *Record) { x.Status = "inactive" })})
	risk := AssessRisk(&bare, now)
	// inactive 50 + no reg date 5 + no CR 10 + no legal form 5 + no website 5 + no contact 5 + completeness 5 = 85
	if risk.Score != 85 || risk.Level != "high" {
		t.Errorf("bare risk = %+v", risk)
	}
	demo := NewCompany("z", []Record{{Source: "d", RecordID: "1", SourceType: SourceDemo, Synthetic: true, ObservedAt: now, NameEn: "Z"}})
	c1, _ := Confidence(&demo, now)
	if c1 > 0.3 || !hasFlag(AssessRisk(&demo, now).Flags, "DEMO_DATA_ONLY") {
		t.Errorf("demo confidence %v", c1)
	}
	if v := Verification(SourcePublicRegistry, now.AddDate(-2, 0, 0), now); v != VerStale {
		t.Errorf("old registry record = %s", v)
	}
}

// Property: the same records in any order give the same companies and
// the same merged fields.
func TestMergeOrderIndependent(t *testing.T) {
	recs := testCatalog().companies
	var all []Record
	for _, c := range recs {
		all = append(all, c.Records...)
	}
	want := fmt.Sprintf("%+v", NewCatalog(all).companies)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		rng.Shuffle(len(all), func(a, b int) { all[a], all[b] = all[b], all[a] })
		if got := fmt.Sprintf("%+v", NewCatalog(all).companies); got != want {
			t.Fatalf("order changed the merge:\n%s\n%s", got, want)
		}
	}
}

// BenchmarkSearch20k searches 20,000 companies (go test -bench Search20k
// ./capabilities/omanbusiness).
func BenchmarkSearch20k(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"Al", "Noor", "Gulf", "Star", "Oman", "Trading", "Services", "Muscat", "Sohar", "Marine", "Engineering", "Logistics", "Steel", "Digital", "Fire", "Safety", "Cool", "Air"}
	var recs []Record
	for i := 0; i < 20000; i++ {
		name := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))] + fmt.Sprintf(" %d LLC", i)
		recs = append(recs, r(fmt.Sprint(i), fmt.Sprint(1000000+i), name, "", SourcePublicRegistry, nil))
	}
	c := NewCatalog(recs)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Search(Query{Text: "Gulf Star Logistcs"})
	}
}

// An Arabic query finds a company recorded only in English (internal/names
// compares the two scripts through their consonant skeleton), and word
// order does not matter.
func TestSearchAcrossScriptsAndOrder(t *testing.T) {
	c := NewCatalog([]Record{r("1", "1234567", "Al Noor Trading LLC", "", SourcePublicRegistry, nil), r("2", "2345678", "Gulf Star Logistics", "", SourcePublicRegistry, nil)})
	got := c.Search(Query{Text: "النور للتجارة"})
	if len(got) == 0 || got[0].Company.ID != "OM-CR-1234567" || got[0].MatchedBy != "similar_name" {
		t.Errorf("Arabic query = %+v", got)
	}
	got = c.Search(Query{Text: "Logistics Gulf Star"})
	if len(got) == 0 || got[0].Company.ID != "OM-CR-2345678" || got[0].Score != 0.94 {
		t.Errorf("word order = %+v", got)
	}
}
