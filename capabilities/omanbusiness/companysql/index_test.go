package companysql_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/omanbusiness/companysql"
	"dalil/dataset"
)

// Word pools of generated company names: distinctive words (with their
// Arabic spellings) and the common words of Omani company names.
var (
	distinctive = [][2]string{{"Noor", "النور"}, {"Majan", "مجان"}, {"Sohar", "صحار"}, {"Dhofar", "ظفار"}, {"Bahwan", "بهوان"},
		{"Zubair", "الزبير"}, {"Khimji", "خيمجي"}, {"Hilal", "هلال"}, {"Saif", "سيف"}, {"Nizwa", "نزوى"}, {"Barka", "بركاء"},
		{"Qurum", "القرم"}, {"Sur", "صور"}, {"Ibri", "عبري"}, {"Rustaq", "الرستاق"}, {"Amal", "الأمل"}, {"Shams", "شمس"},
		{"Wadi", "وادي"}, {"Jabal", "جبل"}, {"Bahja", "البهجة"}, {"Hosni", "الحوسني"}, {"Balushi", "البلوشي"}, {"Harthy", "الحارثي"},
		{"Kindi", "الكندي"}, {"Rawahi", "الرواحي"}, {"Mahrouqi", "المحروقي"}, {"Lamki", "اللمكي"}, {"Siyabi", "السيابي"}}
	common = [][2]string{{"Trading", "للتجارة"}, {"Engineering", "للهندسة"}, {"Contracting", "للمقاولات"}, {"Logistics", "للخدمات اللوجستية"},
		{"Services", "للخدمات"}, {"Industries", "للصناعات"}, {"Technology", "للتقنية"}, {"Marine", "البحرية"}, {"Foods", "للأغذية"},
		{"Oman", "عمان"}, {"Gulf", "الخليج"}, {"National", "الوطنية"}, {"International", "الدولية"}}
	forms = []string{"LLC", "SAOG", "SPC", "& Partners", ""}
)

type genCompany struct{ cr, en, ar string }

// genCompanies makes n companies of one to three distinctive words and
// one or two common ones, some with an Arabic name.
func genCompanies(r *rand.Rand, n int) []genCompany {
	out := make([]genCompany, n)
	for i := range out {
		var en, ar []string
		for range 1 + r.IntN(3) {
			w := distinctive[r.IntN(len(distinctive))]
			en, ar = append(en, w[0]), append(ar, w[1])
		}
		for range 1 + r.IntN(2) {
			w := common[r.IntN(len(common))]
			en, ar = append(en, w[0]), append(ar, w[1])
		}
		c := genCompany{cr: fmt.Sprint(2000000 + i), en: strings.TrimSpace(strings.Join(en, " ") + " " + forms[r.IntN(len(forms))])}
		if r.IntN(2) == 0 {
			c.ar = "شركة " + strings.Join(ar, " ")
		}
		out[i] = c
	}
	return out
}

func companiesCSV(cs []genCompany) string {
	var b strings.Builder
	b.WriteString("recordId,crNumber,nameEn,nameAr,sourceType\n")
	for i, c := range cs {
		fmt.Fprintf(&b, "g%d,%s,%s,%s,public_registry\n", i, c.cr, c.en, c.ar)
	}
	return b.String()
}

// perturb makes a search query of a company's name as a caller might type
// it: as filed, with a typo, its words reordered, its start, in Arabic,
// or with another legal form.
func perturb(r *rand.Rand, c genCompany) string {
	switch r.IntN(6) {
	case 1:
		rs := []rune(c.en)
		i := 1 + r.IntN(len(rs)-2)
		return string(rs[:i]) + string(rs[i+1:])
	case 2:
		w := strings.Fields(c.en)
		r.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		return strings.Join(w, " ")
	case 3:
		return string([]rune(c.en)[:max(3, len([]rune(c.en))/2)])
	case 4:
		if c.ar != "" {
			return c.ar
		}
	case 5:
		return strings.Fields(c.en)[0] + " " + strings.Join(strings.Fields(c.en)[1:], " ") + " L.L.C."
	}
	return c.en
}

