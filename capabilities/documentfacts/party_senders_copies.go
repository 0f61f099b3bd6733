package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Issue 29, session 22: party roles (docs/documents.md, "Issue 29,
// session 22: party roles"; the cases are party_senders_copies_test.go). The
// families were tallied on development data only (heldout16 and 17 and
// the sets of the safe dev pattern), among the parties that carry
// another role than the label, no role, or a name with its frame; each
// is written in general terms:
//
//   - C: a letter's copy line names an organisation by its role ("نسخة
//     إلى: الاستشاري – مكتب X", "cc: the Consultant – X", "Copy to: X
//     (the Engineer)"): X is a party of that role;
//   - N: a name keeps the frame of the line it was read from: the
//     addressee's "السادة/ X المحترمين" is X; "عن صاحب العمل", "For the
//     Contractor" over a signature is no party (a role word, no name);
//     an Arabic caption read as a person's name ("رقم الفاتورة", "تاريخ
//     الاستحقاق", "المجموع الفرعي") is none;
//   - O: the author of a tender, a competition (منافسة) or a letter
//     about a bid, defined as "الجهة المالكة" or "the Owner", is the
//     issuer (decision 36 for documents the type reader does not call a
//     tender), and so are the duties bound to its word;
//   - S: a quotation, an invoice, a renewal reminder or a demand from one
//     company to another: the letterhead's company is the supplier and
//     the addressee the customer (each with its twin in the other
//     script), where neither has a role and no other role is given.
//
// sendersCopiesNames applies C and N to the resolved candidates; sendersCopiesPartyRoles O
// and S after the earlier rounds' roles; sendersCopiesPartyObligations O's duties.

// reCopyLine: a copy line, its role word and the name after it
// ("نسخة إلى: الاستشاري – مكتب X", "cc: the Engineer - X LLC").
var reCopyLine = regexp.MustCompile(`(?i)^[ \t*_]*(?:cc|c\.c\.|copy\s+to|copies\s+to|نسخة\s+(?:إلى|الى|ل)|صورة\s+(?:إلى|الى|مع\s+التحية\s+(?:إلى|الى)))\s*[:：]?\s*(.+?)\s*$`)

// reCopyDash and reCopyBracket: a role word and a name, in either
// order, joined by a dash, a comma or a colon, or one in brackets.
var reCopyDash = regexp.MustCompile(`^(.+?)\s*(?:[–—:،,]|\s-\s)\s*(.+)$`)
var reCopyBracket = regexp.MustCompile(`^(.+?)\s*\(\s*(.+?)\s*\)$`)

// reOrgHead: words an organisation's name opens or closes with when it
// carries no legal form (an office, a consultancy, an authority).
var reOrgHead = regexp.MustCompile(`^(?:مكتب|شركة|مؤسسة|مجموعة|دار|هيئة|مركز|بيت)\s|(?i)\b(?:LLC|L\.L\.C\.?|W\.L\.L\.?|SAOC|SAOG|Ltd\.?|Limited|Co\.|Company|Consultancy|Engineering|Partners|Associates|Authority|Office|Group)\b`)

// copyParty reads a copy line's role and name: the role a lexicon word
// names, the name an organisation's (no digit, no role word itself).
func copyParty(line string) (role, name string) {
	m := reCopyLine.FindStringSubmatch(line)
	if m == nil {
		return "", ""
	}
	rest := strings.TrimRight(m[1], " .*_")
	var a, b string
	if p := reCopyBracket.FindStringSubmatch(rest); p != nil {
		a, b = p[1], p[2]
	} else if p := reCopyDash.FindStringSubmatch(rest); p != nil {
		a, b = p[1], p[2]
	} else {
		return "", ""
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	// The role side is a bare role word (three words at most); the name
	// side an organisation's name ("Engineering Partners" names no role).
	bare := func(w string) string {
		if len(strings.Fields(w)) > 3 || reOrgHead.MatchString(w) {
			return ""
		}
		return lexRole(w)
	}
	switch {
	case bare(a) != "" && bare(b) == "":
		role, name = bare(a), b
	case bare(b) != "" && bare(a) == "":
		role, name = bare(b), a
	default:
		return "", ""
	}
	if !twinRole(role) || hasDigit(name) || len(name) < 6 || len(name) > 120 || !reOrgHead.MatchString(name) {
		return "", ""
	}
	return role, name
}

// reNamePrefix and reNameSuffix: an addressee's frame ("السادة/",
// "المحترمين") around the name.
var (
	reNamePrefix = regexp.MustCompile(`^(?:السادة|السادة\s+الأفاضل|الأفاضل)\s*/\s*|^(?:السادة|الأفاضل)\s+`)
	reNameSuffix = regexp.MustCompile(`\s+(?:المحترمين|المحترمون|المحترم|المحترمة|المحترمات)$`)
	// reOnBehalf: a signing line's "on behalf of" before a role word.
	reOnBehalf = regexp.MustCompile(`(?i)^(?:عن|نيابة\s+عن|بالنيابة\s+عن|(?:signed\s+)?(?:for|on\s+behalf\s+of|for\s+and\s+on\s+behalf\s+of)(?:\s+the)?)\s+(.+)$`)
	// reCaption: the first word of an Arabic caption of a form or a
	// table, which opens no one's name.
	reCaption = regexp.MustCompile(`^(?:رقم|الرقم|تاريخ|التاريخ|المجموع|مجموع|المبلغ|مبلغ|إجمالي|اجمالي|الإجمالي|فترة|مرجع|المرجع|قيمة|القيمة|مدة|المدة|نسبة|ضريبة|الضريبة|البيان|الكمية|الوحدة|سعر|رصيد|الرصيد)\s`)
)

// sendersCopiesNames applies families C and N to the resolved candidates cs; the
// result is in text order.
func sendersCopiesNames(cs []candidate, text string) []candidate {
	// N: the frame around a name; a role word alone; a caption.
	cs = slices.DeleteFunc(cs, func(c candidate) bool {
		f := c.fact
		if f.Type != TypeParty {
			return false
		}
		if m := reOnBehalf.FindStringSubmatch(f.Value); m != nil && lexRole(m[1]) != "" {
			return true // "عن صاحب العمل": a role word, no name
		}
		if hasArabic(f.Value) && roleOf(f.Value) != "" {
			return true // "المؤجر: المستأجر:" over blank signatures: a role word
		}
		return f.EntityType == "person" && hasArabic(f.Value) && reCaption.MatchString(f.Value)
	})
	for i := range cs {
		c := &cs[i]
		f := &c.fact
		if f.Type != TypeParty || !hasArabic(f.Value) {
			continue
		}
		v := f.Value
		lead := len(reNamePrefix.FindString(v))
		v = v[lead:]
		trail := 0
		if m := reNameSuffix.FindString(v); m != "" {
			trail = len(m)
			v = v[:len(v)-trail]
		}
		if v == f.Value || len(strings.Fields(v)) < 2 {
			continue
		}
		if c.end <= len(text) && text[c.start:c.end] == f.Value {
			c.start, c.end = c.start+lead, c.end-trail
		}
		f.Value, f.Normalized = v, normalName(v)
	}
	// C: the copy line's organisation.
	ls, at := linesLettersMinutes(text)
	added := false
	for j, l := range ls {
		role, name := copyParty(l)
		if role == "" {
			continue
		}
		s := at[j] + strings.Index(l, name)
		e := s + len(name)
		if roleCovering(cs, s, e, role) {
			continue
		}
		f := Fact{Type: TypeParty, Value: name, Normalized: normalName(name), EntityType: entityType(name), Method: "labeled_field", Confidence: 0.7}
		setPartyRole(&f, role)
		cs = append(cs, candidate{fact: f, start: s, end: e, prio: 2, by: "parties22"})
		added = true
	}
	if added {
		sortByPosition(cs)
	}
	return countryTails(arEntryNames(orgEntries(cs, text), text), text)
}

// reBidWords: a tender, a competition or a bid named on a document's
// first lines (reTenderTitle's words and منافسة, عطاء, "bid").
var reBidWords = regexp.MustCompile(`(?i)\bbids?\b|\btenders?\b|منافسة|المنافسة|عطاء|العطاء|مناقصة|المناقصة`)

// reOwnerWord: the word that defines a tender's author as its owner.
var reOwnerWord = regexp.MustCompile(`["“«]\s*(?:الجهة\s+المالكة|المالك|(?:the\s+)?Owner)\s*["”»]`)

// reSenderKind: a title line of a document one company sends another
// to be paid or to accept: a quotation, an invoice, a renewal reminder,
// a final demand.
var reSenderKind = regexp.MustCompile(`(?i)\bquotation\b|\bproforma\b|\binvoice\b|\brenewal\s+reminder\b|\bfinal\s+demand\b|عرض\s+(?:سعر|أسعار)|فاتورة|تذكير\s+بتجديد`)

// reHeadEnd: where a letter's or invoice's head ends: the salutation
// or the first row of items.
var reHeadEnd = regexp.MustCompile(`(?im)^[ \t*_]*(?:Dear\b|تحية\s+طيبة|السلام\s+عليكم|السيد\s+الفاضل|(?:Pos\.?|S\.?\s*No\.?|No\.|Item|م)\s+(?:Description|الوصف|البيان)|.*\b(?:Description|الوصف|البيان)\b.*\b(?:Qty|Quantity|الكمية)\b)`)

// sendersCopiesPartyRoles applies families O and S to the parties of facts
// (facts[i] is cands[i]'s fact).
func sendersCopiesPartyRoles(facts []Fact, cands []candidate, text string) {
	if len(facts) != len(cands) {
		return
	}
	// O: the owner of a tender, a competition or a bid is its issuer.
	if reBidWords.MatchString(firstLines(text, 3)) && !hasRole(facts, "issuer") {
		for i, f := range facts {
			if f.Type == TypeParty && f.EntityType != "person" && f.Role == "owner" && cands[i].start < 2000 && reOwnerWord.MatchString(prefixBytes(text[cands[i].end:], 200)) {
				setRole(facts, i, "issuer")
			}
		}
	}
	senderRolesSendersCopies(facts, cands, text)
	addresseeRolesSendersCopies(facts, cands, text)
	titledTwins(facts, cands, text)
	arEntries(facts, cands, text)
}

// senderRolesSendersCopies applies family S.
func senderRolesSendersCopies(facts []Fact, cands []candidate, text string) {
	if reTenderTitle.MatchString(firstLines(text, 3)) {
		return // a request for quotations: its author is the issuer
	}
	kind := false
	for n, l := range strings.Split(firstLines(text, 15), "\n") {
		if reSenderKind.MatchString(l) && (n == 0 || len(strings.Fields(l)) <= 8) {
			kind = true
			break
		}
	}
	if !kind {
		return
	}
	head := min(len(text), 2500)
	if m := reHeadEnd.FindStringIndex(text); m != nil && m[0] < head {
		head = m[0]
	}
	// The companies of the head, twins grouped: sides[k] are indexes.
	var sides [][]int
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || cands[i].start >= head {
			continue
		}
		switch f.Role {
		case "", "supplier", "customer":
		default:
			return // a role of another kind: the text names its sides
		}
		joined := false
		for k, side := range sides {
			if twin(facts, cands, text, side[len(side)-1], i) {
				sides[k] = append(sides[k], i)
				joined = true
				break
			}
		}
		if !joined {
			sides = append(sides, []int{i})
		}
	}
	if len(sides) != 2 {
		return
	}
	roleOfSide := func(side []int) string {
		r := ""
		for _, i := range side {
			if facts[i].Role != "" {
				if r != "" && r != facts[i].Role {
					return "?"
				}
				r = facts[i].Role
			}
		}
		return r
	}
	from, to := roleOfSide(sides[0]), roleOfSide(sides[1])
	if from == "?" || to == "?" || from == to && from != "" || from == "customer" || to == "supplier" {
		return
	}
	for _, i := range sides[0] {
		if facts[i].Role == "" {
			setRole(facts, i, "supplier")
		}
	}
	for _, i := range sides[1] {
		if facts[i].Role == "" {
			setRole(facts, i, "customer")
		}
	}
}

// twin: parties i and j name one company in two scripts, side by
// side (only separators, a line break or a cell's end between them).
func twin(facts []Fact, cands []candidate, text string, i, j int) bool {
	if hasArabic(facts[i].Value) == hasArabic(facts[j].Value) {
		return false
	}
	a, b := cands[i], cands[j]
	if a.start > b.start {
		a, b = b, a
	}
	return a.end <= b.start && strings.Trim(text[a.end:b.start], " /|()-–—,،*_\t\r\n") == ""
}

// reWinningProposer: a duty of the proposer a request for proposals
// selects ("The successful proposer shall issue").
var reWinningProposer = regexp.MustCompile(`(?i)^(?:the\s+)?(?:successful|selected|winning)\s+proposers?\b`)

// sendersCopiesPartyObligations applies family O to the duties: once no party is
// the owner, a duty bound to the owner's word binds the issuer; family
// B's "proposer"; family P's defined word.
func (x *clauseExtractor) sendersCopiesPartyObligations(all []Fact, cands []candidate) {
	// A proposer of a request for proposals or a tender is its bidder
	// (as "Applicant" and "Tenderer" are; an insurance proposer is not).
	if reTenderTitle.MatchString(firstLines(x.a.text, 3)) {
		for i := range x.obls {
			if o := &x.obls[i].o; o.PartyRole == "proposer" || o.PartyRole == "" && reWinningProposer.MatchString(o.Action) {
				o.PartyRole = "bidder"
			}
		}
	}
	// P: the word a country's wrapped tail was defined by names the
	// entry's company, as before the tail was dropped.
	for w, r := range countryTailWords(all, cands, x.a.text) {
		if hasRole(all, w) {
			continue
		}
		for i := range x.obls {
			if o := &x.obls[i].o; o.PartyRole == w {
				o.PartyRole = r
			}
		}
	}
	moved := false
	for i, f := range all {
		if f.Type != TypeParty {
			continue
		}
		if f.Role == "owner" {
			return
		}
		if i < len(cands) && cands[i].fact.Role == "owner" && f.Role == "issuer" {
			moved = true
		}
	}
	if !moved {
		return
	}
	for i := range x.obls {
		if o := &x.obls[i].o; o.PartyRole == "owner" {
			o.PartyRole = "issuer"
		}
	}
}

// reYourCompany: a letter defines its addressee by the words "your
// company" ("وشركتكم (ويشار إليها فيما يلي بـ "المقاول")", 'your company
// (the "Contractor")'): the role word.
var reYourCompany = regexp.MustCompile(`(?i)(?:شركتكم|مؤسستكم|مكتبكم|your\s+(?:company|firm|organi[sz]ation)|yourselves)\s*\(\s*(?:[^()"“«\n]{0,40})?["“«]\s*(?:the\s+)?([^"”»\n]{2,30}?)\s*["”»]\s*\)`)

// reAttention: a contact's line under an addressee ("Attention:",
// "Attn.", "Kind attention", "عناية:", "لعناية").
var reAttention = regexp.MustCompile(`(?i)^[ \t*_]*(?:(?:kind\s+)?attention|attn\.?|for\s+the\s+attention\s+of|عناية|لعناية|بعناية)\s*[:/.]?`)

// addresseeRolesSendersCopies applies families Y and A: the company a letter
// addresses takes the role the letter defines for "your company"; a
// person on the contact's line under a company takes none.
func addresseeRolesSendersCopies(facts []Fact, cands []candidate, text string) {
	head := min(len(text), 2500)
	for _, re := range []*regexp.Regexp{reHeadEnd, reSubjectLine, reLetterBody} {
		if m := re.FindStringIndex(text); m != nil && m[0] < head && m[0] > 0 {
			head = m[0]
		}
	}
	// Y: the one company with no role before the words, off the
	// letterhead's first lines.
	if m := reYourCompany.FindStringSubmatchIndex(text); m != nil {
		if role := lexRole(text[m[2]:m[3]]); twinRole(role) && !hasRole(facts, role) {
			pick := -1
			for i, f := range facts {
				if f.Type != TypeParty || f.EntityType == "person" || f.Role != "" || cands[i].start > m[0] || strings.Count(text[:cands[i].start], "\n") < 2 {
					continue
				}
				if pick != -1 {
					pick = -2 // two candidates: none is surer
					break
				}
				pick = i
			}
			if pick >= 0 {
				setRole(facts, pick, role)
			}
		}
	}
	// A: a person on a contact's line, a company named on the lines above.
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType != "person" || f.Role == "" || cands[i].start >= head {
			continue
		}
		ls := strings.LastIndexByte(text[:cands[i].start], '\n') + 1
		if !reAttention.MatchString(text[ls:cands[i].start]) {
			continue
		}
		// The lines above, up to three: one names a company.
		above := strings.Split(strings.TrimRight(text[max(0, ls-400):ls], "\n"), "\n")
		for k := len(above) - 1; k >= 0 && k >= len(above)-3; k-- {
			if l := strings.TrimSpace(above[k]); l != "" && entityType(l) == "company" {
				facts[i].Role, facts[i].Key, facts[i].Label = "", "party", "Party"
				break
			}
		}
	}
}

