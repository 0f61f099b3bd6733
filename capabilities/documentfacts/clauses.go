package documentfacts

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Obligations, requirements and deadlines are read sentence by sentence
// (clauses.go, deadlines.go). A sentence under a requirements heading
// ("Eligibility", "Documents to submit", "شروط التأهيل") states
// requirements; elsewhere a sentence with an obligation word states
// obligations. Offsets are bytes into the assembled text.

// span is a sentence: text[start:end] within block seg.
type span struct {
	start, end int
	seg        int
}

// reSentenceStop ends a sentence: . ! ? ؟ followed by a space (or the
// block's end); abbreviations and initials do not (see sentenceSpans).
var reSentenceStop = regexp.MustCompile(`[.!?؟](?:\s+|$)`)

// abbreviations that end with a dot without ending a sentence.
var abbreviations = map[string]bool{"mr": true, "mrs": true, "ms": true, "dr": true, "eng": true, "no": true, "nos": true, "co": true,
	"ltd": true, "inc": true, "st": true, "e.g": true, "i.e": true, "etc": true, "vs": true, "p.o": true, "c.r": true, "art": true, "cl": true,
	"approx": true, "ref": true, "tel": true, "fax": true, "a.m": true, "p.m": true, "r.o": true, "s.a.o.g": true, "s.a.o.c": true, "l.l.c": true,
	// abbreviated degrees (round 16, requirement_structures.go): "B.Sc. in Electrical Engineering"
	"b.sc": true, "m.sc": true, "b.eng": true, "m.eng": true, "ph.d": true, "b.com": true, "b.tech": true, "m.tech": true,
	"b.a": true, "m.a": true, "b.s": true, "m.s": true}

// sentenceSpans splits every block that is not a heading into sentences;
// a sentence hard-wrapped over lines of a plain-text document (see
// wrapsInto) is read across them.
func (a *assembled) sentenceSpans() []span {
	var out []span
	for i := 0; i < len(a.segs); i++ {
		seg := a.segs[i]
		if seg.heading {
			continue
		}
		first, last := i, i
		for last+1 < len(a.segs) && wrapsInto(a.text[a.segs[last].start:a.segs[last].end], a.segs[last+1], a.text) {
			last++
		}
		i = last
		end := a.segs[last].end
		t := a.text[seg.start:end]
		from := 0
		for _, m := range reSentenceStop.FindAllStringIndex(t, -1) {
			// The word before the stop.
			w := m[0]
			for w > from {
				r, size := utf8.DecodeLastRuneInString(t[:w])
				if unicode.IsSpace(r) || r == '(' {
					break
				}
				w -= size
			}
			word := lowerASCII(t[w:m[0]])
			if abbreviations[word] || utf8.RuneCountInString(word) == 1 && unicode.IsUpper([]rune(t[w:m[0]])[0]) {
				continue
			}
			if reDottedForm.MatchString(word) && m[1] < len(t) && (t[m[1]] == '(' || t[m[1]] >= 'a' && t[m[1]] <= 'z') {
				continue // "Gulf Bank K.S.C.P. (the "Guarantor")": a legal form's stop
			}
			// "OMR 1,240.000 is" has no space after its dot; "12. The"
			// ends a number, which is a sentence of its own (harmless).
			// The stop is one rune: "؟" is two bytes.
			_, stop := utf8.DecodeRuneInString(t[m[0]:])
			out = appendSpan(out, a.text, seg.start+from, seg.start+m[0]+stop, first+segIndexAt(a.segs[first:last+1], seg.start+from))
			from = m[1]
		}
		out = appendSpan(out, a.text, seg.start+from, end, first+segIndexAt(a.segs[first:last+1], seg.start+from))
	}
	return out
}

// questions are the sentences that end with a question mark ("Is a
// bank guarantee required?", "هل يشترط تقديم شهادة الخبرة؟", a
// clarifications list's questions): a question states no requirement and
// binds no one, so the clause rules pass over them as over injected text.
func questions(text string, sents []span) []injectionSpan {
	var out []injectionSpan
	for _, s := range sents {
		t := strings.TrimRight(text[s.start:s.end], " \t\n\r\"'”»)")
		if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "؟") {
			out = append(out, injectionSpan{start: s.start, end: s.end, match: "question"})
		}
	}
	return out
}

// segmentIndexAt is the index of the block that holds off (segmentAt's).
func (a *assembled) segmentIndexAt(off int) int {
	return max(0, sort.Search(len(a.segs), func(i int) bool { return a.segs[i].start > off })-1)
}

// reDottedForm: an initialism written with stops ("k.s.c.p", "w.l.l").
var reDottedForm = regexp.MustCompile(`^(?:[a-z]\.){1,5}[a-z]$`)

// segIndexAt is the index in segs of the segment that holds off (the
// last that starts at or before it).
func segIndexAt(segs []segment, off int) int {
	k := 0
	for j, sg := range segs {
		if sg.start <= off {
			k = j
		}
	}
	return k
}

// reWrapEndWord: a line that ends with a word no sentence ends with (an
// article, a preposition, a conjunction, a possessive) goes on on the
// next line.
var reWrapEndWord = regexp.MustCompile(`(?i)(?:^|\s)(?:the|a|an|of|to|and|or|nor|in|for|with|by|at|on|from|as|that|which|its|their|our|your|any|this|these|such|under|into|upon|than|not|be|is|are|shall|must|will|may|في|من|على|إلى|الى|عن|أو|او|و|أن|ان|التي|الذي|لدى|بين|مع|حتى|[وف]?[يت]لتزم|[وف]?يجب|[وف]?يتعين|[وف]?[يت]تعهد|خلال|قبل|بعد|لمدة|قدره|قدرها)$`)

// reWrapStart: a line that starts as the rest of a sentence, a lower-case
// word or a bracket that is no list marker ("(Thirty Thousand Rials)").
var reWrapStart = regexp.MustCompile(`^(?:[a-z]|\((?:[A-Za-z]{2,}|[0-9]{3,}))`)

// reWrapNumberEnd, reWrapDigits: a number in words at a line's end and
// its digits in brackets opening the next ("within seven" / "(7) days").
var (
	reWrapNumberEnd = regexp.MustCompile(`(?i)(?:^|\s|-)` + enNumTok + `$`)
	reWrapDigits    = regexp.MustCompile(`^\(\s*[0-9]{1,4}\s*\)\s*[A-Za-z]`)
)

// wrapsInto: block t goes on in the block next, a sentence a plain-text
// document wrapped to the next line: t does not end a sentence or a
// label, neither is a heading or a table row, next opens with no list
// marker, and either next starts as the rest of a sentence or t ends with
// a word no sentence ends with.
func wrapsInto(t string, next segment, text string) bool {
	n := text[next.start:next.end]
	if next.heading || strings.Contains(t, " | ") || strings.Contains(n, " | ") || utf8.RuneCountInString(t) < 30 {
		return false
	}
	t, n = strings.TrimSpace(t), strings.TrimSpace(n)
	if t == "" || n == "" || strings.ContainsAny(t[len(t)-1:], ".!?:;") || strings.HasSuffix(t, "؟") || strings.HasSuffix(t, "؛") {
		return false
	}
	if reWrapNumberEnd.MatchString(t) && reWrapDigits.MatchString(n) {
		return true // "within seven" / "(7) days of delivery": no list marker
	}
	if leadingNumber(n) > 0 || reRomanItem.MatchString(n) || strings.ContainsAny(n[:1], "-•*▪·") || strings.HasPrefix(n, "–") {
		return false
	}
	if reWrapStart.MatchString(n) {
		return true
	}

	r, _ := utf8.DecodeRuneInString(n)
	return reWrapEndWord.MatchString(t) && (unicode.IsLetter(r) || unicode.IsDigit(r)) || arWrap(t, n) // requirement_structures.go
}

func appendSpan(out []span, text string, s, e, seg int) []span {
	for s < e && (text[s] == ' ' || text[s] == '\t') {
		s++
	}
	for e > s && (text[e-1] == ' ' || text[e-1] == '\t') {
		e--
	}
	if e-s < 3 {
		return out
	}
	return append(out, span{s, e, seg})
}