// TestIndexedSearchFindsWhatAScanFinds: a search through the store's
// name index (the companies a query may name, read by index) finds the
// matches (confidence at MatchThreshold and up) that scoring every
// company finds, with the same confidence, over 3,000 generated companies
// whose names share their words heavily (28 distinctive words and 13
// common ones). It prints how many of the scan's matches and possible
// matches the index found.
func TestIndexedSearchFindsWhatAScanFinds(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		r := rand.New(rand.NewPCG(34, 1))
		cs := genCompanies(r, 3000)
		s := open(t, dsn)
		if rep := imp(t, s, companiesCSV(cs), dataset.ImportOptions{Filename: "gen.csv"}); rep.Imported != len(cs) {
			t.Fatalf("import = %+v", rep)
		}
		ctx := context.Background()
		ids := make([]string, len(cs))
		for i, c := range cs {
			ids[i] = "OM-CR-" + c.cr
		}
		full, err := s.Catalog(ctx, omanbusiness.Want{IDs: ids})
		if err != nil || full.Len() != len(cs) {
			t.Fatalf("full catalog = %d, %v", full.Len(), err)
		}
		var matches, found, possible, possibleFound, strong, strongFound int
		for range 200 {
			q := perturb(r, cs[r.IntN(len(cs))])
			sub, err := s.Catalog(ctx, omanbusiness.Want{Names: []string{q}})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]float64{}
			for _, m := range sub.Search(omanbusiness.Query{Text: q}) {
				got[m.Company.ID] = m.Score
			}
			for _, m := range full.Search(omanbusiness.Query{Text: q}) {
				score, ok := got[m.Company.ID]
				if ok && score != m.Score {
					t.Errorf("%q: %s scores %.2f from the index, %.2f from a scan", q, m.Company.ID, score, m.Score)
				}
				if m.Score < omanbusiness.MatchThreshold {
					possible++
					if ok {
						possibleFound++
					}
					continue
				}
				matches++
				if m.Score >= 0.6 {
					strong++
					if ok {
						strongFound++
					}
				}
				if ok {
					found++
				} else if m.Score >= 0.6 {
					t.Logf("%q: the index lost %s (%s, %.2f)", q, m.Company.ID, m.MatchedName, m.Score)
				}
			}
		}
		t.Logf("matches found through the index: %d of %d (%.3f); at 0.60 and up: %d of %d; possible matches: %d of %d", found, matches,
			float64(found)/float64(matches), strongFound, strong, possibleFound, possible)
		// A match from 0.50 to 0.60 is a similar name sharing a common
		// word ("Noor Services" / "Sur Services" 0.55); where more
		// companies share the query's words than a search reads, the
		// weakest of those go unread, and the search charges less, never
		// more. Every stronger match must be found.
		if strongFound != strong || float64(found) < 0.95*float64(matches) {
			t.Errorf("the index found %d of the scan's %d matches at 0.60 and up, and %d of %d in all (want all, and 95%%)",
				strongFound, strong, found, matches)
		}
	})
}

// TestRecordsImportedBeforeTheIndexAreFiled: records from before the name
// index (no company_id, no terms: a database upgraded by migration 002)
// are filed by the first call that reads them, and found by name, CR
// number and id as before.
func TestRecordsImportedBeforeTheIndexAreFiled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, registryCSV, dataset.ImportOptions{Filename: "r.csv"})
		s.Forget(t)
		ctx := context.Background()
		cat, err := s.Catalog(ctx, omanbusiness.Want{Names: []string{"al noor trading"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := cat.Search(omanbusiness.Query{Text: "al noor trading"}); len(got) == 0 || got[0].Company.ID != "OM-CR-1234567" || got[0].MatchedBy != "exact_name" {
			t.Fatalf("search after the upgrade = %+v", got)
		}
		cat, err = s.Catalog(ctx, omanbusiness.Want{CR: "7654322", IDs: []string{"OM-CR-7654321"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := cat.ByCR("7654322"); !ok || cat.Len() != 2 {
			t.Fatalf("by CR and id after the upgrade: %d companies", cat.Len())
		}
	})
}

// TestSearchStopsWhenCancelled: a search whose context is done reads no
// index row and no record, and one cancelled while it reads the records
// reads none after that, and says so with an error (counted in rows, not
// timed).
func TestSearchStopsWhenCancelled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, companiesCSV(genCompanies(rand.New(rand.NewPCG(1, 2)), 500)), dataset.ImportOptions{Filename: "gen.csv"})
		if _, err := s.Catalog(context.Background(), omanbusiness.Want{Names: []string{"Majan Trading"}}); err != nil {
			t.Fatal(err)
		}
		before := s.IndexRowsRead()
		if before == 0 {
			t.Fatal("a search read no index row: the counter counts nothing")
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		cat, err := s.Catalog(ctx, omanbusiness.Want{Names: []string{"Majan Trading"}})
		if err == nil || cat != nil {
			t.Fatalf("a cancelled search answered: %v, %v", cat, err)
		}
		if n := s.IndexRowsRead() - before; n != 0 {
			t.Errorf("a cancelled search read %d index rows", n)
		}
		// Cancelled while the candidates' records are read: no record
		// after the one that cancelled it.
		ctx, cancel = context.WithCancel(context.Background())
		defer cancel()
		from, atCancel := s.RecordsRead(), int64(-1)
		s.OnRecord(func() {
			if s.RecordsRead()-from == 10 {
				atCancel = s.RecordsRead()
				cancel()
			}
		})
		defer s.OnRecord(nil)
		if _, err := s.Catalog(ctx, omanbusiness.Want{Names: []string{"Majan Trading"}}); !errors.Is(err, context.Canceled) || atCancel < 0 || s.RecordsRead() != atCancel {
			t.Errorf("cancelled at record %d, read %d; err %v (want context.Canceled and no record after)", atCancel-from, s.RecordsRead()-from, err)
		}
	})
}

