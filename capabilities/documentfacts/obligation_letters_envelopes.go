package documentfacts

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Obligations and requirements by families, second pass (issue 29,
// session 22; docs/documents.md "Issue 29, session 22: requirements and
// obligations"). Each family is a wording seen in two labelled documents
// or more, or one a family of session 21 left open.

// Family L1: a letter printed under its sender's name in capitals ("AL
// RAYYAN MODERN TOWERS W.L.L." over "To: Pearl Coast ...", the sender
// defined "the Contractor" only at its signature). The sender's first
// mention was looked for in its defined spelling, found under the
// signature, and the letter's "you" bound no one ("You shall submit a
// recovery programme" -> -). The sender's first mention before the
// letter's opening line is found whatever its case.
func firstMention(text, value string, open int) int {
	i := strings.Index(text, value)
	if open <= 0 || open > len(text) || (i >= 0 && i < open) {
		return i
	}
	head := text[:open]
	if j := strings.Index(strings.ToUpper(head), strings.ToUpper(value)); j >= 0 && len(strings.ToUpper(head)) == len(head) {
		return j
	}
	return i
}

func (x *clauseExtractor) lettersEnvelopesObligations() {
	x.senderRemedies()
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		a := strings.TrimSpace(o.o.Action)
		return reBenefit.MatchString(a) || o.o.Modality == "must_not" && reNonRenewal.MatchString(a)
	})
	if x.you == "" {
		return
	}
	for si, s := range x.sents {
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		if t := x.a.text[s.start:s.end]; hasArabic(t) {
			x.arYouOpen(si, s, t)
		}
	}
	x.arYouVerb()
}

// Family L2: what a letter's sender says it will do to the addressee who
// is in default ("We will deduct this sum from Interim Payment
// Certificate No. 9", "we will suspend further deliveries", "we will
// place your account on hold", "we shall terminate the Agreement") is a
// remedy it may use, not a duty it owes (heldout10 04, eval 16, oblprobe
// 09 label none). A promise to perform ("We will deliver all forty
// sections by 20 August", "we will issue a credit note") stays a duty.
var reSenderRemedy = regexp.MustCompile(`(?i)^(?:also\s+|then\s+|immediately\s+)?(?:deduct|set\s+off|offset|withhold|suspend|terminate|cancel|charge|recover|call|encash|invoke|place\s+(?:your|the)\s+account|refer\s+(?:the|this)\s+matter|take\s+(?:legal|further)|commence\s+legal|apply\s+(?:delay|liquidated))\b`)

func (x *clauseExtractor) senderRemedies() {
	if x.letterSender == "" {
		return
	}
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		if o.o.PartyRole != x.letterSender || hasArabic(o.o.Action) || !reSenderRemedy.MatchString(strings.TrimSpace(o.o.Action)) {
			return false
		}
		w := strings.Fields(strings.ToLower(o.o.Action))
		t := strings.ToLower(x.a.text[o.start:o.end])
		return len(w) > 0 && (strings.Contains(t, "we will "+w[0]) || strings.Contains(t, "we shall "+w[0]))
	})
}

// Family O1: an offer of employment the type rules did not take for an
// employment letter (an Arabic letter with no "الراتب الأساسي" or
// "الموظف": "خطاب عرض وظيفي ... نود أن نعرض عليكم وظيفة مهندس") read
// "عليك" and "you" as no one ("يجب عليك تقديم" -> -). Decision 37 makes
// the addressee of an offer of employment the employee, whatever words
// the letter uses; its "you" is the employee (as in an employment
// letter, handle.go), also where the letter's frame read its addressee
// as a customer (conv21's addresseeWord).
var reOffer = regexp.MustCompile(`نعرض\s+عليكم\s+(?:وظيفة|منصب|العمل)|(?:يسرنا|يسعدنا|نود)\s+(?:أن\s+)?(?:نعرض|نقدم)\s+(?:عليكم|عليك|لكم|لك)\s+(?:وظيفة|منصب)`)

func (x *clauseExtractor) offerYou() {
	if x.you != "" && !addresseeWord(x.you) {
		return
	}
	head := prefixBytes(x.a.text, 1500)
	if reOfferEmployment.MatchString(head) || reOffer.MatchString(head) {
		x.you = "employee"
	}
}

