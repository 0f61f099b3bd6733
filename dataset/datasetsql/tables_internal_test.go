package datasetsql

import "testing"

// Table and column names are written into the queries: only plain names
// pass, and a dataset must name the tables of its rows.
func TestTablesCheck(t *testing.T) {
	ok := Tables{Batches: "comparable_batches", RowsCount: "rows_count", Rows: []string{"comparables"}}
	for _, tc := range []struct {
		name  string
		edit  func(*Tables)
		valid bool
	}{
		{"as declared", func(*Tables) {}, true},
		{"with current and version", func(t *Tables) { t.Current, t.Version = "current", "published" }, true},
		{"no rows", func(t *Tables) { t.Rows = nil }, false},
		{"no rows count", func(t *Tables) { t.RowsCount = "" }, false},
		{"quoted", func(t *Tables) { t.Batches = `"x"` }, false},
		{"injection", func(t *Tables) { t.Rows = []string{"x; DROP TABLE accounts"} }, false},
		{"bad current", func(t *Tables) { t.Current = "a b" }, false},
		{"upper case", func(t *Tables) { t.Version = "Published" }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := ok
			tb.Rows = append([]string{}, ok.Rows...)
			tc.edit(&tb)
			if err := tb.check(); (err == nil) != tc.valid {
				t.Errorf("check() = %v, want valid %v", err, tc.valid)
			}
		})
	}
}
