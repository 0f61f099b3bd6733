package l402

import (
	"math"
	"testing"

	"dalil"
)

func TestPriceSats(t *testing.T) {
	tests := []struct {
		name  string
		price dalil.MicroUSD
		rate  string
		want  int64
	}{
		// 0.01 USD at 100,000 USD/BTC = 0.0000001 BTC = 10 sats exactly.
		{"exact cent", 10_000, "100000", 10},
		{"exact dollar", dalil.USD, "100000", 1_000},
		// 0.01 USD at 97,123.45: 1e4*1e8/97_123_450_000 = 10.296… -> 11.
		{"rounds up", 10_000, "97123.45", 11},
		{"one micro-dollar is at least a sat", 1, "100000", 1},
		{"zero price is still one sat", 0, "100000", 1},
		// 0.25 USD at 60,000: 416.666… -> 417.
		{"quarter", 250_000, "60000", 417},
		// 10 USD at 1 USD/BTC: 10 BTC.
		{"cheap bitcoin", 10 * dalil.USD, "1", 1_000_000_000},
		// rate with six decimals: 1 USD at 0.5 USD/BTC = 2 BTC.
		{"fractional rate", dalil.USD, "0.5", 200_000_000},
		{"just above an integer", 1_000_001, "100000", 1_001}, // 1000.001 -> 1001
		{"large price", 1_000_000 * dalil.USD, "100000", 1_000_000_000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rate, err := ParseRate(tt.rate)
			if err != nil {
				t.Fatal(err)
			}
			got, err := PriceSats(tt.price, rate)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("PriceSats(%d, %s) = %d, want %d", tt.price, tt.rate, got, tt.want)
			}
		})
	}
}

func TestPriceSatsRefuses(t *testing.T) {
	tests := []struct {
		name  string
		price dalil.MicroUSD
		rate  dalil.MicroUSD
	}{
		{"negative price", -1, 100_000 * dalil.USD},
		{"zero rate", 10_000, 0},
		{"negative rate", 10_000, -5},
		{"more than all bitcoin", math.MaxInt64, 1},
		{"above supply", 22_000_000 * dalil.USD, dalil.USD}, // 22M BTC at 1 USD/BTC
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := PriceSats(tt.price, tt.rate); err == nil {
				t.Errorf("PriceSats(%d, %d) = %d, want an error", tt.price, tt.rate, got)
			}
		})
	}
}

func TestParseRate(t *testing.T) {
	good := map[string]dalil.MicroUSD{
		"97123.45":     97_123_450_000,
		"100000":       100_000 * dalil.USD,
		"0.000001":     1,
		"65000.123456": 65_000_123_456,
	}
	for s, want := range good {
		got, err := ParseRate(s)
		if err != nil || got != want {
			t.Errorf("ParseRate(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "0", "0.0", "-1", "1e5", "97123.4567891", "abc", " ", "NaN", "+5"} {
		if got, err := ParseRate(s); err == nil {
			t.Errorf("ParseRate(%q) = %d, want an error", s, got)
		}
	}
}