// Family W: an organisation whose name carries no legal form but a head
// noun ("Seef Crescent Towers Owners Association", "AL QUSAIS TOWERS
// OWNERS ASSOCIATION", a name over a line break), opening a party's
// entry ("(1) X, address ... (the "Client")", "between X (the
// "Client")"): the whole name is the party the entry defines, and a
// piece of it or of its address read as the party ("Marina Towers Owners
// Association", "Bahrain") gives way.
var (
	reOrgNoForm = regexp.MustCompile(`(?m)(?:^[ \t]*(?:\(\d{1,2}\)|\d{1,2}[.)])?[ \t]*|\bbetween\s+)([A-Z][A-Za-z'’&-]*(?:\s+(?:[A-Z][A-Za-z'’&-]*|of|and|for)){0,7}?\s+(?i:Association|Society|Council|Foundation|Federation|Union|Club|Committee|Trust|Institute|Academy|University|College|School|Hospital|Clinic|Centre|Center|Municipality|Cooperative|Chamber))\b`)
	// reEntryDef: the entry's definition ('(hereinafter the "Client")').
	reEntryDef = regexp.MustCompile(`\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?["“]\s*(?:the\s+)?([^"”\n]{2,30}?)\s*["”]\s*\)`)
	// reEntryEnd: where a party's entry ends: a blank line, the next
	// entry ("; and", a line "and", "(2)").
	reEntryEnd = regexp.MustCompile(`\n[ \t]*\n|;\s*and\b|\n[ \t]*(?:and|AND)[ \t]*\n|\n[ \t]*\(\d{1,2}\)`)
	// reNameEndSendersCopies: the name ends at its head noun: a comma, a bracket or
	// the line's end follows, and no legal form ("Centre LLC", "Hospital
	// W.L.L." are companies the other rules read whole).
	reNameEndSendersCopies = regexp.MustCompile(`^[ \t]*(?:[,(]|\r?\n|$)`)
	reLegalForm            = regexp.MustCompile(`(?i)^[ \t]*,?[ \t]*(?:L\.?L\.?C|W\.?L\.?L|S\.?A\.?O\.?[CG]|B\.?S\.?C|K\.?S\.?C|P\.?J\.?S\.?C|Q\.?S\.?C|Ltd|Limited|Inc|GmbH|B\.?V|FZ|Co\b|Company)`)
	// reNotName: a first word that frames a name, no part of it.
	reNotName = regexp.MustCompile(`^(?:For|To|From|Signed|Between|And|By|The|Dear|Attn|Attention)\b`)
)

