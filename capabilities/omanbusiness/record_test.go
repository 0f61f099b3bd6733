package omanbusiness

import "testing"

func TestNormalizeCR(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"1234567", "1234567", true},
		{" 123-4567 ", "1234567", true},
		{"123.45/67", "1234567", true},
		{"١٢٣٤٥٦٧", "1234567", true},  // Arabic-Indic digits
		{"۱۲۳ ۴۵۶۷", "1234567", true}, // Persian digits
		{"1234", "1234", true},
		{"123", "123", false},
		{"12345678901", "12345678901", false},
		{"CR1234567", "CR1234567", false},
		{"", "", false},
	} {
		got, ok := NormalizeCR(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("NormalizeCR(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
