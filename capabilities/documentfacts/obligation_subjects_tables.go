package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Obligations and requirements by families, session 23 (issue 29): the
// wordings of two development sets written by label writers who never
// read the rules (heldout19, heldout20).

// Lead-in lists (obligation_lead_in_lists.go), wider: a lead-in whose obligation word is
// "undertakes", "covenants", "agrees", "will" or "is to" with no verb
// ("the Borrower undertakes:", "The Provider will:"); one that states a
// short verb phrase ("the Borrower shall deliver to the Bank:"), in a
// contract, whose items are each a duty of that verb; one opened by a
// label or a clause ("Conditions precedent: before the first drawdown
// the Borrower shall ...:", "طوال مدة ...، يتعهد المقترض بما يلي:",
// "يجب على المقترض قبل أول سحب أن يقدم للبنك ما يلي:"); an English item
// worded as a prohibition ("not to pay dividends") is a must_not.
const (
	leadInWords = `undertakes?|covenants?|agrees?|will|(?:is|are)\s+to|(?:shall|must|will)\s+(?:[a-z][a-z'-]*\s+){0,4}?[a-z][a-z'-]*`
	// arLeadClause: a label and a clause before the party ("التعهدات:
	// طوال مدة ...، ").
	arLeadClause = `(?:[^:،؛\n]{1,40}:\s*)?(?:[^:،؛\n]{1,80}،\s*)?`
	// arLeadVerb: words between "على X" and ما يلي ("قبل أول سحب أن
	// يقدم للبنك").
	arLeadVerb = `(?:\p{Arabic}+\s+){0,7}?`
)

var (
	reNotWord    = regexp.MustCompile(`\bnot\b`)
	reEnNotItem  = regexp.MustCompile(`(?i)^(?:and\s+|or\s+)?not\s+to\s`)
	reLeadModal  = regexp.MustCompile(`(?i)^(?:shall|must|will)\s+`)
	reLeadNoVerb = regexp.MustCompile(`(?i)^(?:not|be|have|include|comprise|contain|cover|mean|be\s+as\s+follows|as\s+follows)$`)
)

// leadInVerb is the verb phrase a lead-in's obligation word states
// ("deliver to the Bank" of "shall deliver to the Bank"), "" when it
// states none ("shall", "undertakes to", "will").
func leadInVerb(word string) string {
	m := reLeadModal.FindStringIndex(word)
	if m == nil {
		return ""
	}
	v := strings.TrimSpace(word[m[1]:])
	if v == "" || reLeadNoVerb.MatchString(v) {
		return ""
	}
	return v
}

// arLeadIn: an Arabic lead-in ("... يتعهد المقترض بما يلي:") states its
// items' duties, none of its own: no twin of an English clause either.
func arLeadIn(t string) bool {
	raw := strings.TrimSpace(t)
	if !strings.HasSuffix(raw, ":") && !strings.HasSuffix(raw, "：") {
		return false
	}
	body := strings.TrimSpace(arClauseLabel(raw[leadingNumber(raw):]))
	return reLeadInAR.MatchString(body)
}

// plainItem: a line under an English lead-in that is an item of a list
// read without its markers (an HTML <ol> or <ul>): it opens with a
// lower-case verb and ends an item (";", ".", "; and", "; or"). The
// offset is where its text starts.
func plainItem(line string) (int, bool) {
	t := strings.TrimSpace(line)
	if t == "" || t[0] < 'a' || t[0] > 'z' || strings.Contains(t, " | ") {
		return 0, false
	}
	if !strings.HasSuffix(t, ";") && !strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "; and") && !strings.HasSuffix(t, "; or") {
		return 0, false
	}
	return strings.Index(line, t[:1]), true
}

// Family 2: duties of no party, written with their subject. A duty that
// binds no party (a passive, an officer who is no party, "No signatory
// may") is the clause as written; in Arabic its obligation word is kept
// in it ("يجب إخطار المشغل", "لا يجوز لأي مفوض التوقيع"), as the English
// clause keeps "must be insured".

