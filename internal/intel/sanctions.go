package intel

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"

	"dalil/internal/evidence"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

// genericWords are company-name words too common to make two names the
// same company on their own ("Sample Trading LLC" is not "Global Trading
// Co").
var genericWords = map[string]bool{
	"trading": true, "general": true, "services": true, "service": true, "group": true, "international": true,
	"holdings": true, "holding": true, "global": true, "enterprises": true, "enterprise": true, "industries": true,
	"industry": true, "solutions": true, "investment": true, "investments": true, "import": true, "export": true,
	"logistics": true, "consulting": true, "technologies": true, "technology": true, "partners": true, "and": true,
	"of": true, "for": true, "new": true, "national": true, "united": true, "commercial": true, "contracting": true,
	"sample": true, "example": true, "test": true, "demo": true,
}

func distinctive(name string) []string {
	var out []string
	for _, w := range evidence.NameTokens(name) {
		if !genericWords[w] && len(w) > 1 {
			out = append(out, w)
		}
	}
	return out
}

// MinHitScore is the name similarity below which a list hit is ignored.
const MinHitScore = 0.85

// judge turns the lists' hits into matches: a hit counts when its name
// (or alias) is the subject's name with legal forms ignored, or scores at
// least MinHitScore and shares every distinctive word (generic words such
// as Trading or Services never make a match); it is high when the name is
// exact and a country or identifier corroborates it with no
// contradiction (or an identifier matches), else possible.
func judge(r ScreenResult, s Subject, res Resolution, names []string, now time.Time) (Screening, []evidence.Item) {
	sc := Screening{ListsChecked: slices.Clone(r.ListsChecked), ListsUnavailable: slices.Clone(r.ListsUnavailable), NamesScreened: names,
		Lists: slices.Clone(r.Lists), ListsNotUsed: slices.Clone(r.NotUsed)}
	slices.Sort(sc.ListsChecked)
	slices.Sort(sc.ListsUnavailable)
	byName := func(a, b ListInfo) int { return cmp.Compare(a.Name, b.Name) }
	slices.SortFunc(sc.Lists, byName)
	slices.SortFunc(sc.ListsNotUsed, byName)
	target := map[string]bool{}
	for _, n := range names {
		target[evidence.NormalizeName(n)] = true
	}
	ids := identifiers(s, res)
	country := s.Country
	if country == "" {
		if p := res.Primary(); p != nil {
			country = p.Country
		}
	}
	var items []evidence.Item
	hits := slices.Clone(r.Hits)
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(a.List, b.List), cmp.Compare(a.EntryID, b.EntryID), cmp.Compare(a.ListedName, b.ListedName), cmp.Compare(a.MatchedAlias, b.MatchedAlias))
	})
	for _, h := range hits {
		listed := cmp.Or(h.MatchedAlias, h.ListedName)
		exact := target[evidence.NormalizeName(listed)] || target[evidence.NormalizeName(h.ListedName)]
		if !exact && !(h.Score >= MinHitScore && sameDistinctive(listed, names)) {
			continue
		}
		m := Match{Hit: h, Strength: "possible", Corroborating: []string{}, Contradictions: []string{}}
		m.Countries = slices.Clone(h.Countries)
		slices.Sort(m.Countries)
		if country != "" && len(h.Countries) > 0 {
			if slices.Contains(h.Countries, country) {
				m.Corroborating = append(m.Corroborating, "country "+country)
			} else {
				m.Contradictions = append(m.Contradictions, "listed for "+strings.Join(m.Countries, ", ")+", not "+country)
			}
		}
		idMatch := false
		for _, id := range h.Identifiers {
			if slices.Contains(ids, normNumber(id)) {
				idMatch = true
				m.Corroborating = append(m.Corroborating, "identifier "+id)
			}
		}
		if idMatch || exact && len(m.Corroborating) > 0 && len(m.Contradictions) == 0 {
			m.Strength = "high"
		}
		it := evidence.Item{Source: h.List, URL: cmp.Or(h.URL, "list:"+h.List+"#"+h.EntryID), Title: h.ListedName, Publisher: h.List,
			Excerpt:     h.ListedName + " is listed on " + h.List + " (" + cmp.Or(h.ListType, "sanctions") + ")" + countriesText(m.Countries),
			RetrievedAt: evidence.Stamp(now), PublishedAt: evidence.Stamp(h.ListedOn), Tier: evidence.TierOfficial, Category: evidence.CatSanctions,
			Polarity: evidence.Negative}
		if m.Strength == "possible" {
			it.Polarity = evidence.Neutral // a possible match is a lead to verify, not a finding
		}
		it.Finish()
		m.EvidenceID = it.ID
		items = append(items, it)
		sc.Matches = append(sc.Matches, m)
	}
	sc.Status = "no_match_found"
	if len(sc.ListsChecked) == 0 && len(sc.ListsNotUsed) > 0 {
		// Every list too old to use: nothing was screened.
		sc.Status = "not_checked"
	}
	for _, m := range sc.Matches {
		if m.Strength == "high" {
			sc.Status = "high_confidence_match"
			break
		}
		sc.Status = "possible_match"
	}
	if sc.Status == "no_match_found" && len(sc.ListsUnavailable) > 0 {
		sc.Status = "partial"
	}
	if sc.Matches == nil {
		sc.Matches = []Match{}
	}
	return sc, items
}

func countriesText(cs []string) string {
	if len(cs) == 0 {
		return ""
	}
	return "; countries " + strings.Join(cs, ", ")
}

// sameDistinctive: the listed name's distinctive words equal those of one
// of names (and there are some).
func sameDistinctive(listed string, names []string) bool {
	l := distinctive(listed)
	if len(l) == 0 {
		return false
	}
	slices.Sort(l)
	for _, n := range names {
		d := distinctive(n)
		slices.Sort(d)
		if slices.Equal(l, d) {
			return true
		}
	}
	return false
}