// Family O2: a letter's duty addressed to "you" in Arabic with no word
// of obligation before it. A clause that opens with "عليك" / "عليكم" and
// the thing to do ("- عليك إحضار شهادة اللياقة الطبية", "٣. عليكم سداد
// المبلغ خلال سبعة أيام") binds the addressee as "يجب عليك" does
// (letterPronouns); "عليك عدم" forbids.
var reArYouOpen = regexp.MustCompile(`^\s*(?:[-–•*]\s*|[0-9٠-٩]{1,3}(?:[./\-][0-9٠-٩]{1,3})*\s*[.)\-]?\s+|[أابجدهوزحطي]\s*[.)\-]\s*)?(?:و?(عليك|عليكِ|عليكم)\s+(عدم\s+)?(?:أن\s+)?\p{Arabic}|و?(?:تلتزمين|تتعهدين|تلتزمون|تتعهدون)\s+(ب|أن\s))`)

func (x *clauseExtractor) arYouOpen(si int, s span, t string) {
	m := reArYouOpen.FindStringSubmatchIndex(t)
	if m == nil {
		return
	}
	for _, o := range x.obls {
		if o.sent == si {
			return
		}
	}
	end := len(t)
	if i := strings.IndexAny(t[m[0]:], "؛;"); i > 0 {
		end = m[0] + i
	}
	at, word := m[2], ""
	if at < 0 { // "تلتزمين بالحصول على": the action after the verb
		w := strings.Fields(t[m[0]:m[6]])
		at, word = m[6], w[len(w)-1]
	} else {
		word = t[m[2]:m[3]]
	}
	n := len(x.obls)
	x.addDuty(si, s, t, at, end, at, clauseParty{word, x.you}, 0.7, cutAR)
	if len(x.obls) > n && m[4] >= 0 {
		x.obls[n].o.Modality = "must_not"
	}
}

// Family O3: the Arabic second person of an offer letter or a demand
// ("تلتزمين بالحصول على ترخيص", "تلتزم بإشعار المصنع قبل شهر", "يجب أن
// تقدم نسخة من جواز السفر"): a duty the first reading gave no one, whose
// verb is in the second person (or the third feminine, which then names
// its subject: "تلتزم الشركة بتسجيلك" keeps its party) with no subject
// after it, binds the addressee.
var reArYouVerb = regexp.MustCompile(`(?:^|[\s:.)\-–•])(?:و?(?:تلتزمين|تلتزم|تتعهدين|تتعهد)\s+(?:ب|أن\s)|(?:يجب|يتعين|ينبغي)\s+أن\s+ت(?:قدم|قدمي|حضر|حضري|سلم|سلمي|لتزم|لتزمي|حصل|حصلي|خطر|خطري|شعر|شعري|حافظ|حافظي|باشر|باشري|عيد|عيدي|رسل|رسلي|وقع|وقعي)\s)`)

func (x *clauseExtractor) arYouVerb() {
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.PartyRole != "" || !hasArabic(o.o.Action) || o.clauseStart < o.start || o.clauseEnd > o.end {
			continue
		}
		t, at := x.a.text[o.start:o.end], o.clauseStart-o.start
		for _, m := range reArYouVerb.FindAllStringIndex(t, -1) {
			if at < m[0] || at >= m[1] {
				continue
			}
			verb := strings.TrimLeft(t[m[0]:m[1]], " :.)-–•")
			if rest := strings.Fields(t[m[1]:]); !strings.HasSuffix(verb, "ب") && len(rest) > 0 &&
				(arRole(rest[0]) != "" || x.arAlias(rest[0]) != "" || isArRolePhrase(rest[0])) {
				break // "يجب أن تقدم الشركة": the subject is named
			}
			o.o.PartyRole = x.you
			o.o.Party = strings.Fields(verb)[0]
			break
		}
	}
}