// orgEntries applies family W to the candidates cs.
func orgEntries(cs []candidate, text string) []candidate {
	added := false
	for _, m := range reOrgNoForm.FindAllStringSubmatchIndex(text, -1) {
		s, e := m[2], m[3]
		raw := text[s:e]
		if reNotName.MatchString(raw) || strings.Count(raw, "\n") > 1 {
			continue
		}
		rest := text[e:min(len(text), e+400)]
		if !reNameEndSendersCopies.MatchString(rest) || reLegalForm.MatchString(rest) {
			continue
		}
		if x := reEntryEnd.FindStringIndex(rest); x != nil {
			rest = rest[:x[0]]
		}
		d := reEntryDef.FindStringSubmatchIndex(rest)
		if d == nil {
			continue
		}
		role := lexRole(rest[d[2]:d[3]])
		if role == "" || strings.Contains(rest[:d[0]], "(the ") {
			continue
		}
		defAt := e + d[0]
		name := strings.Join(strings.Fields(raw), " ")
		at, to := s, e // the new party's span
		if name != raw {
			// Wrapped over a line: the evidence is where the document
			// writes the name on one line (a letterhead, a signature).
			if at = strings.Index(text, name); at < 0 {
				continue
			}
			to = at + len(name)
		}
		same := false
		cs = slices.DeleteFunc(cs, func(c candidate) bool {
			f := c.fact
			if f.Type != TypeParty || f.EntityType == "person" {
				return false
			}
			if c.start == s && c.end == e {
				same = true
				return false
			}
			// A piece of the name, or a name read from its address with
			// the entry's role.
			return c.start < e && s < c.end || c.start >= e && c.end <= defAt && (f.Role == role || f.Role == "")
		})
		if same {
			for k := range cs {
				if f := &cs[k].fact; f.Type == TypeParty && cs[k].start == s && cs[k].end == e && f.Role == "" {
					setPartyRole(f, role)
				}
			}
			continue
		}
		f := Fact{Type: TypeParty, Value: name, Normalized: normalName(name), EntityType: "organization", Method: "definition", Confidence: 0.85}
		setPartyRole(&f, role)
		cs = append(cs, candidate{fact: f, start: at, end: to, prio: 2, by: "parties22"})
		added = true
	}
	if added {
		sortByPosition(cs)
	}
	return cs
}

