package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 19 (issue 29, session 21; docs/documents.md "round 19, the rules
// follow conventions 33-43"): the rules follow the label conventions
// 33-43 (docs/documents.md, "Issue 29, session 21: conventions 33
// onwards"). Hooked by one line after signingBondsConventionRequirements
// (requirements.go) and by lines in handle.go; the table cases are in
// convention_rejections_offer_roles_test.go.

// rejectionsOfferRolesConventionRequirements applies the requirement decisions of 33-43.
func (x *clauseExtractor) rejectionsOfferRolesConventionRequirements(ctx reqContext) {
	if ctx.binding {
		return
	}
	x.accompanyingBonds()
	if ctx.tender {
		x.rejectedBonds()
	}
}

// Decision 33: a rejection or exclusion sentence ("Bids not accompanied by
// a bid bond will be rejected", "يستبعد كل عطاء غير مصحوب بالضمان", "late
// bids will not be considered") gives nothing of its own: no obligation
// (rejectionsOfferRolesConventionObligations) and no requirement beside the one it restates; when
// it is the only sentence naming a bid bond in its language it carries
// the bond's mandatory financial requirement.
var (
	reReject  = regexp.MustCompile(`(?i)\b(?:will|shall|may|would|is\s+liable\s+to|are\s+liable\s+to)\s+(?:be\s+)?(?:rejected|disqualified|excluded|disregarded|returned\s+unopened|declared\s+(?:void|invalid|non-?responsive)|considered\s+(?:void|invalid|non-?responsive)|treated\s+as\s+non-?responsive)\b|\b(?:will|shall)\s+not\s+be\s+(?:considered|accepted|opened|evaluated|entertained)\b|\bliable\s+to\s+(?:be\s+)?rejection\b|\bgrounds?\s+for\s+(?:rejection|disqualification)\b|\bresult\s+in\s+(?:the\s+)?(?:rejection|disqualification|exclusion)\b|(?:^|[\s.:)-])(?:و)?(?:يستبعد|يُستبعد|تستبعد|تُستبعد|يرفض|يُرفض|ترفض|تُرفض)\s|(?:سيتم|يتم|يجوز)\s+(?:استبعاد|رفض)|لن\s+(?:ينظر|يُنظر|يلتفت|يُلتفت|تقبل|تُقبل|يقبل|يُقبل|تفتح|تُفتح)|لا\s+(?:ينظر|يُنظر|يلتفت|يُلتفت|تقبل|تُقبل|يقبل|يُقبل)\s|(?:يعتبر|يُعتبر|تعتبر|تُعتبر)\s+(?:لاغي|ملغ|مرفوض)`)
	reBidNoun = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|proposals?|offers?|quotations?|submissions?|applications?|eois?)\b|عطاء|عطاءات|العطاء|العطاءات|عرض|العرض|عروض|العروض`)
)

// reClauseJoin: a clause break before the rejection ("تقدم العطاءات
// في مظروفين ...، ولا تقبل العطاءات الورقية": a duty, then a rejection).
var reClauseJoin = regexp.MustCompile(`(?i)[,،;؛]\s*(?:و|and\s+|but\s+)?$|[;؛]`)

// rejection: t is a rejection sentence about bids, the rejection its
// first clause.
func rejection(t string) bool {
	m := reReject.FindStringIndex(t)
	return m != nil && reBidNoun.MatchString(t) && !reClauseJoin.MatchString(t[:m[0]])
}

// rejectedBonds drops the requirements read from a rejection sentence
// that names a bond another requirement states (decision 33). A
// rejection that alone names the bond, or a document, gives its
// requirement by oblreq21's family R3 (rejectionsBidsPassives), which runs after.
func (x *clauseExtractor) rejectedBonds() {
	for _, sp := range x.sents {
		if x.skipped(sp) || sp.end-sp.start > 400 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		if !rejection(t) || !reGuarantee.MatchString(t) || rePerfBond.MatchString(t) {
			continue
		}
		stated := false
		for _, r := range x.reqs {
			if (r.end <= sp.start || r.start >= sp.end) && r.r.Category == "financial" && hasArabic(r.r.Requirement) == hasArabic(t) &&
				reGuarantee.MatchString(r.r.Requirement) && !rePerfBond.MatchString(r.r.Requirement) {
				stated = true
				break
			}
		}
		if stated {
			kept := x.reqs[:0]
			for _, r := range x.reqs {
				if r.end <= sp.start || r.start >= sp.end {
					kept = append(kept, r)
				}
			}
			x.reqs = kept
			continue
		}
	}
}

// Decision 34: a bond that must accompany each bid, the bid as subject
// ("Each bid must be accompanied by a bid bond", "A bid bond must
// accompany each proposal", "يجب أن يرفق بالعطاء ضمان", "يرفق مع كل عطاء
// ضمان بنكي") is the bond's financial requirement and an obligation of
// - (a passive instruction on bids, decision 31): the sentence a
// requirement was read from is read for obligations as well. A bidder
// named as the subject ("يجب أن يرفق المناقص بعطائه") is another
// wording, read as before; a rejection sentence ("Bids not accompanied by
// a bid bond will be rejected", decision 33) names no duty.
var reAccompanyBond = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|proposals?|quotations?|offers?|submissions?|applications?)\s+(?:must|shall|is\s+to|are\s+to)\s+be\s+accompanied\s+by\s+(?:an?\s+|the\s+)?(?:original\s+)?(?:\w+\s+){0,2}?(?:bonds?|security|guarantee)\b|\b(?:bond|security|guarantee)\b(?:[^.;\n]|\.[0-9]){0,80}?\b(?:must|shall)\s+accompany\s+(?:each|every|all|the|any)?\s*(?:bids?|tenders?|proposals?|quotations?|offers?|submissions?)\b|(?:يجب|ويجب|يتعين)\s+أن\s+(?:يرفق|يُرفق|ترفق|تُرفق)\s+(?:ب|مع\s+)(?:كل\s+)?(?:ال)?(?:عطاء|عطاءات|عرض|عروض)\S*\s+(?:ال)?(?:ضمان|كفالة|تأمين)`)