// Family D1: a lead-in naming what a bid, an envelope or a proposal holds,
// in words round 12's reBidContentLead does not know, whose items are the
// documents to submit (documentation; heldout10 02, heldout12 01 and the
// session 20 convention for a list of documents to submit): an envelope
// as the subject ("The Technical Envelope shall contain:", "The
// commercial envelope must include:"), "comprise" / "consist of" ("Each
// bid shall comprise:"), a passive modal ("Bidders are required to
// submit the following together with their bid:", "Tenderers will be
// required to provide:"), and in Arabic a bid or envelope that contains
// ("يجب أن يحتوي المظروف الفني على ما يلي:", "يجب أن يشتمل العطاء على:")
// or a bidder bound by على ... أن ("على المناقص أن يرفق بعطائه ما يلي:").
var reBidContentLeadLettersEnvelopes = regexp.MustCompile(`(?i)\b(?:each|every|all|the|your)?\s*(?:(?:technical|financial|commercial|price|priced)\s+)?(?:envelopes?|applications?|bids?|tenders?|offers?|proposals?|quotations?|submissions?|packages?)\s+(?:must|shall|should|will)\s+(?:(?:include|contain|comprise|consist\s+of)\b|be\s+accompanied\s+by\b)|\b(?:each|every|all|the)?\s*(?:applicants?|candidates?|bidders?|tenderers?|suppliers?|consultants?|firms?|proposers?|respondents?)\s+(?:(?:is|are|will\s+be)\s+required|(?:must|shall|should)\s+be\s+required|need)\s+to\s+(?:submit|provide|include|attach|enclose|furnish|upload)\b|\b(?:each|every|all|the)?\s*(?:proposers?|respondents?)\s+(?:must|shall|should)\s+(?:submit|provide|include|attach|enclose|furnish|upload)\b|(?:يجب|ينبغي|يتعين)\s+أن\s+(?:يحتوي|تحتوي|يشتمل|تشتمل|يشمل|تشمل)\s+(?:\p{Arabic}+\s+){0,3}على|(?:^|\s)على\s+(?:ال)?(?:متقدم|متقدمين|مناقص|مناقصين|مورد|موردين|مرشح|مرشحين)\s+(?:\p{Arabic}+\s+)?أن\s+(?:يرفق|يقدم|يرفقوا|يقدموا)`)

// lettersEnvelopesRequirements runs after bidsPassivesRequirements.
func (x *clauseExtractor) lettersEnvelopesRequirements(ctx reqContext) {
	if ctx.binding {
		return
	}
	x.envelopeItems()
	x.dropStrays()
	drop := map[int]bool{}
	for i := range x.reqs {
		r := &x.reqs[i]
		c := categoryLettersEnvelopes(x.a.text[r.start:r.end], r.r.Category)
		for j, o := range x.reqs {
			if c != r.r.Category && j != i && o.r.Category == c && o.start < r.end && r.start < o.end {
				drop[i] = true // the bond's financial line was read already
			}
		}
		r.r.Category = c
	}
	out := x.reqs[:0]
	for i, r := range x.reqs {
		if !drop[i] {
			out = append(out, r)
		}
	}
	x.reqs = out
	x.splitDocListsLettersEnvelopes()
	x.joinLimbs()
	if ctx.tender {
		x.rejectionsLettersEnvelopes()
	}
	if ctx.selecting && !reJobLike.MatchString(prefixBytes(x.a.text, 600)) {
		for i := range x.reqs {
			r := &x.reqs[i]
			r.r.Category = staffCategory(x.a.text[r.start:r.end], r.r.Category)
		}
	}
}

// Family D2: the items of a list under a lead-in naming what a bid or an
// envelope holds are the documents to submit, also when the lead-in names
// the envelope or proposal "technical" ("The Technical Envelope shall
// contain:", "The technical proposal shall include the following:", "يجب
// أن يحتوي المظروف الفني على ما يلي:"), which made the heading's category
// (technical) every item's, and when the lead-in stands inside a
// requirements section ("2. SUBMISSION REQUIREMENTS" / "Bidders are
// required to submit the following together with their bid:" / "- Tax
// card" read as technical). An item that names a bond or insurance keeps
// its category. A clause with a modal of its own under such a lead-in
// ("1.3 The Commercial Envelope shall include the bid bond") is no item:
// its category is its own words', not the lead-in's.
var reDocLead = regexp.MustCompile(`(?i)submit|enclose|attach|contain|include|comprise|consist|accompan|upload|documents|يرفق|إرفاق|ارفاق|يحتوي|تحتوي|يشتمل|تشتمل|يتضمن|تتضمن|المستندات|الوثائق`)

func (x *clauseExtractor) envelopeItems() {
	for i := range x.reqs {
		r := &x.reqs[i]
		switch r.r.Category {
		case "technical", "eligibility", "experience", "compliance":
		default:
			continue
		}
		t := x.a.text[r.start:r.end]
		modal := reReqMandatory.MatchString(t) || reReqOptional.MatchString(t)
		sec := strings.TrimSpace(strings.TrimPrefix(r.section, tenderMark))
		if modal {
			if strings.HasSuffix(sec, ":") && bidContentLead(sec) && headingCategories(sec) != nil && !reLetterItem.MatchString(t) {
				r.r.Category = familyCategory(t, bondsSectionsCategories(t, documentListsCategories(t, requirementCategory(t, ""))))
			}
			continue
		}
		if !isNounItem(strings.TrimRight(t, ".;؛")) {
			continue
		}
		if lead := x.leadIn(r.start); lead != "" || strings.HasSuffix(sec, ":") && bidContentLead(sec) && reDocLead.MatchString(sec) {
			r.r.Category = "documentation"
		}
	}
}