// reArModalBefore: the obligation word right before an Arabic action
// that names no one.
var reArModalBefore = regexp.MustCompile(`(?:^|[\s،,:؛(])((?:و|ف)?(?:لا\s+يجوز|لا\s+يحق|يحظر|يُحظر|يمنع|يُمنع|(?:يجب|يتعين|يتوجب|يلزم)(?:\s+أن)?))\s+$`)

// reArPronounFirst: an action opening with a pronoun after لـ or على
// ("لكم خصم", "عليك إخطار").
var reArPronounFirst = regexp.MustCompile(`^(?:لك|لكم|لكما|لكن|له|لها|لهم|لهما|عليك|عليكم|عليه|عليها|عليهم)(?:\s|$)`)

// noPartyClauses widens an Arabic duty of no party to its obligation
// word.
func (x *clauseExtractor) noPartyClauses() {
	text := x.a.text
	for i := range x.obls {
		f := &x.obls[i]
		if f.o.PartyRole != "" || f.clauseStart <= f.start || f.clauseStart > len(text) {
			continue
		}
		if !hasArabic(f.o.Action) {
			x.subjectClause(f)
			continue
		}
		if f.o.Party != "" || reArPronounFirst.MatchString(f.o.Action) {
			continue // (لا يجوز لك: the one "you" names, read later)
		}
		at := strings.Index(text[f.clauseStart:min(f.clauseEnd, len(text))], f.o.Action)
		if at != 0 {
			continue // the action is not cut at the clause's start
		}
		m := reArModalBefore.FindStringSubmatchIndex(text[max(f.start, f.clauseStart-60):f.clauseStart])
		if m == nil {
			continue
		}
		from := max(f.start, f.clauseStart-60) + m[2]
		f.o.Action = clip(strings.TrimSpace(text[from:f.clauseStart])+" "+f.o.Action, 300)
		f.clauseStart = from
	}
}

// reNoPerson: "No signatory may", "No employee shall": a person who is
// no party, forbidden; the clause binds no party.
var reNoPerson = regexp.MustCompile(`(?i)^(?:signator(?:y|ies)|directors?|officers?|members?|employees?|staff|workers?|persons?\s+authori[sz]ed|authori[sz]ed\s+signator(?:y|ies)|visitors?|drivers?)$`)

// subjectsTablesObligations runs session 23's passes over the obligations found.
func (x *clauseExtractor) subjectsTablesObligations() {
	x.isToDuties()
	x.arOfficerDuties()
	x.noDuties()
	x.noPartyClauses()
	slices.SortStableFunc(x.obls, func(a, b oblFound) int { return a.start - b.start })
}

// subjectClause: an English duty of a subject that is no party ("The
// Company Secretary shall notify", "No signatory may sign") is the clause
// from its subject, as a clause that names no one is.
func (x *clauseExtractor) subjectClause(f *oblFound) {
	text := x.a.text
	if f.o.Party == "" || f.focus >= f.clauseStart || f.clauseStart-f.focus > 120 || !strings.HasPrefix(strings.TrimLeft(text[f.clauseStart:], " "), f.o.Action) {
		return
	}
	from := f.focus + leadingNumber(text[f.focus:f.clauseStart])
	subj := text[from:f.clauseStart]
	if !strings.HasPrefix(strings.TrimSpace(subj), strings.TrimSpace(f.o.Party)) || strings.ContainsAny(subj, "\n|") {
		return // ("Neither X nor the Buyer shall": the subject is more than X)
	}
	f.o.Action = clip(strings.TrimSpace(subj)+" "+f.o.Action, 300)
	f.clauseStart = from
}

