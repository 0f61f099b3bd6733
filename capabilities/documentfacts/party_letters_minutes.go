package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Issue 29, session 19: parties in English documents that are no
// contract (letters, notices, minutes and resolutions, policies,
// quotations, invoices, orders), by families (docs/documents.md, "Issue
// 29, session 19: parties in English letters, minutes and policies"; the
// cases are party_letters_minutes_test.go). The guideline names as parties "the
// issuer, the addressee, a signatory, a named contact person": a letter's
// signatory and contact, and the people minutes list as present, are
// parties with no role.
//
// lettersMinutesNames adds the names the block rules miss (families S and M2) to the
// resolved candidates; lettersMinutesPartyRoles gives roles (family M1).

// lettersMinutesNames adds, to the resolved candidates cs, the people named in a
// signing or contact slot (family S) and in the attendance of minutes
// (family M2), and the company in the title of minutes (family M1), each
// where no party candidate covers it; the result is in text order.
func lettersMinutesNames(cs []candidate, text string) []candidate {
	var spans []spanLettersMinutes
	spans = append(spans, slotNames(text)...)
	if minutesDoc(text) {
		spans = append(spans, attendeeNames(text)...)
		spans = append(spans, titleCompany(text)...)
	}
	cs, added := addSpanParties(cs, text, spans, nil, "parties19")
	if added {
		sortByPosition(cs)
	}
	return cs
}

// addSpanParties appends a party candidate (by the round named by) for
// each span no party candidate covers, the ones it adds included, and,
// with seen, whose name is not a party's already (seen is kept up to
// date); it reports whether it added any.
func addSpanParties(cs []candidate, text string, spans []spanLettersMinutes, seen map[string]bool, by string) ([]candidate, bool) {
	added := false
	for _, sp := range spans {
		name := text[sp.s:sp.e]
		if seen != nil && seen[normalName(name)] {
			continue
		}
		if slices.ContainsFunc(cs, func(c candidate) bool { return c.fact.Type == TypeParty && sp.s < c.end && c.start < sp.e }) {
			continue
		}
		if seen != nil {
			seen[normalName(name)] = true
		}
		f := Fact{Type: TypeParty, Key: "party", Label: "Party", Value: name, Normalized: normalName(name), EntityType: sp.etype,
			Method: "pattern", Confidence: 0.7}
		cs = append(cs, candidate{fact: f, start: sp.s, end: sp.e, prio: 2, by: by})
		added = true
	}
	return cs, added
}

type spanLettersMinutes struct {
	s, e  int
	etype string
}

// linesLettersMinutes is text's lines with their offsets.
func linesLettersMinutes(text string) (ls []string, at []int) {
	off := 0
	for _, l := range strings.SplitAfter(text, "\n") {
		ls, at = append(ls, strings.TrimRight(l, "\r\n")), append(at, off)
		off += len(l)
	}
	return ls, at
}

// postWords are the words of a post or a department, which a person's
// name never holds ("Property Manager", "Head of Human Resources").
var postWords = map[string]bool{"manager": true, "director": true, "officer": true, "chief": true, "executive": true, "head": true,
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

// personLettersMinutes is the person's name at the start of s, after an honorific,
// as offsets in s: a personName that ends s or is followed by a comma,
// a cell bar, a bracket or a wide gap, holding no post's word.
func personLettersMinutes(s string) (int, int, bool) {
	m := rePersonLettersMinutes.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, 0, false
	}
	name := s[m[2]:m[3]]
	for _, w := range strings.FieldsFunc(lowerASCII(name), func(r rune) bool { return r == ' ' || r == '-' }) {
		if postWords[w] {
			return 0, 0, false
		}
	}
	if titleWords(name) || placeWord(name) || roleOf(name) != "" || labelRole(name) != "" {
		return 0, 0, false
	}
	return m[2], m[3], true
}

var rePersonLettersMinutes = regexp.MustCompile(`^\s*(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng|Prof|Sheikh|Sayyid)\.?\s+)?(` + personName + `)(?:\s*$|\s*[,|(;]|\s{2,}|\s+[-–—]\s)`)

// Family S (a signing or contact slot): the person named under a
// sign-off or a signing label alone on its line ("Authorised by:",
// "Kind regards," over the company, "For X LLC" over "Name | Title"), or
// after a contact label ("Attn: Grace Wanjiru, Property Manager",
// "Enquiries: Badar Salim Al Amri, Procurement Officer"). Block rules
// read a name there only with a title ("Mr.") or on the label's own
// line.
var (
	reSignOffLettersMinutes = regexp.MustCompile(`(?i)^\s*(?:(?:authori[sz]ed|approved|prepared|issued|checked|reviewed|confirmed|signed)\s+(?:and\s+\w+\s+)?by|for\s+and\s+on\s+behalf\s+of\s+.{2,80}|on\s+behalf\s+of\s+.{2,80}|for\s+[A-Z].{2,80}|yours\s+(?:sincerely|faithfully|truly)|sincerely|(?:kind|best|warm)\s+regards|regards|with\s+(?:best\s+)?regards)\s*[,.:：]?\s*$`)
	reContactLettersMinutes = regexp.MustCompile(`(?i)^\s*(?:attn\.?|attention|enquiries|inquiries|contact(?:\s+person)?|for\s+(?:further\s+)?(?:enquiries|inquiries|information))(?:\s+to)?\s*[:：.]\s*`)
	reSignSkip              = regexp.MustCompile(`(?i)^\s*(?:_{3,}|\.{4,}|signature\s*[:：]?.*|\(?signed\)?|\[?(?:signature|stamp|seal)\]?)\s*$`)
)