// accompanyingBonds lets the obligations read a requirement's sentence
// that binds the bid to carry a bond (decision 34).
func (x *clauseExtractor) accompanyingBonds() {
	for si, sp := range x.sents {
		if !x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 500 {
			continue
		}
		if reAccompanyBond.MatchString(x.a.text[sp.start:sp.end]) {
			x.reqSents[si] = false
		}
	}
}

// rejectionsOfferRolesConventionObligations applies the obligation decisions of 33-43, after
// the session 20 conventions (handle.go).
func (x *clauseExtractor) rejectionsOfferRolesConventionObligations() {
	noWord := guaranteeNoWord(x.a.text)
	kept := x.obls[:0:0]
	for _, o := range x.obls {
		sent := x.a.text[o.start:o.end]
		if (o.o.PartyRole == "" || o.o.PartyRole == "issuer") && rejection(sent) {
			continue // decision 33
		}
		switch {
		case o.o.PartyRole == "hirer" || o.o.PartyRole == "renter":
			o.o.PartyRole = "tenant" // decision 41
		case o.o.PartyRole == "guarantor" && noWord:
			o.o.PartyRole = "issuer" // decision 42
		case (o.o.Party != "" || o.o.PartyRole != "") && reAccompanyBond.MatchString(sent) && !namesBidder(o):
			// Decision 34: the bid carries the bond; no party is named
			// ("صادر من أحد البنوك العاملة" names a bank's kind, not the
			// employee).
			o.o.Party, o.o.PartyRole = "", ""
		}
		kept = append(kept, o)
	}
	x.obls = kept
}