// leadIn is the lead-in line over the list item at pos when it names
// what a bid holds or the documents to submit, else "".
func (x *clauseExtractor) leadIn(pos int) string {
	at := -1
	for i, s := range x.a.segs {
		if s.start <= pos && pos < max(s.end, s.start+1) {
			at = i
			break
		}
	}
	for j, n := at-1, 0; j >= 0 && n < 30; j, n = j-1, n+1 {
		t := strings.TrimSpace(strings.Trim(strings.TrimSpace(x.a.text[x.a.segs[j].start:x.a.segs[j].end]), "*#_"))
		switch {
		case t == "":
			continue
		case reItemStart.MatchString(t) || listLine(t):
			continue
		case strings.HasSuffix(t, ":") && bidContentLead(t) && reDocLead.MatchString(t):
			return t
		}
		return ""
	}
	return ""
}

// Family S1: the Saudi word for a public tender, منافسة (the Government
// Tenders and Procurement Law's "منافسة عامة", its book of conditions
// "كراسة الشروط والمواصفات") and its bidder, المتنافس (heldout16 07,
// keyprobe 12; heldout17 07 cites "المنافسة رقم" in a letter, which stays
// a letter). A tender so titled states its requirements as any tender
// does; المتنافس is the bidder (keywords.go).
const tenderTextLettersEnvelopes = `|منافسة\s+(?:عامة|محدودة)|كراسة\s+(?:ال)?شروط\s+و(?:ال)?مواصفات`

// Family D3: one sentence naming the documents a bid encloses, with the
// bidder as its subject or the bid as the thing they are attached to
// ("2.1 The Bidder must enclose with its bid the commercial licence, the
// Chamber of Commerce certificate and the bid bond.", "٢-١ يجب أن يرفق
// بالعطاء صورة من السجل التجاري والبطاقة الضريبية ... وضمان العطاء", "يجب
// على المناقص أن يرفق بعطائه ..."; heldout16 10, 11), is one
// documentation line per document (convention 27 onwards), as round 14's
// splitDocLists does for "Each application shall include ...". A list
// that names the bid bond was read as one financial requirement; the bond
// named in it is one more document, and a financial line stays only when
// no other sentence states the bond.
var (
	reDocListEN = regexp.MustCompile(`(?i)^(?:[0-9][0-9.]*\s+)?(?:(?:the|each|every|all)\s+)?(?:(?:bidders?|tenderers?|applicants?|suppliers?|consultants?)\s+(?:must|shall)\s+(?:enclose|submit|attach|include|provide)\s+(?:with\s+(?:its|their|the|his|each)\s+(?:bids?|tenders?|offers?|proposals?|applications?)\s+)?|(?:bids?|tenders?|offers?|proposals?|applications?|quotations?)\s+(?:must|shall)\s+be\s+accompanied\s+by\s+)`)
	reDocListAR = regexp.MustCompile(`^(?:[0-9٠-٩][0-9٠-٩.\-]*\s+)?(?:يجب|ويجب|يتعين)\s+(?:على\s+(?:ال)?(?:مناقص|متنافس|متقدم|مورد)\s+)?أن\s+(?:يرفق|يقدم|ترفق|تقدم)\s+(?:بالعطاء|بعطائه|مع\s+(?:ال)?عطاء(?:ه)?|بالعرض|بعرضه|مع\s+(?:ال)?عرض(?:ه)?|بالطلب|بطلبه)\s+`)
	// reListSepARLettersEnvelopes: round 14's separators and و before more document
	// nouns ("ونشرات البيانات", "وضمان العطاء").
	reListSepARLettersEnvelopes = regexp.MustCompile(reListSepAR.String() + `|\s+و(?:نشرات|ضمان|كفالة|كتالوجات|كتالوج|بطاقة|ترخيص|رخصة|إقرار|تعهد|شهادات|صور|نسخ|خطابات|قوائم|جدول|جداول|مخططات|عينات)`)
	// reDocItem: an item naming a document (not a bond's terms).
	reDocItem                  = regexp.MustCompile(`(?i)\b(?:certificates?|cop(?:y|ies)|card|registration|licen[cs]e|datasheets?|data\s+sheets?|statements?|letters?|profile|declaration|undertaking|catalogues?|brochures?|cvs?|form|schedule|bill\s+of\s+quantities|programme|method\s+statement)\b|صورة|نسخة|شهادة|بطاقة|سجل|ترخيص|رخصة|نشرات|كتالوج|إقرار|تعهد|خطاب|قوائم|كشف|السير\s+الذاتية`)
	reBondWordLettersEnvelopes = regexp.MustCompile(`(?i)\b(?:bid|tender)\s+(?:bond|security|guarantee)\b|ضمان\s+(?:ال)?عطاء|الضمان\s+(?:المؤقت|الابتدائي)|التأمين\s+(?:المؤقت|الابتدائي)`)
)

