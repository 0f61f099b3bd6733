package invoiceanomaly

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// scenario is one labelled invoice in testdata/corpus: the input, the
// clock, and the anomaly codes (and optionally the decision and level) a
// careful reviewer expects.
type scenario struct {
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Now         time.Time `json:"now"`
	Input       Input     `json:"input"`
	Expect      struct {
		Codes     []string `json:"codes"`
		Decision  string   `json:"decision"`
		RiskLevel string   `json:"riskLevel"`
	} `json:"expect"`
}

func loadCorpus(t testing.TB) []scenario {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []scenario
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s scenario
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, s)
	}
	return out
}

func codesOf(o Output) []string {
	var cs []string
	for _, a := range o.Anomalies {
		if !slices.Contains(cs, a.Code) {
			cs = append(cs, a.Code)
		}
	}
	slices.Sort(cs)
	return cs
}

// TestCorpus runs every labelled scenario, reports precision and recall per
// anomaly code, and fails when any code's recall is below 0.95 or its
// precision below 0.9, any scenario's input is invalid, or a labelled
// decision or level differs. The corpus must hold at least 120 scenarios,
// among them the reference service's shapes: history items with payment
// terms, payment history and lenient input (padded or lower-case
// currencies, date-times, amounts as padded strings).
func TestCorpus(t *testing.T) {
	corpus := loadCorpus(t)
	if len(corpus) < 120 {
		t.Fatalf("corpus has %d scenarios, want at least 120", len(corpus))
	}
	shapes := map[string]int{}
	for _, s := range corpus {
		for _, h := range s.Input.HistoricalInvoices {
			if h.PaymentTermsDays != nil {
				shapes["history with paymentTermsDays"]++
				break
			}
		}
		if len(s.Input.PaymentHistory) > 0 {
			shapes["paymentHistory"]++
		}
		if lenientInput(s.Input) {
			shapes["lenient input"]++
		}
	}
	for shape, min := range map[string]int{"history with paymentTermsDays": 10, "paymentHistory": 10, "lenient input": 4} {
		if shapes[shape] < min {
			t.Errorf("corpus has %d scenarios with %s, want at least %d", shapes[shape], shape, min)
		}
	}
	type counts struct{ tp, fp, fn int }
	per := map[string]*counts{}
	get := func(c string) *counts {
		if per[c] == nil {
			per[c] = &counts{}
		}
		return per[c]
	}
	currencies := map[string]bool{}
	clean := 0
	for _, s := range corpus {
		currencies[s.Input.Invoice.Currency] = true
		if len(s.Expect.Codes) == 0 {
			clean++
		}
		t.Run(s.Name, func(t *testing.T) {
			if probs := s.Input.Validate(); len(probs) > 0 {
				t.Fatalf("invalid scenario input: %v", probs)
			}
			out := Check(s.Input, Options{Now: s.Now})
			got := codesOf(out)
			want := slices.Clone(s.Expect.Codes)
			slices.Sort(want)
			for _, c := range want {
				if slices.Contains(got, c) {
					get(c).tp++
				} else {
					get(c).fn++
				}
			}
			for _, c := range got {
				if !slices.Contains(want, c) {
					get(c).fp++
				}
			}
			if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })); diff != "" {
				t.Logf("%s: codes (-want +got):\n%s", s.Description, diff)
				for _, a := range out.Anomalies {
					t.Logf("  %s %s %.2f %s", a.Code, a.Severity, a.Confidence, a.Message)
				}
			}
			if s.Expect.Decision != "" && out.Decision != s.Expect.Decision {
				t.Errorf("decision = %s (score %d), want %s", out.Decision, out.RiskScore, s.Expect.Decision)
			}
			if s.Expect.RiskLevel != "" && out.RiskLevel != s.Expect.RiskLevel {
				t.Errorf("riskLevel = %s (score %d), want %s", out.RiskLevel, out.RiskScore, s.Expect.RiskLevel)
			}
		})
	}
	if clean < 10 {
		t.Errorf("corpus has %d clean scenarios, want at least 10", clean)
	}
	for _, c := range []string{"OMR", "USD", "JPY", "KWD", "BHD", "EUR"} {
		if !currencies[c] {
			t.Errorf("corpus has no %s invoice", c)
		}
	}
	codes := make([]string, 0, len(per))
	for c := range per {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for c := range codeInfo {
		if per[c] == nil || per[c].tp+per[c].fn == 0 {
			t.Errorf("no scenario is labelled with %s", c)
		}
	}
	for _, c := range codes {
		n := per[c]
		recall, precision := 1.0, 1.0
		if n.tp+n.fn > 0 {
			recall = float64(n.tp) / float64(n.tp+n.fn)
		}
		if n.tp+n.fp > 0 {
			precision = float64(n.tp) / float64(n.tp+n.fp)
		}
		t.Logf("%-30s precision %.2f recall %.2f (tp %d fp %d fn %d)", c, precision, recall, n.tp, n.fp, n.fn)
		if recall < 0.95 {
			t.Errorf("%s: recall %.2f below 0.95", c, recall)
		}
		if precision < 0.9 {
			t.Errorf("%s: precision %.2f below 0.9", c, precision)
		}
	}
}

// lenientInput reports input the reference service reads leniently: a
// currency with spaces or in lower case, a date-time, or an amount string
// with spaces or a sign.
func lenientInput(in Input) bool {
	odd := func(c string) bool { return c != "" && c != strings.ToUpper(strings.TrimSpace(c)) }
	inv := in.Invoice
	if odd(inv.Currency) || len(inv.InvoiceDate) > 10 || len(inv.DueDate) > 10 ||
		strings.ContainsAny(string(inv.Total)+string(inv.Subtotal), " +") {
		return true
	}
	for _, h := range in.HistoricalInvoices {
		if odd(h.Currency) || len(h.InvoiceDate) > 10 {
			return true
		}
	}
	for _, p := range in.PaymentHistory {
		if odd(p.Currency) || len(p.PaymentDate) > 10 || strings.Contains(string(p.Amount), " ") {
			return true
		}
	}
	if p := in.SupplierProfile; p != nil {
		for _, c := range p.Currencies {
			if odd(c) {
				return true
			}
		}
	}
	return false
}
