package omanbusiness

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"dalil/internal/names"
	"dalil/internal/oman"
)

// Catalog is every imported company, merged, with the lookups the
// capabilities need. It is immutable once built; the store builds a new
// one when an import changed the data.
type Catalog struct {
	companies []Company
	byID      map[string]int
	byCR      map[string]int
	keys      [][]nameKey      // per company: its names, normalised
	index     *names.Index     // every name, ref = company index
	exact     map[string][]int // sorted-words key -> companies
	prefixes  []prefixEntry    // every key, sorted, for prefix search
	Synthetic int              // companies whose every record is synthetic
	Records   int

	// Imported is whether the whole dataset holds any record, and
	// AllSynthetic whether every one it holds is synthetic: a Directory
	// returns the companies a call needs, and these say what it chose
	// from (not counts: counting a million records on every call is
	// what issue 34 took out). NewCatalog sets them from its records.
	Imported     bool
	AllSynthetic bool
}

type nameKey struct {
	raw, norm, sorted string
	key               names.Key
}

type prefixEntry struct {
	norm    string
	company int
}

// NewCatalog groups records by CompanyID and merges each company.
func NewCatalog(records []Record) *Catalog { return newCatalog(records, true) }

// NewCandidates is NewCatalog for the companies a Directory chose for a
// call (a few hundred at most): Search scores each of them, with no name
// index of its own to build.
func NewCandidates(records []Record) *Catalog { return newCatalog(records, false) }

func newCatalog(records []Record, indexed bool) *Catalog {
	groups := map[string][]Record{}
	var order []string
	for _, r := range records {
		id := r.CompanyID()
		if _, ok := groups[id]; !ok {
			order = append(order, id)
		}
		groups[id] = append(groups[id], r)
	}
	slices.Sort(order)
	c := &Catalog{byID: map[string]int{}, byCR: map[string]int{}, Records: len(records), exact: map[string][]int{}}
	if indexed {
		c.index = names.NewIndex()
	}
	for _, id := range order {
		co := NewCompany(id, groups[id])
		i := len(c.companies)
		c.companies = append(c.companies, co)
		c.byID[id] = i
		if co.Merged.CRNumber != "" {
			c.byCR[co.Merged.CRNumber] = i
		}
		if co.Merged.DemoOnly {
			c.Synthetic++
		}
		var keys []nameKey
		seen := map[string]bool{}
		for _, r := range co.Records {
			for _, n := range []string{r.NameEn, r.NameAr} {
				if n == "" || seen[n] {
					continue
				}
				seen[n] = true
				k := names.Normalize(n)
				if k.Empty() {
					continue
				}
				keys = append(keys, nameKey{raw: n, norm: k.String(), sorted: k.Sorted(), key: k})
				if !indexed {
					continue
				}
				c.index.Add(i, n)
				if !slices.Contains(c.exact[k.Sorted()], i) {
					c.exact[k.Sorted()] = append(c.exact[k.Sorted()], i)
				}
				c.prefixes = append(c.prefixes, prefixEntry{k.String(), i})
			}
		}
		c.keys = append(c.keys, keys)
	}
	slices.SortFunc(c.prefixes, func(a, b prefixEntry) int {
		return cmp.Or(strings.Compare(a.norm, b.norm), cmp.Compare(a.company, b.company))
	})
	c.Imported, c.AllSynthetic = len(records) > 0, c.Synthetic == len(c.companies)
	return c
}

// Catalog implements Directory over every company of c (tests, and
// callers that hold all the records in memory).
func (c *Catalog) Catalog(context.Context, Want) (*Catalog, error) { return c, nil }

// Len is the number of companies.
func (c *Catalog) Len() int {
	if c == nil {
		return 0
	}
	return len(c.companies)
}

// Company returns the company with id.
func (c *Catalog) Company(id string) (*Company, bool) {
	if c == nil {
		return nil, false
	}
	i, ok := c.byID[strings.TrimSpace(id)]
	if !ok {
		return nil, false
	}
	return &c.companies[i], true
}

// ByCR returns the company registered under a CR number (any spelling
// NormalizeCR reads).
func (c *Catalog) ByCR(cr string) (*Company, bool) {
	n, ok := NormalizeCR(cr)
	if c == nil || !ok {
		return nil, false
	}
	i, ok := c.byCR[n]
	if !ok {
		return nil, false
	}
	return &c.companies[i], true
}

// Query is a company search.
type Query struct {
	Text        string // a name (English or Arabic) or a CR number
	Governorate string
	Wilayat     string
	Industry    string
}

// Scored is one search result.
type Scored struct {
	Company *Company
	// Score is the confidence of the match, 0 to 1 (two decimals).
	Score float64
	// NameScore is the name part alone (0.98 for a CR match).
	NameScore float64
	// MatchedBy is "cr_number", "exact_name", "prefix" or "similar_name".
	MatchedBy string
	// MatchedName is the company's name that matched.
	MatchedName string
}

