package sanctions

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"dalil/dataset/sanctions"
	"dalil/internal/names"
)

// Name parts for synthetic lists: Gulf given and family names in Latin
// and Arabic script, company words.
var (
	benchGiven  = []string{"Mohammed", "Ahmed", "Ali", "Omar", "Khalid", "Said", "Yousef", "Ibrahim", "Abdullah", "Abdul Rahman", "Salim", "Sultan", "Hamad", "Nasser", "Fatima", "Aisha", "Maryam", "Hussein", "Hassan", "Tariq", "Rashid", "Majid", "Saif", "Faisal", "Badr", "Jassim", "Hilal", "Mansour", "Masoud", "Sulaiman", "Issa", "Musa", "Hamood", "Obaid", "Noura", "Khadija", "Osama", "Waleed", "Hamdan", "Zayed", "Talal", "Mubarak", "Ismail", "Younis", "Adel", "Sami", "Ammar", "Bilal", "Anwar", "Karim"}
	benchFamily = []string{"Balushi", "Busaidi", "Harthy", "Kindi", "Rawahi", "Hinai", "Maamari", "Shehhi", "Zadjali", "Rashdi", "Ghafri", "Siyabi", "Abri", "Farsi", "Maqbali", "Jabri", "Kalbani", "Hashmi", "Amri", "Mutairi", "Qasimi", "Nuaimi", "Dhaheri", "Mansouri", "Saadi", "Lawati", "Kiyumi", "Fazari", "Tamimi", "Ansari", "Khalili", "Habsi", "Battashi", "Mahrouqi", "Riyami", "Wahaibi", "Yaqoubi", "Shukaili", "Hosni", "Azri"}
	benchArabic = []string{"محمد", "أحمد", "علي", "عمر", "خالد", "سعيد", "يوسف", "إبراهيم", "عبد الله", "سالم", "سلطان", "حمد", "ناصر", "فاطمة", "مريم", "حسين", "حسن", "طارق", "راشد", "ماجد"}
	benchWords  = []string{"Gulf", "Oman", "Horizon", "Star", "Falcon", "Pearl", "Desert", "Marine", "Energy", "Trading", "Shipping", "Logistics", "Holding", "General", "Petroleum", "Steel", "Cement", "Investment", "Exchange", "Aviation", "Tech", "Global", "United", "National", "Eastern", "Northern", "Crescent", "Oasis", "Dune", "Harbour"}
	benchLegal  = []string{"LLC", "L.L.C.", "FZE", "SAOG", "Co.", "Est.", "Ltd", "PJSC", ""}
)

