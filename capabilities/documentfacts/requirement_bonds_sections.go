package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 17, round 15 (heldout12 as development data for
// parties, obligations and requirements): requirements and the duties of
// requirement documents that earlier rounds read wrongly or not at all
// (docs/documents.md, "round 15, parties, obligations and requirements
// from heldout12").

// Class R1: an engagement or appointment letter ("ENGAGEMENT LETTER -
// TAX SERVICES", "خطاب تكليف بتقييم عقارات") confirms the terms on which
// an adviser already chosen works for its client: it selects no one, so
// its "must" and its lists are duties and terms, never requirements, as
// a contract's are (requirementContext's binding documents).
var reEngagementTitle = regexp.MustCompile(`(?i)\bengagement\s+letter\b|\bletter\s+of\s+(?:engagement|appointment)\b|\bappointment\s+letter\b|(?:خطاب|رسالة|كتاب)\s+(?:ال)?(?:تكليف|تعيين\s+مستشار|ارتباط)`)

// engagementLetter: the opening of text titles it an engagement letter.
func engagementLetter(text string) bool {
	return reEngagementTitle.MatchString(prefixBytes(text, 800))
}

// Class R2: the lead-in of a documents list whose verb is to upload
// ("Each applicant shall upload the following documents:", "Bidders must
// upload:"): a portal's word for submit, which reBidContentLead knows.
var reUploadLead = regexp.MustCompile(`(?i)\b(?:each|every|all|the)?\s*(?:applicants?|candidates?|bidders?|tenderers?|suppliers?)\s+(?:must|shall|should)\s+(?:upload|furnish|hand\s+in)\b|(?:يجب|يتعين)\s+(?:على\s+\S+\s+)?(?:تحميل|رفع)\s+(?:المستندات|الوثائق)`)

// Class R3: a heading that is itself the lead-in of the documents a bid
// must hold ("3. Your quotation must include", "What each application
// must contain") opens a documents section in a selecting document, as
// "Required documents" does; a lead-in line ending in a colon is read as
// before (requirements.go's sections).
func bidContentHeading(h string) bool {
	h = strings.TrimSpace(h)
	return !strings.HasSuffix(h, ".") && !strings.HasSuffix(h, ":") && !strings.HasSuffix(h, "：") && reBidContentLead.MatchString(h)
}

// Class R4: a heading that names the conditions the one bidding must meet
// ("الشروط الواجب توفرها في مقدم العرض", "Conditions to be met by the
// applicant") is a requirements section, in a tender too.
var reBidderConditionsHeading = regexp.MustCompile(`(?i)\bconditions?\s+(?:to\s+be\s+(?:met|fulfilled|satisfied)|that\s+(?:must|shall)\s+be\s+(?:met|fulfilled))\s+by\s+(?:the\s+|each\s+)?(?:bidders?|tenderers?|applicants?|suppliers?|candidates?|consultants?|contractors?)\b|(?:ال)?شروط\s+(?:الواجب|اللازم|المطلوب)\s*(?:توفرها|توافرها|تحققها)?\s+(?:في|لدى)\s+(?:ال)?(?:مناقص|متناقص|متنافس|متقدم|مرشح|مورد|مقدم\s+(?:ال)?(?:عرض|عطاء|طلب)|مقدمي\s+(?:ال)?(?:عروض|عطاءات|طلبات))`)

// bondSections is the section a heading opens for requirements under
// classes R3 and R4 ("" when neither applies).
func bondSections(h string, ctx reqContext) string {
	if !ctx.selecting || inRequirementSection(h) {
		return ""
	}
	if reBidderConditionsHeading.MatchString(h) || bidContentHeading(h) {
		return tenderMark + h
	}
	return ""
}

// Class R5: a money table under a requirements heading of fees, a rent,
// a cash deposit ("رسم الاشتراك في طلب العروض (غير مسترد) | ٢٠٫٠٠٠",
// "إيجار المقصف الشهري (حد أدنى) | ٤٥٠٫٠٠٠", "Refundable cash deposit |
// 1,500.000"): what the winner will pay, money, no condition to meet; a
// bond or a guarantee in it stays a financial requirement. So is a
// ceiling on a price ("ويجب ألا يتجاوز سعر الوجبة ٠٫٨٥٠ ر.ع.", "The price
// of a meal shall not exceed OMR 0.850"), a limit on what is sold.
var (
	reMoneyRow     = regexp.MustCompile(`(?i)^(?:(?:participation|registration|entry|application)\s+fees?|(?:monthly\s+|annual\s+|minimum\s+)*(?:rent|rental|concession\s+fee)|(?:refundable\s+)?(?:cash\s+)?(?:security\s+)?deposit)\b|^(?:(?:رسم|رسوم|ثمن)\s+(?:ال)?(?:اشتراك|مشاركة|دخول|تسجيل|وثائق|كراسة)|(?:ال)?إيجار|(?:ال)?أجرة|(?:ال)?تأمين\s+(?:ال)?نقدي)(?:\s|$)`)
	rePriceCeiling = regexp.MustCompile(`(?i)(?:يجب\s+ألا|يجب\s+أن\s+لا|لا\s+يجوز\s+أن)\s+(?:يتجاوز|يزيد)\s+(?:ال)?(?:سعر|أسعار|ثمن)|\b(?:price|prices|charge|charges)\b[^.;]{0,60}\b(?:shall|must)\s+not\s+exceed\b`)
)

// moneyNoCondition: requirement text t is one of class R5.
func moneyNoCondition(t string) bool {
	t = strings.TrimSpace(t)
	t = t[leadingNumber(t):]
	t = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "و"))
	if rePriceCeiling.MatchString(t) {
		return true
	}
	return reMoneyRow.MatchString(t) && !reBondWords.MatchString(t)
}

