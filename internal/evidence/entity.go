package evidence

import (
	"slices"
	"strings"
)

// legalForms are company legal-form words dropped when names are
// compared ("Acme Trading LLC" and "ACME TRADING L.L.C." are one name);
// descriptors such as Trading or Services are kept.
var legalForms = map[string]bool{
	"ltd": true, "limited": true, "llc": true, "l.l.c": true, "inc": true, "incorporated": true, "corp": true,
	"corporation": true, "plc": true, "gmbh": true, "ag": true, "sa": true, "sas": true, "sarl": true, "bv": true,
	"nv": true, "spa": true, "srl": true, "pty": true, "co": true, "company": true, "saoc": true, "saog": true,
	"spc": true, "est": true, "fze": true, "fzco": true, "fzc": true, "fzllc": true, "lp": true, "llp": true, "oy": true, "ab": true,
	"as": true, "kk": true, "pte": true, "sdn": true, "bhd": true, "lda": true, "ltda": true, "the": true, "wll": true,
	"pjsc": true, "psc": true, "jsc": true, "ojsc": true, "cjsc": true, "ooo": true, "kft": true, "sp": true, "zoo": true,
}

// NameTokens are a company name's words, lower-case, without punctuation
// and legal forms ("Acme Trading L.L.C." → [acme trading]). "L.L.C." and
// "S.A.O.C." are read as one word.
func NameTokens(name string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = strings.Trim(w, ",;:()[]\"'")
		joined := strings.ReplaceAll(w, ".", "")
		if legalForms[joined] || legalForms[strings.TrimSuffix(w, ".")] {
			continue
		}
		for _, x := range words(w) {
			if !legalForms[x] {
				out = append(out, x)
			}
		}
	}
	return out
}

// NormalizeName is NameTokens joined by single spaces.
func NormalizeName(name string) string { return strings.Join(NameTokens(name), " ") }

// OnlyLegalForm reports whether a name is nothing but legal-form words
// ("Ltd", "LLC Inc.").
func OnlyLegalForm(name string) bool {
	return len(strings.Fields(name)) > 0 && len(NameTokens(name)) == 0
}

// Relevance is how surely a web item is about the company named (any of
// names) in country (ISO-2, "" when unknown): 1 when the full name stands
// in its title or excerpt, 0.6 when all its words do but apart, 0.25
// otherwise; times 0.4 when the item is about another country (its Country
// field, or it names countries and not this one). Below 0.5 the item is
// set aside as possibly another entity.
func Relevance(it Item, names []string, country string) float64 {
	text := " " + strings.Join(words(it.Title+" "+it.Excerpt), " ") + " "
	best := 0.25
	for _, n := range names {
		tok := NameTokens(n)
		if len(tok) == 0 {
			continue
		}
		if strings.Contains(text, " "+strings.Join(tok, " ")+" ") {
			best = 1
			break
		}
		all := true
		for _, w := range tok {
			if !strings.Contains(text, " "+w+" ") {
				all = false
				break
			}
		}
		if all {
			best = max(best, 0.6)
		}
	}
	if country != "" && OtherCountry(it, country) {
		best *= 0.4
	}
	return best
}

// OtherCountry reports whether an item is about a country other than
// country: its Country field says so, or its text names countries and
// none of them is country.
func OtherCountry(it Item, country string) bool {
	if it.Country != "" {
		return it.Country != country
	}
	m := CountriesMentioned(it.Title + " " + it.Excerpt)
	return len(m) > 0 && !slices.Contains(m, country)
}

// Excluded is an item set aside as possibly another entity, with why.
type Excluded struct {
	Item   Item   `json:"item"`
	Reason string `json:"reason" schema:"maxLength=300"`
}

// SplitByEntity keeps the web items (news, web, review, forum, regulatory)
// about the company and sets aside, as possibly another entity, those with
// Relevance below 0.5: a namesake in another country, or a page that does
// not name the company. Other categories (registry, sanctions, domain,
// website, threat listings, caller-supplied evidence) are matched by their
// own rules and always kept.
func SplitByEntity(items []Item, names []string, country string) (kept []Item, excluded []Excluded) {
	for _, it := range items {
		switch it.Category {
		case CatNews, CatWeb, CatReview, CatForum, CatRegulatory, CatCourt:
		default:
			kept = append(kept, it)
			continue
		}
		if r := Relevance(it, names, country); r < 0.5 {
			why := "The source does not name the company; possibly another entity."
			if country != "" && OtherCountry(it, country) {
				why = "The source is about a namesake in another country than " + country + "; possibly another entity."
			}
			excluded = append(excluded, Excluded{Item: it, Reason: why})
			continue
		}
		kept = append(kept, it)
	}
	return kept, excluded
}