// Family 3: "X is to notify", "LSS is to deliver", "it is for the
// Sponsor to sign": a duty of a party (or of an officer who is no party)
// worded with "is to" and a verb. Only a subject that is a party or an
// officer binds: "The purpose of this Agreement is to set out" states a
// purpose.
var (
	reIsToSubjectsTables = regexp.MustCompile(`(?i)\b(?:is|are)\s+to\s+([a-z]+)\b`)
	reItIsFor            = regexp.MustCompile(`(?i)\bit\s+is\s+for\s+((?:the\s+)?[A-Za-z][\w .'-]{1,60}?)\s+to\s+([a-z]+)\b`)
	// reIsToNoVerb: "is to be" (reOblEN's), and words after "is to"
	// that state no act.
	reIsToNoVerb = regexp.MustCompile(`(?i)^(?:be|the|a|an|its|his|her|their|this|that|those|these|any|all|each|date|day|say)$`)
)

func (x *clauseExtractor) isToDuties() {
	text := x.a.text
	for si, s := range x.sents {
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		t := x.sentText(s)
		if hasArabic(t) && !strings.Contains(t, " | ") {
			continue
		}
		type hit struct {
			subj, at, act int // the subject's start, the verb phrase's, the action's
			party         clauseParty
			named         bool // a party with a role
		}
		var hits []hit
		for _, m := range reItIsFor.FindAllStringSubmatchIndex(t, -1) {
			if reIsToNoVerb.MatchString(t[m[4]:m[5]]) {
				continue
			}
			if p, ok := x.subjectParty(strings.TrimSpace(t[m[2]:m[3]])); ok {
				hits = append(hits, hit{m[0], m[0], m[4], p, true})
			}
		}
		for _, m := range reIsToSubjectsTables.FindAllStringSubmatchIndex(t, -1) {
			if reIsToNoVerb.MatchString(t[m[2]:m[3]]) || strings.HasSuffix(lowerASCII(t[:m[0]]), "it ") {
				continue
			}
			from := 0
			if _, i := lastBoundary(t[:m[0]], true); i >= 0 {
				from = i
			}
			from += leadingNumber(t[from:m[0]])
			subj := strings.TrimSpace(t[from:m[0]])
			if subj == "" || len(subj) > 80 || possessiveThing(subj) {
				continue
			}
			if p, ok := x.subjectParty(subj); ok {
				hits = append(hits, hit{from, m[0], m[2], p, true})
			} else if n := namedSubject(subj); n != "" && jobTitle(n) {
				hits = append(hits, hit{from, m[0], m[2], clauseParty{text: n}, false})
			}
		}
		for _, h := range hits {
			start, end := s.start+h.at, s.end
			if x.oblOverlapsSubjectsTables(start, end) {
				continue
			}
			actAt := h.act
			if !h.named {
				actAt = h.subj
			}
			action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[s.start+actAt:s.end]), ".,;:"))
			if i := strings.Index(action, " | "); i >= 0 {
				action = strings.TrimSpace(strings.TrimRight(action[:i], ".,;:"))
			}
			if action == "" {
				continue
			}
			o := Obligation{Party: h.party.text, PartyRole: h.party.role, Modality: "must", Action: clip(action, 300), Method: "clause", Confidence: 0.75}
			x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + h.subj, sent: si,
				clauseStart: s.start + actAt, clauseEnd: s.start + actAt + len(action)})
		}
	}
}

// oblOverlapsSubjectsTables: an obligation found already covers the span.
func (x *clauseExtractor) oblOverlapsSubjectsTables(start, end int) bool {
	for _, o := range x.obls {
		if o.clauseStart < end && start < o.clauseEnd {
			return true
		}
	}
	return false
}

// subjectParty: the party a subject is, the whole subject naming it
// ("the Sponsor", "LSS"; not "the Sponsor's agent"): a party found, a
// word defined for one, or a role noun (subjectRole).
func (x *clauseExtractor) subjectParty(subj string) (clauseParty, bool) {
	if p, ok := x.partyIn(subj); ok && p.role != "" && strings.HasSuffix(lowerASCII(subj), lowerASCII(p.text)) {
		return p, true
	}
	if n := namedSubject(subj); n != "" && !jobTitle(n) {
		if r := x.subjectRole(n); r != "" {
			return clauseParty{text: n, role: r}, true
		}
	}
	return clauseParty{}, false
}

