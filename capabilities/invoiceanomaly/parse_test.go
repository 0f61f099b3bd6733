package invoiceanomaly

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseMicros(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr error
	}{
		{"0", 0, nil},
		{"1", 1_000_000, nil},
		{"0.1", 100_000, nil},
		{"125.500", 125_500_000, nil},
		{"0.000001", 1, nil},
		{"007.50", 7_500_000, nil},
		{"1e3", 1_000_000_000, nil},
		{"1.5E-2", 15_000, nil},
		{"2.50e+1", 25_000_000, nil},
		{"-3.25", -3_250_000, nil},
		{"1000000000000", 1_000_000_000_000_000_000, nil},
		{"0.0000010", 1, nil},
		{"0.0000001", 0, errTooManyDecimals},
		{"1e-7", 0, errTooManyDecimals},
		{"10000000000000", 0, errTooLarge},
		{"1e20", 0, errTooLarge},
		{"", 0, errEmptyDecimal},
		{"abc", 0, errNotDecimal},
		{"1,000.00", 0, errNotDecimal},
		{"$5", 0, errNotDecimal},
		{"+5", 0, errNotDecimal},
		{"5.", 0, errNotDecimal},
		{".5", 0, errNotDecimal},
		{"1e", 0, errNotDecimal},
		{"1e99999", 0, errNotDecimal},
		{" 5", 0, errNotDecimal},
		{"0e99", 0, nil},
		{"999999999999.999999", 999_999_999_999_999_999, nil}, // the fast path's largest
		{"-0", 0, nil},
		{"-0.5", -500_000, nil},
		{"12.3400000", 12_340_000, nil}, // seven decimals, zeros
		{"0.1234567", 0, errTooManyDecimals},
		{"1000000000000.000001", 0, errTooLarge},
		{"1.", 0, errNotDecimal},
		{"1.2.3", 0, errNotDecimal},
		{"--1", 0, errNotDecimal},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseMicros(tt.in)
			if err != tt.wantErr || got != tt.want {
				t.Errorf("parseMicros(%q) = %d, %v; want %d, %v", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestFormatMicros(t *testing.T) {
	tests := []struct {
		v    int64
		dec  int
		want string
	}{
		{125_500_000, 3, "125.500"},
		{125_500_000, 2, "125.50"},
		{125_500_000, 0, "125.5"},
		{1, 2, "0.000001"},
		{-2_000_000, 2, "-2.00"},
		{42_000_000, 0, "42"},
	}
	for _, tt := range tests {
		if got := formatMicros(tt.v, tt.dec); got != tt.want {
			t.Errorf("formatMicros(%d, %d) = %q, want %q", tt.v, tt.dec, got, tt.want)
		}
	}
}

func TestDecimalJSON(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Decimal
		wantErr bool
		out     string
	}{
		{"number keeps its text", `0.30000000000000004`, "0.30000000000000004", false, `"0.30000000000000004"`},
		{"number", `105.125`, "105.125", false, `105.125`},
		{"string", `"105.125"`, "105.125", false, `105.125`},
		{"exponent", `1e2`, "1e2", false, `100`},
		{"malformed string kept for Validate", `"1,5"`, "1,5", false, `"1,5"`},
		{"null", `null`, "", false, `""`},
		{"bool", `true`, "", true, ``},
		{"object", `{}`, "", true, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d Decimal
			err := json.Unmarshal([]byte(tt.in), &d)
			if (err != nil) != tt.wantErr {
				t.Fatalf("Unmarshal(%s) error = %v, want error %v", tt.in, err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if d != tt.want {
				t.Errorf("Unmarshal(%s) = %q, want %q", tt.in, d, tt.want)
			}
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.out {
				t.Errorf("Marshal = %s, want %s", b, tt.out)
			}
		})
	}
}

func TestParseDay(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"2026-02-28", "2026-02-28", true},
		{"2024-02-29", "2024-02-29", true},
		{"2026-02-30", "", false},
		{"2025-02-29", "", false},
		{"20/09/2026", "", false},
		{"2026-13-01", "", false},
		{"2026-03-10T23:30:00-02:00", "2026-03-11", true},
		{"2026-03-10T10:00:00Z", "2026-03-10", true},
		{"2026-09-20T23:30:00Z", "2026-09-20", true},
		{"2026-09-21T01:30:00+04:00", "2026-09-20", true},
		{"2026-09-20T23:30:00.123456Z", "2026-09-20", true},
		{"2026-09-20T23:30Z", "2026-09-20", true},
		{"2026-09-20T23:30:00", "2026-09-20", true}, // no offset: UTC
		{"2026-09-20T23:30", "2026-09-20", true},
		{" 2026-09-20 ", "2026-09-20", true},
		{"2026-02-30T10:00:00Z", "", false},
		{"2026-09-20 10:00:00", "", false},
		{"2026-09-20T", "", false},
		{"2026-09-20T25:00:00Z", "", false},
		{"yesterday", "", false},
		{"1899-12-31", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := parseDay(tt.in)
			if (err == nil) != tt.ok {
				t.Fatalf("parseDay(%q) error = %v, want ok %v", tt.in, err, tt.ok)
			}
			if tt.ok && d.String() != tt.want {
				t.Errorf("parseDay(%q) = %s, want %s", tt.in, d, tt.want)
			}
		})
	}
}