// slotNames applies family S to the lines of text that hold no Arabic.
func slotNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		if hasArabic(l) {
			continue
		}
		if m := reContactLettersMinutes.FindStringIndex(l); m != nil {
			if s, e, ok := personLettersMinutes(l[m[1]:]); ok {
				out = append(out, spanLettersMinutes{at[i] + m[1] + s, at[i] + m[1] + e, "person"})
			}
			continue
		}
		if !reSignOffLettersMinutes.MatchString(l) {
			continue
		}
		// The next lines: the organisation signed for and signing lines
		// may come first; the first other line is the name, or none.
		for j, seen := i+1, 0; j < len(ls) && seen < 3; j++ {
			n := ls[j]
			if strings.TrimSpace(n) == "" || reSignSkip.MatchString(n) {
				continue
			}
			seen++
			if orgLine(n) || orgLine(strings.SplitN(n, " | ", 2)[0]) && !strings.Contains(n, ",") {
				continue
			}
			if hasArabic(n) {
				break
			}
			if s, e, ok := personLettersMinutes(n); ok {
				out = append(out, spanLettersMinutes{at[j] + s, at[j] + e, "person"})
			}
			break
		}
	}
	return out
}

// orgLine: the line is a company's name alone ("Van der Berg
// Koeltechniek B.V.", whose lower-case "der" orgAlone's name does not
// start at).
func orgLine(n string) bool {
	n = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(n), ",:"))
	if orgAlone(n) {
		return true
	}
	m := reOrg.FindStringSubmatchIndex(n + " ")
	return m != nil && strings.TrimSpace(n[m[3]:]) == "" && !strings.Contains(n[:m[2]], ",")
}

// Family M (minutes and resolutions of a board or a general assembly):
// the company whose body meets, named at the head (over the title or in
// it: "MINUTES OF A MEETING OF THE BOARD OF DIRECTORS OF X LIMITED"), is
// their issuer (M1); the people the minutes list as present, in
// attendance, chairing, taking the minutes or sending apologies, in a
// label's line or in a "Present | Capacity" table, are parties with no
// role (M2). Round 16's family M read a head company only when the
// title opened the text.
var (
	reMinutesHead = regexp.MustCompile(`(?i)^[\s#*_]*(?:(?:extract\s+(?:of|from)\s+(?:the\s+)?)?minutes\s+of\b|minutes\s*$|(?:the\s+)?resolutions?\s+(?:of|passed\s+by)\s+the\s+(?:board|shareholders|general\s+assembly|partners|members)|(?:written\s+|board\s+|shareholders'?\s+)resolutions?\b)`)
	reAttendLabel = regexp.MustCompile(`(?i)^[\s*_]*(?:present|attendees|attending|in\s+attendance|also\s+present|apologies(?:\s+for\s+absence)?|absent(?:\s+with\s+apologies)?|(?:directors|members)\s+present|chair(?:ed\s+by|man|person|woman)?|secretary|minutes\s+(?:taken|recorded)\s+by|recorded\s+by)\s*[:：]\s*(.+)$`)
	reAttendTable = regexp.MustCompile(`(?i)^[\s*_]*(?:present|attendees?|name|director|member)s?\s*\|\s*(?:capacity|position|title|designation|role|post)\b`)
	reBoardOf     = regexp.MustCompile(`(?i)\bof\s+(?:the\s+)?(?:board\s+of\s+directors|directors|shareholders|members|partners|(?:ordinary\s+|extraordinary\s+|annual\s+)?general\s+(?:assembly|meeting))\s+of\s+(.{4,120}?)\s*$`)
	reListSep     = regexp.MustCompile(`\s*(?:\||;|,|\band\b)\s*`)
	reFormEnd     = regexp.MustCompile(`(?i)(?:^|\s)(?:` + orgSuffix + `)$`)
)

// minutesDoc: a title of minutes or resolutions on the text's first
// six lines.
func minutesDoc(text string) bool {
	ls, _ := linesLettersMinutes(text)
	for i, l := range ls {
		if i >= 6 {
			break
		}
		if reMinutesHead.MatchString(l) {
			return true
		}
	}
	return false
}