// Class R6: owning or chartering the plant the work needs ("must own or
// have under long-term charter a cutter suction dredger", "يجب أن يمتلك
// المتقدم أو يستأجر ... جرافة", "must own at least two mobile cranes"):
// technical, as round 14 reads owning a store or a plant.
var reOwnsPlant = regexp.MustCompile(`(?i)\b(?:own|owns|possess|have\s+under\s+(?:a\s+)?(?:long-term\s+)?(?:charter|lease)|lease|charter)\b[^.;]{0,60}\b(?:dredgers?|vessels?|barges?|tugs?|cranes?|excavators?|trucks?|tankers?|fleet|machinery|equipment|plant|rigs?|boats?|aircraft)\b|(?:يمتلك|تمتلك|يملك|تملك|يستأجر|تستأجر)\s+[^.؛]{0,60}(?:جرافة|جرافات|سفينة|سفن|رافعة|رافعات|معدات|آليات|شاحنات|أسطول|قوارب|حفارات)`)

// bondsSectionsCategories: class R6 over the category read before.
func bondsSectionsCategories(t, cat string) string {
	if cat == "eligibility" && reOwnsPlant.MatchString(t) {
		return "technical"
	}
	return cat
}

// dropMoneyRows removes the requirements of class R5.
func (x *clauseExtractor) dropMoneyRows() {
	kept := x.reqs[:0]
	for _, r := range x.reqs {
		if moneyNoCondition(r.r.Requirement) {
			continue
		}
		kept = append(kept, r)
	}
	x.reqs = kept
}

// Class R7: a condition whose sentence adds, after a semicolon, the proof
// asked for it ("Furniture must meet BIFMA or EN 1335 standards; test
// certificates are required.", "...؛ ويجب تقديم ما يثبت ذلك"): one
// requirement, the condition; the proof is no requirement of its own.
var reProofClause = regexp.MustCompile(`(?i)^(?:and\s+)?(?:(?:test|the|valid|relevant|supporting|copies\s+of\s+(?:the\s+)?)\s*)?(?:[a-z-]+\s+){0,2}(?:certificates?|evidence|proof|reports?|documents?|documentation)\s+(?:is|are|shall\s+be|must\s+be)\s+(?:required|submitted|provided|attached)\.?$|^(?:و)?(?:يجب|يتعين)\s+(?:تقديم|إرفاق)\s+ما\s+يثبت\s+ذلك\.?$`)

