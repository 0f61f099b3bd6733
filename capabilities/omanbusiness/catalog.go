package omanbusiness

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"dalil/internal/oman"
)

// Catalog is every imported company, merged, with the lookups the
// capabilities need. It is immutable once built; the store builds a new
// one when an import changed the data.
type Catalog struct {
	companies []Company
	byID      map[string]int
	byCR      map[string]int
	keys      [][]nameKey // per company: its names, normalised
	Synthetic int         // companies whose every record is synthetic
	Records   int
}

type nameKey struct {
	raw, norm string
	grams     []uint64
}

// NewCatalog groups records by CompanyID and merges each company.
func NewCatalog(records []Record) *Catalog {
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
	c := &Catalog{byID: map[string]int{}, byCR: map[string]int{}, Records: len(records)}
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
				nk := nameKey{raw: n, norm: NormalizeName(n)}
				nk.grams = grams(nk.norm)
				keys = append(keys, nk)
			}
		}
		c.keys = append(c.keys, keys)
	}
	return c
}

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
	qn := NormalizeName(q.Text)
	qg := grams(qn)
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
	for i := range c.companies {
		co := &c.companies[i]
		s := Scored{Company: co}
		if isCR && co.Merged.CRNumber == cr {
			s.NameScore, s.MatchedBy, s.MatchedName = 0.98, "cr_number", co.Merged.Name()
		} else if qn != "" {
			for _, k := range c.keys[i] {
				score, how := nameScore(qn, qg, k)
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

// MinScore is the lowest search confidence returned.
const MinScore = 0.15

// nameScore scores a normalised query (and its bigrams) against one name.
func nameScore(q string, qg []uint64, k nameKey) (float64, string) {
	name := k.norm
	if name == "" {
		return 0, ""
	}
	if q == name {
		return 0.94, "exact_name"
	}
	short, long := q, name
	if len([]rune(short)) > len([]rune(long)) {
		short, long = long, short
	}
	if strings.HasPrefix(long, short) && len([]rune(short)) >= 3 {
		return 0.75 + 0.08*float64(len([]rune(short)))/float64(len([]rune(long))), "prefix"
	}
	return 0.65 * dice(qg, k.grams), "similar_name"
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
	qn := NormalizeName(name)
	qg := grams(qn)
	best, matched := 0.0, ""
	for _, k := range c.keys[i] {
		if s, _ := nameScore(qn, qg, k); s > best {
			best, matched = s, k.raw
		}
	}
	return round2(best), matched
}