// TestReindexFindsAgain: an index that no check sees is stale (its terms
// spelt otherwise, its scheme current) finds nothing, in this process or
// a new one; Reindex (`dalil companies reindex`) refiles every record, and
// the same search finds the company again.
func TestReindexFindsAgain(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, registryCSV, dataset.ImportOptions{Filename: "r.csv"})
		ctx := context.Background()
		finds := func(s *companysql.Store) bool {
			t.Helper()
			cat, err := s.Catalog(ctx, omanbusiness.Want{Names: []string{"al noor trading"}})
			if err != nil {
				t.Fatal(err)
			}
			got := cat.Search(omanbusiness.Query{Text: "al noor trading"})
			return len(got) > 0 && got[0].Company.ID == "OM-CR-1234567" && got[0].MatchedBy == "exact_name"
		}
		if !finds(s) {
			t.Fatal("not found after the import")
		}
		s.Spoil(t)
		if finds(s) || finds(open(t, dsn)) {
			t.Fatal("found through a spoilt index: the test spoils nothing")
		}
		n, err := s.Reindex(ctx, nil)
		if err != nil || n != strings.Count(registryCSV, "\n")-1 {
			t.Fatalf("Reindex = %d, %v; want every record (%d)", n, err, strings.Count(registryCSV, "\n")-1)
		}
		if !finds(s) || !finds(open(t, dsn)) {
			t.Error("not found after Reindex")
		}
	})
}

// TestAnEmptiedIndexIsRefiled: an index emptied while the records keep
// their company_id is refiled by the first search of a new process.
func TestAnEmptiedIndexIsRefiled(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		s := open(t, dsn)
		imp(t, s, registryCSV, dataset.ImportOptions{Filename: "r.csv"})
		s.Empty(t)
		cat, err := open(t, dsn).Catalog(context.Background(), omanbusiness.Want{Names: []string{"al noor trading"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := cat.Search(omanbusiness.Query{Text: "al noor trading"}); len(got) == 0 || got[0].Company.ID != "OM-CR-1234567" {
			t.Fatalf("search after the index was emptied = %+v", got)
		}
	})
}

// TestReindexReadsPagesByIndexRange: Reindex reads the records a page at
// a time as one range of the (source, record_id) key's index, starting
// at the key after the last page, on both databases; a condition the
// index cannot bound made each page scan the pages before it.
func TestReindexReadsPagesByIndexRange(t *testing.T) {
	dsns(t, func(t *testing.T, dsn string) {
		plan := open(t, dsn).ReindexPlan(t)
		want := regexp.MustCompile(`SEARCH company_records USING INDEX \S+ \(\(source,record_id\)>\(\?,\?\)\)`)
		if strings.HasPrefix(dsn, "postgres") {
			want = regexp.MustCompile(`Index Cond: \(ROW\(source, record_id\) > ROW\(`)
		}
		if !want.MatchString(plan) {
			t.Errorf("the page statement is not one index range:\n%s", plan)
		}
	})
}