// Obligation words. English: must_not first, so that "shall not" is not
// read as "shall".
var (
	reOblEN = regexp.MustCompile(`(?i)\b(?:(shall\s+not|must\s+not|may\s+not|will\s+not|shall\s+never|must\s+never|(?:is|are)\s+not\s+(?:permitted|allowed)\s+to|(?:is|are)\s+not\s+(?:permitted|allowed|accepted)|(?:is|are)\s+(?:prohibited|forbidden)\s+from|(?:undertakes?|agrees?)\s+not\s+to|shall\s+refrain\s+from|must\s+refrain\s+from)|(shall|must|(?:is|are)\s+to\s+be|(?:undertakes?|agrees?)\s+to|(?:is|are)\s+(?:required|obliged|obligated|bound)\s+to|(?:has|have)\s+to|(?:is|are|shall\s+be|will\s+be)\s+(?:solely\s+)?responsible\s+for|will))\b`)
	// reStateAfter: what follows shall/will/must in a statement of state
	// or law, not an obligation ("shall commence", "shall not exceed").
	reStateAfter = regexp.MustCompile(`(?i)^\s*(?:(?:not\s+)?be\s+(?:discharged|released|relieved|exempted|governed|construed|deemed|interpreted|effective|valid|binding|final|null|void|subject\s+to|entitled|considered|treated|eligible|credited|reimbursed|compensated|on\s+probation|employed|appointed|based)|receive\s|benefit\s+from|enjoy|earn|qualify\s+for|commence|expire|mean|survive|prevail|govern|have\s+the\s+(?:right|option)|take\s+effect|come\s+into|exceed|affect|prejudice|have\s+(?:the\s+)?(?:exclusive\s+|non-exclusive\s+|sole\s+)?jurisdiction|be\s+(?:\(?[0-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|sixty|ninety|a\s+period|for\s+a\s+period)\b|not\s+(?:exceed|apply|affect|prejudice|be\s+(?:deemed|construed|liable|responsible))|automatically)\b`)
	// reStateUnlessParty: verbs that state a state when the subject is no
	// party ("This Agreement shall renew", "the lease shall terminate")
	// and bind when it is one ("Suppliers shall renew their registration").
	reStateUnlessParty = regexp.MustCompile(`(?i)^\s*(?:(?:not\s+)?be\s+(?:renewed|extended|liable|responsible)|begin|start|end|remain|continue|terminate|apply|become|include|renew|not\s+be\s+(?:liable|responsible))\b`)
	// reOblAR: Arabic obligation words; the party follows them.
	reOblAR = regexp.MustCompile(`(?:^|[\s،,:؛(])(?:(لا\s+يجوز|لا\s+يحق|يحظر|يُحظر|يمنع|يُمنع|و?[يت]متنع)|(و?[يتن]لتزم|و?[يتن]تعهد|و?(?:يجب|يتعين|يتوجب)\s+على|و?يلزم|(?:يجب|يتعين|يتوجب)\s+أن|و?(?:يجب|يتعين|يتوجب)))(?:\s|$)`)
	// reArClauseAla: على + party after a comma, opening a clause.
	reArClauseAla = regexp.MustCompile(`[،,؛;]\s*(و?على)\s+`)
	// reArDutyVerb: a present-tense verb of a duty (its party follows);
	// round 14 adds يصرف (pays out), يؤمن (insures), يرفق (attaches).
	reArDutyVerb = regexp.MustCompile(`(?:^|[\s،,:؛(-])((?:و|ف)?(?:[يت](?:دفع|سدد|تحمل|قوم|تولى|وفر|قدم|سلم|حافظ|عيد|ؤدي|نفذ|خطر|بلغ|راعي|تقيد|صون|عوض|رد|وافق|ستخدم|ستعمل|حضر|زود|ستبدل|صلح|رسل|جمع|نقل|صدر|ورد|صرف|ؤمن|رفق` + arDutyVerbs + `))(?:ه|ها|هما|هم)?)(?:\s|$)`) // obligation_pronoun_duties.go
	// reArAlaPronoun: "فعليه إخطار ...": على with the pronoun of a party
	// named before (in a condition: "إذا رغب أي من الطرفين ...، فعليه").
	reArAlaPronoun = regexp.MustCompile(`(?:^|[\s،,:؛])((?:ف|و)?(?:عليه|عليها|عليهما|عليهم))\s+\p{Arabic}`)
	// reArRelative: a relative pronoun right before the verb.
	reArRelative = regexp.MustCompile(`(?:الذي|التي|اللذين|الذين|اللتين|اللواتي|ما|مما|عما)\s*$`)
	// reArStartAla: "على المستأجر إخطار ..." (على + party at the start).
	reArStartAla = regexp.MustCompile(`^(?:\|\s*)?(?:[\p{Arabic}\d٠-٩]+\s*[:.)-]\s*|[\d٠-٩]{1,2}(?:[.٫][\d٠-٩]{1,2})+\s*[.)-]?\s+)?(على)\s+`)
	// rePermission: a sentence that grants a right.
	rePermission = regexp.MustCompile(`(?i)\bmay\b|\bis\s+entitled\b|\bare\s+entitled\b|\bhas\s+the\s+right\b|\bshall\s+have\s+the\s+right\b|يحق|(?:^|\s)يجوز`)
	reCondition  = regexp.MustCompile(`(?i)^\s*should\s+(?:the|a|an|either|any)\b|\b(?:if|unless|provided\s+that|provided,\s+however,\s+that|in\s+the\s+event\s+(?:that|of)|in\s+case\s+of|on\s+request|upon\s+request|where)\b|في\s+حال(?:ة)?|(?:^|\s)إذا|(?:^|\s)ما\s+لم|بشرط|شريطة|عند\s+الطلب`)
	reEachParty  = regexp.MustCompile(`(?i)\b(?:each|either|neither|both)\s+part(?:y|ies)\b|\bthe\s+parties\b|كل\s+طرف|كلا\s+الطرفين|الطرفين|الطرفان|أي\s+من\s+الطرفين|لأي\s+من\s+الطرفين|(?:ل?أي|لكل)\s+طرف|(?:ال|لل)طرف\s+الراغب|(?:كل|لكل|ل?أي)\s+(?:شريك|مساهم)|(?i:\b(?:each|every|any)\s+(?:partner|shareholder)\b|\ba\s+party\s+(?:that|who|which)\b)`)
	// reMayCan grant a right, except after a negated subject ("Neither
	// party may assign ..."), where they forbid.
	reMayCan = regexp.MustCompile(`(?i)\b(?:may|can)\b`)
	// reNegatedSubject: a subject that makes its clause a prohibition
	// on whom it names ("Neither party shall", "Neither the Supplier nor
	// the Buyer shall", "No party may", "..., nor shall it").
	reNegatedSubject = regexp.MustCompile(`(?i)^(?:neither|nor|no\s+part(?:y|ies)|none\s+of\s+the\s+parties)\b`)
	reNor            = regexp.MustCompile(`(?i)\s+nor\s+|,\s+`)
	rePassive        = regexp.MustCompile(`(?i)^\s*be\s+[a-z]+\b`)
	// Action nouns that make a passive "will be ..." binding ("Payment
	// will be made within 45 days").
	reActionNoun = regexp.MustCompile(`(?i)\b(?:payment|payments|delivery|deliveries|installation|completion|handover|invoices?|goods|works?|services|reports?|notice|refund)\b`)
)

// clauseParty is who a clause binds: the words as written, the role.
type clauseParty struct {
	text, role string
}

// subjectForms are the words partyIn looks for, in order, with the role
// each names: the role words of partyRoles that can be bound by a clause
// (not the issuer's, nor invoice labels such as "bill to"), each also
// with -s and -es, then the first and second party.
var subjectForms = func() []clauseParty {
	var out []clauseParty
	for _, r := range partyRoles {
		if r.role == "issuer" {
			continue
		}
		for _, w := range r.words {
			if w == "bill to" || w == "billed to" || w == "sold to" || w == "from" || w == "issued by" {
				continue
			}
			for _, form := range []string{w, w + "s", w + "es"} {
				out = append(out, clauseParty{form, r.role})
			}
		}
	}
	return append(out, clauseParty{"first party", "first_party"}, clauseParty{"second party", "second_party"},
		clauseParty{"الطرف الأول", "first_party"}, clauseParty{"الطرف الثاني", "second_party"})
}()

