package documentfacts

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Obligations and requirements by families (issue 29, session 21;
// docs/documents.md "Issue 29, session 21: obligation and requirement
// recall"). Each family is a wording seen in two labelled documents or
// more; bidsPassivesObligations runs after pronounDutiesObligations, when every sentence's obligations have
// been read.

func (x *clauseExtractor) bidsPassivesObligations() {
	for si, s := range x.sents {
		if x.reqSents[si] && !x.skipped(s) {
			x.bidIncludes(si, s)
		}
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		t := x.a.text[s.start:s.end]
		if hasArabic(t) {
			x.arNumbered(si, s, t)
			x.arPassiveBidsPassives(si, s, arClauseLabel(t))
		}
	}
	x.dropCover()
}

// Family 4: the sentence that lists what a bid must contain ("2.1 Each
// application shall include the trade licence, ...", "## 3. Your
// quotation must include", "٢-١ يجب أن يتضمن كل طلب ...") is a duty of no
// one named besides the requirements it lists (heldout9's, heldout10's and
// heldout12's READMEs; dev6 01 "Each quotation must include" -> -). Under
// a documents heading the requirement reading took the sentence and it
// gave no obligation (heldout11 15, heldout12 07); it is read again. The
// sentence of each bid ("Each application", "Your quotation") only: the
// older guideline's sets label "Proposals must include the CVs" (heldout
// 03) and "Quotations must include" (eval 12) requirements alone.
var reBidIncludes = regexp.MustCompile(`(?i)^[\s#*]*(?:[0-9]{1,2}(?:\.[0-9]{1,2})*\.?\s+)?(?:each|every|your)\s+(?:(?:technical|financial|commercial)\s+)?(?:applications?|bids?|quotations?|proposals?|tenders?|offers?|expressions?\s+of\s+interest|submissions?)\s+(?:shall|must)\s+(?:include|contain)\b|(?:^|\|)\s*(?:[0-9٠-٩]{1,3}(?:[.\-/][0-9٠-٩]{1,3})*\s*[.)\-]?\s*)?يجب\s+أن\s+(?:يتضمن|يشمل|تتضمن|تشمل)\s+(?:كل\s+)?(?:ال)?(?:طلب|عطاء|عرض)`)

func (x *clauseExtractor) bidIncludes(si int, s span) {
	t := x.a.text[s.start:s.end]
	if !reBidIncludes.MatchString(t) {
		return
	}
	for _, o := range x.obls {
		if o.sent == si {
			return
		}
	}
	if hasArabic(t) {
		x.arabicObligations(si, s, waProhibition(arDutyForms(t)))
	}
	x.englishObligations(si, s, x.enDutyForms(t))
}

// Family 3: a benefit is no duty. "You will be covered by the Company's
// group medical insurance", "Benefits: you will be covered by the
// Group's medical insurance", "المزايا: تشملك مظلة التأمين الطبي" (heldout3
// 06, heldout4 17; heldout3's README: "You will be covered" is a benefit)
// gave the employee a duty. An action that opens with being covered, or
// with the Arabic "covers you", is dropped; a duty to see people covered
// ("shall ensure that all staff are covered by insurance") opens with its
// verb and stays.
var reCovered = regexp.MustCompile(`(?i)^(?:[\p{L} ]{1,20}:\s*)?(?:you\s+|the\s+employee\s+)?(?:will\s+|shall\s+)?be\s+covered\s+(?:by|under)\b|^(?:\p{Arabic}{1,12}\s*:\s*)?و?[تي]شمل(?:ك|كم|كما)\s`)

func (x *clauseExtractor) dropCover() {
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		return reCovered.MatchString(strings.TrimSpace(o.o.Action))
	})
}

// Family 2: a duty with على after a clause number written with a hyphen
// or a slash ("٣-١ على الطرف الثاني الحصول على التصاريح", "4/2 على المقاول
// تقديم"), the numbering of heldout4 13, heldout5 11, heldout11 15 and
// heldout12 15, which the على rule (reArStartAla) reads only as "٣.١".
// The number is read with a dot in its place (the same bytes, so the
// offsets hold) when the sentence gave no obligation.
var reArHyphenNumber = regexp.MustCompile(`^(\s*[0-9٠-٩]{1,3})[\-/]([0-9٠-٩]{1,3}\s*[.)\-]?\s+)(?:و?على|يتعين\s+على|يجب\s+على)\s`)

func (x *clauseExtractor) arNumbered(si int, s span, t string) {
	m := reArHyphenNumber.FindStringSubmatchIndex(t)
	if m == nil {
		return
	}
	for _, o := range x.obls {
		if o.sent == si {
			return
		}
	}
	x.arabicObligations(si, s, waProhibition(arDutyForms(t[:m[3]]+"."+t[m[4]:])))
}