// Requirements (session 23). Family 4: categories of wordings another
// writer uses, in a tender, RFP or prequalification:
//   - years in operation, trading or in business: experience;
//   - a consortium or joint venture allowed to bid: eligibility;
//   - an office, workshop, yard, store, factory or equipment the bidder
//     must have (decision 51): technical; a licence for it stays;
//   - key staff (their qualifications, an engineer the bidder appoints):
//     technical;
//   - a site visit the bidder must attend: eligibility;
//   - a share of national staff to meet (decision 55): compliance.
var (
	reInOperation  = regexp.MustCompile(`(?i)\b(?:in\s+operation|trading|in\s+business|operating|been\s+established|in\s+existence)\s+for\s+(?:at\s+least\s+|a\s+minimum\s+of\s+|not\s+less\s+than\s+|more\s+than\s+|over\s+)?[a-z0-9]+\s*(?:\(\d+\)\s*)?years?\b`)
	reConsortium   = regexp.MustCompile(`(?i)^\W*(?:[0-9]+(?:\.[0-9]+)*\.?\s+)?(?:consortia|consortiums?|joint\s+ventures?)\b|^\W*(?:[0-9٠-٩]+[.)]?\s+)?(?:يجوز\s+)?(?:للائتلافات|للتحالفات|الائتلافات|التحالفات)`)
	rePremises     = regexp.MustCompile(`(?i)\b(?:maintain|have|operate|own|possess)\s+(?:an?|its(?:\s+own)?|their(?:\s+own)?|local|registered)\s+(?:[\w-]+\s+){0,3}?(?:office|workshop|yard|warehouse|stores?|factory|fleet|premises)\b|(?:لدى\s+(?:ال)?(?:مناقص|متقدم|مقدم\s+العطاء|متناقص)|تتوفر)[^.؛]{0,40}?(?:^|\s)(?:ال)?(?:مكتب|ورشة|مصنع|مستودع|مخزن|معدات|أسطول|ساحة)(?:اً|ا)?(?:\s|$|[،.؛])`)
	reLicence      = regexp.MustCompile(`(?i)\blicen[cs]e|ترخيص|رخصة`)
	reAppointStaff = regexp.MustCompile(`(?i)\bkey\s+(?:staff|personnel|experts?)\b|(?:يعين|تعيين|يوفر|توفير)\s+(?:ال)?(?:مناقص\s+)?(?:للمشروع\s+)?(?:مهندس|مهندساً|مهندسا|مهندسين|فنيين|مشرف|مشرفاً|مدير\s+(?:ال)?مشروع|مديراً\s+للمشروع)`)
	reSiteVisit    = regexp.MustCompile(`(?i)\b(?:site\s+visit|pre-?bid\s+(?:meeting|conference))\b|الزيارة\s+الميدانية|زيارة\s+الموقع|الاجتماع\s+التمهيدي`)
	reNationals    = regexp.MustCompile(`(?i)\bomani[sz]ation\s+(?:rate|percentage|share|ratio|level)|\b(?:rate|percentage|share|ratio)\s+of\s+omani[sz]ation|نسبة\s+التعمين|نسبة\s+التوطين|نسبة\s+السعودة|نسبة\s+التكويت`)
)

