package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 15, round 11: parties heldout8's writer names in ways
// the earlier rules missed (docs/documents.md, "round 11, parties and
// obligations from heldout8").

// reEntrySep parts the entries of one line: table cells, an em or en dash
// between two entries ("الشاهد الأول: X — الشاهد الثاني: Y", "Name, Title
// — date") and a run of spaces between two signing columns.
var reEntrySep = regexp.MustCompile(` \| | [—–] | {3,}|\t+`)

// reDashDate: a date after a dash at a line's end.
var reDashDate = regexp.MustCompile(`\s[—–]\s+[^|—–]*\d{4}\s*$`)

// reForRole: the opening of a signing entry for a party ("For the
// Lessee", "On behalf of the Owners", "عن العميل", "نيابة عن المقاول";
// round 14: "Received for the Contractor", "Accepted for the Buyer").
var (
	reForRoleEN = regexp.MustCompile(`(?i)^\s*(?:(?:signed|received|accepted|acknowledged|approved)\s+)?(?:for\s+and\s+on\s+behalf\s+of|on\s+behalf\s+of|for)\s+(?:the\s+)?((?-i:[A-Z][A-Za-z'’-]*(?:\s+[A-Z][A-Za-z'’-]*){0,2}))\s*`)
	reForRoleAR = regexp.MustCompile(`^\s*(?:عن|نيابة\s+عن|بالنيابة\s+عن)\s+(ال\p{Arabic}+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2}?)\s*(?:[:：]|$|\s+\p{Latin})`)
	// reRoleLabelEN / AR: a bare role label of a signing entry ("Broker /
	// الوسيط:", "صاحب العمل:").
	reRoleLabelEN = regexp.MustCompile(`^\s*([A-Z][A-Za-z-]*(?:\s+[A-Za-z-]+){0,2})\s*(?:/\s*([\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2}))?\s*[:：]\s*`)
	reRoleLabelAR = regexp.MustCompile(`^\s*([\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2})\s*[:：]\s*`)
)

// signerRoleWord: a label's word names a party's role (lexicon or
// guideline), in either script; a post ("Managing Partner") does not.
func signerRoleWord(w string) bool {
	w = strings.TrimSpace(w)
	if w == "" || jobTitle(w) {
		return false
	}
	if hasArabic(w) {
		w = stripTashkeel(strings.TrimPrefix(strings.TrimPrefix(w, "نيابة عن "), "عن "))
		return roleOf(w) != "" || roleOf(arRolePrefix(w)) != "" || labelRole(w) != ""
	}
	return labelRole(w) != "" || lexRole(w) != ""
}