func (x *clauseExtractor) splitDocListsLettersEnvelopes() {
	var out []reqFound
	for i, r := range x.reqs {
		if r.r.Category != "documentation" && r.r.Category != "financial" {
			out = append(out, r)
			continue
		}
		t := x.a.text[r.start:r.end]
		items := docList{reDocListEN, reDocListAR, reListSepARLettersEnvelopes, true}.items(t)
		if items == nil {
			out = append(out, r)
			continue
		}
		docs := 0
		for _, it := range items {
			v := t[it[0]:it[1]]
			if reBondTerms.MatchString(v) && !reBondWordLettersEnvelopes.MatchString(v) {
				docs = -9 // "issued by a bank ..., valid for 120 days": one bond's terms
			} else if reDocItem.MatchString(v) && !reBondWordLettersEnvelopes.MatchString(v) {
				docs++
			}
		}
		if docs < 2 {
			out = append(out, r)
			continue
		}
		bond := false
		for _, it := range items {
			s, e := r.start+it[0], r.start+it[1]
			v := strings.TrimSpace(x.a.text[s:e])
			if len(v) < 6 {
				continue
			}
			bond = bond || reBondWordLettersEnvelopes.MatchString(v)
			s += strings.Index(x.a.text[s:e], v)
			n := r
			n.r.Requirement, n.r.Category, n.start, n.end = clip(strings.Join(strings.Fields(v), " "), 300), "documentation", s, s+len(v)
			out = append(out, n)
		}
		// The sentence is the bid's duty of carrying them as well
		// (decision 34: "Bids shall be accompanied by", "The Bidder must
		// enclose with its bid"; heldout16 10, 11 label the obligation).
		for si, sp := range x.sents {
			if sp.start < r.end && r.start < sp.end {
				x.reqSents[si] = false
			}
		}
		if r.r.Category == "financial" && bond && !x.otherBond(i, hasArabic(t)) {
			out = append(out, r)
		}
	}
	x.reqs = out
}

// otherBond: a financial requirement other than x.reqs[i], in the same
// script, names a bid bond.
func (x *clauseExtractor) otherBond(i int, arabic bool) bool {
	for j, o := range x.reqs {
		if j != i && o.r.Category == "financial" && hasArabic(x.a.text[o.start:o.end]) == arabic && reBondWordLettersEnvelopes.MatchString(x.a.text[o.start:o.end]) {
			return true
		}
	}
	return false
}

// Family C1: categories of single conditions seen in more than one
// document. A workforce nationalisation rate (Omanisation, Saudisation,
// نسبة تعمين، نسبة السعودة; heldout16 07, 09) is compliance, as
// "التعمين" already was (unless it is a certificate to submit); goods that
// carry CE marking (علامة المطابقة الأوروبية) conform to a named standard:
// compliance; the bidder holding a licence (يكون المتنافس حاصلاً على
// ترخيص) is eligibility.
var (
	reNational = regexp.MustCompile(`(?i)\b(?:omani|saudi|emirati|kuwaiti|qatari|bahraini)[sz]ation\b|(?:^|\s)(?:ال)?(?:تعمين|سعودة|توطين|تكويت|بحرنة)(?:\s|$|[.،,؛])`)
	reCEMark   = regexp.MustCompile(`(?i)\bCE\s*[-‑]?\s*mark(?:ing|ed)?\b|علامة\s+المطابقة`)
	reHoldsLic = regexp.MustCompile(`(?:المناقص|المتنافس|المتقدم|المورد)\s+حاصل(?:اً|ا|ة|ةً)?\s+على\s+(?:ترخيص|رخصة)`)
	// reBondTerms: a bond's sum or validity, which a bond to furnish
	// states and a copy of it in a list of documents does not.
	reBondTerms  = regexp.MustCompile(`(?-i:\bof\s+[A-Z]{3}\b)|\bof\s+\d|(?i:\bvalid\b)|بمبلغ|بقيمة|ساري|بنسبة|%|٪`)
	reCertToGive = regexp.MustCompile(`(?i)\bcertificate\b|شهادة`)
)

