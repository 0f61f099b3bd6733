package documentfacts

import (
	"regexp"
	"sort"
	"strings"
)

// Issue 29, session 19: parties in English documents that are no
// contract (letters, notices, minutes and resolutions, policies,
// quotations, invoices, orders), by families (docs/documents.md, "Issue
// 29, session 19: parties in English letters, minutes and policies"; the
// cases are parties19_test.go). The guideline names as parties "the
// issuer, the addressee, a signatory, a named contact person": a letter's
// signatory and contact, and the people minutes list as present, are
// parties with no role.
//
// names19 adds the names the block rules miss (family S) to the resolved
// candidates.

// names19 adds, to the resolved candidates cs, the people named in a
// signing or contact slot (family S), each where no party candidate
// covers it; the result is in text order.
func names19(cs []candidate, text string) []candidate {
	var spans []span19
	spans = append(spans, slotNames19(text)...)
	added := false
	for _, sp := range spans {
		taken := false
		for _, c := range cs {
			if c.fact.Type == TypeParty && sp.s < c.end && c.start < sp.e {
				taken = true
				break
			}
		}
		if taken {
			continue
		}
		name := text[sp.s:sp.e]
		f := Fact{Type: TypeParty, Key: "party", Label: "Party", Value: name, Normalized: normalName(name), EntityType: sp.etype,
			Method: "pattern", Confidence: 0.7}
		cs = append(cs, candidate{fact: f, start: sp.s, end: sp.e, prio: 2, by: "parties19"})
		added = true
	}
	if added {
		sort.SliceStable(cs, func(i, j int) bool {
			if cs[i].start != cs[j].start {
				return cs[i].start < cs[j].start
			}
			return cs[i].fact.Type < cs[j].fact.Type
		})
	}
	return cs
}

type span19 struct {
	s, e  int
	etype string
}

// lines19 is text's lines with their offsets.
func lines19(text string) (ls []string, at []int) {
	off := 0
	for _, l := range strings.SplitAfter(text, "\n") {
		ls, at = append(ls, strings.TrimRight(l, "\r\n")), append(at, off)
		off += len(l)
	}
	return ls, at
}

// postWords19 are the words of a post or a department, which a person's
// name never holds ("Property Manager", "Head of Human Resources").
var postWords19 = map[string]bool{"manager": true, "director": true, "officer": true, "chief": true, "executive": true, "head": true,
	"secretary": true, "chair": true, "chairman": true, "chairperson": true, "chairwoman": true, "deputy": true, "vice": true,
	"general": true, "assistant": true, "member": true, "members": true, "board": true, "counsel": true, "legal": true,
	"human": true, "resources": true, "sales": true, "export": true, "account": true, "accounts": true, "key": true,
	"property": true, "office": true, "services": true, "department": true, "division": true, "unit": true, "team": true,
	"engineer": true, "planner": true, "estimator": true, "accountant": true, "auditor": true, "procurement": true,
	"finance": true, "financial": true, "operations": true, "project": true, "projects": true, "senior": true, "junior": true,
	"company": true, "limited": true, "ltd": true, "llc": true, "group": true, "holding": true, "holdings": true,
	"supervisor": true, "coordinator": true, "administrator": true, "president": true, "treasurer": true, "partner": true,
	"representative": true, "controller": true, "analyst": true, "consultant": true, "adviser": true, "advisor": true,
	"customer": true, "supplier": true, "client": true, "buyer": true, "seller": true, "street": true, "road": true,
	"way": true, "building": true, "tower": true, "house": true, "industrial": true, "area": true, "estate": true,
	"dear": true, "sir": true, "madam": true, "regards": true, "sincerely": true, "faithfully": true, "stamp": true, "seal": true,
	"signature": true, "date": true, "directors": true, "managers": true, "officers": true, "shareholders": true,
	"staff": true, "employees": true, "all": true, "none": true, "other": true, "name": true, "title": true, "ministry": true, "authority": true, "bank": true}