// roleSignerNames finds the people who sign for a party's role on a
// signing line, as [start, end) offsets in t: in each entry of the line
// (reEntrySep), a label of a role ("For the Lessee:", "For the Client /
// عن العميل", "عن المستشار القانوني:", and in a signature block a bare
// "Broker / الوسيط:" or "صاحب العمل:") followed by a person's name, in
// one or two scripts, with a title after a comma. Each is a signatory:
// no role. An organisation, a post or a date after the label is nobody.
func roleSignerNames(t string, signing bool) [][2]int {
	var out [][2]int
	if strings.Contains(t, "\n") {
		return nil
	}
	// A line that ends in a date after a dash ("Seller / البائع: Name —
	// September 3, 2026") is a signing line wherever it stands.
	signing = signing || reDashDate.MatchString(t)
	idx := reEntrySep.FindAllStringIndex(t, -1)
	from := 0
	for k := 0; k <= len(idx); k++ {
		to := len(t)
		if k < len(idx) {
			to = idx[k][0]
		}
		cellAt := from
		cell := t[from:to]
		if k < len(idx) {
			from = idx[k][1]
		}
		body, at := "", -1
		if m := reForRoleEN.FindStringSubmatchIndex(cell); m != nil && signerRoleWord(cell[m[2]:m[3]]) {
			rest := cell[m[1]:]
			at = m[1]
			// "For the Client / عن العميل Hamad ..." or "For the Lessee:".
			if r := strings.TrimLeft(rest, " "); strings.HasPrefix(r, "/") {
				r2 := strings.TrimLeft(r[1:], " ")
				if am := reForRoleAR.FindStringSubmatchIndex(r2); am != nil {
					base := at + (len(rest) - len(r2))
					end := am[3]
					for end < len(r2) && (r2[end] == ' ' || r2[end] == ':') {
						end++
					}
					if strings.HasPrefix(r2[end:], "：") {
						end += len("：")
					}
					at = base + end
				} else {
					continue
				}
			} else if strings.HasPrefix(r, ":") || strings.HasPrefix(r, "：") {
				at += len(rest) - len(r)
				at += len(r[:strings.IndexAny(r, ":：")]) + len(string([]rune(r)[0]))
			} else if !signing {
				continue
			}
			body = cell[at:]
		} else if m := reForRoleAR.FindStringSubmatchIndex(cell); m != nil && signerRoleWord(cell[m[2]:m[3]]) {
			at = m[3]
			for at < len(cell) && cell[at] == ' ' {
				at++
			}
			if strings.HasPrefix(cell[at:], ":") {
				at++
			} else if strings.HasPrefix(cell[at:], "：") {
				at += len("：")
			}
			body = cell[at:]
		} else if !signing {
			continue
		} else if m := reRoleLabelEN.FindStringSubmatchIndex(cell); m != nil && (signerRoleWord(cell[m[2]:m[3]]) || m[4] >= 0 && signerRoleWord(cell[m[4]:m[5]])) {
			at, body = m[1], cell[m[1]:]
		} else if m := reRoleLabelAR.FindStringSubmatchIndex(cell); m != nil && signerRoleWord(cell[m[2]:m[3]]) {
			at, body = m[1], cell[m[1]:]
		}
		if at < 0 || strings.TrimSpace(body) == "" || hasDigit(body) && !strings.ContainsAny(body, ",،") {
			continue
		}
		titled := false
		if i := strings.IndexAny(body, ",،("); i >= 0 {
			titled = titleWords(body[i:]) || reArTitleWord.MatchString(body[i:])
			body = body[:i]
		}
		parts := bilingualParts(body)
		// Outside a signature block a name alone after "For the Buyer:"
		// may be anything capitalised: it needs a second entry on the
		// line, a title, its twin in the other script or an honorific.
		strong := signing || len(idx) > 0 || titled || len(parts) == 2
		for _, pr := range parts {
			p := body[pr[0]:pr[1]]
			lead := len(p) - len(strings.TrimLeft(p, " "))
			p = p[lead:]
			if h := honorific.FindString(p); h != "" {
				lead += len(h)
				p = p[len(h):]
			} else if !strong {
				continue
			}
			p = strings.TrimSpace(p)
			if p == "" || hasDigit(p) || roleOf(p) != "" || labelRole(p) != "" {
				continue
			}
			ok := personNameAlone(p) && !strings.HasPrefix(p, "عن ")
			if ok {
				s := cellAt + at + pr[0] + lead
				out = append(out, [2]int{s, s + len(p)})
			}
		}
	}
	return out
}

// reLexLabelLead: a label of the role lexicon opening the second half of
// a bilingual cell ("Lender: X | المقرض: Y").
var reLexLabelLead = regexp.MustCompile(`^[\s*_]*([\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+)?|[A-Z][A-Za-z-]+(?:\s+[A-Z][A-Za-z-]+)?)[\s*_]*[:：][\s*_]*`)