// partyIn finds the party named in an English subject: "each party",
// a role word (plurals too: "Suppliers", "All bidders"), or the name of a
// party found in the document.
func (x *clauseExtractor) partyIn(subj string) (clauseParty, bool) {
	if x.you != "" {
		if w := strings.TrimSpace(subj); w == "You" || w == "you" || strings.HasSuffix(w, " you") || strings.HasSuffix(w, " You") {
			return clauseParty{"You", x.you}, true
		}
	}
	if m := reEachParty.FindStringIndex(subj); m != nil {
		w := strings.TrimSpace(subj[m[0]:m[1]])
		return clauseParty{w, eachRole(w)}, true // party_tables.go
	}
	if m := reAndItsPeople.FindStringIndex(subj); m != nil && m[0] > 0 {
		// "The Insured and their agents shall": the party is the one
		// whose people follow it (party_signers_lists.go).
		if p, ok := x.partyIn(subj[:m[0]]); ok && p.role != "" {
			return p, true
		}
	}
	low := lowerASCII(subj)
	best, bestEnd := clauseParty{}, -1
	for _, f := range subjectForms {
		if i := lastWordIndex(low, f.text); i >= 0 && i+len(f.text) > bestEnd {
			bestEnd = i + len(f.text)
			best = clauseParty{strings.TrimSpace(subj[i : i+len(f.text)]), f.role}
		}
	}
	for _, f := range x.aliases {
		// (A word the document defines wins over the same role word.)
		if i := lastWordIndex(low, f.text); i >= 0 && i+len(f.text) >= bestEnd {
			bestEnd = i + len(f.text)
			best = clauseParty{strings.TrimSpace(subj[i : i+len(f.text)]), f.role}
		}
	}
	x.definedSubjectIn(low, subj, &best, &bestEnd) // obligation_subjects.go
	for _, p := range x.parties {
		if i := strings.LastIndex(subj, p.Value); i >= 0 && len(p.Value) > 2 && i+len(p.Value) > bestEnd {
			bestEnd = i + len(p.Value)
			best = clauseParty{p.Value, p.Role}
		}
	}
	return best, bestEnd >= 0
}

// arPartyWord strips the particles a party takes after لا يجوز
// ("للمستأجر" is "المستأجر", "لصاحب العمل" is "صاحب العمل").
// arPayee: the words after a verb of paying open with a party prefixed
// by لـ ("للعميل", "للمقاول الرئيسي"): the one paid, not the payer.
func arPayee(rest string) bool {
	return strings.HasPrefix(rest, "لل") && arRole(arKnownParty(rest)) != ""
}

func arPartyWord(w string) string {
	switch {
	case strings.HasPrefix(w, "لل"):
		return "ال" + strings.TrimPrefix(w, "لل")
	case strings.HasPrefix(w, "ل") && utf8.RuneCountInString(w) > 3:
		return strings.TrimPrefix(w, "ل")
	}
	return w
}

// arRoleWords are the Arabic role words of partyRoles that can be bound
// by a clause (all but the issuer's), in partyRoles' order.
var arRoleWords = func() []struct{ word, role string } {
	var out []struct{ word, role string }
	for _, r := range partyRoles {
		if r.role == "issuer" {
			continue
		}
		for _, w := range r.words {
			if w[0] >= 0x80 {
				out = append(out, struct{ word, role string }{w, r.role})
			}
		}
	}
	return out
}()

// arRole finds the role in an Arabic party phrase.
func arRole(p string) string {
	if m := reEachParty.FindString(p); m != "" {
		return eachRole(m) // party_tables.go
	}
	words := strings.Fields(p)
	for i := range words {
		words[i] = arPartyWord(words[i])
	}
	norm := stripTashkeel(strings.Join(words, " "))
	best, bestLen := "", 0
	for _, rw := range arRoleWords {
		if strings.Contains(norm, rw.word) && len(rw.word) > bestLen {
			best, bestLen = rw.role, len(rw.word)
		}
	}
	switch {
	case best != "":
		return best
	case strings.Contains(norm, "الطرف الأول"):
		return "first_party"
	case strings.Contains(norm, "الطرف الثاني"):
		return "second_party"
	}
	return ""
}

// arKnownParty returns the role phrase (one to three words) the text
// starts with, with an adjective that qualifies it ("المتناقص الفائز"),
// or else its first word.
func arKnownParty(rest string) string {
	words := strings.Fields(rest)
	for n := min(3, len(words)); n >= 1; n-- {
		p := displayArParty(strings.Join(words[:n], " "))
		if !isArRolePhrase(p) {
			continue
		}
		p = strings.Join(words[:n], " ")
		if n < len(words) && isArAdjective(words[n]) {
			p += " " + words[n]
		}
		return p
	}
	if len(words) > 0 {
		return words[0]
	}
	return ""
}

// isArRolePhrase: p is exactly an Arabic role word ("المستأجر", "مزود
// الخدمة", "الطرف الأول", "كل طرف").
func isArRolePhrase(p string) bool {
	p = stripTashkeel(p)
	if m := reEachParty.FindString(p); m == p {
		return true
	}
	if p == "الطرف الأول" || p == "الطرف الثاني" {
		return true
	}
	for _, r := range partyRoles {
		for _, w := range r.words {
			if w == p && r.role != "issuer" {
				return true
			}
		}
	}
	return false
}

// isArAdjective: a few adjectives that qualify a party ("الفائز", the
// successful bidder; "المتعاقد").
func isArAdjective(w string) bool {
	switch w {
	case "الفائز", "المتعاقد", "المختار", "المؤهل", "المسجل",
		// An ordinal of a numbered role ("الشريك الثالث", round 11).
		"الثالث", "الرابع", "الخامس", "السادس", "الثالثة", "الرابعة", "الخامسة":
		return true
	}
	return false
}

// clauseExtractor reads obligations, requirements and deadlines.
type clauseExtractor struct {
	a       *assembled
	parties []Fact // parties found, to name a subject
	// aliases: the words a document defines for a party whose role
	// comes from elsewhere ('X SAOC (the "Company") invites suppliers':
	// "the Company" is the issuer), as subject forms.
	aliases []clauseParty
	// arAliases: Arabic words a document defines for a party that has a
	// role ('شركة X (ويشار إليها فيما بعد بـ"الشركة")'), with that role.
	arAliases map[string]string
	// numbered: the role the first and the second party are defined by
	// (rolelexicon.go).
	numbered map[string]string
	// resolved are the candidates before one fact was kept per value:
	// a date written in each language keeps each occurrence here.
	resolved []candidate
	skip     []injectionSpan
	sents    []span
	reqSents map[int]bool // sentences read as requirements
	// sectionOf is each block's section for requirements; pseudo marks
	// the short lines taken as requirement headings (see sections).
	sectionOf []string
	pseudo    map[int]bool
	obls      []oblFound
	// you is the role "you" names: the employee in an employment
	// letter ("You must not disclose ..."); "" elsewhere.
	you          string
	letterSender string // the sender of a letter: "we" (obligation_duty_forms.go)
	reqs         []reqFound
	dls          []dlFound
	stop         *stopper // stop.go

	// definedSubjectAliases: the parties' defined words as subject forms
	// (obligation_subjects.go).
	definedSubjectAliases []clauseParty
}

type oblFound struct {
	o          Obligation
	start, end int // the sentence
	focus      int // where the clause starts
	sent       int
	// clauseStart, clauseEnd: the action's clause, where its deadline
	// is; clauseStart is where the action as written starts.
	clauseStart, clauseEnd int
}

func (x *clauseExtractor) skipped(s span) bool {
	for _, in := range x.skip {
		if s.start < in.end && in.start < s.end {
			return true
		}
	}
	return false
}