// dropProofClauses removes the requirements of class R7: a proof clause
// that follows another requirement of its sentence after a semicolon.
func (x *clauseExtractor) dropProofClauses() {
	kept := x.reqs[:0]
	for i, r := range x.reqs {
		if i > 0 && reProofClause.MatchString(strings.TrimSpace(r.r.Requirement)) {
			prev := x.reqs[i-1]
			if prev.end <= r.start && r.start-prev.end <= 4 && strings.Trim(x.a.text[prev.end:r.start], " ;؛") == "" && strings.ContainsAny(x.a.text[max(0, prev.end-1):r.start], ";؛") {
				continue
			}
		}
		kept = append(kept, r)
	}
	x.reqs = kept
}

// Class R8: a bond named twice, as a document in the documents list
// ("كفالة بنكية أولية (ضمان ابتدائي)." under المستندات المطلوبة) and as
// a financial requirement of its own (a row "الضمان الابتدائي | ٢٥٬٢٠٠"
// of the bonds table, a sentence): the list's item is the document to
// enclose, documentation, the other the financial condition (round 13
// reads a bond the list alone names as financial, and still does).
var (
	reBidBondKind  = regexp.MustCompile(`(?i)\b(?:bid|tender)\s+(?:bond|security|guarantee)\b|ابتدائي|أولي|مؤقت|ضمان\s+(?:ال)?عطاء|كفالة\s+(?:ال)?عطاء`)
	rePerfBondKind = regexp.MustCompile(`(?i)\bperformance\s+(?:bond|security|guarantee)\b|حسن\s+(?:ال)?تنفيذ|نهائي`)
)

// bondKind: "bid", "performance" or "" for a bond's words.
func bondKind(t string) string {
	switch {
	case rePerfBondKind.MatchString(t):
		return "performance"
	case reBidBondKind.MatchString(t):
		return "bid"
	}
	return ""
}

// listedBonds applies class R8.
func (x *clauseExtractor) listedBonds() {
	for i := range x.reqs {
		r := &x.reqs[i]
		k := bondKind(r.r.Requirement)
		if r.r.Category != "financial" || k == "" || !docSection(r.section) {
			continue
		}
		for _, o := range x.reqs {
			if o.start != r.start && o.r.Category == "financial" && !docSection(o.section) && bondKind(o.r.Requirement) == k {
				r.r.Category = "documentation"
				break
			}
		}
	}
}

// Class R9: the validity a bond must keep ("يجب أن يكون الضمان الابتدائي
// سارياً لمدة تسعين يوماً", "The bid bond shall remain valid for 90
// days") is the bond's term, no condition to meet, as a bid's validity is
// none (notACondition).
var reBondValidity = regexp.MustCompile(`(?i)\b(?:bid|tender|performance)\s+(?:bond|security|guarantee)\s+(?:shall|must|will|should)\s+(?:remain\s+|be\s+)?valid\b|(?:يظل|تظل|يبقى|تبقى|تكون|يكون)\s+(?:ال)?(?:ضمان|كفالة)[^.،؛]{0,30}?\s+(?:ساري|سارية|سارياً|ساريا|صالح|صالحاً|صالحة)(?:\s|$)`)

// reOfferMaker: the one making an offer, in the Arabic of an RFP
// ("مقدم العرض", "مقدمي العروض"): who bids, for goodsSpec.
var reOfferMaker = regexp.MustCompile(`مقدم\s+(?:ال)?(?:عرض|عطاء|طلب)|مقدمي\s+(?:ال)?(?:عروض|عطاءات|طلبات)`)

// Class O2: what the bid, application or quotation must hold ("Each
// expression of interest must include:", "Each quotation must include
// the priced schedule", "Applications shall contain") is a duty naming no
// party (an obligation "-"), as the labels of dev6, heldout9 to heldout12
// read the document-list sentence, besides its requirements; "include"
// is otherwise a verb of state when its subject is no party ("The
// services shall include cleaning").
var reBidHolds = regexp.MustCompile(`(?i)(?:^|\s)(?:each|every|all|the|your|any)?\s*(?:applications?|quotations?|bids?|offers?|proposals?|submissions?|tenders?|expressions?\s+of\s+interest|eois?)\s*$`)

// bidHolds: subj is a bid's noun and after opens with include or contain.
func bidHolds(subj, after string) bool {
	a := strings.ToLower(strings.TrimSpace(after))
	return (strings.HasPrefix(a, "include") || strings.HasPrefix(a, "contain")) && reBidHolds.MatchString(subj)
}
