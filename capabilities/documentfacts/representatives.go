package documentfacts

import (
	"regexp"
	"strings"
)

// representedAcross: the words before a name at off, across the line
// break of a wrapped paragraph ("..., ويمثلها\nالسيد/ X", "represented
// by\nMr. X"), say that the person represents a party (issue 29, round
// 8b). Only the line before counts.
func representedAcross(text string, off int) bool {
	ls := strings.LastIndexByte(text[:off], '\n')
	if ls < 0 {
		return false
	}
	from := strings.LastIndexByte(text[:ls], '\n') + 1
	return reRepresentedBy.MatchString(text[from:ls] + " " + text[ls+1:off])
}

// signsFor: a person's name labelled by a party's number or role
// ("الطرف الأول: ماجد حمد العامري", "صاحب العمل: علي مسلم الكثيري") in
// the signature block, or named before as a representative, signs for
// that party when a company holds the role (a number's role is always a
// company's once a definition renamed it).
func (x *extractor) signsFor(role, name string) bool {
	if role == "" || role == "sender" || role == "addressee" {
		return false
	}
	person := rePlainName.MatchString(name) && !titleWords(name) || reArPlainName.MatchString(name) && arPersonLike(name) && !arOrgHead(name)
	if !person {
		return false
	}
	known := x.signing
	n := normalName(name)
	for _, c := range x.cands {
		if c.fact.Type == TypeParty && c.fact.Role == "" && c.fact.Normalized == n {
			known = true
		}
	}
	if role == "first_party" || role == "second_party" {
		return known
	}
	return known && x.companyHasRole(role)
}

// reWitnessLine: a witness's line ("Witness: X", "الشاهد: X"), read as a
// signature wherever it stands.
var reWitnessLine = regexp.MustCompile(`(?i)^\s*(?:(?:first|second)\s+)?witness(?:\s+\d)?\s*[:：]|^\s*(?:ال)?شاهد(?:\s+(?:الأول|الاول|الثاني))?\s*[:：]`)
