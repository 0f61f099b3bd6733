package documentfacts

import (
	"regexp"
	"strings"
)

// issuerAliases adds the words that name a party in the clauses without
// being a role word (issue 29, round 8b): the short name in brackets
// after a party's name ('Oman Data Centre Services SAOC ("ODCS")'), and,
// for the one issuer of a request or notice, "the Company" when its name
// is a company's and no party is defined so, and الشركة (المؤسسة) when
// its Arabic name opens with شركة (مؤسسة) and the text defines the word
// for no one.
func (x *clauseExtractor) issuerAliases() {
	// (The short name in brackets is read with every definition of a
	// party: definedAliases, rolelexicon.go.)
	issuers := map[string]bool{}
	for _, p := range x.parties {
		if p.Role == "issuer" {
			issuers[normalName(p.Value)] = true
		}
	}
	// One issuer, written once per script at most.
	en, ar := "", ""
	for _, p := range x.parties {
		if p.Role != "issuer" {
			continue
		}
		if hasArabic(p.Value) {
			if ar != "" && ar != p.Value {
				return
			}
			ar = p.Value
		} else {
			if en != "" && en != p.Value {
				return
			}
			en = p.Value
		}
	}
	if en != "" && regexp.MustCompile(`\bCompany\b`).MatchString(en) && !x.hasAlias("the company") {
		x.aliases = append(x.aliases, clauseParty{"the company", "issuer"})
	}
	for kind, word := range map[string]string{"شركة": "الشركة", "مؤسسة": "المؤسسة"} {
		if strings.HasPrefix(ar, kind+" ") && x.arAliases[word] == "" {
			if x.arAliases == nil {
				x.arAliases = map[string]string{}
			}
			x.arAliases[word] = "issuer"
		}
	}
}

func (x *clauseExtractor) hasAlias(w string) bool {
	for _, a := range x.aliases {
		if a.text == w {
			return true
		}
	}
	return false
}