// obligations reads every sentence outside the requirement sections.
func (x *clauseExtractor) obligations() {
	x.renamedRoles()
	x.issuerAliases()
	x.arSecondAliases() // obligation_duty_forms.go
	x.letterRoles()     // obligation_duty_forms.go
	x.letterFrame()     // obligation_letters_envelopes.go
	x.offerYou()        // obligation_letters_envelopes.go
	x.secondAliases()   // obligation_subjects_tables.go
	// A letter that engages its reader: obligation_letters.go.
	x.letterEngagement()
	for si, s := range x.sents {
		x.stop.step() // stop.go
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		t := x.a.text[s.start:s.end]
		x.stop.pass(len(t)) // a sentence can be the whole text
		if hasArabic(t) {
			x.arabicObligations(si, s, waProhibition(arDutyForms(t))) // party_roles_issuer_kind.go, obligation_duty_forms.go
			x.arPassiveDuties(si, s, arClauseLabel(t))
			x.arYatim(si, s, t)         // obligation_duty_forms.go
			x.arNominalDuties(si, s, t) // obligation_duty_forms.go
		}
		x.stop.pass(len(t))
		x.englishObligations(si, s, x.enDutyForms(t)) // obligation_duty_forms.go
		x.stop.pass(len(t))
		x.presentDuties(si, s, t)
		x.stop.pass(len(t))
		x.presentDutiesDutyForms(si, s, t) // obligation_duty_forms.go
	}
	x.stop.pass(len(x.a.text))
	x.leadInLists()
	x.dropValidities()
	x.twinObligations()
	x.renumbered()
	x.dutyFormsObligationFamilies()     // obligation_duty_forms.go
	x.pronounDutiesObligations()        // obligation_pronoun_duties.go
	x.bidsPassivesObligations()         // obligation_bids_passives.go
	x.lettersEnvelopesObligations()     // obligation_letters_envelopes.go
	x.subjectsTablesObligations()       // obligation_subjects_tables.go
	x.missedClausesPassiveObligations() // obligation_missed_clauses.go
	// Arabic duties of each member: obligation_consortia.go.
	x.arMemberDuties()
}

// twinObligations: a clause written in English and then in Arabic (the
// next block, with the same clause number or none) states one duty in
// each language. When the English states one obligation and its Arabic
// twin none (a passive "تقدم العروض", "يتم السداد"), the Arabic sentence
// is that obligation in Arabic; when each states one, the Arabic takes the
// English one's role if they differ ("المورد الفائز" is the successful
// bidder, "الشركة" the company that issues the tender).
func (x *clauseExtractor) twinObligations() {
	type group struct {
		seg, last int   // the first and last block of its sentences
		sents     []int // sentence indices
		obls      []int // obligation indices
	}
	var groups []*group
	bySent := map[int]*group{}
	for si, sp := range x.sents {
		if len(groups) == 0 || groups[len(groups)-1].seg != sp.seg {
			groups = append(groups, &group{seg: sp.seg, last: sp.seg})
		}
		g := groups[len(groups)-1]
		g.sents = append(g.sents, si)
		g.last = max(g.last, x.a.segmentIndexAt(sp.end-1))
		bySent[si] = g
	}
	for i := range x.obls {
		if g := bySent[x.obls[i].sent]; g != nil {
			g.obls = append(g.obls, i)
		}
	}
	for k := 0; k+1 < len(groups); k++ {
		en, ar := groups[k], groups[k+1]
		if ar.seg != en.last+1 || len(en.obls) != 1 {
			continue
		}
		et := x.a.text[x.sents[en.sents[0]].start:x.sents[en.sents[len(en.sents)-1]].end]
		as := x.sents[ar.sents[0]]
		at := x.a.text[as.start:x.sents[ar.sents[len(ar.sents)-1]].end]
		if hasArabic(et) || strings.Contains(et, " | ") || strings.Contains(at, " | ") {
			continue
		}
		an, enN := leadingNumber(at), leadingNumber(et)
		if !startsArabic(at[an:]) || an > 0 && strings.TrimSpace(at[:an]) != strings.TrimSpace(et[:enN]) {
			continue
		}
		e := x.obls[en.obls[0]]
		switch len(ar.obls) {
		case 0:
			if len(ar.sents) != 1 || x.reqSents[ar.sents[0]] || x.skipped(as) || arLeadIn(at) { // obligation_subjects_tables.go
				continue
			}
			action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(at[an:]), ".،,;:"))
			if action == "" {
				continue
			}
			o := e.o
			o.Action, o.Deadline, o.DeadlineNormalized, o.Condition = clip(action, 300), "", "", ""
			o.Confidence = min(o.Confidence, 0.7)
			x.obls = append(x.obls, oblFound{o: o, start: as.start, end: as.end, focus: as.start + an, sent: ar.sents[0],
				clauseStart: as.start + an, clauseEnd: as.end})
		case 1:
			a := &x.obls[ar.obls[0]]
			if e.o.PartyRole != "" && a.o.PartyRole != e.o.PartyRole {
				a.o.PartyRole = e.o.PartyRole
			}
		}
	}
	sort.SliceStable(x.obls, func(i, j int) bool { return x.obls[i].start < x.obls[j].start })
}

// sentText is sentence s's text with the line breaks of a wrapped
// sentence read as spaces (the same length, so offsets hold), for
// matching; what is returned is cut from the text as written.
func (x *clauseExtractor) sentText(s span) string {
	return strings.ReplaceAll(x.a.text[s.start:s.end], "\n", " ")
}

// renamedRoles: 'شركة X ش.ذ.م.م (ويشار إليها فيما بعد بـ"الشركة")': the
// defined word, a plain noun, means the party in the clauses. (In
// English, definedAliases reads the definition after each name, a role
// word the party does not take too: rolelexicon.go.)
func (x *clauseExtractor) renamedRoles() {
	text := x.a.text
	for _, p := range x.parties {
		if p.Role == "" || len(p.Value) < 3 || !hasArabic(p.Value) {
			continue
		}
		for _, at := range occurrences(text, p.Value) {
			after := strings.TrimLeft(text[at+len(p.Value):], " (")
			m := reArRole.FindStringSubmatch(after)
			if m == nil || strings.IndexByte(after[:strings.Index(after, m[1])], '\n') >= 0 {
				continue
			}
			w, _, _ := strings.Cut(m[1], " ")
			w = stripTashkeel(w)
			if roleOf(w) == "" && arRole(w) == "" && strings.HasPrefix(w, "ال") {
				if x.arAliases == nil {
					x.arAliases = map[string]string{}
				}
				x.arAliases[w] = p.Role
			}
		}
	}
}

// reWeNamed: "we, Gulf Bank K.S.C.P. (the "Guarantor"), hereby
// irrevocably": the writer names itself before its undertaking.
var reWeNamed = regexp.MustCompile(`(?i)\bwe\s*,\s*(?:the\s+undersigned\s*,\s*)?([^,]{2,160}?)\s*,\s*(?:(?:hereby|irrevocably|unconditionally|and|jointly|severally)\s*,?\s+)*$`)

// weParty is who "we" is in a clause: the party the writer names itself
// as ("we, X, hereby undertake"), or else, for a bare "We", the issuer of
// the document when it has one (a guarantee, a tender).
func (x *clauseExtractor) weParty(before, subj string) (clauseParty, bool) {
	if m := reWeNamed.FindStringSubmatch(before); m != nil {
		name, _, _ := strings.Cut(m[1], "(") // the name, not its definition
		if p, ok := x.partyIn(name); ok && p.role != "" {
			return p, true
		}
	}
	if w := strings.TrimSpace(subj); (w == "We" || w == "we") && x.letterSender != "" {
		return clauseParty{w, x.letterSender}, true // a letter's sender (obligation_duty_forms.go)
	}
	if w := strings.TrimSpace(subj); w == "We" || w == "we" {
		for _, p := range x.parties {
			if p.Role == "issuer" || writerRole(p.Role) { // party_tables.go
				return clauseParty{w, p.Role}, true
			}
		}
		if p, ok := x.weDefinedParty(); ok { // party_roles_issuer_kind.go
			return clauseParty{w, p.role}, true
		}
	}
	return clauseParty{}, false
}

// arAlias is the role of the word the text defines for a party, the
// first word of p (see arAliases), or "".
func (x *clauseExtractor) arAlias(p string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(p), " ")
	return x.arAliases[stripTashkeel(w)]
}

func hasArabic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

type trigger struct {
	start, end int
	must       bool
	will       bool
}