// attendeeNames applies family M2.
func attendeeNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	inTable := false
	for i, l := range ls {
		if hasArabic(l) {
			inTable = false
			continue
		}
		if reAttendTable.MatchString(l) {
			inTable = true
			continue
		}
		if inTable {
			if !strings.Contains(l, " | ") {
				inTable = false
			} else {
				if s, e, ok := personLettersMinutes(strings.SplitN(l, " | ", 2)[0] + " |"); ok {
					out = append(out, spanLettersMinutes{at[i] + s, at[i] + e, "person"})
				}
				continue
			}
		}
		m := reAttendLabel.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		// The list: names apart by bars, semicolons, commas or "and",
		// each perhaps with its post after a comma or in brackets.
		rest, off := l[m[2]:m[3]], at[i]+m[2]
		for _, part := range splitKeep(rest, reListSep) {
			if s, e, ok := personLettersMinutes(rest[part[0]:part[1]]); ok {
				out = append(out, spanLettersMinutes{off + part[0] + s, off + part[0] + e, "person"})
			}
		}
	}
	return out
}

// splitKeep is s's parts between the matches of sep, as offsets.
func splitKeep(s string, sep *regexp.Regexp) [][2]int {
	var out [][2]int
	prev := 0
	for _, m := range sep.FindAllStringIndex(s, -1) {
		out = append(out, [2]int{prev, m[0]})
		prev = m[1]
	}
	return append(out, [2]int{prev, len(s)})
}

// titleCompany is the company named in the title of minutes ("... OF
// THE BOARD OF DIRECTORS OF HALDEN ROBOTICS LIMITED"), by its legal
// form.
func titleCompany(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	for i, l := range ls {
		if i >= 6 {
			break
		}
		if !reMinutesHead.MatchString(l) {
			continue
		}
		m := reBoardOf.FindStringSubmatchIndex(strings.TrimRight(l, " *_#"))
		if m == nil {
			continue
		}
		name := strings.TrimRight(l[m[2]:m[3]], " .,")
		if reFormEnd.MatchString(name) && strings.Contains(name, " ") {
			return []spanLettersMinutes{{at[i] + m[2], at[i] + m[2] + len(name), "company"}}
		}
	}
	return nil
}

// lettersMinutesPartyRoles applies the role families of this round: R (a letter's
// party defined in its body), then M1 (the issuer of minutes).
func lettersMinutesPartyRoles(facts []Fact, cands []candidate, text, docType, subtype string) {
	if len(facts) != len(cands) {
		return
	}
	bodyDefinedRoles(facts, cands, text, docType, subtype)
	minutesIssuer(facts, cands, text)
}

// Family R (a letter's party defined in its body): a letter's writer or
// addressee takes a role from the letter's frame (the letterhead, "To:":
// supplier, customer, issuer), but the body may define the same company
// by the role it holds ("Under the Subcontract, X W.L.L. (the
// "Subcontractor") agreed ...", "employment with X SAOC (hereinafter the
// "Company")" in an offer of employment). The body's definition is the
// text's own word, and wins; in an offer of employment "the Company" is
// the employer. Only in a letter (a salutation or a subject line on its
// first 1,500 characters) that is no contract or lease.
var reDefRight = regexp.MustCompile(`^\s*,?\s*\(`)

func bodyDefinedRoles(facts []Fact, cands []candidate, text, docType, subtype string) {
	employment := subtype == "employment_letter" || hasRole(facts, "employee")
	if (docType == "contract" || docType == "lease") && !employment {
		return
	}
	letter := false
	for _, re := range []*regexp.Regexp{reSalutation, reSubjectLine} {
		if m := re.FindStringIndex(text); m != nil && m[0] <= 1500 {
			letter = true
		}
	}
	if !letter {
		return
	}
	low := lowerASCII(text)
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || hasArabic(f.Value) || len(f.Value) < 6 ||
			f.Role != "customer" && f.Role != "supplier" && f.Role != "issuer" {
			continue
		}
		if reDefRight.MatchString(text[cands[i].end:]) {
			continue // defined where it is found: its role is that definition's
		}
		for _, at := range occurrences(low, lowerASCII(f.Value)) {
			if at == cands[i].start {
				continue
			}
			after := text[at+len(f.Value):]
			if !reDefRight.MatchString(after) {
				continue
			}
			w, ok := definedRole(after)
			if !ok {
				continue
			}
			r := definedRoleFor(w, f.Value, after)
			if orgKinds[lowerASCII(w)] {
				r = ""
				if employment && lowerASCII(w) == "company" {
					r = "employer"
				}
			}
			if r == "" || r == f.Role || r == "first_party" || r == "second_party" {
				continue
			}
			setRole(facts, i, r)
			break
		}
	}
}

// minutesIssuer applies family M1's role: in minutes, the first
// company on the text's first lines (the head over the title, or the
// title's), when no party is the issuer, is the issuer.
func minutesIssuer(facts []Fact, cands []candidate, text string) {
	if !minutesDoc(text) || hasRole(facts, "issuer") {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first >= 0 && facts[first].Role == "" && strings.Count(text[:cands[first].start], "\n") <= 5 {
		setRole(facts, first, "issuer")
	}
}
