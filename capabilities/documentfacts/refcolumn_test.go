package documentfacts

import "testing"

// TestRefColumn: a header row names the document's own number or
// reference in English or Arabic. The English half once began with a
// backspace character (a \b typed into a raw string) and matched nothing.
func TestRefColumn(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"Invoice No. | Date | Customer", true},
		{"PO Number | Date", true},
		{"Date | Ref.", true},
		{"Our Reference | Date | Page", true},
		{"رقم أمر الشراء | التاريخ | مرجع عرض السعر", true},
		{"Item | Description | Date", false},
		{"Date | Amount (OMR)", false},
		{"Piano | Date", false},
	} {
		if got := reRefColumn.MatchString(c.header); got != c.want {
			t.Errorf("reRefColumn(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}