// reBidderWord: a bidder named in a sentence.
var reBidderWord = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|suppliers?|contractors?|consultants?|vendors?)\b|(?:ال)?(?:مناقص|متناقص|متقدم|مورد|مقاول|مقدم\s+العطاء)(?:\s|$|ين|ون)`)

// namesBidder: the obligation's party is a bidder the sentence names,
// not a word the bond's wording holds.
func namesBidder(o oblFound) bool {
	return o.o.PartyRole == "bidder" || reBidderWord.MatchString(o.o.Party)
}

// rejectionsOfferRolesConventionFacts applies decisions 38 and 39 to the document's sums after
// the money keys of the earlier rounds (handle.go, after keyConventionsFacts);
// facts and cands are aligned. Decision 43 is applied at the cue
// (incidentReport).
func rejectionsOfferRolesConventionFacts(facts []Fact, cands []candidate, a *assembled) {
	if len(facts) != len(cands) {
		return
	}
	text := a.text
	offer := -1 // whether the text offers employment, found once if needed
	for i := range facts {
		f := &facts[i]
		at := cands[i].startIn(text)
		switch {
		case f.Type == TypeMoney:
			if k := rejectionsOfferRolesConventionMoneyKeys(f.Key, a, at); k != "" {
				f.Key, f.Label = k, moneyKeyLabel(k)
			}
		case f.Type == TypeDate && f.Key == "date" && matches(reAcceptBy, tail(text[max(0, at-200):at], 160)):
			if offer < 0 {
				offer = 0
				if reOfferEmployment.MatchString(prefixBytes(text, 1500)) {
					offer = 1
				} else if offerLetter(text) {
					offer = 2 // date_order_ordinals.go: a letter of intent or of offer
				}
			}
			if offer == 1 || offer == 2 && letterAsk(tail(text[max(0, at-200):at], 160)) {
				c := dateCueOf("valid_until") // decision 44
				f.Key, f.Label = c.key, c.label
			}
		}
	}
}

// reAcceptBy: the text before a date asks the addressee to accept,
// sign or return the letter by it ("Please sign and return a copy of
// this letter by", "confirm your acceptance no later than", "يرجى
// التوقيع على هذا الخطاب وإعادته في موعد أقصاه"). In an offer of
// employment that date is the offer's valid_until (decision 44), in any
// other letter a plain date (keys15's request sentences).
var reAcceptBy = regexp.MustCompile(`(?i)\b(?:sign|countersign|return|accept|acceptance)\b[^.;\n]{0,80}\b(?:by|before|no\s+later\s+than|on\s+or\s+before)\s*$|(?:التوقيع|توقيع|الموافقة|قبول|إعادة|إعادته|وإعادته|بإعادة)[^.؛\n]{0,80}(?:قبل|بحلول|في\s+موعد\s+أقصاه|حتى)\s*(?:تاريخ\s*)?$`)

var (
	// Decision 38: a contract's whole price stated in a sentence as its
	// total or lump-sum fee ("The total fee for the Services is OMR
	// 48,500.000", "يدفع العميل للاستشاري أتعاباً إجمالية مقطوعة قدرها",
	// "تبلغ الأتعاب الإجمالية") is the fee, not the total_amount (a
	// table's Total row) nor the contract_value.
	reTotalFee = regexp.MustCompile(`(?i)\b(?:total|lump[\s-]+sum|global|aggregate|overall|all-inclusive)\s+(?:\w+\s+){0,2}?fees?\b|\bfees?\b[^.;|]{0,40}?\blump[\s-]+sum\b|(?:أتعاب|الأتعاب|أتعابا|أتعاباً|اتعاب|الاتعاب)\s+(?:ال)?(?:إجمالية|اجمالية|مقطوعة|كلية)|(?:إجمالي|اجمالي|مجموع)\s+(?:ال)?(?:أتعاب|اتعاب)|(?:ال)?(?:أتعاب|اتعاب)[^.؛|]{0,40}?(?:مبلغ(?:اً|ا)?\s+)?مقطوع`)
	// Decision 39: the last row of a price table captioned as the
	// contract's value or price ("Total contract value / إجمالي قيمة
	// العقد", "Subcontract Price / قيمة العقد").
	reContractRow = regexp.MustCompile(`(?i)\b(?:sub-?)?contract\s+(?:value|price|sum|amount)\b|\bvalue\s+of\s+(?:the\s+)?contract\b|قيمة\s+(?:ال)?عقد`)
	// reSum: a written sum in a row ("9,600.000", "1.185.400,00",
	// "11655.50").
	reSum = regexp.MustCompile(`[0-9٠-٩]{1,3}(?:[,.٬][0-9٠-٩]{3})+(?:[.,٫][0-9٠-٩]{1,3})?|[0-9٠-٩]+[.٫][0-9٠-٩]{2,3}\b`)
)

// rejectionsOfferRolesConventionMoneyKeys: the key decisions 38 and 39 give a sum written at at, ""
// to keep its key.
func rejectionsOfferRolesConventionMoneyKeys(key string, a *assembled, at int) string {
	text := a.text
	line := lineAt(text, at)
	row := strings.Contains(line, " | ")
	switch key {
	case "total_amount", "contract_value":
		if !row && reTotalFee.MatchString(tail(sentenceBefore(text, at), 140)) {
			return "fee"
		}
	}
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	if cell := firstCell(strings.Trim(line, " |")); key == "contract_value" && row && at >= ls+strings.Index(line, " | ") && utf8.RuneCountInString(cell) <= 80 &&
		reContractRow.MatchString(cell) && ownLastRow(a, at) { // money_total_rows.go
		return "total_amount"
	}
	return ""
}

var (
	// Decision 43: the time to report an accident, an incident, a fault
	// or a breach ("report any accident or damage to the Owner within
	// twelve (12) hours", "إخطار المؤجر بأي عطل في المبنى خلال ثمان
	// وأربعين (48) ساعة", a loss "reported to the police within 24
	// hours"), or damage, a loss or a disclosure by the one who holds the
	// other's property or information, is a deadline only; a window to
	// notify a defect, a shortage, a discrepancy, a dispute or a claim,
	// or a fault under a warranty, keeps its claim_period.
	reIncident = regexp.MustCompile(`(?i)\b(?:accidents?|incidents?|faults?|breakdowns?|malfunctions?|(?:data|security)\s+breach(?:es)?|breach(?:es)?\s+of\s+(?:data|security)|injur(?:y|ies)|sickness|illness|theft|stolen|fire|leaks?|leakages?|police)\b|(?:ال)?(?:عطل|أعطال|اعطال|حادث|حوادث|إصابة|اصابة|مرض|سرقة|حريق|تسرب|شرطة)`)
	// reHolder: one who holds the other's property or information.
	reHolder = regexp.MustCompile(`(?i)\b(?:hirers?|tenants?|lessees?|charterers?|borrowers?|renters?|licensees?|occupiers?|occupants?|recipients?|receiving\s+party|employees?)\b|(?:ال)?(?:مستأجر|مستاجر|مستعير|منتفع|مرخص\s+له|متلقي|موظف|عامل)`)
	// reHolderLoss: damage to, a loss or a disclosure of what is held.
	reHolderLoss = regexp.MustCompile(`(?i)\b(?:damage[sd]?|loss(?:es)?|disclosures?)\b|تلف|ضرر|أضرار|اضرار|فقد|فقدان|إفصاح|افصاح`)
	reClaimNoun  = regexp.MustCompile(`(?i)\b(?:defects?|defective|shortages?|discrepanc(?:y|ies)|disputes?|claims?|complaints?|non-?conformit(?:y|ies)|short[\s-]deliver(?:y|ies)|wrong\s+items?|disagreements?|objections?)\b|عيب|عيوب|العيوب|نقص|النقص|اختلاف|خلاف|نزاع|اعتراض|مطالبة|مطالبات|شكوى`)
	// reWarranty: a warranty, in the sentence or the document's title.
	reWarranty = regexp.MustCompile(`(?i)\bwarrant(?:y|ies)\b|شهادة\s+(?:ال)?ضمان|ضمان\s+(?:ال)?(?:منتج|أجهزة|الأجهزة|الأعمال|المعدات)|(?:فترة|مدة)\s+(?:ال)?(?:ضمان|كفالة)`)
	// reWindowPeriodAR: "(و)في مدة لا تتجاوز" right before the
	// duration, a window.
	reWindowPeriodAR = regexp.MustCompile(`(?:^|\s|و)في\s+مدة\s+لا\s+(?:تتجاوز|تزيد\s+على|تزيد\s+عن)\s*$`)
)

// incidentReport: the duration keyed c after ctx (its clause), at at in
// text, is the time to report an incident, a deadline only (decision 43;
// durations.go drops it).
func incidentReport(c cue, ctx, text string, at int) bool {
	if c.key == "term" && reWindowPeriodAR.MatchString(ctx) && strings.Count(ctx, "مدة") == 1 {
		return true // "وفي مدة لا تتجاوز ٤٨ ساعة": the window's own noun names no term
	}
	if (c.key != "claim_period" && c.key != "term") || !reWindowBefore.MatchString(ctx) {
		return false
	}
	s := sentenceBefore(text, at)
	after := text[at:min(len(text), at+200)]
	if i := reSentenceEnd.FindStringIndex(after); i != nil {
		after = after[:i[0]]
	}
	s += after
	if !reNotifyWord.MatchString(s) || reClaimNoun.MatchString(s) {
		return false
	}
	if reHolder.MatchString(s) && reHolderLoss.MatchString(s) {
		return true
	}
	return reIncident.MatchString(s) && !reWarranty.MatchString(s) && !reWarranty.MatchString(prefixBytes(text, 600))
}

// rejectionsOfferRolesConventionParties applies the party decisions 36, 37, 41 and 42
// (handle.go, after lettersMinutesPartyRoles); facts and cands are aligned.
func rejectionsOfferRolesConventionParties(facts []Fact, cands []candidate, text, docType string) {
	if len(facts) != len(cands) {
		return
	}
	for i, f := range facts {
		if f.Type == TypeParty && (f.Role == "hirer" || f.Role == "renter") {
			setRole(facts, i, "tenant") // decision 41
		}
	}
	offerLetterRoles(facts, cands, text, docType)
	if docType == "tender" || reTenderTitle.MatchString(firstLines(text, 3)) {
		tenderAuthorRejectionsOfferRoles(facts, cands, text)
	}
	bankIssuer(facts, cands, text)
}

// firstLines: the text's first n non-empty lines.
func firstLines(text string, n int) string {
	var b strings.Builder
	for _, l := range strings.SplitN(prefixBytes(text, 1200), "\n", 40) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		b.WriteString(l)
		b.WriteByte('\n')
		if n--; n == 0 {
			break
		}
	}
	return b.String()
}

// Decision 37: the sender of an offer of employment is the employer and
// its addressee the employee, whether or not the letter uses the words
// (family L of party_roles_by_doctype.go gave them none unless it did).
var reOfferEmployment = regexp.MustCompile(`(?i)\boffer\s+of\s+employment\b|\bemployment\s+offer\b|\bjob\s+offer\b|\boffer\s+letter\b|\b(?:pleased|delighted|happy)\s+to\s+offer\s+you\b|\boffer\s+you\s+(?:the\s+)?(?:position|post|role|job|employment)\b|عرض\s+(?:عمل|وظيفي|وظيفة|توظيف)|نعرض\s+عليكِ?\s|يسرنا\s+(?:أن\s+)?(?:نعرض\s+عليكِ?\s|تعيينك)`)

// offerLetterRoles applies decision 37: the first company on the
// letter's first lines is the employer, the first person between it and
// the salutation the employee (each with its twin in the other script).
func offerLetterRoles(facts []Fact, cands []candidate, text, docType string) {
	if docType == "tender" || hasRole(facts, "employer") && hasRole(facts, "employee") {
		return
	}
	m := reOfferEmployment.FindStringIndex(prefixBytes(text, 1500))
	if m == nil {
		return
	}
	head := m[0]
	for _, re := range []*regexp.Regexp{reSalutation, reSubjectLine} {
		if h := re.FindStringIndex(text); h != nil && h[0] < head {
			head = h[0]
		}
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && cands[i].start < head && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first >= 0 && facts[first].EntityType != "person" && senderWord(facts[first].Role) && !hasRole(facts, "employer") &&
		strings.Count(text[:cands[first].start], "\n") <= 3 {
		setRole(facts, first, "employer")
		lineTwin(facts, text, cands[first].start, first)
	}
	if hasRole(facts, "employee") {
		return
	}
	pick := -1
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType != "person" || cands[i].start >= head || !addresseeWord(f.Role) {
			continue
		}
		if first >= 0 && i != first && cands[i].start < cands[first].end {
			continue
		}
		if pick < 0 || cands[i].start < cands[pick].start {
			pick = i
		}
	}
	if pick >= 0 {
		setRole(facts, pick, "employee")
		lineTwin(facts, text, cands[pick].start, pick)
	}
}

// senderWord, addresseeWord: roles a letter's frame gives its sender
// or addressee by the document's kind, which an offer of employment
// replaces.
func senderWord(role string) bool {
	switch role {
	case "", "supplier", "customer", "issuer", "sender", "company":
		return true
	}
	return false
}

func addresseeWord(role string) bool {
	switch role {
	case "", "customer", "bidder", "candidate", "addressee", "recipient":
		return true
	}
	return false
}

// Decision 36: the author of a tender, RFQ, RFP or EOI is the issuer
// whatever word the text defines for it ("تعلن بلدية ظفار (ويشار إليها
// فيما بعد بـ"الجهة المالكة")", 'X SAOC (the "Owner") invites bids',
// 'صادرة عن X (ويشار إليها بـ"الشركة")').
var (
	reAuthorBefore = regexp.MustCompile(`(?i)(?:\bissued\s+by|تعلن|تدعو|يعلن|يدعو|صادرة?\s+عن|تطرح|يطرح)\s*[:،,]?\s*$`)
	reAuthorAfter  = regexp.MustCompile(`(?i)^[\s,،]*(?:\([^()\n]{0,80}\)[\s,،]*)?(?:hereby\s+)?(?:invites?|announces?|is\s+inviting|requests?\s+(?:quotations|proposals|bids))\b`)
	authorWord     = map[string]bool{"": true, "owner": true, "employer": true, "buyer": true, "purchaser": true, "customer": true, "client": true, "company": true}
)

// tenderAuthorRejectionsOfferRoles gives issuer to a company on the tender's opening lines
// that is defined by a word of its own or introduced as the author.
func tenderAuthorRejectionsOfferRoles(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || !authorWord[f.Role] || cands[i].start > 1500 {
			continue
		}
		after := text[cands[i].end:]
		re := reIssuerDef
		if hasArabic(f.Value) {
			re = reArIssuerDef
		}
		ls := strings.LastIndexByte(text[:cands[i].start], '\n') + 1
		if reAuthorBefore.MatchString(text[ls:cands[i].start]) || reAuthorAfter.MatchString(after) || f.Role != "" && re.MatchString(after) {
			setRole(facts, i, "issuer")
		}
	}
}

// Decision 42: a bank that issues a guarantee and gives itself no role
// word ("we, Sohar Crescent Bank SAOG, ... irrevocably undertake", "نتعهد
// نحن بنك هلال صحار") is the issuer; "the Guarantor", الضامن keep
// guarantor (its duties too: rejectionsOfferRolesConventionObligations).
var (
	reGuarantorWord                = regexp.MustCompile(`\b[Tt]he\s+Guarantor\b|["“]Guarantor["”]|\bGuarantor\s*:|الضامن|الكفيل|الجهة\s+الضامنة`)
	reBankNameRejectionsOfferRoles = regexp.MustCompile(`(?i)\bbank\b|\bbanque\b|بنك|مصرف|البنك|المصرف`)
)

// guaranteeNoWord: text is a guarantee or bond whose writer has no
// role word of its own.
func guaranteeNoWord(text string) bool {
	open := prefixBytes(text, 300)
	return reGuaranteeTitleRolesByDoctype.MatchString(open) && !reContractOpening.MatchString(prefixBytes(text, 800)) && !reGuarantorWord.MatchString(text)
}

// bankIssuer gives issuer to the bank of a guarantee with no role word.
func bankIssuer(facts []Fact, cands []candidate, text string) {
	if !guaranteeNoWord(text) {
		return
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && (f.Role == "" || f.Role == "guarantor") && reBankNameRejectionsOfferRoles.MatchString(f.Value) {
			setRole(facts, i, "issuer")
		}
	}
}