func (x *clauseExtractor) englishObligations(si int, s span, t string) {
	var trigs []trigger
	for _, m := range findAllAt(reOblEN, t) { // findat.go
		tr := trigger{start: m[0], end: m[1], must: m[4] >= 0}
		word := lowerASCII(t[m[0]:m[1]])
		tr.will = strings.HasPrefix(word, "will")
		if reStateAfter.MatchString(t[m[1]:]) && !strings.Contains(word, "responsible") && !moneyBack(word, tail(t[:m[0]], subjectWindow), t[m[1]:]) &&
			!x.commenceDuty(t[:m[0]], t[m[1]:]) { // obligation_bid_lists.go
			continue
		}
		if noDutyAfter(word, t[m[1]:]) {
			continue
		}
		if reStateUnlessParty.MatchString(t[m[1]:]) && !bidHolds(tail(t[:m[0]], subjectWindow), t[m[1]:]) { // requirement_bonds_sections.go
			if _, ok := x.partyIn(tail(t[:m[0]], subjectWindow)); !ok || possessiveThing(tail(t[:m[0]], subjectWindow)) {
				continue // (party_tables.go: "The Contractor's bond shall remain valid")
			}
		}
		if strings.HasPrefix(word, "shall not") || strings.HasPrefix(word, "will not") || strings.HasPrefix(word, "must not") || strings.HasPrefix(word, "may not") {
			if reStateAfter.MatchString("not " + t[m[1]:]) {
				continue
			}
		}
		trigs = append(trigs, tr)
	}
	// "Neither party may assign ...": may forbids after a negated
	// subject (found as the loop below finds subjects).
	for _, m := range reMayCan.FindAllStringIndex(t, -1) {
		if monthMay(t, m[0], m[1]) {
			continue
		}
		pre := t[:m[0]]
		for _, coordinated := range []bool{false, true} {
			_, i := lastBoundary(pre, coordinated)
			if _, neg := x.negatedSubject(pre[max(i, 0):]); neg {
				trigs = append(trigs, trigger{start: m[0], end: m[1]})
				break
			}
		}
	}
	trigs = disjointTriggers(trigs)
	var prevParties []clauseParty
	var cond sentenceCondition
	for k, tr := range trigs {
		// The subject: from the clause's start (the sentence's, or the
		// coordinator after the previous clause) to the word.
		from := 0
		if k > 0 {
			from = trigs[k-1].end
		}
		pre := t[from:tr.start]
		subjStart := from
		if _, i := lastBoundary(pre, k > 0); i >= 0 {
			subjStart = from + i
		}
		subj := t[subjStart:tr.start]
		party, has := x.partyIn(tail(subj, subjectWindow))
		var parties []clauseParty
		negParties, negated := x.negatedSubject(subj)
		if reDisputeSubject.MatchString(subj) && reForumAfter.MatchString(t[tr.end:]) {
			continue // "Any dispute ... shall be referred to arbitration": a forum, no duty
		}
		if negated && reLiableAfter.MatchString(t[tr.end:]) {
			continue // "Neither party shall be liable for ...": a limit of liability, no duty
		}
		switch {
		case len(negParties) > 0:
			// "Neither the Supplier nor the Buyer shall disclose": each
			// named party must not.
			parties, has = negParties, true
		case !has && k > 0 && strings.TrimSpace(strings.Trim(subj, ",; ")) == "":
			parties, has = prevParties, len(prevParties) > 0 // "... and shall not disclose it"
		case !has && k > 0 && isCoordinatedVerb(subj):
			parties, has = prevParties, len(prevParties) > 0 // "..., nor shall it use them"
		}
		if !has && rePronounSubject.MatchString(subj) && reCondition.MatchString(t[:subjStart]) {
			// "If the Recipient breaches clause 1, it shall pay ...": the
			// pronoun is the party the condition names.
			if p, ok := x.partyIn(tail(t[:subjStart], subjectWindow)); ok {
				party, has = p, true
			}
		}
		undertaking := false
		if !has && len(parties) == 0 {
			if p, ok := x.weParty(t[:tr.start], subj); ok {
				party, has = p, true
				undertaking = strings.HasPrefix(lowerASCII(t[tr.start:tr.end]), "undertake")
			}
		}
		if has && len(parties) > 0 {
			party = parties[0]
		}
		passive := rePassive.MatchString(t[tr.end:])
		if !has && tr.must && !tr.will {
			party, has = x.passiveAgentDutyForms(t[tr.start:tr.end], t[tr.end:]) // obligation_duty_forms.go (party_roles_defined_later.go's, wider)
		}
		if !has && !passive {
			// An active sentence binds its subject even when it is no
			// role we know ("The Distributor agrees to ..."), unless the
			// subject is a pronoun or the document itself.
			if p := namedSubject(t[subjStart+leadingNumber(t[subjStart:]) : tr.start]); p != "" {
				party, has = clauseParty{text: p, role: x.subjectRole(p)}, true
			}
		}
		if reBanWord.MatchString(t[tr.start:tr.end]) {
			// "Partial shipments are not allowed": the thing banned is the
			// subject; no one named.
			has, parties = false, nil
		}
		if has && len(parties) == 0 {
			parties = x.jointParties(subj, []clauseParty{party}) // obligation_duty_forms.go: "X and Y shall jointly"
		}
		if tr.will && reIntentionAfter.MatchString(t[tr.end:]) {
			continue // "The Parties will explore ...": an intention, no duty
		}
		if tr.will {
			// "will" binds a party, or makes a passive of an action
			// binding ("Payment will be made"); never "we will".
			if !has && !(passive && reActionNoun.MatchString(subj) && tr.must) && !moneyBack(t[tr.start:tr.end], subj, t[tr.end:]) {
				continue
			}
		}
		end := len(t)
		if k+1 < len(trigs) {
			next := trigs[k+1]
			if i, _ := lastBoundary(t[tr.end:next.start], true); i >= 0 {
				end = tr.end + i
			} else {
				end = next.start
			}
		}
		action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[tr.end:end]), ".,;:"))
		actionAt := tr.end
		if undertaking {
			// "we, X, hereby undertake to pay": the undertaking is the
			// writer's act, kept in the action.
			action = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[tr.start:end]), ".,;:"))
			actionAt = tr.start
		}
		if !has {
			// A sentence that names no one: the action is the clause.
			lead := leadingNumber(t[subjStart:])
			action = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[subjStart+lead:end]), ".,;:"))
			actionAt = subjStart + lead
		}
		if action == "" {
			continue
		}
		o := Obligation{Modality: "must_not", Action: clip(action, 300), Method: "clause", Confidence: 0.85}
		if tr.must && !negated {
			o.Modality = "must"
		}
		if !has {
			o.Confidence = 0.75
		}
		if tr.will {
			o.Confidence = 0.7
		}
		o.Condition = cond.at(t, tr.start)
		found := oblFound{o: o, start: s.start, end: s.end, focus: s.start + subjStart, sent: si,
			clauseStart: s.start + actionAt, clauseEnd: s.start + end}
		if !has {
			x.obls = append(x.obls, found)
		}
		for _, p := range parties {
			found.o.Party, found.o.PartyRole = p.text, p.role
			x.obls = append(x.obls, found)
		}
		prevParties = nil
		if has {
			prevParties = parties
		}
	}
}

// disjointTriggers sorts the obligation words of a sentence and keeps,
// of words that overlap ("may not" and "may"), the first and longest,
// so that each clause is read once and lies between its neighbours.
func disjointTriggers(trigs []trigger) []trigger {
	sort.Slice(trigs, func(i, j int) bool {
		if trigs[i].start != trigs[j].start {
			return trigs[i].start < trigs[j].start
		}
		return trigs[i].end > trigs[j].end
	})
	out := trigs[:0]
	for _, tr := range trigs {
		if len(out) > 0 && tr.start < out[len(out)-1].end {
			continue
		}
		out = append(out, tr)
	}
	return out
}