func categoryLettersEnvelopes(t, cat string) string {
	switch {
	case cat == "documentation" && bondFirst(t) && reBondTerms.MatchString(t) && reReqMandatory.MatchString(t):
		return "financial" // "2.2 A bid bond of OMR 6,000.000, valid for 90 days, is required" under "Documents and bid bond"
	case (cat == "technical" || cat == "eligibility" || cat == "experience") && reNational.MatchString(t) && !reCertToGive.MatchString(t):
		return "compliance"
	case (cat == "technical" || cat == "eligibility") && reCEMark.MatchString(t):
		return "compliance"
	case cat == "technical" && reHoldsLic.MatchString(t):
		return "eligibility"
	}
	return cat
}

// bondFirst: the sentence is about a bond: it names one in its first
// words ("2.2 A bid bond of OMR 6,000", "٢-٢ يشترط تقديم ضمان عطاء"), not
// at the end of a list of documents.
func bondFirst(t string) bool {
	m := reBondWordLettersEnvelopes.FindStringIndex(t)
	return m != nil && m[0] < 60
}

// Family K1: key staff the bidder must field are technical (session 18,
// decision 1), also where keyStaffRequirementConventions, which reads the role at the
// condition's start, does not see it: the role after a verb of fielding
// ("The Tenderer must field a site engineer holding a degree", "يجب
// توفير مهندس تشغيل لا تقل خبرته عن ثماني سنوات", "أن يوفر المناقص مشرفاً
// مقيماً"), a proposed role the qualifier list does not know ("The
// proposed camp manager must have eight years", "خبرة مدير المخيم
// المقترح"), and all of a crew ("يجب أن يكون جميع السائقين عمانيين
// حاصلين على رخصة", which the headcount rule took for the firm's
// Omanisation). heldout16 01, 06, 09, 10, 12.
//
// Family T1: a branch or a local support office the bidder keeps ("A
// local support office in Abu Dhabi is preferred", "يفضل أن يكون للمناقص
// فرع قائم في محافظة ظفار"; heldout16 02, 09 and its README) is
// technical, as a workshop or a service centre is.
var (
	staffRoles                = `(?:engineers?|managers?|supervisors?|directors?|architects?|drivers?|technicians?|operators?|officers?|inspectors?|foremen|foreman|chefs?|cooks?|coordinators?|specialists?|experts?|surveyors?)`
	reStaffVerb               = regexp.MustCompile(`(?i)\b(?:field|deploy|assign|nominate|station|employ|mobili[sz]e|provide)\s+(?:(?:a|an|one|two|three|at\s+least|\(?[0-9]+\)?|qualified|full-time|dedicated|resident|experienced|certified|[a-z]+)\s+){0,3}` + staffRoles + `\b`)
	reStaffProp               = regexp.MustCompile(`(?i)^\s*(?:[0-9][0-9.]*[.)]?\s+)?(?:the|each)\s+(?:proposed|nominated|designated)\s+(?:[a-z]+\s+){0,2}` + staffRoles + `\b`)
	reStaffARLettersEnvelopes = regexp.MustCompile(`(?:توفير|يوفر|تعيين|يعين|وجود)\s+(?:ال\p{Arabic}+\s+)?(?:ال)?(?:مهندس|مشرف|مدير|سائق|فني|طاه|مراقب|مسؤول)|(?:جميع|كافة)\s+(?:ال)?(?:سائقين|مهندسين|مشرفين|فنيين|العاملين)|(?:خبرة|مؤهل)\s+(?:ال)?(?:مهندس|مشرف|مدير)\s+(?:ال)?\p{Arabic}+\s+(?:ال)?مقترح`)
	reBranchOffice            = regexp.MustCompile(`(?i)\b(?:branch|(?:local\s+)?support\s+office|local\s+office)\b|(?:^|\s)(?:لل\p{Arabic}+|له|لديه)\s+فرع\s|(?:^|\s)فرع\s+(?:قائم|في)`)
)

func staffCategory(t, cat string) string {
	switch {
	case (cat == "eligibility" || cat == "experience") && !reDocNoun.MatchString(t) && (reStaffVerb.MatchString(t) || reStaffProp.MatchString(t) || reStaffARLettersEnvelopes.MatchString(t)):
		return "technical"
	case cat == "eligibility" && reBranchOffice.MatchString(t) && !reReqRegistered.MatchString(t):
		return "technical"
	}
	return cat
}