// labelledEntries parts a line of a signature block into its entries, as
// [start, end) offsets: its table cells, and within a cell at an em or en
// dash that a signing label follows ("الشاهد الأول: X — الشاهد الثاني:
// Y"); a dash between a name's two scripts stays inside its entry.
func labelledEntries(t string) [][2]int {
	var out [][2]int
	off := 0
	for _, cell := range strings.Split(t, " | ") {
		at := off
		off += len(cell) + len(" | ")
		from := 0
		for _, m := range reDashSep.FindAllStringIndex(cell, -1) {
			if m[0] > from && reSignLabel.MatchString(cell[m[1]:]) {
				out = append(out, [2]int{at + from, at + m[0]})
				from = m[1]
			}
		}
		out = append(out, [2]int{at + from, at + len(cell)})
	}
	return out
}

var reDashSep = regexp.MustCompile(` [—–] `)

// Class P5: an Arabic party listed at an entry's start (after an
// enumerator, a role cell or a label) whose definition comes later in the
// same entry, after its licence, address or representative: "١- مزرعة
// الوادي الأخضر ش.م.م، سجل تجاري ...، ويشار إليها فيما بعد بـ "صاحب
// العمل"", "| الوسيط | مكتب الديرة للوساطة العقارية، ترخيص ...، ويشار
// إليه بـ "الوسيط" |", "ثانياً: مكتب X، برج ...، ويمثله ...، ويشار إليه
// بـ "المستشار القانوني"", "الوسيط: X ش.ذ.م.م، مكتب ١٨٠٤ ("الوسيط")".
var (
	// reArEntryLead: what may stand before the name at an entry's start.
	reArEntryLead = regexp.MustCompile(`^[\s#*_>-]*(?:` + arEnumerator + `|[0-9\x{0660}-\x{0669}]{1,2}\s*[-.)]\s*|[\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2}\s*[:：]\s*)?[\s*_]*`)
	// reArListedOrg: a kind word and up to six words to the first comma
	// (its legal form among them or not), or one to six words ending in a
	// legal form.
	reArListedOrg = regexp.MustCompile(`^(?:((?:` + arListedKinds + `)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,5}?(?:\s+` + arOrgSuffix + `)?)\s*[،,]|((?:\p{Arabic}+\s+){1,6}?` + arOrgSuffix + `)(?:\s*[،,(]|$))`)
	// reArQuotedDef: a definition in brackets of a quoted word
	// ('("الوسيط")').
	reArQuotedDef = regexp.MustCompile(`^[^()]{0,240}?\(\s*["«“]([\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2})["»”]\s*\)`)
)

const arListedKinds = `شركة|مؤسسة|مجموعة|بنك|مصرف|مستشفى|مصنع|جامعة|كلية|معهد|مكتب|هيئة|وزارة|بلدية|مركز|فندق|مدرسة|جمعية|مختبر|مزرعة|مطبعة|عيادة|صيدلية|ورشة|مجمع`

type listedParty struct {
	s, e int
	role string
}

// arListedParties finds the parties of class P5 in t, each with the role
// of its definition; an entry whose definition gives no role is passed
// over.
func arListedParties(t string) []listedParty {
	if !hasArabic(t) {
		return nil
	}
	var out []listedParty
	off := 0
	for _, line := range strings.SplitAfter(t, "\n") {
		lineAt := off
		off += len(line)
		coff := 0
		for _, cell := range strings.Split(line, " | ") {
			at := lineAt + coff
			coff += len(cell) + len(" | ")
			lead := reArEntryLead.FindString(cell)
			rest := cell[len(lead):]
			m := reArListedOrg.FindStringSubmatchIndex(rest)
			if m == nil {
				continue
			}
			s, e := m[2], m[3]
			if s < 0 {
				// A name known by its legal form alone follows an
				// enumerator, a label or a role cell, and holds no kind
				// word ("وشركة X ش.م.م", "بين شركة X": the name starts
				// later, and other rules find it).
				s, e = m[4], m[5]
				if strings.TrimSpace(lead) == "" && !strings.Contains(line, " | ") || reArKindInside.MatchString(rest[s:e]) {
					continue
				}
			}
			name := rest[s:e]
			if roleOf(name) != "" || labelRole(name) != "" || reArDefCueIn.MatchString(" "+name) || len(strings.Fields(name)) < 2 {
				continue
			}
			after := rest[e:]
			role := ""
			if d := reArRoleFar.FindStringSubmatch(after); d != nil {
				role = roleOf(arRolePrefix(stripTashkeel(d[1])))
			}
			if role == "" {
				if d := reArQuotedDef.FindStringSubmatch(after); d != nil {
					role = roleOf(arRolePrefix(stripTashkeel(d[1])))
				}
			}
			if role == "" {
				continue
			}
			p := at + len(lead) + s
			out = append(out, listedParty{p, p + len(name), role})
		}
	}
	return out
}

