package documentfacts

import (
	"regexp"
	"strings"
)

// Round 21 of money keys (issue 29, session 21, third pass; table tests
// in money_consideration_dues_test.go). Each rule states what a sum is of, read on the dev
// sets' money misses and on the families the unopened sets showed:
//
//   - MK: the consideration of a deed or contract ("In consideration of
//     OMR 18,750.000", "for a total consideration of", "مقابل مبلغ
//     إجمالي قدره") and a sentence stating the contract's total ("The
//     total contract amount is", "the total amount of this Agreement",
//     "يبلغ المبلغ الإجمالي للعقد") are the `contract_value`, not an
//     `amount` or a priced document's `total_amount`; so are the sum a
//     contract is awarded or a bid accepted for ("awarded to you for a
//     total sum of", ترسية المناقصة عليكم بمبلغ) and the estimated value
//     of a project, tender or contract (القيمة التقديرية للمشروع); a sum
//     due every period keeps its key.
//   - ME: a statement of end-of-service dues (gratuity, leave encashment,
//     notice pay, a loan deducted, the net due; مكافأة نهاية الخدمة، بدل
//     رصيد الإجازات، يخصم، صافي المستحق) lists `amount`s, not unit prices,
//     allowances, discounts or a subtotal; the month's salary row keeps
//     `salary`.
//   - MF: a bidder's or applicant's financial threshold (credit
//     facilities, turnover, net worth, working capital; تسهيلات ائتمانية،
//     حجم الأعمال), a budget (indicative budget, الميزانية التقديرية) and
//     the share capital of a company the parties are to form (رأس المال
//     of a joint venture) are an `amount`, not a rate row's `price`, a
//     `fee`, `share_capital` (a company's own, as its profile states it)
//     or a `liability_cap` that "limited liability" in the company's
//     form suggests.
//   - MR: a loan or advance repaid by deductions from salary ("equal
//     monthly deductions of KWD 200.000", يستقطع قسط السلفة) and costs
//     reimbursed up to a cap ("reimburse the documented mobilisation
//     costs up to OMR 20,000.000", بتعويض المقاول عن تكاليف التعبئة بما لا
//     يتجاوز) are an `amount`, not the `penalty_amount` that a deduction
//     or a breach in the sentence suggests.

// considerationDuesMoneyKeys re-keys money facts after sharesTwinsMoneyKeys (handle.go).
// facts and cands run in parallel.
func considerationDuesMoneyKeys(facts []Fact, cands []candidate, text, docType string) {
	if len(facts) != len(cands) {
		return
	}
	eos := reEOSDoc.MatchString(text)
	for i, f := range facts {
		if f.Type != TypeMoney {
			continue
		}
		at := cands[i].startIn(text)
		if k := considerationDuesMoneyKey(f, text, at, docType, eos); k != "" && k != f.Key {
			facts[i].Key, facts[i].Label = k, moneyLabel(k)
		}
	}
}