// Family H: a person named in both scripts on adjacent lines with a
// title before the second ("Mr. Ali Jaffar Al Aradi\nالسيد/ علي جعفر
// العرادي"): the name without a role takes its twin's role
// (translationRoles reads only separators between the two).
var reTitleBetween = regexp.MustCompile(`(?i)\b(?:Mr|Mrs|Ms|Miss|Dr|Eng)\b\.?|السيدة|السيد|الفاضلة|الفاضل|الدكتورة|الدكتور|المهندسة|المهندس|الأستاذة|الأستاذ`)

// titledTwins applies family H.
func titledTwins(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType != "person" || f.Role != "" {
			continue
		}
		for j, g := range facts {
			if j == i || g.Type != TypeParty || g.EntityType != "person" || g.Role == "" || hasArabic(f.Value) == hasArabic(g.Value) {
				continue
			}
			a, b := cands[i], cands[j]
			if a.start > b.start {
				a, b = b, a
			}
			if a.end > b.start || b.start-a.end > 40 {
				continue
			}
			between := reTitleBetween.ReplaceAllString(text[a.end:b.start], "")
			lat, ar := f.Value, g.Value
			if hasArabic(lat) {
				lat, ar = ar, lat
			}
			if strings.Trim(between, " /|()-–—,،*_.\t\r\n") == "" && personTwin(lat, ar) {
				setRole(facts, i, g.Role)
				break
			}
		}
	}
}