// Search scores (reference §2a): the query's CR number equal to the
// company's 0.98; a normalised name equal to one of the company's names
// (English or Arabic, legal forms stripped) 0.94; one a prefix of the
// other 0.75 + 0.08 × shorter/longer; otherwise 0.65 × name similarity.
// Then +0.03 when the governorate asked is the company's, +0.02 the
// wilayat, +0.03 the industry (in its industry or activities); capped at
// 1, results under MinScore dropped, best first.
func (c *Catalog) Search(q Query) []Scored {
	if c == nil {
		return nil
	}
	qk := names.Normalize(q.Text)
	qn := nameKey{norm: qk.String(), sorted: qk.Sorted(), key: qk}
	cr, isCR := NormalizeCR(q.Text)
	var gov, wil string
	if g, ok := oman.LookupGovernorate(q.Governorate); ok {
		gov = g.NameEn
	}
	if w, ok := oman.LookupWilayat("", q.Wilayat); ok {
		wil = w.NameEn
	}
	industry := strings.ToLower(strings.TrimSpace(q.Industry))
	var out []Scored
	for _, i := range c.candidates(qk, cr, isCR) {
		co := &c.companies[i]
		s := Scored{Company: co}
		if isCR && co.Merged.CRNumber == cr {
			s.NameScore, s.MatchedBy, s.MatchedName = 0.98, "cr_number", co.Merged.Name()
		} else {
			for _, k := range c.keys[i] {
				score, how := nameScore(qn, k)
				if score > s.NameScore {
					s.NameScore, s.MatchedBy, s.MatchedName = score, how, k.raw
				}
			}
		}
		if s.NameScore <= 0 {
			continue
		}
		s.Score = s.NameScore
		m := &co.Merged
		if gov != "" && m.Governorate == gov {
			s.Score += 0.03
		}
		if wil != "" && m.Wilayat == wil {
			s.Score += 0.02
		}
		if industry != "" && industryMatches(m, industry) {
			s.Score += 0.03
		}
		s.Score = round2(math.Min(1, s.Score))
		if s.Score >= MinScore {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Scored) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.Company.ID, b.Company.ID)
	})
	return out
}

// MinScore is the lowest search confidence Catalog.Search returns.
const MinScore = 0.15

// MatchThreshold is the match confidence from which a search candidate
// is a result (search_oman_company's matches, charged): an exact CR
// number (0.98), an exact normalised name (0.94), a prefix (0.75-0.83) or
// a name similar enough that 0.65 x similarity reaches it (similarity
// 0.77 and up: a typo or two in a name of a few words). Candidates from
// MinScore up to it share letters with the query but are not shown to be
// the company asked about: they are listed as possibleMatches, and a
// search with none at the threshold is not charged.
const MatchThreshold = 0.50

// similarMin is the name similarity below which 0.65 × similarity
// cannot reach MinScore: the index's threshold.
const similarMin = MinScore / 0.65

// candidates are the companies a query can match: the CR number's, those
// with a name of the same words, a name the query is a prefix of or that
// is a prefix of the query, and those the name index finds at similarMin
// or above (internal/names' index: exactly what a scan would find).
func (c *Catalog) candidates(qk names.Key, cr string, isCR bool) []int {
	if c.index == nil {
		// A Directory's candidates: every one is scored.
		out := make([]int, len(c.companies))
		for i := range out {
			out[i] = i
		}
		return out
	}
	seen := map[int]bool{}
	var out []int
	add := func(i int) {
		if !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	if isCR {
		if i, ok := c.byCR[cr]; ok {
			add(i)
		}
	}
	if qk.Empty() {
		return out
	}
	for _, i := range c.exact[qk.Sorted()] {
		add(i)
	}
	qn := qk.String()
	if len([]rune(qn)) >= 3 {
		j, _ := slices.BinarySearchFunc(c.prefixes, qn, func(e prefixEntry, t string) int { return strings.Compare(e.norm, t) })
		for ; j < len(c.prefixes) && strings.HasPrefix(c.prefixes[j].norm, qn); j++ {
			add(c.prefixes[j].company)
		}
		for n := 3; n < len(qn); n++ {
			if !utf8.RuneStart(qn[n]) {
				continue
			}
			p := qn[:n]
			j, ok := slices.BinarySearchFunc(c.prefixes, p, func(e prefixEntry, t string) int { return strings.Compare(e.norm, t) })
			for ; ok && j < len(c.prefixes) && c.prefixes[j].norm == p; j++ {
				add(c.prefixes[j].company)
			}
		}
	}
	for _, h := range c.index.Search(qk, similarMin) {
		add(h.Ref)
	}
	slices.Sort(out)
	return out
}

// nameScore scores a normalised query against one name: the same words
// 0.94, one a prefix of the other 0.75 + 0.08 × shorter/longer, else
// 0.65 × similarity.
func nameScore(q nameKey, k nameKey) (float64, string) {
	if q.key.Empty() || k.key.Empty() {
		return 0, ""
	}
	if q.sorted == k.sorted {
		return 0.94, "exact_name"
	}
	qs, name := q.norm, k.norm
	short, long := qs, name
	if len([]rune(short)) > len([]rune(long)) {
		short, long = long, short
	}
	if strings.HasPrefix(long, short) && len([]rune(short)) >= 3 {
		return 0.75 + 0.08*float64(len([]rune(short)))/float64(len([]rune(long))), "prefix"
	}
	return 0.65 * q.key.Similarity(k.key), "similar_name"
}

func industryMatches(m *Merged, industry string) bool {
	if strings.Contains(strings.ToLower(m.Industry), industry) {
		return true
	}
	for _, a := range m.Activities {
		if strings.Contains(strings.ToLower(a.String()), industry) {
			return true
		}
	}
	return false
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// MatchName scores a name against one company's names as Search does
// (0.94 exact normalised name, prefix 0.75-0.83, else 0.65 × similarity)
// and returns the best score and the name it matched.
func (c *Catalog) MatchName(name string, co *Company) (float64, string) {
	i, ok := c.byID[co.ID]
	if !ok {
		return 0, ""
	}
	qk := names.Normalize(name)
	qn := nameKey{norm: qk.String(), sorted: qk.Sorted(), key: qk}
	best, matched := 0.0, ""
	for _, k := range c.keys[i] {
		if s, _ := nameScore(qn, k); s > best {
			best, matched = s, k.raw
		}
	}
	return round2(best), matched
}