// reArKindInside: a kind word of an organisation, with or without a
// particle, anywhere in a name.
var reArKindInside = regexp.MustCompile(`(?:^|\s)[وبل]?(?:` + arListedKinds + `)(?:\s|$)`)

// Class P3: a person the label ties to a party by its role: "Client's
// logistics contact: X", "Broker's agent / وكيلة الوسيط: X, BRN ...",
// "منسقة العقد لدى العميل: X، إدارة ...". The label must name a party's
// role (the possessive, the label's last words); the person takes no
// role.
var (
	reRoleContactEN = regexp.MustCompile(`^[\s*_]*([A-Z][A-Za-z]+(?:\s+[A-Z][A-Za-z]+)?)['’]s\s+(?:[a-z]+\s+){0,2}(?:contact|coordinator|representative|agent|liaison)(?:\s+person)?\s*(?:/\s*([^:：/]{2,40}))?[:：][\s*_]*`)
	reRoleContactAR = regexp.MustCompile(`^[\s*_]*((?:منسق|منسقة|ممثل|ممثلة|مندوب|مندوبة|وكيل|وكيلة|ضابط\s+اتصال|مسؤول\s+اتصال|مسؤولة\s+اتصال)(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){1,4})\s*[:：][\s*_]*`)
)

// arLabelNamesRole: the last one or two words of an Arabic label name a
// party's role ("منسقة العقد لدى العميل", "وكيلة الوسيط").
func arLabelNamesRole(label string) bool {
	w := strings.Fields(stripTashkeel(label))
	for n := 1; n <= 2 && n < len(w); n++ {
		if signerRoleWord(strings.Join(w[len(w)-n:], " ")) {
			return true
		}
	}
	return false
}

// roleContactNames finds the people of class P3 in t, as [start, end)
// offsets.
func roleContactNames(t string) [][2]int {
	line, _, _ := strings.Cut(t, "\n")
	at := -1
	if m := reRoleContactEN.FindStringSubmatchIndex(line); m != nil && (signerRoleWord(line[m[2]:m[3]]) || m[4] >= 0 && arLabelNamesRole(line[m[4]:m[5]])) {
		at = m[1]
	} else if m := reRoleContactAR.FindStringSubmatchIndex(line); m != nil && arLabelNamesRole(line[m[2]:m[3]]) {
		at = m[1]
	}
	if at < 0 {
		return nil
	}
	body := line[at:]
	if i := strings.IndexAny(body, ",،(;؛|"); i >= 0 {
		body = body[:i]
	}
	var out [][2]int
	for _, pr := range bilingualParts(body) {
		p, lead := skipHonorific(body[pr[0]:pr[1]])
		p = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(p), "."))
		if p == "" || hasDigit(p) || roleOf(p) != "" {
			continue
		}
		ok := personNameAlone(p)
		if ok {
			s := at + pr[0] + lead
			out = append(out, [2]int{s, s + len(p)})
		}
	}
	return out
}