var reReqRegistered = regexp.MustCompile(`(?i)\bregist|licen[cs]|incorporat|\bestablished\b|مسجل|سجل|ترخيص|رخصة`)

// Family D4: a lead-in longer than seventy letters that says what
// follows ("4.1 Applicants must submit the following documents, in one
// original and one copy:", heldout16 04) or that ends with a full stop
// ("Each submission shall contain the following documents.", heldout16
// 05) opens its list as the short lead-in does.
var reFollowingLead = regexp.MustCompile(`(?i)\bthe\s+following(?:\s+(?:documents|items|information))?\b[^.:]{0,60}[:.]$|(?:المستندات|الوثائق)\s+(?:التالية|الآتية)[^.:]{0,60}[:.]$`)

func followingLead(t string) bool {
	return utf8.RuneCountInString(t) <= 140 && bidContentLead(t) && reFollowingLead.MatchString(strings.TrimSpace(t))
}

// dropStrays: under a lead-in naming what a bid holds, whose items are
// lettered or bulleted ("a) the completed PQ questionnaire;"), a line
// with no such marker after them is no item of the list ("4.2 A
// non-refundable PQ fee of OMR 150.000 must be paid ...", "Attendance is
// optional."; heldout16 04): it was read as a document because the
// lead-in's section runs to the next heading in a tender. It is no
// requirement, and its sentence is read for duties again.
func (x *clauseExtractor) dropStrays() {
	marked := map[string]bool{}
	for _, r := range x.reqs {
		if sec := strings.TrimSpace(strings.TrimPrefix(r.section, tenderMark)); r.section != "" && bidContentLead(sec) && reLetterItem.MatchString(x.a.text[r.start:r.end]) {
			marked[r.section] = true
		}
	}
	x.reqs = slices.DeleteFunc(x.reqs, func(r reqFound) bool {
		t := x.a.text[r.start:r.end]
		if !marked[r.section] || r.r.Category != "documentation" || reLetterItem.MatchString(t) || reDocNoun.MatchString(t) || reDocItem.MatchString(t) {
			return false
		}
		for si, sp := range x.sents {
			if sp.start < r.end && r.start < sp.end {
				x.reqSents[si] = false
			}
		}
		return true
	})
}

// Family L3: a letter whose addressee's role is known when duties are
// read ("Customer / العميل | Al Batinah Medical Centre LLC" in its header
// table) and whose sender, the company on its first lines, has no role
// yet (the party rules give it one later): letterRoles needs both and
// read "you must notify us" and "We shall respond" as no one's
// (heldout17 12; heldout17 04 and the oblprobe reminders write the
// sender's role into the text and were read). The addressee is "you";
// the sender is "we" when its role follows from the addressee's.
var senderOf = map[string]string{"customer": "supplier", "tenant": "landlord", "landlord": "tenant", "employee": "employer", "subcontractor": "contractor", "buyer": "supplier"}

func (x *clauseExtractor) letterFrame() {
	if x.you != "" || x.letterSender != "" {
		return
	}
	m := reLetterOpen.FindStringIndex(x.a.text)
	if m == nil || m[0] > 1500 {
		return
	}
	role, at, sender := "", -1, -1
	for _, p := range x.parties {
		i := strings.Index(x.a.text, p.Value)
		if i < 0 || i >= m[0] || len(p.Value) < 4 {
			continue
		}
		switch {
		case p.Role != "" && p.Role != "-":
			if role != "" && role != p.Role {
				return // two roles: letterRoles's frame, or none
			}
			if role = p.Role; at < 0 || i < at {
				at = i
			}
		case p.EntityType != "person" && (sender < 0 || i < sender):
			sender = i
		}
	}
	if role == "" || sender < 0 || sender > at {
		return
	}
	x.you, x.letterSender = role, senderOf[role]
}

// Family B1: a statement is no duty. A benefit the addressee will
// receive, a sum or a perk ("You will also receive a one-time relocation
// allowance"; receiving goods stays a duty;
// heldout17 02, as "you will receive a joining bonus" in dev5 12 gave
// none), and a notice that a contract will not be renewed and so expires
// ("the Agreement will not be renewed and will expire on 31 July 2026",
// "will not renew the lease, which therefore expires on 31 August 2026";
// heldout17 03, heldout9 08): the notice is given, nothing is owed.
var (
	reBenefit    = regexp.MustCompile(`(?i)^(?:also\s+)?receive\s+(?:(?:a|an|the|your|one-time|monthly|annual|[\w-]+)\s+){0,4}(?:allowance|bonus|salary|credit|benefit|reimbursement|compensation|gratuity|ticket|commission)s?\b`)
	reNonRenewal = regexp.MustCompile(`(?i)^(?:be\s+)?renew(?:ed)?\b[^.;]{0,80}\b(?:expire|expires|expiring|end|ends|terminate|terminates)\b`)
)