// considerationDuesMoneyKey: the key money fact f at byte at of text takes, or "" to keep
// it; eos says the text is about end-of-service dues.
func considerationDuesMoneyKey(f Fact, text string, at int, docType string, eos bool) string {
	sent := moneySentence(text, at)
	near := tail(sent, 90)
	lead := rowLead(text, at)
	row := strings.Contains(lineAt(text, at), " | ") || strings.Contains(lead, "|")
	switch {
	case f.Key == "share_capital" && reNewCompany.MatchString(sent) && !reFormedCompany.MatchString(sent), (f.Key == "liability_cap" || f.Key == "price" || f.Key == "total_amount") && reCapital.MatchString(tail(sent, 40)):
		// MF: the capital of a company the parties are to form (a
		// company's own capital in its profile stays `share_capital`);
		// the capital of a limited liability company, not a cap.
		return "amount"
	case (f.Key == "price" || f.Key == "fee" || f.Key == "total_amount" || f.Key == "contract_value") && reFinancialThreshold.MatchString(near):
		// MF: what an applicant must show it has.
		return "amount"
	case (f.Key == "price" || f.Key == "fee" || f.Key == "total_amount") && reBudgetConsiderationDues.MatchString(near):
		// MF: a budget.
		return "amount"
	case eos && (f.Key == "price" || f.Key == "allowance" || f.Key == "fee" || f.Key == "total_amount" || f.Key == "subtotal" || f.Key == "net_amount" || f.Key == "discount" || f.Key == "penalty_amount"):
		if k := endOfServiceKey(f.Key, text, at, lead, near); k != "" {
			return k
		}
	}
	if (f.Key == "penalty_amount" || f.Key == "salary") && reLoanRepay.MatchString(sent) || f.Key == "penalty_amount" && reReimburse.MatchString(tail(sent, 200)) {
		// MR: a loan repaid by deductions from salary, or costs
		// reimbursed up to a cap, is no penalty.
		return "amount"
	}
	if f.Frequency != "" || docType == "invoice" || docType == "quotation" || docType == "purchase_order" {
		return ""
	}
	switch {
	case (f.Key == "amount" || f.Key == "total_amount" || f.Key == "price") && reConsideration.MatchString(near):
		// MK: a consideration.
		return "contract_value"
	case (f.Key == "amount" || f.Key == "total_amount") && !row && reContractTotal.MatchString(near):
		// MK: the contract's total, stated in a sentence.
		return "contract_value"
	case (f.Key == "amount" || f.Key == "total_amount") && reAwardSumConsiderationDues.MatchString(near):
		// MK: the sum a contract is awarded or a bid accepted for.
		return "contract_value"
	case (f.Key == "amount" || f.Key == "total_amount" || f.Key == "price") && reEstimatedValue.MatchString(tail(near, 60)):
		// MK: the estimated value of a project, tender or contract.
		return "contract_value"
	}
	return ""
}

// endOfServiceKey: ME's key for a sum keyed key on a row led by lead
// (near: the words before it in its sentence), or "".
func endOfServiceKey(key, text string, at int, lead, near string) string {
	switch {
	case reEOSItem.MatchString(lead):
		return "amount"
	case reNetDueConsiderationDues.MatchString(lead) || reNetDueConsiderationDues.MatchString(tail(near, 50)):
		return "amount"
	case reDeductionLead.MatchString(lead) && reEOSItem.MatchString(blockAbove(text, at, 12)):
		return "amount"
	}
	return ""
}