// Family 1: Arabic passive duties round 8b's arPassiveDuties does not
// reach. A clause that opens with an unvowelled present-tense passive verb
// whose next word is the thing it moves binds no one named ("تعاد ضمانات
// العطاءات إلى المناقصين", "تصرف المحتجزات بعد انتهاء فترة الضمان", "تورد
// الطلبات العاجلة خلال ست ساعات", "ترفع الطلبات على البوابة", "على أن
// تسلم الأعمال تسليماً ابتدائياً"; heldout5 11, 16, heldout9 12, heldout10
// 12, 18, heldout11 15, heldout12 15). The clause may follow a number
// written with a slash or a hyphen ("٤/٣", "٢-٣"), the bar between a
// bilingual row's halves, and "على أن". A deposit
// returned to its payer within a time limit ("ويرد إليه خلال ثلاثين (30)
// يوماً"; heldout4 9, heldout5 9) is a duty of no one as well; returned "at
// the end of the lease" with no limit it stays a term of the deposit
// (dev3 4, dev4 14, tuning 6 label no duty).
var (
	reArPassiveOpenBidsPassives = regexp.MustCompile(`(?:(?:^|\|)(?:\s*(?:[0-9٠-٩]{1,3}(?:[./\-][0-9٠-٩]{1,3})*\s*[.)\-]?|[أابجدهوزحطي]\s*[.)\-]))?\s*|[،,؛]\s*|على\s+أن\s+)(و?(?:[تي](?:دفع|سدد|رد|سترد|قدم|رسل|وجه|رفق|سلم|ودع|حول|عاد|صرف|ورد|رفع)))\s+(\S+)`)
	// reArThing: the things a passive duty moves, beyond reArThingNext.
	reArThing = regexp.MustCompile(`^(?:ال)?(?:محتجزات|مستخلصات|مستخلص|أرباح|مستحقات|رواتب|مكافأة|مكافآت|أعمال|شحنات|شحنة|أصناف|كميات|عينات|تأمينات|ضمانات|مبالغ|طلبات|تقارير|مستندات|فواتير|مواد|بضائع)$`)
	// reArToHim: a return to the payer named before ("يرد إليه"), then
	// its time limit.
	reArToHim    = regexp.MustCompile(`^(?:إليه|إليها|إليهم|إليكم|إلينا|له|لها)$`)
	reArWithin   = regexp.MustCompile(`^\s+(?:\S+\s+){0,2}خلال\s`)
	reArReturnTo = regexp.MustCompile(`^(?:إلى|الى|لل\p{Arabic}+)$`)
	// reArBids: bids or applications returned are a rule on bids.
	reArBids = regexp.MustCompile(`^(?:ال)?(?:عطاءات|عطاء|عروض|عرض|طلبات|طلب)$`)
	// reArInstalments: "تدفع على (عشرة) أقساط": paid in instalments.
	reArInstalments = regexp.MustCompile(`^\s+(?:\S+\s+)?(?:أقساط|دفعات|قسطين|دفعتين)(?:\s|$)`)
)

func (x *clauseExtractor) arPassiveBidsPassives(si int, s span, t string) {
	if strings.HasSuffix(strings.TrimSpace(t), ":") {
		return
	}
	for _, m := range reArPassiveOpenBidsPassives.FindAllStringSubmatchIndex(t, -1) {
		verb, next := t[m[2]:m[3]], strings.Trim(t[m[4]:m[5]], "،,.")
		stem := strings.TrimPrefix(verb, "و")[len("ت"):]
		if arRole(next) != "" || x.arAlias(next) != "" || isArRolePhrase(next) || reArRelative.MatchString(t[:m[2]]) {
			continue
		}
		thing := reArThingNext.MatchString(next) || reArThing.MatchString(next)
		switch stem {
		case "رد", "سترد", "عاد":
			if reArToHim.MatchString(next) {
				if !reArWithin.MatchString(t[m[5]:]) {
					continue // "يرد إليه عند انتهاء العقد": a term of the deposit
				}
			} else if reArBids.MatchString(next) || !thing && !reArReturnTo.MatchString(next) && !reArReturnNext.MatchString(next) {
				continue // "وتعاد الطلبات المتأخرة دون فتحها": a rule on bids
			}
			x.passiveDuty(si, s, t, m[2], true)
			continue
		case "دفع", "سدد":
			if next == "على" && reArInstalments.MatchString(t[m[5]:]) {
				break // "تدفع على أقساط ربع سنوية"
			}
			if strings.HasPrefix(next, "ب") || next == "في" || next == "على" {
				continue
			}
		default:
			if !thing {
				continue
			}
		}
		x.passiveDuty(si, s, t, m[2], false)
	}
}

