package documentfacts

import (
	"regexp"
	"strings"
)

// Round 17 (issue 29, session 19; docs/documents.md "round 17, the rules
// follow the eight conventions"): the rules follow the label conventions
// session 19 settled (docs/documents.md, "more conventions settled, and
// the sets mapped to them"). Each decision's rule is hooked by one line
// where round 16's (governinglaw_authority.go, obligation_conventions.go,
// requirement_conventions.go) are.

// bondsParentDatesConventionDurationKeys, decision 1: a time limit to deliver ("delivery within
// six weeks of the order", "مدة التوريد: خلال ثلاثة أسابيع", "Lead time:
// 4 weeks") is a deadline only: the period gives no delivery_period
// duration (the deadline reader keeps its value and its event).
func bondsParentDatesConventionDurationKeys(c cue) bool {
	return c.key != "delivery_period"
}

// bondsParentDatesConventionDateKeys applies the date decisions to f after the earlier rounds.
//
// Decision 6: start_date is the first day of work in an offer letter, a
// job advert or a call; when a contract says when it, the employment or
// the works start ("Employment commences on", "shall commence the Works
// on", تاريخ المباشرة), that is its effective_date. Outside an agreement,
// a day the reader is told to join ("You will join on", "your start
// date", "مباشرتك") is an offer's start_date however the document reads.
// ctx is the text before the date.
func (x *extractor) bondsParentDatesConventionDateKeys(f *Fact, ctx string) {
	if f.Type != TypeDate {
		return
	}
	if f.Key == "start_date" && (x.title == "agreement" || !x.hireDoc && !matches(reYouJoin, tail(ctx, 80))) {
		c := dateCueOf("effective_date")
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
}

// reYouJoin: the reader is the one to join.
var reYouJoin = regexp.MustCompile(`(?i)\b(?:you\s+will|you\s+shall|you\s+are\s+to|your)\b|مباشرتك|التحاقك|ستباشر|ستلتحق`)

// bondsParentDatesConventionRequirements applies the requirement decisions to x.reqs, after
// round 16's conventions and before the other-language halves are read.
func (x *clauseExtractor) bondsParentDatesConventionRequirements() {
	x.authorityCertificates()
	x.listedBidBonds()
}

// listedBidBonds, decision 3: a bid bond is a financial requirement;
// as an item of a list of documents to submit ("The bid shall contain:
// ... (c) a tender security of OMR 800", "المستندات المطلوبة: ... ضمان
// عطاء") it gives a documentation line as well, on the same text. An item
// that listedBonds already made documentation (the bond is stated as a
// financial condition elsewhere) gives no second line, nor does a bond
// the bid must be accompanied by, though a list holds it.
func (x *clauseExtractor) listedBidBonds() {
	n := len(x.reqs)
	for i := 0; i < n; i++ {
		r := x.reqs[i]
		if r.r.Category != "financial" || !bidBond(r.r.Requirement) || !docSection(r.section) || reBondSentence.MatchString(r.r.Requirement) {
			continue
		}
		d := r
		d.r.Category = "documentation"
		x.reqs = append(x.reqs, d)
	}
}

var (
	// reGuarantee, reOfBid: a guarantee of the bid's value ("ضمان
	// مصرفي بنسبة 1% من قيمة العطاء", "a bank guarantee of 2% of the
	// tender price").
	reGuarantee = regexp.MustCompile(`(?i)\b(?:bank\s+guarantee|bond|security)\b|ضمان|كفالة`)
	reOfBid     = regexp.MustCompile(`(?i)\b(?:of|for)\s+(?:the\s+)?(?:bid|tender|offer)\b|(?:قيمة|مبلغ)\s+(?:ال)?(?:عطاء|عرض)`)
)

// reBondSentence: a bond the bid must be accompanied by ("Each bid
// must be accompanied by a bid bond", "يجب أن يرفق بالعطاء ضمان"), a
// condition of the bid, not a document listed: financial only ("Each bid
// shall include the dealership certificate and a bid bond" lists it).
var reBondSentence = regexp.MustCompile(`(?i)\baccompan(?:ied|y|ies)\b|يرفق|ترفق|مرفقا|مرفقاً`)

// bidBond: t names a bid bond, or a guarantee of a share of the bid.
func bidBond(t string) bool {
	k := bondKind(t)
	return k == "bid" || k == "" && reGuarantee.MatchString(t) && reOfBid.MatchString(t)
}

// Decision 3, the wordings (round 17b): a bond or guarantee the bidder
// furnishes with its bid, however the tender words it ("A tender bond of
// QAR 50,000 must accompany the tender", "Bid security: 2% of the bid
// price", a row "الضمان المصرفي المؤقت | ١٪ من قيمة العطاء" of a fees or
// key-dates table, "يجب تقديم تأمين مؤقت"), is a financial requirement
// though no requirements heading or bid-content sentence frames it. The
// winner's performance bond is judged apart (judgeRequirement); a
// performance or advance-payment guarantee otherwise, the bond's return,
// release or forfeiture, and its validity are no requirement of this rule.
var (
	// reBidderBond: a bond or guarantee the bidder furnishes.
	reBidderBond = regexp.MustCompile(`(?i)\b(?:bid|tender|offer)\s+(?:bonds?|security|securities|guarantees?)\b|\bbank\s+guarantees?\b|(?:ال)?ضمان\s+(?:ال)?(?:بنكي|مصرفي|عطاء|مؤقت|ابتدائي)|(?:ال)?كفالة\s+(?:ال)?(?:بنكية|مصرفية|عطاء|مؤقتة|ابتدائية)|(?:ال)?تأمين\s+(?:ال)?(?:مؤقت|ابتدائي)`)
	// reNotBidderBond: a bond of another kind, or the issuer's act on
	// the bond (return, release, forfeiture), or how long it stays valid.
	reNotBidderBond = regexp.MustCompile(`(?i)\b(?:performance|advance(?:\s+payment)?|retention|maintenance|warranty)\s+(?:bonds?|security|guarantees?)\b|\b(?:returned|released|refunded|forfeited|confiscated|forfeit|encashed|return|release)\b|\b(?:shall|must|will|should)\s+(?:remain\s+|be\s+)?valid\b|حسن\s+(?:ال)?تنفيذ|الدفعة\s+المقدمة|نهائي|يعاد|يُعاد|يرد|يُرد|إعادة|اعادة|رد\s+(?:ال)?ضمان|يصادر|يُصادر|مصادرة|الإفراج|الافراج|يفرج`)
	// reBondDue: the bidder is to furnish it (a modal, "required",
	// "to accompany", يجب، يشترط، تقديم، يرفق).
	reBondDue = regexp.MustCompile(`(?i)\b(?:must|shall|is\s+required|are\s+required|required|to\s+accompany|to\s+be\s+(?:submitted|furnished|provided|enclosed))\b|يجب|يشترط|يُشترط|يلتزم|تقديم|يقدم|يُقدم|تقدم|يرفق|يُرفق|ترفق|إرفاق|ارفاق`)
	// reBondAmount: the sum or share it is for, in a row or a labelled
	// line ("Bid bond | OMR 12,000", "Bid security: 2%").
	reBondAmount = regexp.MustCompile(`[0-9٠-٩]|%|٪`)
	// reBondLabel: a line or row opening on the bond's name and a colon
	// or a cell's end.
	reBondLabel = regexp.MustCompile(`(?i)^[\s*_#|\-•]*(?:[a-z0-9٠-٩]{1,3}[.)]\s*)?(?:the\s+)?[^:|\n]{0,40}?[:|]`)
)

// bidderBond: unit u (text t) names a bond the bidder furnishes, as a
// duty (a modal) or as a row or labelled line with its sum; not the
// winner's (the performance bond's rule), not another kind of bond. A
// row or labelled line is the condition only where no other text of the
// document names the bond ("Bid bond | OMR 1,500" over "3. Provide a bid
// bond of OMR 1,500": one condition, the item's).
func (x *clauseExtractor) bidderBond(u reqUnit, t string) bool {
	if len(t) > 400 || !reBidderBond.MatchString(t) || reNotBidderBond.MatchString(t) || reWinner.MatchString(t) || reAfterAward.MatchString(t) {
		return false
	}
	if reBondDue.MatchString(t) {
		return true
	}
	label := u.row
	if m := reBondLabel.FindStringIndex(t); m != nil {
		label = label || reBidderBond.MatchString(t[:m[1]])
	}
	if !label || !reBondAmount.MatchString(t) {
		return false
	}
	for _, m := range reBidderBond.FindAllStringIndex(x.a.text, -1) {
		if m[1] <= u.start || m[0] >= u.end {
			return false
		}
	}
	return true
}

var (
	// reCertItem: a list item that names the certificate itself
	// ("- Certificate of Omanisation compliance", "- شهادة ...").
	reCertItem = regexp.MustCompile(`(?i)^\s*(?:[-*•]\s*|\(?[a-z0-9٠-٩]{1,3}[.)\-]\s*)?(?:an?\s+|the\s+|valid\s+)?(?:(?:certificates?|cards?|clearances?|cop(?:y|ies))\b|شهادة|بطاقة|نسخة|صورة)`)
	// reAuthorityCert: a certificate, card or clearance an authority
	// issues: of tax or zakat, of social insurance, of Omanisation, of
	// the Ministry of Labour.
	reAuthorityCert = regexp.MustCompile(`(?i)\b(?:certificates?|cards?|clearances?)\b[^.;\n]{0,80}?\b(?:tax(?:ation)?|zakat|social\s+(?:insurance|security)|omani[sz]ation|ministry\s+of\s+labou?r)\b|\b(?:tax(?:ation)?|zakat|social\s+(?:insurance|security)|omani[sz]ation)\b[^.;\n]{0,40}?\b(?:certificates?|cards?|clearances?)\b|(?:شهادة|بطاقة)[^.؛\n]{0,80}?(?:الضرائب|الضريبية|ضريبي|الزكاة|زكوي|تأمينات|التعمين|وزارة\s+العمل)`)
	// reSubmitCert: the bidder is to submit, provide, attach or enclose
	// it.
	reSubmitCert = regexp.MustCompile(`(?i)\b(?:submit(?:s|ted)?|provide[sd]?|attach(?:es|ed)?|enclose[sd]?|furnish(?:es|ed)?|copy|copies)\b|تقديم|يقدم|تقدم|يرفق|ترفق|إرفاق|ارفاق|نسخة|صورة`)
	// reHoldCert: a condition to hold or meet ("must hold a valid tax
	// card", "meeting the rate set", "أن يكون حاصلاً على شهادة").
	reHoldCert = regexp.MustCompile(`(?i)\b(?:hold|holds|holding|held|meet|meets|meeting|possess(?:es)?)\b|حاصل|حائز|مطابق|يستوفي|مستوف`)
)

// authorityCertificates, decision 8: a certificate or card from an
// authority (tax or zakat clearance, social insurance, Omanisation) that
// the bidder must submit, that a list of documents to submit names, or
// that a list item names alone ("- Omanisation compliance certificate"),
// is documentation; a condition to hold or meet stays (or, read as
// eligibility, becomes) compliance.
func (x *clauseExtractor) authorityCertificates() {
	for i := range x.reqs {
		r := &x.reqs[i]
		t := r.r.Requirement
		if !reAuthorityCert.MatchString(t) {
			continue
		}
		if reHoldCert.MatchString(t) {
			if r.r.Category == "eligibility" {
				r.r.Category = "compliance" // "must hold a valid tax card": a condition to hold
			}
			continue
		}
		if r.r.Category != "compliance" {
			continue
		}
		if reSubmitCert.MatchString(t) || docSection(r.section) || reCertItem.MatchString(t) {
			r.r.Category = "documentation"
		}
	}
}

var (
	// reParentDated: a parent or earlier contract named before its date
	// ("under the Framework Agreement dated", "forms part of the Master
	// Services Agreement dated", "بموجب العقد الرئيسي المؤرخ في").
	reParentDated = regexp.MustCompile(`(?i)\b(?:master|framework|main|head|prime|principal|original|umbrella)\s+(?:[\w-]+\s+){0,2}(?:agreement|contract)\b[^.\n]{0,40}?\bdated\s*$|(?:العقد|الاتفاقية|اتفاقية)\s+(?:ال)?(?:رئيسي|رئيسية|إطارية|اطارية|أصلي|أصلية|الرئيسي|الرئيسية|الإطارية|الأصلي|الأصلية)\s+(?:[^\s.،]+\s+){0,3}?(?:المؤرخ|المؤرخة|بتاريخ)(?:\s+في)?\s*$`)
	// reUnderDated: an agreement an agreement forms part of or is made
	// under ("It forms part of the Hosting Services Agreement dated",
	// "pursuant to the Supply Contract No. 4 dated").
	reUnderDated = regexp.MustCompile(`(?i)\b(?:forms?\s+(?:an?\s+)?(?:integral\s+)?part\s+of|supplement(?:al|ary)?\s+to|pursuant\s+to|under|annexed\s+to|amend(?:s|ing)?)\s+the\s+(?:[\w&-]+\s+){0,5}(?:agreement|contract)\b[^.\n]{0,40}?\bdated\s*$`)
	// reContractDated: a contract named before its date, in a letter,
	// a notice or a guarantee ("under Contract No. 12/2026 dated",
	// "Subcontract No. S-4" with "dated" opening the next line, "عقد ...
	// المؤرخ في").
	reContractDated = regexp.MustCompile(`(?i)\b(?:agreement|contract|subcontract|lease)\b[^\n]{0,60}?\s*(?:\n[^.\n]{0,30})?\bdated\s*$|(?:عقد|العقد|اتفاقية|الاتفاقية)\s[^.\n]{0,80}?(?:المؤرخ|المؤرخة)\s+في\s*$`)
	// reLetterTitle: a title naming a letter, a notice, a reminder or a
	// guarantee, though it names the contract it is about ("Notice of
	// Breach of Contract", "إنذار بالإخلال بالعقد").
	reLetterTitle = regexp.MustCompile(`(?i)\b(?:notice|letter|reminder|guarantee|certificate)\b|إنذار|انذار|إشعار|اشعار|خطاب|تذكير|كفالة|ضمان|شهادة`)
	// reDateLabelBondsParentDates: a line's date label in one or two languages, or a
	// table row's ("Date:", "Date / التاريخ:", "| Date / التاريخ |").
	reDateLabelBondsParentDates = regexp.MustCompile(`(?i)^[\s*_#|]*(?:date|التاريخ)(?:\s*/\s*(?:date|التاريخ))?[\s*_]*[:：|]\s*$`)
	// reWorkStatement: a statement of work, an agreement under another.
	reWorkStatement = regexp.MustCompile(`(?i)\bstatement\s+of\s+work\b`)
)

// bondsParentDatesConventionParentDates, decision 5: in a document that is itself an
// agreement, the date of a parent or earlier contract it names ("made
// under the Framework Agreement dated ...") is a plain date, not its
// agreement_date; in a letter, a notice or a guarantee, which has no
// agreement date of its own, the date of the contract it is about
// ("Re: Contract No. 7 dated ...") is the agreement_date, and its own
// dated line its document_date (keys22's LD). facts and cands are
// aligned (handle.go).
func bondsParentDatesConventionParentDates(facts []Fact, cands []candidate, a *assembled) {
	head := firstHeading(a, "")
	title := head // the letter's title; a parent contract's reads head alone
	if title == "" && len(a.segs) > 0 {
		title = a.text[a.segs[0].start:a.segs[0].end] // a plain text's first line
	}
	if titleKind(a) == "agreement" && reLetterTitle.MatchString(title) {
		// "NOTICE OF BREACH OF CONTRACT" over "Date: 12 May 2026" or "|
		// Date / التاريخ | 01/09/2026 |": the title names the contract,
		// the dated line is the letter's own date.
		for i, f := range facts {
			if f.Type != TypeDate || f.Key != "agreement_date" || i >= len(cands) {
				continue
			}
			at := cands[i].startIn(a.text)
			ls := strings.LastIndexByte(a.text[:at], '\n') + 1
			if reDateLabelBondsParentDates.MatchString(a.text[ls:at]) {
				c := dateCueOf("document_date")
				facts[i].Key, facts[i].Label, facts[i].Role = c.key, c.label, c.role
			}
		}
	}
	if titleKind(a) == "agreement" && !reLetterTitle.MatchString(head) || reWorkStatement.MatchString(head) {
		for i, f := range facts {
			if f.Type != TypeDate || f.Key != "agreement_date" || i >= len(cands) {
				continue
			}
			at := cands[i].startIn(a.text)
			ls := strings.LastIndexByte(a.text[:at], '\n') + 1
			if reParentDated.MatchString(a.text[ls:at]) || reUnderDated.MatchString(a.text[ls:at]) {
				facts[i].Key, facts[i].Label, facts[i].Role = "date", "Date", ""
			}
		}
		return
	}
	for i, f := range facts {
		if f.Type != TypeDate || f.Key != "date" && f.Key != "document_date" || i >= len(cands) {
			continue
		}
		at := cands[i].startIn(a.text)
		if !reContractDated.MatchString(a.text[max(0, at-160):at]) {
			continue
		}
		own := false // a date of its own already keyed agreement_date
		for _, g := range facts {
			if g.Type == TypeDate && g.Key == "agreement_date" && g.Normalized != f.Normalized {
				own = true
			}
		}
		if !own {
			c := dateCueOf("agreement_date")
			facts[i].Key, facts[i].Label, facts[i].Role = c.key, c.label, c.role
		}
	}
}