// Class P6: a role label numbered by an ordinal ("الشريك الأول:", "الشريك
// الثاني:", "First Partner:", "Partner 2:") labels that role: several
// parties share it.
var (
	reArOrdinalAfter = regexp.MustCompile(`^(\S+(?:\s+\S+)?)\s+(?:الأول|الاول|الثاني|الثالث|الرابع|الخامس|السادس|الأولى|الاولى|الثانية|الثالثة|الرابعة|الخامسة|رقم\s*[0-9\x{0660}-\x{0669}]+|\(?[0-9\x{0660}-\x{0669}]+\)?)$`)
	reEnOrdinalRole  = regexp.MustCompile(`(?i)^(?:(?:first|second|third|fourth|fifth|sixth)\s+([A-Za-z-]+(?:\s+[A-Za-z-]+)?)|([A-Za-z-]+(?:\s+[A-Za-z-]+)?)\s+(?:no\.?\s*)?\(?\d{1,2}\)?)$`)
)

// ordinalRoleWord is word without its ordinal when the rest names a role
// other than the first or second party ("الشريك الأول" is الشريك; "الطرف
// الأول" and "First Party" stay as they are); else word.
func ordinalRoleWord(word string) string {
	w := strings.TrimSpace(word)
	rest := ""
	if m := reArOrdinalAfter.FindStringSubmatch(w); m != nil {
		rest = m[1]
	} else if m := reEnOrdinalRole.FindStringSubmatch(w); m != nil {
		rest = m[1] + m[2]
	}
	if rest == "" || labelRole(w) != "" || strings.HasPrefix(rest, "الطرف") || strings.EqualFold(rest, "party") {
		return word
	}
	if lexRole(rest) == "" || jobTitle(rest) {
		return word
	}
	return rest
}

// Class X1: "From: Port of Qingdao, China" / "To: Port of Sohar" in a
// shipment's details is where the goods go from and to, not a sender or
// an addressee: a port, an airport or a harbour by its first or last
// word (placeWord), in either script, that is no company ("Port of Duqm
// Company SAOC" is one).
var reVoyagePlace = regexp.MustCompile(`(?i)^\s*(?:the\s+)?(?:port|harbou?r|airport|terminal|anchorage)\s+of\s|^\s*(?:ميناء|مطار|مرفأ)\s`)

func voyagePlace(name string) bool {
	n := strings.TrimSpace(name)
	return (reVoyagePlace.MatchString(n) || placeWord(n)) && !reOrg.MatchString(n) && !strings.Contains(n, "شركة")
}

// Class X2: "شركة محدودة المسؤولية", "شركة مساهمة مقفلة": a kind of
// company named by its legal form alone ("to found a limited liability
// company") is no party.
var reArFormOnly = regexp.MustCompile(`^(?:شركة|مؤسسة)(?:\s+(?:ذات|محدودة|المسؤولية|مسؤولية|المسئولية|مساهمة|عامة|مقفلة|قابضة|تضامن|توصية|بسيطة|فردية|الشخص|الواحد|تجارية|أجنبية|وطنية))+$`)

func arFormOnly(name string) bool { return reArFormOnly.MatchString(strings.TrimSpace(name)) }

// Class O7: "The Insured and their agents shall", "the Contractor and its
// subcontractors shall": a party's people after it do not make the
// subject theirs.
var reAndItsPeople = regexp.MustCompile(`(?i)\s+(?:and|or|and/or)\s+(?:its|their|his|her)\s+[a-z]+`)

// personNameAlone reports whether p, standing alone in a signing or
// witness line, reads as a person's name in its script: no title word,
// no organisation's head word.
func personNameAlone(p string) bool {
	if hasArabic(p) {
		return reArPlainName.MatchString(p) && arPersonLike(p) && !arOrgHead(p)
	}
	return rePlainName.MatchString(p) && !titleWords(p) && trimOrgLead(p) == p
}

// skipHonorific returns p without its leading spaces and honorific
// ("Eng. ", "م. ") and how many bytes were skipped, so that offsets into
// the text stay right.
func skipHonorific(p string) (string, int) {
	lead := len(p) - len(strings.TrimLeft(p, " "))
	p = p[lead:]
	if h := honorific.FindString(p); h != "" {
		lead += len(h)
		p = p[len(h):]
	}
	return p, lead
}
