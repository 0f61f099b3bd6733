package nameindex

import (
	"bytes"
	"context"
	"database/sql"
	"testing"

	"dalil/internal/names"
)

// sameAsNormalize fails t unless the key f makes of name is
// names.Normalize(name) (their prepared forms are byte for byte alike:
// the form holds everything the key is made of, names' own tests show).
func sameAsNormalize(t *testing.T, f Forms, name string) {
	t.Helper()
	want := names.Normalize(name)
	got, _ := f.Key(name)
	if !bytes.Equal(got.AppendForm(nil), want.AppendForm(nil)) || got.String() != want.String() || got.Empty() != want.Empty() {
		t.Fatalf("%q: key %q from the forms, Normalize's %q", name, got.String(), want.String())
	}
}

// readForms reads the forms of refs, failing t on an error.
func readForms(t *testing.T, ix *Index, refs ...string) map[string]Forms {
	t.Helper()
	got, err := ix.Forms(context.Background(), refs)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestFormsStored: a writer stores the prepared form of every name of a
// ref (once each; none for a name with no letters), and Forms reads
// them; the keys made from them are Normalize's; a ref filed again
// keeps only its new names (the others are normalised); a ref with no
// row and a name with no form are normalised.
func TestFormsStored(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		rows := map[string][]string{
			"a": {"Al Noor Trading LLC", "شركة النور للتجارة ش.م.م", "Al Noor Trading LLC", "---"},
			"b": {"Sheikh Dr. Mohammed bin Rashid Al Maktoum", "AL-HOSNI, Ali Said"},
			"c": {"Islamic Republic of Iran Shipping Lines (IRISL)"},
		}
		file(t, ix, db, rows)
		got := readForms(t, ix, "a", "b", "c", "nobody")
		if len(got) != 3 {
			t.Fatalf("forms of %d refs, want 3", len(got))
		}
		for ref, ns := range rows {
			for _, n := range ns {
				form, ok := got[ref].find(n)
				if ok != !names.Normalize(n).Empty() {
					t.Fatalf("%s %q: a form stored %v", ref, n, ok)
				}
				if ok {
					if k, fine := names.FromForm(form); !fine || k.String() != names.Normalize(n).String() {
						t.Fatalf("%s %q: stored form refused or another name's", ref, n)
					}
				}
				sameAsNormalize(t, got[ref], n)
				if _, stored := got[ref].Key(n); stored != ok {
					t.Fatalf("%s %q: made from its form %v, stored %v", ref, n, stored, ok)
				}
			}
		}
		var stored []byte
		if err := db.Read().QueryRow(`SELECT forms FROM test_forms WHERE ref = 'a'`).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if c := bytes.Count(stored, []byte("Al Noor Trading LLC")); c != 1 {
			t.Errorf("the name added twice is stored %d times", c)
		}
		sameAsNormalize(t, got["nobody"], "Salem Al Sample")
		sameAsNormalize(t, got["c"], "a name not filed under c")

		file(t, ix, db, map[string][]string{"a": {"Majan Foods"}})
		got = readForms(t, ix, "a")
		if _, ok := got["a"].find("Al Noor Trading LLC"); ok {
			t.Error("a ref filed again keeps its former names' forms")
		}
		if _, ok := got["a"].find("Majan Foods"); !ok {
			t.Error("a ref filed again has not its new name's form")
		}
		sameAsNormalize(t, got["a"], "Al Noor Trading LLC")
	})
}

// TestFormsDamaged: a forms row cut short or spoilt anywhere, or of
// another version, gives Normalize's keys, never a panic or another
// name's key.
func TestFormsDamaged(t *testing.T) {
	ix, db := openIndex(t, t.TempDir()+"/n.db")
	ns := []string{"Sheikh Dr. Mohammed bin Rashid Al Maktoum", "محمد بن راشد آل مكتوم", "Ready Mix Concrete LLC"}
	file(t, ix, db, map[string][]string{"a": ns})
	f := readForms(t, ix, "a")["a"]
	for n := range len(f) {
		for _, name := range ns {
			sameAsNormalize(t, f[:n], name)
		}
	}
	for i := range f {
		bad := bytes.Clone(f)
		bad[i] ^= 0x55
		for _, name := range ns {
			sameAsNormalize(t, Forms(bad), name)
		}
	}
	// Another version's: every form's version byte changed and its
	// checksum made again would still be refused by names.FromForm.
	if _, err := db.Write().Exec(`UPDATE test_forms SET forms = $1 WHERE ref = 'a'`, []byte{0xff, 0xff, 0xff}); err != nil {
		t.Fatal(err)
	}
	for _, name := range ns {
		sameAsNormalize(t, readForms(t, ix, "a")["a"], name)
	}
}