func TestMinorUnits(t *testing.T) {
	tests := map[string]int64{"OMR": 1000, "omr": 1000, "BHD": 1000, "KWD": 1000, "JOD": 1000, "USD": 10_000, "EUR": 10_000, "JPY": 1_000_000, "KRW": 1_000_000, "CLF": 100, "XYZ": 10_000}
	for cur, want := range tests {
		if got := unitMicros(cur); got != want {
			t.Errorf("unitMicros(%s) = %d, want %d", cur, got, want)
		}
	}
}

func TestNormalizeInvoiceNumber(t *testing.T) {
	tests := []struct{ in, want string }{
		{"INV-000123", "123"},
		{"inv 123", "123"},
		{"Invoice No. 00123", "123"},
		{"#123", "123"},
		{"F-2026-118", "F2026118"},
		{"f 2026 118", "F2026118"},
		{"INVENTORY-5", "INVENTORY5"},
		{"NO-VA-1", "NOVA1"},
		{"0000", "0"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := normalizeInvoiceNumber(tt.in); got != tt.want {
			t.Errorf("normalizeInvoiceNumber(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNormalizeSupplierName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Al Noor Trading LLC", "al noor trading"},
		{"AL-NOOR TRADING L.L.C.", "al noor trading"},
		{"Acme Supplies Inc.", "acme supplies"},
		{"ACME SUPPLIES", "acme supplies"},
		{"Smith & Sons Co", "smith sons"},
		{"Muscat Gases SAOG", "muscat gases"},
	}
	for _, tt := range tests {
		if got := normalizeSupplierName(tt.in); got != tt.want {
			t.Errorf("normalizeSupplierName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNumbersSimilar(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"4471", "4417", true},     // transposition
		{"7001A", "7001", true},    // letter suffix
		{"1001", "1002", false},    // sequential
		{"1001", "1019", false},    // sequential within 20
		{"1001", "7001", true},     // one digit, far apart
		{"ABC123", "ABD123", true}, // typo
		{"12", "21", false},        // too short
		{"123456", "123465", true},
		{"2026118", "2026999", false},
		{"X100", "X100", false},
		{"ASM062", "ASM060", false}, // sequential after a prefix
		{"ASM062", "ASM092", true},  // one digit, 30 apart
		{"ASM062", "ASN062", true},  // prefix typo
		{"ASM062", "ASM026", true},  // transposition
		{"2026A04", "2026A08", false},
	}
	for _, tt := range tests {
		if got := numbersSimilar(tt.a, tt.b); got != tt.want {
			t.Errorf("numbersSimilar(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"kitten", "sitting", 5, 3},
		{"kitten", "sitting", 1, 2},
		{"abc", "abc", 2, 0},
		{"", "abc", 5, 3},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}

func TestMaskAndIBAN(t *testing.T) {
	tests := []struct {
		in      string
		mask    string
		iban    bool
		problem bool
	}{
		{"DE89 3704 0044 0532 0130 00", "****3000", true, false},
		{"GB82WEST12345698765432", "****5432", true, false},
		{"GB82WEST12345698765433", "****5433", true, true},
		{"DE8937040044053201300", "****1300", true, true}, // one short
		{"1234567", "****4567", false, false},
		{"123", "****", false, false},
		{"12-34", "****", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := maskAccount(tt.in); got != tt.mask {
				t.Errorf("maskAccount = %q, want %q", got, tt.mask)
			}
			n := normalizeAccount(tt.in)
			if got := looksLikeIBAN(n); got != tt.iban {
				t.Fatalf("looksLikeIBAN = %v, want %v", got, tt.iban)
			}
			if tt.iban {
				if got := ibanProblem(n) != ""; got != tt.problem {
					t.Errorf("ibanProblem = %q, want problem %v", ibanProblem(n), tt.problem)
				}
			}
		})
	}
}

func TestUnusualAmount(t *testing.T) {
	hist := []int64{100, 104, 98, 101, 99, 103}
	tests := []struct {
		name string
		x    int64
		hist []int64
		sev  string
		ok   bool
	}{
		{"usual", 105, hist, "", false},
		{"above max but under 2x", 150, hist, "", false},
		{"3x", 300, hist, sevMedium, true},
		{"5x", 510, hist, sevHigh, true},
		{"spread history", 300, []int64{50, 150, 250, 120, 280}, "", false},
		{"flat history", 250, []int64{100, 100, 100}, sevMedium, true},
		{"empty", 300, nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sev, _, ok := unusualAmount(tt.x, tt.hist)
			if sev != tt.sev || ok != tt.ok {
				t.Errorf("unusualAmount(%d) = %q, %v; want %q, %v", tt.x, sev, ok, tt.sev, tt.ok)
			}
		})
	}
}

func TestMedianMAD(t *testing.T) {
	med, mad := medianMAD([]int64{1, 2, 3, 4, 100})
	if diff := cmp.Diff([2]int64{3, 1}, [2]int64{med, mad}); diff != "" {
		t.Errorf("medianMAD (-want +got):\n%s", diff)
	}
	med, _ = medianMAD([]int64{4, 1, 3, 2})
	if med != 2 {
		t.Errorf("median of 1..4 = %d, want 2 (lower-middle mean, truncated)", med)
	}
}