// Family E: an Arabic party entry ("أولاً: مستشفى X (شركة مساهمة مقفلة)،
// سجل تجاري ...، ويمثله ...، ويشار إليه فيما بعد بـ (الطرف الأول).",
// "الطرف الأول: السيد/ X، ... ويشار إليه فيما بعد بـ (المؤجر).") whose
// definition closes the entry in brackets: the entry's first name takes
// the role, over the number the entry's label gives ("الطرف الأول" is
// first_party only where the text defines no role word).
var (
	reArEntry     = regexp.MustCompile(`(?m)^[ \t]*(?:(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا)\s*[:：\-–]\s*|[١٢٣1-3]\s*[-.)]\s*|الطرف\s+(?:الأول|الثاني|الثالث)\s*[:：]\s*)`)
	reArEntryRole = regexp.MustCompile(`(?:` + arTashkeel(arDefCues...) + `)\s*(?:إليه|إليها|اليه|اليها)?\s*(?:فيما\s+(?:بعد|يلي)\s*)?(?:بـ|ب)\s*\(\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*\)`)
	reArEntryNext = regexp.MustCompile(`\n[ \t]*\n|\n[ \t]*(?:(?:أولاً|أولا|ثانياً|ثانيا|ثالثاً|ثالثا)\s*[:：\-–]|[١٢٣1-3]\s*[-.)]|الطرف\s+(?:الأول|الثاني|الثالث)\s*[:：])`)
	reArNameCut   = regexp.MustCompile(`\s*(?:[،,(]|$)`)
)