func pick(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

func benchPerson(r *rand.Rand) string {
	return pick(r, benchGiven) + " " + pick(r, benchGiven) + " Al " + pick(r, benchFamily)
}

func benchCompany(r *rand.Rand) string {
	return strings.TrimSpace(pick(r, benchWords) + " " + pick(r, benchWords) + " " + pick(r, benchWords) + " " + pick(r, benchLegal))
}

// syntheticEngine is a list of n entries (60 % people, 40 % companies),
// each with about 1.5 aliases (spellings, an Arabic name).
func syntheticEngine(n int) (*Engine, []string) {
	r := rand.New(rand.NewPCG(20000, 1))
	entries := make([]Listed, 0, n)
	var all []string
	for i := range n {
		e := sanctions.Entity{ID: fmt.Sprint(i), Type: sanctions.TypeEntity, Countries: []string{"AE"}}
		if r.IntN(10) < 6 {
			e.Type, e.Name = sanctions.TypeIndividual, benchPerson(r)
			e.Aliases = append(e.Aliases, sanctions.Alias{Name: pick(r, benchArabic) + " " + pick(r, benchArabic), Type: "aka"})
			if r.IntN(2) == 0 {
				e.Aliases = append(e.Aliases, sanctions.Alias{Name: benchPerson(r), Type: "aka", Quality: "weak"})
			}
		} else {
			e.Name = benchCompany(r)
			if r.IntN(2) == 0 {
				e.Aliases = append(e.Aliases, sanctions.Alias{Name: benchCompany(r), Type: "fka"})
			}
		}
		all = append(all, e.Name)
		entries = append(entries, Listed{List: "bench", Entity: e})
	}
	return NewEngine([]List{{Name: "bench", Version: "2026-11-01", Entries: n}}, entries), all
}

// benchQueries are 1,000 names: a third listed names with a spelling
// changed, the rest new names.
func benchQueries(all []string) []string {
	r := rand.New(rand.NewPCG(1000, 2))
	qs := make([]string, 0, 1000)
	for i := range 1000 {
		switch {
		case i%3 == 0:
			n := all[r.IntN(len(all))]
			qs = append(qs, strings.NewReplacer("Mohammed", "Muhammad", "Ahmed", "Ahmad", "Al ", "Al-", "LLC", "L.L.C.").Replace(n))
		case i%3 == 1:
			qs = append(qs, benchPerson(r))
		default:
			qs = append(qs, benchCompany(r))
		}
	}
	return qs
}

// BenchmarkScreen1000Against20000: one op screens 1,000 names against a
// 20,000-entry list (about 34,000 indexed names with the aliases).
// go test ./capabilities/sanctions -run XXX -bench Screen1000 -benchtime 5x
func BenchmarkScreen1000Against20000(b *testing.B) {
	e, all := syntheticEngine(20000)
	qs := benchQueries(all)
	b.ResetTimer()
	start := cpuTime()
	matches := 0
	for b.Loop() {
		matches = 0
		for _, q := range qs {
			matches += len(e.Screen(Query{Names: []string{q}, Country: "AE"}).Matches)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(matches), "matches/op")
}

// cpuTime is the CPU this process has used (user and system): on a
// shared machine a steadier figure than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBuild20000 is indexing the list (done once per import).
func BenchmarkBuild20000(b *testing.B) {
	for b.Loop() {
		syntheticEngine(20000)
	}
}

// TestScreenExplainsAsBefore: the matches an answer keeps are explained
// as they were when every hit was explained with both names normalised
// afresh (the engine now reuses the keys it indexed and explains only
// the matches kept): the same parts and reasons, for the synthetic list's
// queries, with and without aliases matched.
func TestScreenExplainsAsBefore(t *testing.T) {
	e, all := syntheticEngine(3000)
	checked, viaAlias := 0, 0
	for _, q := range benchQueries(all)[:300] {
		for _, m := range e.Screen(Query{Names: []string{q}, Country: "AE"}).Matches {
			listed, first := m.ListedName, "matched the listed name"
			if m.MatchedAlias != "" {
				kind := m.AliasType
				if m.AliasQuality != "" {
					kind += ", " + m.AliasQuality
				}
				listed, first = m.MatchedAlias, fmt.Sprintf("matched the listed alias %q (%s), not the listed name", m.MatchedAlias, kind)
				viaAlias++
			}
			ex := names.Explain(names.Normalize(m.ScreenedName), names.Normalize(listed))
			if d := cmp.Diff(nonNil(ex.Parts), m.NameParts); d != "" {
				t.Fatalf("%q against %q: parts (-fresh +engine):\n%s", q, listed, d)
			}
			if d := cmp.Diff(append([]string{first}, ex.Reasons()...), m.MatchReasons); d != "" {
				t.Fatalf("%q against %q: reasons (-fresh +engine):\n%s", q, listed, d)
			}
			checked++
		}
	}
	if checked < 100 || viaAlias == 0 {
		t.Fatalf("only %d matches checked (%d through an alias)", checked, viaAlias)
	}
}

// BenchmarkCallEngine: one op is 100 screenings as a store answers them,
// each building its own engine over 500 candidate entries (one of them
// the entry whose name is screened) and screening one name.
func BenchmarkCallEngine(b *testing.B) {
	e, all := syntheticEngine(20000)
	qs := benchQueries(all)[:100]
	r := rand.New(rand.NewPCG(500, 3))
	cands := make([][]Listed, len(qs))
	for i := range qs {
		for range 500 {
			cands[i] = append(cands[i], e.entries[r.IntN(len(e.entries))])
		}
	}
	start := cpuTime()
	matches := 0
	for b.Loop() {
		matches = 0
		for i, q := range qs {
			ce := NewEngine(e.lists, cands[i])
			matches += len(ce.Screen(Query{Names: []string{q}, Country: "AE"}).Matches)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(matches), "matches/op")
}