// negatedSubject reads a subject that forbids ("Neither party", "No
// party", "Neither the Supplier nor the Buyer", "nor"): negated is true,
// and parties are who it names: each party, or each party named between
// neither and nor (a role or a name: "Neither Al Noor Trading nor the
// Buyer"); none when it names no one ("nor" alone).
func (x *clauseExtractor) negatedSubject(subj string) (parties []clauseParty, negated bool) {
	s := strings.TrimSpace(subj[leadingNumber(subj):])
	if p, ok := x.noSubject(s); ok {
		return p, true // "No bidder may", "No payment shall" (obligation_duty_forms.go)
	}
	if !reNegatedSubject.MatchString(s) {
		return nil, false
	}
	low := lowerASCII(s)
	switch {
	case strings.HasPrefix(low, "nor"):
		// "..., nor shall it", "..., nor shall the Buyer".
		if p, ok := x.partyIn(s[len("nor"):]); ok {
			return []clauseParty{p}, true
		}
		return nil, true
	case !strings.HasPrefix(low, "neither"):
		return []clauseParty{{s, "each_party"}}, true // "No party", "None of the parties"
	}
	if m := reEachParty.FindStringIndex(s); m != nil && m[0] == 0 {
		// "Neither party", "Neither Party nor its Affiliates".
		return []clauseParty{{strings.TrimSpace(s[:m[1]]), "each_party"}}, true
	}
	for _, part := range reNor.Split(strings.TrimSpace(s[len("neither"):]), -1) {
		if p, ok := x.partyIn(part); ok {
			parties = append(parties, p)
		} else if n := namedSubject(part); n != "" {
			parties = append(parties, clauseParty{text: n, role: x.subjectRole(n)})
		}
	}
	// "Neither the Supplier nor the Buyer shall disclose": a prohibition
	// on each party it names, one each (the later label specification,
	// dev4; the older guideline labelled it each_party).
	return parties, true
}

// reDisputeSubject and reForumAfter: "Any dispute arising out of this
// Agreement shall be referred to arbitration", "Disputes shall be settled
// by the courts of Muscat": a statement of forum, as "governed by" is a
// statement of law, not a duty (the later label specification).
var (
	reDisputeSubject = regexp.MustCompile(`(?i)^\s*(?:\S+\s+)?(?:any|all|every|each|the)?\s*(?:disputes?|differences?|controvers(?:y|ies)|claims?\s+or\s+disputes?)\b`)
	reForumAfter     = regexp.MustCompile(`(?i)^\s*(?:first\s+|finally\s+|exclusively\s+)?be\s+(?:finally\s+|exclusively\s+|amicably\s+)?(?:referred|settled|resolved|submitted|heard|determined|decided)\b`)
)

// reLiableAfter: "be liable", "be responsible" after an obligation word.
var reLiableAfter = regexp.MustCompile(`(?i)^\s*be\s+(?:held\s+)?(?:liable|responsible)\b`)

// rePronounSubject: a subject that is a pronoun alone.
var rePronounSubject = regexp.MustCompile(`(?i)^\s*(?:it|he|she|they)\s*$`)

// reNotParty: subjects that bind no one: pronouns, the document and its
// parts, and things.
var reNotParty = regexp.MustCompile(`(?i)^(?:it|this|that|these|those|we|you|they|he|she|there|which|who|such|any|all|no)$|\b(?:agreement|contract|lease|policy|clause|section|article|schedule|annex|appendix|terms?|obligations?|provisions?|price|prices|amount|fee|fees|rent|payment|payments|invoices?|goods|works?|services|deliver(?:y|ies)|bids?|tenders?|quotations?|offers?|proposals?|documents?|questions?|reports?|notices?|information|data|law|laws)\b`)

// namedSubject is an English subject that names someone not known as a
// role ("The Distributor", "Al Noor Trading"): a short capitalised noun
// phrase; "" otherwise.
func namedSubject(subj string) string {
	subj = strings.TrimSpace(subj)
	words := strings.Fields(subj)
	if len(words) == 0 || len(words) > 6 {
		return ""
	}
	lw := strings.ToLower(words[0])
	if lw == "the" || lw == "each" || lw == "every" {
		if len(words) == 1 {
			return ""
		}
		words = words[1:]
	}
	r, _ := utf8.DecodeRuneInString(words[0])
	if !unicode.IsUpper(r) || reNotParty.MatchString(strings.Join(words, " ")) {
		return ""
	}
	return subj
}

// lastBoundary finds where a subject starts in the text before an
// obligation word: after the last comma, semicolon or colon and, in a
// later clause of the sentence, after "and"/"or"/"but". It returns the
// boundary's start and end, -1 when there is none.
func lastBoundary(pre string, coordinated bool) (int, int) {
	pre = strings.ReplaceAll(pre, "\n", " ") // a sentence wrapped over lines
	bs, be := -1, -1
	for _, b := range []string{", ", "; ", ": ", "، ", "؛ "} {
		if i := strings.LastIndex(pre, b); i >= 0 && i+len(b) > be {
			bs, be = i, i+len(b)
		}
	}
	if coordinated {
		low := lowerASCII(pre)
		for _, b := range []string{" and ", " or ", " but ", " while "} {
			if i := strings.LastIndex(low, b); i >= 0 && i+len(b) > be {
				bs, be = i, i+len(b)
			}
		}
	}
	return bs, be
}

// isCoordinatedVerb: the subject of a later clause is only "and",
// "or", "nor", "but also".
func isCoordinatedVerb(s string) bool {
	switch strings.TrimSpace(lowerASCII(s)) {
	case "", "and", "or", "but", "and also", "but also", "and/or", "nor":
		return true
	}
	return false
}

// leadingNumber is the length of a clause number at the start ("1. ",
// "(b) ", "4.2 ", "4.2.1. ", "أولاً: "); a number of two levels or more
// needs no closing dot ("3.2 The Distributor").
var reLeadNumber = regexp.MustCompile(`^\s*(?:\(?[0-9٠-٩]{1,2}(?:\.[0-9٠-٩]{1,2})+[.)]?(?:\s|$)|\(?[0-9٠-٩]{1,2}(?:\.[0-9٠-٩]{1,2})*[.)]|\(?[a-z]\)|[IVX]+\.|(?:أولاً|ثانياً|ثالثاً|رابعاً|خامساً|سادساً|سابعاً|ثامناً|تاسعاً|عاشراً)\s*[:-])\s*`)

func leadingNumber(s string) int {
	if m := reLeadNumber.FindStringIndex(s); m != nil {
		return m[1]
	}
	return 0
}

// subjectWindow bounds, in bytes, the text before an obligation word
// searched for its party, so that a very long sentence costs in
// proportion to its length.
const subjectWindow = 240

// tail is the last n bytes of s, from a rune boundary.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}

// sentenceCondition finds a sentence's condition marker once, for all its
// obligations.
type sentenceCondition struct {
	done bool
	m    []int
}

// at returns the condition of the sentence t around the obligation word
// at: a clause starting with if, unless, provided that, in the event,
// upon request, في حال, إذا, ما لم ..., up to the next comma (when it
// comes first) or the sentence's end.
func (c *sentenceCondition) at(t string, at int) string {
	if !c.done {
		c.m, c.done = reCondition.FindStringIndex(t), true
	}
	m := c.m
	if m == nil {
		return ""
	}
	s := m[0]
	for s < len(t) && t[s] == ' ' {
		s++
	}
	e := len(t)
	if s < at {
		if i := strings.IndexAny(t[s:at], ",،"); i >= 0 {
			e = s + i
		}
	} else if i := strings.IndexAny(t[s:], ",،;"); i >= 0 {
		e = s + i
	}
	return clip(strings.TrimSpace(strings.TrimRight(t[s:e], ".,;:،")), 200)
}