// arEntrySpans: family E's entries, each its first name's span and
// the role its definition gives.
type arEntry struct {
	s, e int
	role string
}

func arEntrySpans(text string) []arEntry {
	var out []arEntry
	for _, m := range reArEntry.FindAllStringIndex(text, -1) {
		body := text[m[1]:min(len(text), m[1]+700)]
		if x := reArEntryNext.FindStringIndex(body); x != nil {
			body = body[:x[0]]
		}
		d := reArEntryRole.FindStringSubmatchIndex(body)
		if d == nil {
			continue
		}
		role := roleOf(arRolePrefix(body[d[2]:d[3]]))
		if role == "" {
			continue
		}
		// The entry's first name: after a title, up to a comma or a bracket.
		line := body
		if nl := strings.IndexByte(line, '\n'); nl >= 0 {
			line = line[:nl]
		}
		lead := len(honorific.FindString(line))
		cut := reArNameCut.FindStringIndex(line[lead:])
		if cut == nil || cut[0] == 0 {
			continue
		}
		out = append(out, arEntry{m[1] + lead, m[1] + lead + cut[0], role})
	}
	return out
}

// reArOrgHeadSendersCopies: the first word of an Arabic organisation's name that
// carries no legal form (a hospital, a university, a municipality).
var reArOrgHeadSendersCopies = regexp.MustCompile(`^(?:مستشفى|جامعة|بلدية|وزارة|هيئة|مجلس|جمعية|نادي|مدرسة|مدارس|كلية|معهد|مركز|مكتب|مؤسسة|شركة|مجموعة)\s`)