// Family 5: a table's header cell is no requirement ("Result",
// "Maximum score"); the rows of a key staff table are fam23's keyStaffStaffHeadRows;
// the rows of an evaluation table weighted in per cent or
// points that score the bidder (its experience, its key staff) are
// optional requirements; rows that grade the proposal or the price are
// not.
var (
	reHeaderCellSubjectsTables = regexp.MustCompile(`(?i)^\W*(?:result|results|maximum\s+score|max\.?\s+score|score|points|marks|weight(?:ing)?|criterion|criteria|requirement|pass\s*/\s*fail|position|minimum\s+qualification|minimum\s+experience)\W*$`)
	reScoreHeader              = regexp.MustCompile(`(?i)^\s*(?:evaluation\s+)?criteri(?:on|a)\s*\|\s*(?:weight(?:ing)?|score|maximum\s+score|points|marks)\s*$`)
	reBidderScored             = regexp.MustCompile(`(?i)\b(?:experience|qualifications?|key\s+staff|personnel|similar\s+projects|comparable|references?|track\s+record)\b`)
	reStaffWord                = regexp.MustCompile(`(?i)\b(?:qualifications?|personnel|staff)\b`)
	reProposalRow              = regexp.MustCompile(`(?i)\b(?:approach|methodology|work\s*plan|financial\s+proposal|price|commercial|understanding|solution|design|innovation)\b`)
)

// tableRows adds the requirements of evaluation tables.
func (x *clauseExtractor) tableRows() {
	text := x.a.text
	lines := strings.Split(text, "\n")
	off := 0
	kind := "" // "score" while in such a table
	for _, ln := range lines {
		start := off
		off += len(ln) + 1
		t := strings.TrimSpace(ln)
		switch {
		case reScoreHeader.MatchString(t) && headerRow(t):
			kind = "score"
			continue
		case kind == "" || !strings.Contains(t, " | "):
			kind = ""
			continue
		}
		at := start + strings.Index(ln, t)
		cells := strings.Split(t, " | ")
		end := at + len(t)
		if x.reqOverlaps(at, end) {
			continue
		}
		switch kind {
		case "score":
			c := strings.TrimSpace(cells[0])
			if !reBidderScored.MatchString(c) || reProposalRow.MatchString(c) {
				continue
			}
			cat := "experience"
			if reAppointStaff.MatchString(c) || reStaffWord.MatchString(c) {
				cat = "technical"
			}
			x.reqs = append(x.reqs, reqFound{r: Requirement{Requirement: clip(c, 300), Category: cat, Mandatory: false, Method: "table_row", Confidence: 0.7}, start: at, end: at + len(c)})
		}
	}
	x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool { return reHeaderCellSubjectsTables.MatchString(r.r.Requirement) })
}

// headerRow: a table row of short captions (at most four words a
// cell, no figure), not a row of values ("Key staff | A site engineer
// with 8 years' experience").
func headerRow(t string) bool {
	if strings.ContainsAny(t, "0123456789") {
		return false
	}
	for _, c := range strings.Split(t, "|") {
		if len(strings.Fields(c)) > 4 {
			return false
		}
	}
	return true
}

func (x *clauseExtractor) subjectsTablesRequirements(ctx reqContext) {
	if !ctx.tender {
		return
	}
	x.tableRows()
	for i := range x.reqs {
		r := &x.reqs[i].r
		t := r.Requirement
		switch {
		case r.Category == "documentation":
		case reNationals.MatchString(t):
			r.Category = "compliance"
		case reSiteVisit.MatchString(t) && r.Mandatory:
			r.Category = "eligibility"
		case reConsortium.MatchString(t):
			r.Category = "eligibility"
		case reAppointStaff.MatchString(t):
			r.Category = "technical"
		case rePremises.MatchString(t) && !reLicence.MatchString(t):
			r.Category = "technical"
		case reInOperation.MatchString(t):
			r.Category = "experience"
		}
	}
}

// Family 6: a party defined by two words ('X W.L.L. ("the Framework
// Supplier" or "LSS")', 'ويشار إليها فيما بعد بـ "نور الصحراء" أو "الطرف
// الأول"'): a short name among them binds the party in its clauses as the
// role word does ("LSS shall acknowledge", "تلتزم نور الصحراء بتوظيف";
// the Arabic definitions are arSecondAliases's).
var (
	reTwoDefined = regexp.MustCompile(`^[^()]{0,160}?\(\s*(?:the\s+)?["“]([^"”\n]{2,40})["”]\s*(?:,\s*|\s+)or\s+(?:the\s+)?["“]([^"”\n]{2,40})["”]\s*\)`)
)