// passiveDuty records a duty of no one from t[at:]. For a return
// (cut), an obligation of a named party whose clause runs over it ("يدفع
// المستأجر تأميناً ...، ويرد إليه خلال") ends before it: the payer pays and
// the payee returns. Any other verb after a party's clause continues that
// party's duty ("يدفع المستأجر القسط الأول، ويدفع كل قسط لاحق").
func (x *clauseExtractor) passiveDuty(si int, s span, t string, at int, cut bool) {
	pos := s.start + at
	for i := range x.obls {
		o := &x.obls[i]
		if o.sent != si || o.clauseStart >= pos || o.clauseEnd <= pos {
			continue
		}
		if o.o.PartyRole == "" || !cut {
			return // already a duty of no one, or the party's own
		}
		if strings.TrimRight(strings.TrimSpace(x.a.text[o.clauseStart:pos]), " "+cutAR) == "" {
			return
		}
		if i := strings.Index(o.o.Action, strings.TrimSpace(x.a.text[pos:min(o.clauseEnd, pos+12)])); i > 0 {
			o.o.Action = strings.TrimRight(strings.TrimSpace(o.o.Action[:i]), " "+cutAR)
		}
		o.clauseEnd = pos
	}
	x.addDuty(si, s, t, at, len(t), at, clauseParty{}, 0.7, cutAR)
}

// bidsPassivesRequirements runs after categoriesLeadsRequirements, when the categories are settled.
func (x *clauseExtractor) bidsPassivesRequirements(ctx reqContext) {
	if ctx.binding {
		return
	}
	jobLike := reJobLike.MatchString(prefixBytes(x.a.text, 600))
	for i := range x.reqs {
		r := &x.reqs[i]
		r.r.Category = proCertAR(x.a.text[r.start:r.end], r.r.Category, jobLike)
	}
	if ctx.tender {
		x.rejectionsBidsPassives()
	}
}

// Family R3: a tender's rejection sentence that names the one thing whose
// absence rejects the bid ("Bids not accompanied by the bid bond will be
// rejected", "Bidders who fail to submit the tax card shall be
// disqualified", "يستبعد العطاء غير المصحوب بالضمان المؤقت", "يستبعد أي
// عطاء لا يرفق به شهادة الانتساب") states that thing as a mandatory
// requirement: financial for a bond, documentation for a document. It is
// read only when no other requirement of the document names the thing
// (probe15 g01 names its tender bond twice and labels it once); a rule on
// bids that names nothing ("Late bids will be rejected", "bids missing
// any mandatory item") stays none, and the sentence is no duty of the
// bidder ("shall be disqualified" is what befalls it).
var (
	reRejectENBidsPassives = regexp.MustCompile(`(?i)\b(?:not\s+accompanied\s+by|without|fail(?:s|ing)?\s+to\s+(?:submit|provide|attach|furnish|enclose|include)|that\s+(?:do|does)\s+not\s+(?:include|contain|enclose)|lacking)\s+((?:a|an|the|any|its|their|his|her|valid)\s+)*([^,.;]{3,60}?)\s+(?:will|shall|may)\s+be\s+(?:rejected|disqualified|excluded|deemed\s+non-?responsive)\b`)
	reRejectARBidsPassives = regexp.MustCompile(`(?:^|\s)و?(?:يستبعد|تستبعد|يُستبعد|يرفض|ترفض|يُرفض)\s+(?:أي\s+|كل\s+)?(?:ال)?(?:عطاء|عرض|طلب|مناقص|متقدم)\S*\s+(?:غير\s+(?:ال)?مصحوب[ةه]?\s+ب|(?:الذي\s+|التي\s+)?(?:لا|لم)\s+(?:ي|ت)(?:رفق|قدم)\s+(?:به|بها|معه|معها)?\s*|(?:ال)?خالي(?:ة)?\s+من\s+)((?:\p{Arabic}+\s*){1,5})`)
	reRejectBond           = regexp.MustCompile(`(?i)\b(?:bid|tender|bank)\s+(?:bond|security|guarantee)\b|ضمان|كفالة|التأمين\s+(?:الابتدائي|المؤقت)`)
	reRejectDoc            = regexp.MustCompile(`(?i)\b(?:certificate|card|registration|licen[cs]e|statements?|letter|copy|form|declaration|undertaking)\b|شهادة|بطاقة|السجل|سجل|رخصة|نسخة|صورة|خطاب|إقرار|كشف|القوائم`)
	reRejectVague          = regexp.MustCompile(`(?i)\b(?:mandatory|required|requested|necessary|following|above|listed|any\s+of)\b|المطلوبة|الإلزامية|إلزامي|المذكورة|التالية|المستندات|الوثائق`)
)

func (x *clauseExtractor) rejectionsBidsPassives() {
	x.rejections(reRejectENBidsPassives, reRejectARBidsPassives)
}