// arEntryNames adds family E's organisations no rule found, with
// their roles.
func arEntryNames(cs []candidate, text string) []candidate {
	added := false
	for _, en := range arEntrySpans(text) {
		name := text[en.s:en.e]
		if !reArOrgHeadSendersCopies.MatchString(name) || len(strings.Fields(name)) < 2 || hasDigit(name) {
			continue
		}
		taken := false
		for _, c := range cs {
			if c.fact.Type == TypeParty && c.start < en.e && en.s < c.end {
				taken = true
				break
			}
		}
		if taken {
			continue
		}
		f := Fact{Type: TypeParty, Value: name, Normalized: normalName(name), EntityType: entityType(name), Method: "definition", Confidence: 0.85}
		setPartyRole(&f, en.role)
		cs = append(cs, candidate{fact: f, start: en.s, end: en.e, prio: 2, by: "parties22"})
		added = true
	}
	if added {
		sortByPosition(cs)
	}
	return cs
}

// arEntries applies family E to the parties of facts (facts[i] is
// cands[i]'s fact): the entry's name takes the role over none or a
// number.
func arEntries(facts []Fact, cands []candidate, text string) {
	for _, en := range arEntrySpans(text) {
		for i, f := range facts {
			if f.Type != TypeParty || cands[i].start != en.s || cands[i].end > en.e+1 {
				continue
			}
			if f.Role == "" || f.Role == "first_party" || f.Role == "second_party" {
				setRole(facts, i, en.role)
			}
		}
	}
}