// Family J1: a condition's second limb split off as a requirement of its
// own ("The tanks must be ... and must be approved by WRAS" -> "be
// approved by WRAS for drinking water."; "يجب أن تكون الوحدة مطابقة
// لمعيار NSF/ANSI 61، وأن تكون المياه المنتجة مطابقة ..."; heldout16 01,
// 08, 10, 11): one requirement per sentence and mode (session 18, a
// standard as the sentence's second limb; several certificates in one
// sentence). The limb, which opens with "be" or "وأن" right after the
// first part, joins it when it names no category of its own (read as
// eligibility, not a registration or licence) or is the experience of
// the staff the first part fields; a firm's experience after its
// registration ("... عماني، وأن تكون له خبرة"; reqprobe 17, 25, 29) stays
// a requirement of its own.
var reLimb = regexp.MustCompile(`^(?:(?:and\s+)?(?:must|shall)\s+)?be\s|^و?أن\s`)

func (x *clauseExtractor) joinLimbs() {
	out := x.reqs[:0]
	for _, r := range x.reqs {
		t := x.a.text[r.start:r.end]
		if n := len(out); n > 0 && reLimb.MatchString(t) {
			p := &out[n-1]
			gap := x.a.text[min(p.end, r.start):r.start]
			joins := r.r.Category == "eligibility" && p.r.Category != "eligibility" && !reReqRegistered.MatchString(t) ||
				r.r.Category == "experience" && p.r.Category == "technical" ||
				r.r.Category == "technical" && p.r.Category == "compliance" && strings.HasPrefix(strings.TrimSpace(strings.ToLower(t)), "must be approved")
			if joins && p.end <= r.start && len(gap) <= 24 && !strings.ContainsAny(gap, ".\n؛") && p.r.Mandatory == r.r.Mandatory {
				p.end = r.end
				continue
			}
		}
		out = append(out, r)
	}
	x.reqs = out
}

// Family R4 (left open by session 21): a tender's rejection sentence in
// the wordings family R3 (rejectionsBidsPassives) does not read: "will not be
// considered / accepted / evaluated", "will be disregarded", "will be
// declared non-responsive", and in Arabic "لا يقبل / لن ينظر في / يعتبر
// لاغياً" with the missing thing ("غير مصحوب ب", "لا يرفق به"). As in R3,
// it states the missing bond (financial) or document (documentation) as a
// mandatory requirement only when no other requirement names it, and is
// no duty.
var (
	reRejectENLettersEnvelopes = regexp.MustCompile(`(?i)\b(?:not\s+accompanied\s+by|without|fail(?:s|ing)?\s+to\s+(?:submit|provide|attach|furnish|enclose|include)|that\s+(?:do|does)\s+not\s+(?:include|contain|enclose))\s+((?:a|an|the|any|its|their|valid)\s+)*([^,.;]{3,60}?)\s+(?:will|shall|may)\s+(?:not\s+be\s+(?:considered|accepted|evaluated|opened)|be\s+(?:disregarded|declared\s+non-?responsive|treated\s+as\s+non-?responsive|excluded\s+from\s+(?:the\s+)?evaluation))\b`)
	reRejectARLettersEnvelopes = regexp.MustCompile(`(?:^|\s)و?(?:لا\s+يقبل|لن\s+يقبل|لا\s+يُقبل|لا\s+ينظر\s+في|لن\s+ينظر\s+في|يعتبر\s+لاغياً)\s+(?:أي\s+|كل\s+)?(?:ال)?(?:عطاء|عرض|طلب)\S*\s+(?:غير\s+(?:ال)?مصحوب[ةه]?\s+ب|(?:الذي\s+|التي\s+)?(?:لا|لم)\s+(?:ي|ت)(?:رفق|قدم)\s+(?:به|بها|معه|معها)?\s*)((?:\p{Arabic}+\s*){1,5})`)
)

func (x *clauseExtractor) rejectionsLettersEnvelopes() {
	x.rejections(reRejectENLettersEnvelopes, reRejectARLettersEnvelopes)
}