func (x *clauseExtractor) secondAliases() {
	text := x.a.text
	for _, p := range x.parties {
		if p.Role == "" || len(p.Value) < 3 || hasArabic(p.Value) {
			continue // an Arabic party's definitions: arSecondAliases
		}
		for _, at := range occurrences(text, p.Value) {
			after := text[at+len(p.Value):]
			m := reTwoDefined.FindStringSubmatch(after)
			if m == nil {
				continue
			}
			for _, w := range m[1:] {
				w = strings.TrimSpace(w)
				if roleOf(w) != "" || lexRole(w) != "" && lexRole(w) != p.Role || strings.Contains(lowerASCII(w), "party") {
					continue
				}
				x.aliases = append(x.aliases, clauseParty{lowerASCII(w), p.Role})
			}
		}
	}
}

// Family 7: no duty. A sentence that only says what becomes of a bid or
// a sum ("Applicants that fail any criterion will not be scored",
// "Overdue amounts will attract a late charge of 1.5% per month") states
// a consequence, as a rejection sentence does (keyspec 33 onwards). (A
// duty of "the party wishing" not to renew, الطرف الراغب, stays each
// party's: tuning and heldout2 label it so, heldout20 08 "-".)
var (
	reConsequence = regexp.MustCompile(`(?i)^(?:be\s+(?:scored|considered|evaluated|accepted|shortlisted|prequalified|admitted|opened|invited)\b|(?:attract|bear|carry|incur)\s+(?:a\s+|an\s+)?(?:late|interest|penalty|surcharge|charge))`)
)

func (x *clauseExtractor) noDuties() {
	x.obls = slices.DeleteFunc(x.obls, func(f oblFound) bool {
		return !hasArabic(f.o.Action) && reConsequence.MatchString(f.o.Action) && (f.o.Modality == "must_not" || f.o.PartyRole == "")
	})
}

// Family 8: an Arabic duty of an officer who is no party ("على أمينة سر
// المجلس إخطار المقرض", "يقدم المدير المالي تقريراً إلى المجلس"), as the
// English "The Company Secretary is to notify": an obligation of no
// party, the clause from its word.
var reArOfficerDuty = regexp.MustCompile(`(?:^|[\s،:؛.|])((?:و|ف)?(?:على|[يت](?:قدم|تولى|قوم|رفع|عد|بلغ|خطر|رسل|سلم)))\s+(?:أمين|أمينة)\s+(?:ال)?سر|(?:^|[\s،:؛.|])((?:و|ف)?(?:على|[يت](?:قدم|تولى|قوم|رفع|عد|بلغ|خطر|رسل|سلم)))\s+(?:ال)?(?:مدير|مديرة|رئيس|رئيسة)\s+(?:ال)?(?:مالي|مالية|تنفيذي|تنفيذية|عام|عامة|إداري|الشؤون|الموارد|المشروع|الحسابات)`)

func (x *clauseExtractor) arOfficerDuties() {
	text := x.a.text
	for si, s := range x.sents {
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		t := text[s.start:s.end]
		if !hasArabic(t) {
			continue
		}
		for _, m := range reArOfficerDuty.FindAllStringSubmatchIndex(t, -1) {
			at := m[2]
			if at < 0 {
				at = m[4]
			}
			end := len(t)
			for _, sep := range []string{" | ", ". ", "\n"} {
				if i := strings.Index(t[at:], sep); i >= 0 && at+i < end {
					end = at + i
				}
			}
			action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[at:end]), ".،,;:"))
			if action == "" || x.oblOverlapsSubjectsTables(s.start+at, s.start+end) {
				continue
			}
			o := Obligation{Modality: "must", Action: clip(action, 300), Method: "clause", Confidence: 0.7}
			x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + at, sent: si,
				clauseStart: s.start + at, clauseEnd: s.start + at + len(action)})
		}
	}
}