// TestFormsVersion: an index keeping forms is stale when its forms'
// version is not names.FormVersion or was never recorded (filed by code
// that kept no forms); a rebuild records it, and keeps the forms (on
// PostgreSQL in the tables it swaps in). An index keeping no forms does
// not look at it.
func TestFormsVersion(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		ix, db := openIndex(t, dsn)
		ctx := context.Background()
		stale := func(ix *Index) bool {
			t.Helper()
			s, err := ix.Stale(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		imported(t, ix, db, map[string]string{"a": "Al Noor Trading", "b": "Majan Foods"}, "")
		if stale(ix) {
			t.Fatal("a freshly filed index is stale")
		}
		if counts(t, db)["#forms"] != names.FormVersion {
			t.Fatalf("forms version %d recorded, want %d", counts(t, db)["#forms"], names.FormVersion)
		}
		if _, err := db.Write().Exec(`UPDATE test_counts SET df = $1 WHERE term = '#forms'`, names.FormVersion+1); err != nil {
			t.Fatal(err)
		}
		if !stale(ix) {
			t.Error("an index of forms of another version is not stale")
		}
		if _, err := db.Write().Exec(`DELETE FROM test_counts WHERE term = '#forms'`); err != nil {
			t.Fatal(err)
		}
		if !stale(ix) {
			t.Error("an index with no forms version is not stale")
		}
		plain := New(db, "test_terms", "test_counts")
		if stale(plain) {
			t.Error("an index keeping no forms is stale for its forms")
		}
		if _, err := db.Write().Exec(`DELETE FROM test_forms`); err != nil {
			t.Fatal(err)
		}
		n, err := Rebuild(ctx, ix, rebuildRows(nil), nil)
		if err != nil || n != 2 {
			t.Fatalf("Rebuild = %d, %v", n, err)
		}
		if stale(ix) {
			t.Error("stale after a rebuild")
		}
		got := readForms(t, ix, "a", "b")
		for ref, name := range map[string]string{"a": "Al Noor Trading", "b": "Majan Foods"} {
			if _, ok := got[ref].find(name); !ok {
				t.Errorf("%s: no form of %q after a rebuild", ref, name)
			}
		}
		if l := leftovers(t, db); len(l) > 0 {
			t.Errorf("rebuild tables left: %v", l)
		}
	})
}

// TestRowForms: an index keeping its forms in the caller's rows
// (WithRowForms) writes no forms table; a writer hands each ref's forms
// over once (TakeForms: the names of that ref, each once, none for a name
// with no letters), from which the keys are Normalize's, and the forms'
// version is recorded and checked (Stale) as with a forms table.
func TestRowForms(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		withTable, db := openIndex(t, dsn)
		ix := New(db, "test_terms", "test_counts").WithRowForms()
		ctx := context.Background()
		rows := [][2]string{{"a", "Al Noor Trading LLC"}, {"a", "شركة النور للتجارة ش.م.م"}, {"a", "Al Noor Trading LLC"}, {"a", "---"},
			{"b", "Sheikh Dr. Mohammed bin Rashid Al Maktoum"}, {"c", "---"}}
		taken := map[string]Forms{}
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			w := ix.Writer(tx)
			for i, r := range rows {
				if err := w.Add(ctx, r[0], r[1]); err != nil {
					return err
				}
				if i+1 == len(rows) || rows[i+1][0] != r[0] {
					taken[r[0]] = w.TakeForms(r[0])
					if again := w.TakeForms(r[0]); again != nil {
						t.Errorf("%s: forms taken twice", r[0])
					}
				}
			}
			return w.Close(ctx)
		})
		if err != nil {
			t.Fatal(err)
		}
		if taken["c"] != nil {
			t.Errorf("forms %x for a ref of no name with letters", taken["c"])
		}
		if c := bytes.Count(taken["a"], []byte("Al Noor Trading LLC")); c != 1 {
			t.Errorf("the name added twice is in the forms %d times", c)
		}
		for _, r := range rows {
			form, ok := taken[r[0]].find(r[1])
			if ok != !names.Normalize(r[1]).Empty() {
				t.Fatalf("%s %q: a form taken %v", r[0], r[1], ok)
			}
			if ok {
				if k, fine := names.FromForm(form); !fine || k.String() != names.Normalize(r[1]).String() {
					t.Fatalf("%s %q: form refused or another name's", r[0], r[1])
				}
			}
			sameAsNormalize(t, taken[r[0]], r[1])
		}
		var n int
		if err := db.Read().QueryRow(`SELECT COUNT(*) FROM test_forms`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d rows in the forms table (%v), want none", n, err)
		}
		if got, err := withTable.Forms(ctx, []string{"a"}); err != nil || len(got) != 0 {
			t.Fatalf("forms read from the table: %v, %v", got, err)
		}
		if counts(t, db)["#forms"] != names.FormVersion {
			t.Fatalf("forms version %d recorded, want %d", counts(t, db)["#forms"], names.FormVersion)
		}
		if stale, err := ix.Stale(ctx); err != nil || stale {
			t.Fatalf("stale %v, %v", stale, err)
		}
		if _, err := db.Write().Exec(`DELETE FROM test_counts WHERE term = '#forms'`); err != nil {
			t.Fatal(err)
		}
		if stale, err := ix.Stale(ctx); err != nil || !stale {
			t.Fatalf("no forms version recorded: stale %v, %v", stale, err)
		}
	})
}