func (x *clauseExtractor) arabicObligations(si int, s span, t string) {
	var trigs []arTrig
	for _, m := range reOblAR.FindAllStringSubmatchIndex(t, -1) {
		g := 2
		must := false
		if m[2] < 0 {
			g, must = 4, true
		}
		if must && reArNotBefore.MatchString(t[:m[g]]) {
			continue // "لا يلتزم المؤجر بأي تجهيزات": not obliged, no duty
		}
		if must && strings.HasSuffix(t[m[g]:m[g+1]], "يلزم") && reArWhatBefore.MatchString(t[:m[g]]) {
			continue // "ليس في هذه الاتفاقية ما يلزم أياً من الطرفين": nothing obliges
		}
		trigs = append(trigs, arTrig{start: m[g], end: m[g+1], must: must})
	}
	var cond sentenceCondition
	if m := reArStartAla.FindStringSubmatchIndex(t); m != nil && len(trigs) == 0 {
		rest := strings.TrimSpace(t[m[3]:])
		if !strings.HasPrefix(rest, "أن") && arRole(arKnownParty(rest)) != "" {
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true})
		}
	}
	// "، وعلى الطرف الراغب في عدم التجديد إخطار ...": على + a party
	// opening a later clause binds it too.
	for _, m := range reArClauseAla.FindAllStringSubmatchIndex(t, -1) {
		rest := strings.TrimSpace(t[m[3]:])
		if !strings.HasPrefix(rest, "أن") && arRole(arKnownParty(rest)) != "" && !overlapsTrig(trigs, m[2]) {
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true})
		}
	}
	// Present-tense duties: "يتحمل المستأجر فواتير الكهرباء", "يدفع
	// العميل ٥٠٪", "يدفعها المستأجر مقدماً", "ويقوم المورد بإصلاح": a
	// verb of a duty with a party right after it (not in a relative
	// clause: "المبلغ الذي يدفعه المستأجر" describes).
	for _, m := range reArDutyVerb.FindAllStringSubmatchIndex(t, -1) {
		if reArRelative.MatchString(t[:m[2]]) || overlapsTrig(trigs, m[2]) || reArNotBefore.MatchString(t[:m[2]]) {
			continue // (لا يتحمل العميل أي مسؤولية: a limit, no duty)
		}
		if strings.HasSuffix(strings.TrimRight(t[:m[2]], " "), " أن") || strings.TrimRight(t[:m[2]], " ") == "أن" {
			// "وعليه أن يخطر المؤجر": the verb completes the duty before
			// it, and the noun after it is its object, not its subject.
			continue
		}
		rest := strings.TrimSpace(t[m[3]:])
		kp := arKnownParty(rest)
		if arPayee(rest) {
			kp = "" // "يدفع للعميل": the party after لـ is paid, it does not pay
		}
		switch {
		case kp != "" && arRole(kp) != "" && (isArRolePhrase(displayArParty(strings.Join(strings.Fields(kp)[:1], " "))) || isArRolePhrase(displayArParty(kp))):
			// "يدفع العميل", "يتحمل مقدم الخدمة", "يدفع صاحب العمل".
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true})
		case kp != "" && x.arAlias(kp) != "":
			// "تضمن الشركة" where the text defines الشركة.
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true})
		case arConditionParty(t[:m[2]]) != "":
			// "إذا تخلف المقاول عن زيارة مجدولة يدفع غرامة": the party
			// of the condition pays.
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true})
		}
	}
	// "تُدفع للموظفة مكافأة توقيع", "يتم السداد خلال ستين يوماً": a
	// payment in the passive is a duty of no one named.
	for _, m := range reArPassivePay.FindAllStringSubmatchIndex(t, -1) {
		if !overlapsTrig(trigs, m[2]) && !reArRelative.MatchString(t[:m[2]]) && !reArNotBefore.MatchString(t[:m[2]]) {
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true, passive: true})
		}
	}
	for _, m := range reArAlaPronoun.FindAllStringSubmatchIndex(t, -1) {
		w := t[m[2]:m[3]]
		if !strings.HasPrefix(w, "و") && !strings.HasPrefix(w, "ف") && !reArClauseOpen.MatchString(t[:m[2]]) && !reArMustBefore.MatchString(t[:m[2]]) {
			continue // "بالحالة التي استلمه عليها": a preposition, no duty
		}
		if !overlapsTrig(trigs, m[2]) && (arConditionParty(t[:m[2]]) != "" || lastArRole(t[:m[2]]) != "") {
			trigs = append(trigs, arTrig{start: m[2], end: m[3], must: true})
		}
	}
	sort.Slice(trigs, func(i, j int) bool { return trigs[i].start < trigs[j].start })
	for k, tr := range trigs {
		word := t[tr.start:tr.end]
		end := len(t)
		if k+1 < len(trigs) {
			end = trigs[k+1].start
		}
		after := t[tr.end:end]
		rest := strings.TrimLeft(after, " ")
		restAt := tr.end + len(after) - len(rest)
		var party string
		implied := false
		switch {
		case tr.passive:
			restAt = tr.start + len(word) - len(strings.TrimPrefix(word, "و"))
			rest = t[restAt:end]
		case strings.Contains(word, "لتزم") || strings.Contains(word, "تعهد") || strings.Contains(word, "متنع"):
			// VSO: the party runs to the first word with a preposition
			// (بدفع، بعدم، عن).
			words := strings.Fields(rest)
			n := 0
			for n < len(words) && n < 4 && !(strings.HasPrefix(words[n], "ب") && arRole(words[n]) == "") && words[n] != "عن" {
				n++
			}
			if n > 0 && n < len(words) {
				party = strings.Join(words[:n], " ")
			}
			if kp := arKnownParty(rest); kp != "" && arRole(kp) != "" {
				party = kp
			}
			if party == "" {
				// "..., ويلتزم بإصلاح": the subject is the party named
				// last before the word.
				party = lastArRole(tail(t[:tr.start], subjectWindow))
				implied = party != ""
			} else if strings.HasPrefix(word, "و") && arRole(party) == "" && x.arAlias(party) == "" {
				// "يضمن المقاول ...، ويلتزم خلالها بإصلاح": a word that
				// names no party after a joined يلتزم; the subject is the
				// party named last before it (round 11).
				if p := lastArRole(tail(t[:tr.start], subjectWindow)); p != "" {
					party, implied = p, true
				}
			}
		case strings.HasPrefix(word, "لا"):
			// لا يجوز للمستأجر ...
			words := strings.Fields(rest)
			if len(words) > 0 && strings.HasPrefix(words[0], "ل") {
				party = arKnownParty(rest)
			}
		case reArAlaPronoun.MatchString(" " + word + " ا"):
			// "فعليه إخطار": the party named before.
			party = arConditionParty(t[:tr.start])
			if party == "" {
				party = lastArRole(tail(t[:tr.start], subjectWindow))
			}
			implied = party != ""
		case reArDutyVerb.MatchString(word) && !arPayee(rest) && arRole(arKnownParty(rest)) == "" && x.arAlias(arKnownParty(rest)) != "":
			party = arKnownParty(rest) // "تضمن الشركة" where the text defines الشركة
		case reArDutyVerb.MatchString(word) && (arPayee(rest) || arRole(arKnownParty(rest)) == ""):
			// "إذا تأخر المقاول ...، يدفع للعميل": the party after لـ is
			// the payee; the condition names who pays.
			// A duty verb whose party the condition before it names.
			party = arConditionParty(t[:tr.start])
			implied = party != ""
		case strings.HasSuffix(word, "أن"):
			// يجب أن يقوم المورد ...: the party is any role named.
		default:
			// يجب على، يحظر على، على
			r := strings.TrimPrefix(rest, "على ")
			if r != rest || strings.HasSuffix(word, "على") {
				restAt += len(rest) - len(r)
				rest = r
			}
			party = arKnownParty(rest)
		}
		if strings.HasPrefix(rest, "على ") && party == "" {
			// يحظر على المورد
			rest2 := strings.TrimPrefix(rest, "على ")
			restAt += len(rest) - len(rest2)
			rest = rest2
			party = arKnownParty(rest)
		}
		role := arRole(party)
		if role == "" && party != "" {
			role = x.arAlias(party)
		}
		if role == "" && party != "" && !strings.HasSuffix(word, "أن") {
			// An unknown first word is no party ("لا يجوز التنازل"),
			// except after يلتزم / يتعهد.
			if strings.HasPrefix(word, "لا") || !strings.Contains(word, "لتزم") && !strings.Contains(word, "تعهد") {
				party = ""
			}
		}
		actionAt := restAt
		if party != "" && !implied {
			pw := strings.Fields(party)
			last := pw[len(pw)-1]
			if i := strings.Index(rest, last); i >= 0 {
				actionAt = restAt + i + len(last)
			}
		}
		if strings.HasSuffix(word, "أن") {
			role = arRole(rest)
			actionAt = restAt
		}
		if reArDutyVerb.MatchString(" "+word+" ") && !strings.HasPrefix(word, "لا") {
			// "يسدد العميل قيمة الفاتورة": the verb before the party is
			// the action's head; the action runs from it.
			actionAt = tr.start + len(word) - len(strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(word, "و"), "ف"), " "))
		}
		// "لا يجوز للمؤجر ولا للمستأجر إجراء ...": each party named
		// must not.
		also := ""
		if strings.HasPrefix(word, "لا") && role != "" && actionAt <= end {
			after := t[actionAt:end]
			if m := reArNorParty.FindStringSubmatchIndex(after); m != nil {
				if p2 := arKnownParty(after[m[2]:]); arRole(p2) != "" {
					pw := strings.Fields(p2)
					if i := strings.Index(after[m[2]:], pw[len(pw)-1]); i >= 0 {
						also = p2
						actionAt += m[2] + i + len(pw[len(pw)-1])
					}
				}
			}
		}
		action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[actionAt:end]), ".،,؛;:"))
		action = strings.TrimPrefix(strings.TrimPrefix(action, "بعدم "), "عن ")
		if action == "" {
			continue
		}

		o := Obligation{Modality: "must_not", Action: clip(action, 300), Method: "clause", Confidence: 0.85}
		if tr.must {
			o.Modality = "must"
			if a := strings.TrimSpace(t[actionAt:end]); strings.HasPrefix(a, "بعدم ") || strings.HasPrefix(a, "عدم ") {
				o.Modality = "must_not" // يلتزم المورد بعدم ...، يجب على المورد عدم ...
			}
		}
		if party != "" {
			o.Party, o.PartyRole = displayArParty(party), role
		} else {
			o.Confidence = 0.75
			if role != "" {
				o.PartyRole = role
			}
		}
		o.Condition = cond.at(t, tr.start)
		x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + tr.start, sent: si,
			clauseStart: s.start + actionAt, clauseEnd: s.start + end})
		if also != "" {
			o.Party, o.PartyRole = displayArParty(also), arRole(also)
			x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + tr.start, sent: si,
				clauseStart: s.start + actionAt, clauseEnd: s.start + end})
		}
	}
}