var (
	// reConsideration: a consideration named right before a sum.
	reConsideration = regexp.MustCompile(`(?i)\b(?:in|for|as)\s+(?:a\s+|the\s+)?(?:total\s+|aggregate\s+)?consideration\s+(?:of|for)\s+(?:(?:the\s+)?(?:payment|sum|amount)\s+(?:by\s+[^,.;]{1,50}?\s+)?of\s+)?(?:the\s+sum\s+of\s+)?$|\b(?:total\s+)?consideration\s+(?:for\s+[^,.;]{1,60}?\s+)?(?:is|shall\s+be|of|amounting\s+to)\s+(?:the\s+sum\s+of\s+)?$|(?:^|\s)(?:في\s+|ب)?مقابل\s+(?:مبلغ|ثمن|مقابل\s+مالي)\s+(?:إجمالي\s+|مقطوع\s+|اجمالي\s+)?(?:و?قدره\s+)?$`)
	// reContractTotal: the total of the contract or agreement named
	// right before a sum.
	reContractTotal = regexp.MustCompile(`(?i)\btotal\s+(?:sub)?(?:contract|agreement)\s+(?:amount|sum|value|price)\b[^.;:|]{0,30}$|\btotal\s+(?:estimated\s+)?(?:amount|value|sum|price)\s+(?:of|under)\s+(?:this|the)\s+(?:sub)?(?:contract|agreement)\b[^.;:|]{0,30}$|(?:المبلغ|القيمة)\s+(?:ال)?(?:إجمالي|اجمالي|إجمالية|اجمالية)(?:\s+(?:ال)?تقديري(?:ة)?)?\s+(?:لل|ل)(?:عقد|اتفاقية|هذه\s+الاتفاقية|هذا\s+العقد)[^.؛:|]{0,30}$|(?:إجمالي|اجمالي)\s+(?:مبلغ|قيمة)\s+(?:العقد|الاتفاقية|هذا\s+العقد|هذه\s+الاتفاقية)[^.؛:|]{0,30}$`)
	// reAwardSumConsiderationDues: a contract awarded or a bid accepted for the sum
	// after it.
	reAwardSumConsiderationDues = regexp.MustCompile(`(?i)\bawarded\b[^.;]{0,80}?\b(?:for|at)\s+(?:a|an|the)?\s*(?:total\s+|lump[\s-]+sum\s+)?(?:sum|amount|price|value|consideration)\s+of\s+$|\baccept(?:s|ed)?\s+(?:your|the)\s+(?:bid|offer|tender|quotation|proposal)\b[^.;]{0,60}?\b(?:in|for)\s+the\s+(?:total\s+)?(?:amount|sum)\s+of\s+$|ترسية[^.؛]{0,80}?(?:بمبلغ|بقيمة)\s+(?:إجمالي(?:ة)?\s+|اجمالي(?:ة)?\s+)?(?:و?قدره(?:ا)?\s+)?$`)
	// reEstimatedValue: the estimated value of a project, tender or
	// contract named right before a sum.
	reEstimatedValue = regexp.MustCompile(`(?i)\bestimated\s+(?:project|contract|tender|works)\s+value\b[^.;|]{0,20}$|\bestimated\s+value\s+of\s+(?:the|this)\s+(?:project|contract|tender|works|agreement)\b[^.;|]{0,30}$|(?:ال)?قيمة\s+(?:ال)?تقديرية\s+(?:لل|ل)(?:مشروع|عقد|مناقصة|أعمال|اعمال)[^.؛|]{0,20}$`)
	// reLoanRepay: a loan or an advance repaid, in a sentence.
	reLoanRepay = regexp.MustCompile(`(?i)\b(?:loan|salary\s+advance|advance)\b[^.;]{0,80}\b(?:repaid|repay|repayment|instal(?:l)?ments?|deductions?)\b|\b(?:repaid|repayment|deductions?)\b[^.;]{0,80}\b(?:loan|advance)\b|(?:القرض|قرض|السلفة|سلفة)[^.؛]{0,80}(?:يسدد|تسدد|سداد|أقساط|اقساط|قسط|استقطاع|يستقطع|تستقطع|خصم|يخصم)|(?:يسدد|تسدد|سداد|أقساط|يستقطع|تستقطع|استقطاع)[^.؛]{0,80}(?:القرض|قرض|السلفة|سلفة)`)
	// reReimburse: costs reimbursed, named before a sum.
	reReimburse = regexp.MustCompile(`(?i)\breimburs\w*\b[^.;]{0,80}\b(?:costs?|expenses?)\b[^.;]{0,40}$|(?:تعويض|يعوض|تعوض|بتعويض|رد|برد)[^.؛]{0,40}(?:تكاليف|مصاريف|نفقات)[^.؛]{0,60}$`)
	// reEOSDoc: end-of-service dues named in a text.
	reEOSDoc = regexp.MustCompile(`(?i)\bend[\s-]+of[\s-]+service\s+(?:gratuity|benefits?|indemnity|award|dues|settlement)\b|\bgratuity\b|\bfinal\s+settlement\b|مكافأة\s+نهاية\s+الخدمة|مكافاة\s+نهاية\s+الخدمة|مستحقات\s+نهاية\s+الخدمة|مخالصة\s+نهائية`)
	// reEOSItem: a row of end-of-service dues.
	reEOSItem = regexp.MustCompile(`(?i)\bgratuity\b|\bend[\s-]+of[\s-]+service\b|\bleave\s+(?:encashment|salary|pay|balance)\b|\b(?:unused|untaken|accrued|outstanding)\s+(?:annual\s+)?leave\b|\bpay(?:ment)?\s+in\s+lieu\s+of\s+notice\b|\bnotice\s+pay\b|نهاية\s+الخدمة|(?:بدل|رصيد)\s+(?:رصيد\s+)?(?:ال)?إجاز|(?:بدل|رصيد)\s+(?:رصيد\s+)?(?:ال)?اجاز|بدل\s+(?:ال)?إنذار|بدل\s+(?:ال)?انذار|مهلة\s+الإخطار`)
	// reNetDueConsiderationDues: the net sum due to an employee who leaves.
	reNetDueConsiderationDues = regexp.MustCompile(`(?i)\bnet\s+(?:amount\s+)?(?:due|payable|settlement|dues|entitlement)\b|\bnet\s+amount\s+payable\b|\btotal\s+(?:dues|entitlements?)\b|صافي\s+(?:ال)?(?:مستحق|مستحقات|المبلغ\s+المستحق)|إجمالي\s+(?:ال)?مستحقات|اجمالي\s+(?:ال)?مستحقات`)
	// reDeductionLead: a row deducting a sum (a loan, an advance).
	reDeductionLead = regexp.MustCompile(`(?i)^(?:\(?\s*less\b|deduct|minus\b|loan\b|advance\b|salary\s+advance\b|recovery\b)|^(?:يخصم|يطرح|خصم|ناقص|سلفة|رصيد\s+السلف|السلفة)`)
	// reCapital: a company's capital named right before a sum.
	reCapital = regexp.MustCompile(`(?i)\b(?:share|paid[\s-]+up|authori[sz]ed|registered|issued)\s+capital\s+(?:of\s+|is\s+|shall\s+be\s+|amounting\s+to\s+)?[^.;:|]{0,12}$|رأس\s*(?:ال)?مال(?:\s+\S+){0,4}\s*$|راس\s*(?:ال)?مال(?:\s+\S+){0,4}\s*$`)
	// reNewCompany: a company the parties are to form, named in a
	// sentence.
	reNewCompany = regexp.MustCompile(`(?i)\bjoint\s+venture\b|\b(?:form|establish|incorporate|set\s+up|create)\b[^.;]{0,60}\b(?:company|entity|vehicle)\b|\bnew\s+company\b|\bNewCo\b|تأسيس|الشركة\s+المشتركة|شركة\s+مشتركة|الشركة\s+المزمع`)
	// reFormedCompany: a company formed already ("was established in
	// 2005 as a limited liability company").
	reFormedCompany = regexp.MustCompile(`(?i)\b(?:was|were|been|is)\s+(?:established|incorporated|formed|set\s+up|created|registered)\b|تأسست|أسست|(?:تم|وتم)\s+تأسيس`)
	// reFinancialThreshold: an applicant's financial capacity named
	// before a sum.
	reFinancialThreshold = regexp.MustCompile(`(?i)\b(?:credit|banking|bank|overdraft)\s+(?:facilit(?:y|ies)|lines?)\b|\bline\s+of\s+credit\b|\b(?:annual\s+|average\s+)?(?:turnover|net\s+worth|working\s+capital|liquid\s+assets|financial\s+capacity)\b|تسهيلات\s+(?:ائتمانية|بنكية|مصرفية)|حجم\s+(?:ال)?(?:أعمال|اعمال|مبيعات)|رقم\s+(?:ال)?(?:أعمال|اعمال)|صافي\s+(?:ال)?(?:أصول|اصول|حقوق\s+الملكية|القيمة)|رأس\s+(?:ال)?مال\s+(?:ال)?عامل|(?:ال)?ملاءة\s+(?:ال)?مالية`)
	// reBudgetConsiderationDues: a budget named before a sum.
	reBudgetConsiderationDues = regexp.MustCompile(`(?i)\b(?:indicative|estimated|approved|allocated|available|maximum|target)\s+budget\b|\bbudget\s+(?:of|is|for)\b|\bbudget\s*(?:/[^:]{0,40})?:\s*$|(?:ال)?(?:ميزانية|موازنة)\s+(?:ال)?(?:تقديرية|معتمدة|متاحة|مخصصة|استرشادية)`)
)