// rejections reads the rejection sentences en or ar match (the missing
// item in en's second group, ar's first): families R3 (rejectionsBidsPassives) and
// R4 (obligation_letters_envelopes.go).
func (x *clauseExtractor) rejections(en, ar *regexp.Regexp) {
	for si, sp := range x.sents {
		if x.skipped(sp) || sp.end-sp.start > 400 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		var item string
		if m := en.FindStringSubmatch(t); m != nil {
			item = m[2]
		} else if m := ar.FindStringSubmatch(t); m != nil {
			item = m[1]
		}
		item = strings.TrimSpace(item)
		if item == "" || reRejectVague.MatchString(item) {
			continue
		}
		cat := "documentation"
		switch {
		case reRejectBond.MatchString(item):
			cat = "financial"
		case !reRejectDoc.MatchString(item):
			continue
		}
		x.reqSents[si] = true
		if x.reqOverlaps(sp.start, sp.end) || x.reqNames(item) {
			continue
		}
		conf := 0.7
		if cat == "financial" {
			conf = bondConfidence // as decision 33's bond requirement was
		}
		x.addSentenceRequirement(sp, cat, conf)
	}
}

// reqNames: a requirement already read names item, by its last two
// words (their article dropped).
func (x *clauseExtractor) reqNames(item string) bool {
	w := strings.Fields(strings.ToLower(item))
	if len(w) > 2 {
		w = w[len(w)-2:]
	}
	if hasArabic(item) {
		w = strings.Fields(strings.ToLower(item))[:min(2, len(strings.Fields(item)))]
	}
	for i := range w {
		w[i] = strings.TrimPrefix(strings.TrimPrefix(w[i], "بال"), "ال")
	}
	key := strings.Join(w, " ")
	for _, r := range x.reqs {
		t := strings.ToLower(x.a.text[r.start:r.end])
		if strings.Contains(t, key) || hasArabic(key) && strings.Contains(strings.ReplaceAll(t, "ال", ""), strings.ReplaceAll(key, "ال", "")) {
			return true
		}
	}
	return false
}

// Family R1: a named professional certificate written in Arabic letters
// ("شهادة نيبوش الدولية", "يفضل الحاصلون على شهادة آيوش", "محاسب قانوني
// معتمد") is the applicant's compliance requirement, as its Latin name is
// by session 18's decision 2 (reProCert: NEBOSH, IOSH, CPA, CMA, PMP);
// held by the bidder's staff it stays technical (keyStaffRequirementConventions).
var reProCertAR = regexp.MustCompile(`نيبوش|نيبوس|آيوش|أيوش|ايوش|محاسب\s+(?:قانوني|إداري)\s+معتمد|مدير\s+مشاريع\s+محترف|(?:^|\s)(?:ال)?(?:سيبس|سي\s*آي\s*بي\s*إس)(?:\s|$)`)

func proCertAR(t, cat string, jobLike bool) string {
	if (cat == "eligibility" || cat == "experience") && reProCertAR.MatchString(t) && !reNotCert.MatchString(t) && (jobLike || !keyStaffRequirementConventions(t)) {
		return "compliance"
	}
	return cat
}

// Family R2: a quotation, invoice or order printed on a letterhead. Its
// first lines are the sender's name, address and registration, and its
// title ("QUOTATION No. Q-2026-0318", "TAX INVOICE", "عرض سعر") comes after
// them, where replyDocument, which reads the first line, does not look; a
// "Site requirements" heading in it then made every later line a bidder's
// requirement (heldout2 08: ten false facts, and the customer's duty
// lost). The title is looked for among the first lines, before any line
// that asks ("REQUEST FOR QUOTATION") or any sentence.
var reLetterheadReply = regexp.MustCompile(`(?i)^[\s\p{P}\p{S}]*(?:(?:tax\s+|commercial\s+|proforma\s+|pro-forma\s+)?invoice|(?:price\s+|sales\s+)?quotation|(?:local\s+)?purchase\s+order|credit\s+note|debit\s+note|عرض\s+(?:سعر|أسعار)|فاتورة(?:\s+ضريبية)?|أمر\s+(?:شراء|توريد))(?:\s+(?:no\.?|number|ref\.?|#|رقم)|\s*[:#]|\s*$)`)

func replyAfterLetterhead(text string) bool {
	n := 0
	for _, l := range strings.Split(prefixBytes(text, 800), "\n") {
		l = strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "*#_"))
		if l == "" {
			continue
		}
		if n++; n > 12 || reRequestWord.MatchString(l) || len(strings.Fields(l)) > 12 {
			return false
		}
		if utf8.RuneCountInString(l) <= 80 && reLetterheadReply.MatchString(l) {
			return true
		}
	}
	return false
}
