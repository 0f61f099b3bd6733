package omanbusiness

import (
	"context"
	"testing"
	"time"

	"dalil"
)

type fixedDirectory struct{ c *Catalog }

func (d fixedDirectory) Catalog(context.Context, Want) (*Catalog, error) { return d.c, nil }

// Every business answer is charged on real company records and not on
// synthetic demo records alone; a search that finds nothing is
// unanswered.
func TestBusinessBasisDecidesCharge(t *testing.T) {
	observed := now.AddDate(0, -1, 0)
	demo := func(x *Record) { x.Source, x.Batch, x.SourceType, x.Synthetic = DemoSource, "b-demo", SourceDemo, true }
	real := func(x *Record) { x.Batch = "b-real" }
	cat := NewCatalog([]Record{
		r("1", "1234567", "Al Noor Trading LLC", "", SourcePublicRegistry, real),
		r("2", "1000001", "Demo Horizon Trading LLC", "", SourceDemo, demo),
		// A real directory record and a demo record of one company.
		r("3", "2222222", "Gulf Star Logistics SPC", "", SourceDirectory, func(x *Record) { x.Source, x.Batch, x.ObservedAt = "dir", "b-dir", observed }),
		r("4", "2222222", "Gulf Star Logistics SPC", "", SourceDemo, demo),
	})
	d := Deps{Directory: fixedDirectory{cat}, Now: func() time.Time { return now }}
	ctx := context.Background()
	type answer interface{ Basis() dalil.Basis }
	do := func(t *testing.T, kind, id string) answer {
		t.Helper()
		var (
			a   answer
			err error
		)
		switch kind {
		case "profile":
			a, err = Profile(ctx, d, ProfileInput{CompanyID: id})
		case "analyze":
			a, err = Analyze(ctx, d, AnalyzeInput{CompanyID: id, Purpose: "supplier"})
		case "due diligence":
			a, err = DueDiligence(ctx, d, DueDiligenceInput{CompanyID: id, TransactionType: "supplier_contract"})
		default:
			a, err = Search(ctx, d, SearchInput{Query: id})
		}
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, c := range []struct {
		kind, id string
		charge   bool
		reason   string
		sources  []dalil.Source
	}{
		// A real company; the demo one of a similar name is under the
		// match threshold, a possible match only and no basis.
		{"search", "Al Noor Trading", true, "", []dalil.Source{{Kind: dalil.SourceDataset, Name: "company records", Dataset: Dataset, Items: 1}}},
		{"search", "1000001", false, dalil.NotChargedSyntheticOnly,
			[]dalil.Source{{Kind: dalil.SourceSynthetic, Name: "demo company records", Dataset: Dataset, Items: 1}}},
		{"search", "1234567", true, "", []dalil.Source{{Kind: dalil.SourceDataset, Name: "company records", Dataset: Dataset, Items: 1}}},
		{"search", "9999999", false, "no_matching_company", nil},
		{"profile", "OM-CR-1234567", true, "", []dalil.Source{{Kind: dalil.SourceDataset, Name: "src", Dataset: Dataset, Batch: "b-real", RetrievedAt: now.AddDate(0, -2, 0), Items: 1}}},
		{"profile", "OM-CR-1000001", false, dalil.NotChargedSyntheticOnly,
			[]dalil.Source{{Kind: dalil.SourceSynthetic, Name: DemoSource, Dataset: Dataset, Batch: "b-demo", RetrievedAt: now.AddDate(0, -2, 0), Items: 1}}},
		{"analyze", "OM-CR-1000001", false, dalil.NotChargedSyntheticOnly, nil},
		{"due diligence", "OM-CR-1000001", false, dalil.NotChargedSyntheticOnly, nil},
		{"analyze", "OM-CR-1234567", true, "", nil},
		{"due diligence", "OM-CR-2222222", true, "", []dalil.Source{
			{Kind: dalil.SourceDataset, Name: "dir", Dataset: Dataset, Batch: "b-dir", RetrievedAt: observed, Items: 1},
			{Kind: dalil.SourceSynthetic, Name: DemoSource, Dataset: Dataset, Batch: "b-demo", RetrievedAt: now.AddDate(0, -2, 0), Items: 1}}},
	} {
		t.Run(c.kind+" "+c.id, func(t *testing.T) {
			b := do(t, c.kind, c.id).Basis()
			if charge, reason := dalil.DecideEvidence(b); charge != c.charge || reason != c.reason {
				t.Fatalf("DecideEvidence = %v %q, want %v %q (basis %+v)", charge, reason, c.charge, c.reason, b)
			}
			if c.sources == nil {
				return
			}
			if len(b.Sources) != len(c.sources) {
				t.Fatalf("sources %+v, want %+v", b.Sources, c.sources)
			}
			for i, s := range b.Sources {
				w := c.sources[i]
				if s.Kind != w.Kind || s.Name != w.Name || s.Dataset != w.Dataset || s.Batch != w.Batch || !s.RetrievedAt.Equal(w.RetrievedAt) || s.Items != w.Items {
					t.Errorf("source %d = %+v, want %+v", i, s, w)
				}
			}
		})
	}
}

// Issue 30 item 2: candidates under the match threshold are not results.
// "Omantel" resembles none of these real companies closely; what it
// resembles is listed as possibleMatches and the search is not charged.
// A search with a match at the threshold is charged, and its weaker
// candidates are possible matches beside it.
func TestSearchThresholdSeparatesPossibleMatches(t *testing.T) {
	d := Deps{Directory: fixedDirectory{testCatalog()}, Now: func() time.Time { return now }}
	for _, c := range []struct {
		query              string
		matches, possibles int // at least possibles
		charge             bool
	}{
		{"Omantel", 0, 1, false},
		{"Oman Telecommunications", 0, 1, false},
		{"Al Nour Tradng", 1, 1, true},
		{"Oman Trading LLC", 3, 0, true},
	} {
		t.Run(c.query, func(t *testing.T) {
			out, err := Search(context.Background(), d, SearchInput{Query: c.query})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Matches) != c.matches || out.TotalMatches != c.matches || len(out.PossibleMatches) < c.possibles {
				t.Fatalf("matches %d (total %d), possible %d; want %d, at least %d possible: %+v", len(out.Matches), out.TotalMatches,
					len(out.PossibleMatches), c.matches, c.possibles, out)
			}
			for _, m := range out.Matches {
				if m.Confidence < MatchThreshold {
					t.Errorf("match %s at %.2f, under the threshold", m.CompanyName, m.Confidence)
				}
			}
			for _, m := range out.PossibleMatches {
				if m.Confidence >= MatchThreshold || m.Confidence < MinScore {
					t.Errorf("possible match %s at %.2f", m.CompanyName, m.Confidence)
				}
			}
			charge, reason := dalil.DecideEvidence(out.Basis())
			if charge != c.charge {
				t.Errorf("charged %v (%q), want %v", charge, reason, c.charge)
			}
			if !c.charge && (reason != "no_matching_company" || len(out.Warnings) == 0) {
				t.Errorf("reason %q, warnings %q", reason, out.Warnings)
			}
		})
	}
}

// A search answer with a real and a demo match rests on both; possible
// matches add nothing.
func TestSearchBasisMixed(t *testing.T) {
	o := SearchOutput{TotalMatches: 2, Matches: []SearchMatch{{CompanyID: "a"}, {CompanyID: "b", Synthetic: true}},
		PossibleMatches: []SearchMatch{{CompanyID: "c"}, {CompanyID: "d"}}}
	b := o.Basis()
	if len(b.Sources) != 2 || b.Sources[0].Kind != dalil.SourceDataset || b.Sources[0].Items != 1 || b.Sources[1].Kind != dalil.SourceSynthetic || b.Unanswered != "" {
		t.Errorf("basis %+v", b)
	}
}