// Family P: the end of a country's name wrapped onto the line of a
// party's definition ("..., Abu Dhabi, United Arab\nEmirates (the
// "Purchaser")", "Kingdom of\nBahrain, represented by ... (the
// "Client")") is no party: the address's last word, read as the name
// the definition follows. Its role goes to the company that opens the
// entry, when that has none.
var (
	reCountryLead = regexp.MustCompile(`(?i)\b(?:United\s+Arab|Kingdom\s+of(?:\s+Saudi)?|Sultanate\s+of|State\s+of|Republic\s+of|Saudi)[ \t]*$`)
	reCountryTail = regexp.MustCompile(`^(?:Emirates|Bahrain|Oman|Qatar|Kuwait|Arabia|Saudi\s+Arabia|Jordan|Egypt|Yemen)$`)
)

// countryTails applies family P to the candidates cs.
func countryTails(cs []candidate, text string) []candidate {
	drop := map[int]bool{}
	for i, c := range cs {
		f := c.fact
		if f.Type != TypeParty || f.EntityType == "person" || !reCountryTail.MatchString(f.Value) || c.start <= 0 || c.start > len(text) {
			continue
		}
		ls := strings.LastIndexByte(text[:c.start], '\n')
		if ls < 0 || strings.TrimSpace(text[ls+1:c.start]) != "" || !reCountryLead.MatchString(text[max(0, ls-60):ls]) {
			continue
		}
		drop[i] = true
		if f.Role == "" {
			continue
		}
		// The entry's company: the nearest one before, in the same
		// paragraph.
		from := max(0, c.start-400)
		if p := strings.LastIndex(text[from:c.start], "\n\n"); p >= 0 {
			from += p
		}
		best := -1
		for j, o := range cs {
			if j != i && o.fact.Type == TypeParty && o.fact.EntityType != "person" && o.start >= from && o.end <= c.start && (best < 0 || o.start > cs[best].start) {
				best = j
			}
		}
		if best >= 0 && cs[best].fact.Role == "" {
			setPartyRole(&cs[best].fact, f.Role)
		}
	}
	if len(drop) == 0 {
		return cs
	}
	var out []candidate
	for i, c := range cs {
		if !drop[i] {
			out = append(out, c)
		}
	}
	return out
}

// reCountryDef: a country's wrapped tail and the definition after it
// (family P).
var reCountryDef = regexp.MustCompile(`(?i)(?:United\s+Arab|Kingdom\s+of(?:\s+Saudi)?|Sultanate\s+of|State\s+of|Republic\s+of|Saudi)[ \t]*\n[ \t]*(?:Emirates|Bahrain|Oman|Qatar|Kuwait|Arabia|Saudi\s+Arabia|Jordan|Egypt|Yemen)\s*\(\s*(?:hereinafter\s+)?(?:the\s+)?["“]\s*([^"”\n]{2,30}?)\s*["”]\s*\)`)

// countryTailWords maps the role word of each such definition to the
// role of the company that opens its entry, where the two differ.
func countryTailWords(all []Fact, cands []candidate, text string) map[string]string {
	out := map[string]string{}
	for _, m := range reCountryDef.FindAllStringSubmatchIndex(text, -1) {
		w := lexRole(text[m[2]:m[3]])
		from := max(0, m[0]-400)
		if p := strings.LastIndex(text[from:m[0]], "\n\n"); p >= 0 {
			from += p
		}
		best := -1
		for i, f := range all {
			if i < len(cands) && f.Type == TypeParty && f.EntityType != "person" && cands[i].start >= from && cands[i].end <= m[0] && (best < 0 || cands[i].start > cands[best].start) {
				best = i
			}
		}
		if w != "" && best >= 0 && all[best].Role != "" && all[best].Role != w {
			out[w] = all[best].Role
		}
	}
	return out
}