// person19 is the person's name at the start of s, after an honorific,
// as offsets in s: a personName that ends s or is followed by a comma,
// a cell bar, a bracket or a wide gap, holding no post's word.
func person19(s string) (int, int, bool) {
	m := rePerson19.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, 0, false
	}
	name := s[m[2]:m[3]]
	for _, w := range strings.FieldsFunc(lowerASCII(name), func(r rune) bool { return r == ' ' || r == '-' }) {
		if postWords19[w] {
			return 0, 0, false
		}
	}
	if titleWords(name) || placeWord(name) || roleOf(name) != "" || labelRole(name) != "" {
		return 0, 0, false
	}
	return m[2], m[3], true
}

var rePerson19 = regexp.MustCompile(`^\s*(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng|Prof|Sheikh|Sayyid)\.?\s+)?(` + personName + `)(?:\s*$|\s*[,|(;]|\s{2,}|\s+[-–—]\s)`)

// Family S (a signing or contact slot): the person named under a
// sign-off or a signing label alone on its line ("Authorised by:",
// "Kind regards," over the company, "For X LLC" over "Name | Title"), or
// after a contact label ("Attn: Grace Wanjiru, Property Manager",
// "Enquiries: Badar Salim Al Amri, Procurement Officer"). Block rules
// read a name there only with a title ("Mr.") or on the label's own
// line.
var (
	reSignOff19  = regexp.MustCompile(`(?i)^\s*(?:(?:authori[sz]ed|approved|prepared|issued|checked|reviewed|confirmed|signed)\s+(?:and\s+\w+\s+)?by|for\s+and\s+on\s+behalf\s+of\s+.{2,80}|on\s+behalf\s+of\s+.{2,80}|for\s+[A-Z].{2,80}|yours\s+(?:sincerely|faithfully|truly)|sincerely|(?:kind|best|warm)\s+regards|regards|with\s+(?:best\s+)?regards)\s*[,.:：]?\s*$`)
	reContact19  = regexp.MustCompile(`(?i)^\s*(?:attn\.?|attention|enquiries|inquiries|contact(?:\s+person)?|for\s+(?:further\s+)?(?:enquiries|inquiries|information))(?:\s+to)?\s*[:：.]\s*`)
	reSignSkip19 = regexp.MustCompile(`(?i)^\s*(?:_{3,}|\.{4,}|signature\s*[:：]?.*|\(?signed\)?|\[?(?:signature|stamp|seal)\]?)\s*$`)
)

// slotNames19 applies family S to the lines of text that hold no Arabic.
func slotNames19(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		if hasArabic(l) {
			continue
		}
		if m := reContact19.FindStringIndex(l); m != nil {
			if s, e, ok := person19(l[m[1]:]); ok {
				out = append(out, span19{at[i] + m[1] + s, at[i] + m[1] + e, "person"})
			}
			continue
		}
		if !reSignOff19.MatchString(l) {
			continue
		}
		// The next lines: the organisation signed for and signing lines
		// may come first; the first other line is the name, or none.
		for j, seen := i+1, 0; j < len(ls) && seen < 3; j++ {
			n := ls[j]
			if strings.TrimSpace(n) == "" || reSignSkip19.MatchString(n) {
				continue
			}
			seen++
			if orgLine19(n) || orgLine19(strings.SplitN(n, " | ", 2)[0]) && !strings.Contains(n, ",") {
				continue
			}
			if hasArabic(n) {
				break
			}
			if s, e, ok := person19(n); ok {
				out = append(out, span19{at[j] + s, at[j] + e, "person"})
			}
			break
		}
	}
	return out
}

// orgLine19: the line is a company's name alone ("Van der Berg
// Koeltechniek B.V.", whose lower-case "der" orgAlone's name does not
// start at).
func orgLine19(n string) bool {
	n = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(n), ",:"))
	if orgAlone(n) {
		return true
	}
	m := reOrg.FindStringSubmatchIndex(n + " ")
	return m != nil && strings.TrimSpace(n[m[3]:]) == "" && !strings.Contains(n[:m[2]], ",")
}