// reArPassivePay: a passive verb of payment, written with its damma
// (تُدفع, not تدفع: "تدفع الشركة" is active), or يتم + the payment.
var reArPassivePay = regexp.MustCompile(`(?:^|[\s،,:؛(\-])((?:و)?(?:تُدفع|يُدفع|تُسدد|يُسدد|تُسدَّد|يُسدَّد|تُصرف|يُصرف|يتم\s+(?:السداد|الدفع|دفع|سداد)))(?:\s|$)`)

// reArNorParty: "ولا للمستأجر" right after the first party of a
// prohibition.
var reArNorParty = regexp.MustCompile(`^\s*ولا\s+(ل\p{Arabic})`)

// reIntentionAfter: a verb after "will" that states an intention ("will
// explore", "will consider", "will seek to"), as a memorandum writes.
var reIntentionAfter = regexp.MustCompile(`(?i)^\s*(?:jointly\s+|together\s+|also\s+)?(?:explore|consider|discuss|study|evaluate|investigate|look\s+into|seek\s+to|endeavou?r\s+to|aim\s+to|intend\s+to|work\s+towards?)\b`)

// reBanWord: a passive prohibition with no infinitive after it.
var reBanWord = regexp.MustCompile(`(?i)\bnot\s+(?:permitted|allowed|accepted)$`)

// reArMustBefore: "وجب عليه إخطار": a verb of necessity before على with
// the pronoun of the party a condition names.
var reArMustBefore = regexp.MustCompile(`(?:^|\s)[وف]?(?:وجب|يجب|يتعين|تعين|يتوجب|توجب|لزم|يلزم)\s*$`)

// reArWhatBefore: the relative ما right before a verb ("ما يلزم").
var reArWhatBefore = regexp.MustCompile(`(?:^|\s)ما\s*$`)

// reArNotBefore: لا right before a duty word negates it.
var reArNotBefore = regexp.MustCompile(`(?:^|\s)[وف]?لا\s*$`)

// reArClauseOpen: the text before a word ends where a clause opens (the
// sentence's start, a comma, a colon, a clause number).
var reArClauseOpen = regexp.MustCompile(`(?:^|[،,:؛.)\-]|^\s*[0-9٠-٩]{1,2}[.)-]?)\s*$`)

// arTrig is an Arabic obligation word in a sentence: must, or a
// prohibition.
type arTrig struct {
	start, end int
	must       bool
	passive    bool // a passive payment: binds no one named
}

// arConditionParty is the party a condition before a duty names ("إذا
// تخلف المقاول عن ...", "إذا رغب أي من الطرفين ..."): its role word, or
// "أي من الطرفين" for each party; "" when no condition precedes.
func arConditionParty(before string) string {
	m := reArCondStart.FindAllStringIndex(before, -1)
	if len(m) == 0 {
		return ""
	}
	cond := before[m[len(m)-1][1]:]
	if p := reEachParty.FindString(cond); p != "" {
		return p
	}
	return lastArRole(cond)
}

var reArCondStart = regexp.MustCompile(`(?:^|\s)(?:إذا|اذا|وإذا|فإذا|في\s+حال(?:ة)?|عند|متى|إن)(?:\s|$)`)

// overlapsTrig: an Arabic obligation word already starts at at (or
// covers it).
func overlapsTrig(trigs []arTrig, at int) bool {
	for _, tr := range trigs {
		if at >= tr.start && at < tr.end+2 {
			return true
		}
	}
	return false
}

// lastArRole is the Arabic role word named last in s, or "".
func lastArRole(s string) string {
	best, bestEnd := "", -1
	for _, rw := range arRoleWords {
		if i := strings.LastIndex(s, rw.word); i >= 0 && i+len(rw.word) > bestEnd {
			best, bestEnd = rw.word, i+len(rw.word)
		}
		// "يحق للمستأجر": the role word after the preposition ل.
		if rest, ok := strings.CutPrefix(rw.word, "ال"); ok {
			if i := strings.LastIndex(s, "لل"+rest); i >= 0 && i+len("لل"+rest) > bestEnd {
				best, bestEnd = rw.word, i+len("لل"+rest)
			}
		}
	}
	return best
}

// displayArParty writes the party without the particle it takes after
// لا يجوز ("للمستأجر" -> "المستأجر").
func displayArParty(p string) string {
	words := strings.Fields(p)
	if len(words) > 0 {
		words[0] = arPartyWord(words[0])
	}
	return strings.Join(words, " ")
}

// obligation answers, with evidence.
func (x *clauseExtractor) results(ri *runeIndex, withEvidence bool) []Obligation {
	out := []Obligation{}
	for _, f := range x.obls {
		o := f.o
		o.Confidence = round2(o.Confidence)
		if withEvidence {
			o.Evidence, o.SourceEvidence = x.evidence(ri, f.start, f.end, f.focus, runeAdvance(x.a.text, f.clauseStart, 48))
		}
		out = append(out, o)
	}
	return out
}

// evidence is the sentence [s, e), cut to at most maxExcerpt code points
// so that it keeps [fs, fe) (the clause's start to the start of its
// action, or a value), with a little context before it.
func (x *clauseExtractor) evidence(ri *runeIndex, s, e, fs, fe int) (*Evidence, *SourceEvidence) {
	text := x.a.text
	if utf8.RuneCountInString(text[s:e]) > maxExcerpt {
		ns := runeBack(text, fs, 40, s)
		if utf8.RuneCountInString(text[ns:fe]) > maxExcerpt {
			ns = runeBack(text, fe, maxExcerpt, s)
		}
		s, e = ns, min(e, runeAdvance(text, ns, maxExcerpt))
	}
	seg := x.a.segmentAt(s)
	ev := Evidence{Excerpt: text[s:e], Start: ri.at(s), End: ri.at(e), Section: seg.section, Page: seg.page}
	return &ev, &SourceEvidence{Text: ev.Excerpt, StartOffset: ev.Start, EndOffset: ev.End, Section: ev.Section, Page: ev.Page}
}

// grantsRight reports whether a sentence grants a right (rePermission),
// the month May aside ("Payment due: 14 May 2026" grants nothing).
func grantsRight(s string) bool {
	for _, m := range rePermission.FindAllStringIndex(s, -1) {
		if !monthMay(s, m[0], m[1]) {
			return true
		}
	}
	return false
}

// monthMay: the word at s[i:j] is the month May, capitalised and next to
// a day or a year ("14 May 2026", "May 14, 2026", "May 2026").
func monthMay(s string, i, j int) bool {
	if s[i:j] != "May" && s[i:j] != "MAY" {
		return false
	}
	before := strings.TrimRight(s[:i], " ")
	after := strings.TrimLeft(s[j:], " ")
	return reDayBeforeMay.MatchString(before) || after != "" && after[0] >= '0' && after[0] <= '9'
}

var reDayBeforeMay = regexp.MustCompile(`(?:[0-9](?:st|nd|rd|th)?|\bof)$`)
