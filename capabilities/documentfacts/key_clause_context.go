package documentfacts

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Round 11 (issue 29, session 15): keys by what a date, sum or period is
// of, read from the clause around it rather than a label beside it
// (docs/documents.md, "Issue 29, session 15: round 11, keys from
// heldout8").

// clauseContextDateKeys re-keys a date fact from its line and clause: a date that
// ends a signing line is the date of signing; a place-and-date line at
// the top of an agreement is its date; a date a sum is due by is a due
// date; the end of a period stated as "end on" is its expiry.
func (x *extractor) clauseContextDateKeys(f *Fact, t string, base, ms, me int, prev, headerCells string) {
	switch f.Key {
	case "date", "agreement_date", "document_date", "issue_date", "invoice_date":
		if x.signLineDate(t, base, ms, me, headerCells) {
			f.Key, f.Label, f.Role, f.Method = "signature_date", "Signature date", "signature", "pattern"
			return
		}
	}
	ctx := dateCtxBefore(t, ms, prev) // date_wrapped_line.go
	if f.Key != "date" && matches(reYourDocDatedAR, ctx) {
		// "بالإشارة إلى طلبكم المؤرخ في 27 سبتمبر": the date of the
		// other side's request or letter, a plain date (as "your enquiry
		// dated" is in English).
		f.Key, f.Label, f.Role = "date", "Date", ""
		return
	}
	clause := sentenceClause(t, ms, prev)
	// The windows rounds 12 to 16 read, cut once for the date.
	w := dateWindows{ctx: ctx, clause: clauseHireSignBlocks(t, ms, prev), line: dateLineBefore(t, ms)}
	defer x.orderOrdinalsDateKeys(f, w)                            // date_order_ordinals.go, after round 23
	defer x.otherDocumentsDateKeys(f, t, base, ms, headerCells, w) // key_other_documents.go, after round 22
	defer x.tenderDaysDateKeys(f, w)                               // key_tender_days.go, after round 21
	defer x.guaranteesPaperworkDateKeys(f, base, w)                // key_guarantees_paperwork.go, after round 20
	defer x.workCompletionDateKeysHook(f, t, base, ms, me, w)      // date_work_completion.go, after round 19
	defer func() {                                                 // date_lapses_twins.go, after conv19
		if k := lapsesTwinsDateKeys(f, t, ms, me, w); k != "" {
			if x.dateKeysByStart == nil {
				x.dateKeysByStart = map[int]string{}
			}
			x.dateKeysByStart[base+ms] = k
		}
	}()
	defer x.signingBondsConventionDateKeys(f, t, ms, me, base+ms, w) // convention_signing_bonds.go, after conv19
	defer x.bondsParentDatesConventionDateKeys(f, ctx)               // convention_bonds_parent_dates.go, after round 16
	defer labelFamiliesDateKeys(f, t, ms, me, w, x.a.text)           // key_label_families.go, after round 15
	// key_bare_currency_rows.go, after rounds 12 and 14:
	defer bareCurrencyRowsDateKeys(f, t, ms, me, w, x.a.text, x.title)
	defer rowsDayRangesDateKeys(f, t, ms, me, w) // key_rows_day_ranges.go, after round 12
	defer hireSignBlocksDateKeys(f, ctx, w.clause, base < x.topEnd, x.title != "agreement" && x.hireDoc)
	switch f.Key {
	case "date", "document_date":
		if base < x.topEnd && topPlaceDate(t, ms, me) {
			// "Doha, 7 January 2026", "Ref. GBR/RA/2026/007 — Kuwait, 5
			// January 2026" at the head of an agreement: where and
			// when it was made.
			switch x.title {
			case "agreement":
				f.Key, f.Label, f.Role = cueAgreementDate.key, cueAgreementDate.label, cueAgreementDate.role
			case "invoice":
				f.Key, f.Label, f.Role = cueInvoiceDate.key, cueInvoiceDate.label, cueInvoiceDate.role
			default:
				f.Key, f.Label, f.Role = cueDocumentDate.key, cueDocumentDate.label, cueDocumentDate.role
			}
			return
		}
	}
	switch f.Key {
	case "date":
		switch {
		case matches(reIssuedAt, ctx) || issuedByLine(t, ms):
			// "Issued at Muscat on 18 March 2026": a certificate's,
			// a policy's or a letter's date of issue.
			f.Key, f.Label, f.Role = cueIssueDate.key, cueIssueDate.label, cueIssueDate.role
		case matches(reDeadlinePrep, ctx) && matches(reCompleteWorks, clause):
			// "shall complete the Works and commission the Plant no
			// later than", "complete the transition ... no later than".
			f.Key, f.Label, f.Role = cueCompletionDate.key, cueCompletionDate.label, cueCompletionDate.role
		case matches(reDeadlinePrep, ctx) && sumDueBy(clause):
			// "(b) QAR 325,000.00 no later than 1 October 2026",
			// "instalments of OMR 93,750.000 each, the first no later
			// than": the date a sum is due.
			c := dateCueOf("due_date")
			f.Key, f.Label, f.Role = c.key, c.label, c.role
		case matches(reOnDate, ctx) && matches(reDeliverVerb, clause):
			// "The Seller shall deliver the Equipment ... on 10 July
			// 2026": the day of delivery.
			c := dateCueOf("delivery_date")
			f.Key, f.Label, f.Role = c.key, c.label, c.role
		}
	case "delivery_date":
		if at := lastMatch(reCompleteWorks, clause); at >= 0 && !hasArabic(clause) && !matches(reSupplyVerb, clause[at:]) {
			f.Key, f.Label, f.Role = cueCompletionDate.key, cueCompletionDate.label, cueCompletionDate.role
		}
	case "effective_date":
		if matches(reEndsOn, ctx) {
			// "The services start on 1 May 2026 and end on 30 April
			// 2028": the second date ends the period.
			f.Key, f.Label, f.Role = cueExpiryDate.key, cueExpiryDate.label, cueExpiryDate.role
		}
	case "expiry_date":
		if matches(reAccountingYear, clause) && !matches(reAgreementNoun, clause[max(0, lastMatch(reAccountingYear, clause)):]) {
			// "وتنتهي السنة المالية الأولى في ٣١ ديسمبر", "the first
			// financial year ends on": a year's end, not the contract's.
			f.Key, f.Label, f.Role = "date", "Date", ""
		}
	case "issue_date":
		if x.title == "agreement" && matches(reDrawnUp, ctx) {
			// "حرر في مدينة الرياض ... الموافق": a contract drawn up
			// on a day is made on it.
			f.Key, f.Label, f.Role = cueAgreementDate.key, cueAgreementDate.label, cueAgreementDate.role
		}
	}
}

var (
	reIssuedAt      = regexp.MustCompile(`(?i)\bissued\s+(?:at|in)\s+\p{L}[\p{L} '’-]{1,30}?\s+on\s*$|\bissued\s+on\s*$|(?:^|\n)\s*issued\s+by\s+[^.;\n]{3,160}?,?\s+on\s*$`)
	reCompleteWorks = regexp.MustCompile(`(?i)\bcomplet(?:e|es|ed|ion\s+of)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:works|plant|project|construction|transition)\b|(?:إنجاز|انجاز|استكمال|إتمام|اتمام)\s+(?:جميع\s+)?(?:الأعمال|الاعمال|المشروع|أعمال|اعمال)`)
	reSumInClause   = regexp.MustCompile(`(?:\b[A-Z]{3}|ر\.ع\.?|ريال|درهم|دينار)\s*` + D + `[\d٠-٩,٬.٫]*|` + D + `[\d٠-٩,٬.٫]*\s*(?:[A-Z]{3}\b|ر\.ع|ريال|درهم|دينار)|(?i:\binstal?ments?\b|\bbalance\b)|القسط|الأقساط|أقساط|باقي\s+الثمن|الرصيد|الدفعة`)
	// reVerbAfterSum: a verb of another action after the sum ("KWD
	// 50,000.000 and shall provide a copy ... before").
	reVerbAfterSum   = regexp.MustCompile(`(?i)\b(?:shall|will|must|may|to)\s+\p{L}`)
	reSupplyVerb     = regexp.MustCompile(`(?i)\b(?:deliver\w*|suppl\w+|install\w*|ship\w*|dispatch\w*)\b`)
	reOnDate         = regexp.MustCompile(`(?i)\bon\s*$`)
	reDeliverVerb    = regexp.MustCompile(`(?i)\b(?:shall|will|must|to)\s+(?:\w+\s+)?(?:deliver|hand\s+over|ship|dispatch)\b`)
	reEndsOn         = regexp.MustCompile(`(?i)\b(?:ends?|ending|expires?|expiring|terminates?)\s+(?:on\s+)?$`)
	reAccountingYear = regexp.MustCompile(`(?i)\b(?:financial|fiscal|accounting)\s+year\b|السنة\s+المالية`)
	reYourDocDatedAR = regexp.MustCompile(`(?:طلبكم|طلبك|خطابكم|خطابك|كتابكم|رسالتكم|استفساركم|استفسارکم|أمركم|عرضكم)\s+(?:رقم\s+\S+\s+)?(?:المؤرخ|المؤرخة|المؤرخين|بتاريخ)\s*(?:في\s*)?$`)
	reDrawnUp        = regexp.MustCompile(`(?:^|\s)(?:حرر|حررت|تحرر|تحريراً|تحريرا)\s`)
)

// dateWindows are the text windows before a date that the later rounds
// read: ctxBefore, clauseHireSignBlocks and dateLineBefore of it, cut once per date
// rather than once per round (issue 34).
type dateWindows struct {
	ctx, clause, line string
}

// sentenceClause: the sentence before t[ms] (back to a full stop, a
// semicolon or the block's start).
func sentenceClause(t string, ms int, prev string) string {
	clause := tail(t[:ms], 2*cueWindow)
	if locs := findAllIndexAt(reClauseStop, clause); len(locs) > 0 { // findat.go
		return clause[locs[len(locs)-1][0]+1:]
	}
	if len(clause) < 2*cueWindow && prev != "" && continuesLine(prev, t) {
		// A sentence wrapped over lines: its start is in the line
		// before.
		p := tail(prev, 2*cueWindow-len(clause))
		if locs := reClauseStop.FindAllStringIndex(p, -1); len(locs) > 0 {
			p = p[locs[len(locs)-1][0]+1:]
		}
		clause = p + " " + clause
	}
	return clause
}

// sumDueBy: the clause before a deadline names a sum or an instalment,
// and no other action after it.
func sumDueBy(clause string) bool {
	at := lastMatch(reSumInClause, clause)
	return at >= 0 && !reVerbAfterSum.MatchString(clause[at:])
}

// topPlaceDate: the date ends its line and follows a place and a comma,
// with at most a reference and a dash before them.
func topPlaceDate(t string, ms, me int) bool {
	if !commaBefore(t[:ms]) {
		// rePlaceComma ends in a comma: with none just before the
		// date there is no place before it, and the cell (the whole
		// of a long line) need not be found.
		return false
	}
	s, e := cellAround(t, ms, me)
	if after := strings.TrimSpace(t[me:e]); strings.Trim(after, "*_م.") != "" && !reHijriAfter.MatchString(after) {
		return false
	}
	before := t[s:ms]
	if i := strings.LastIndexAny(before, "—–"); i >= 0 {
		before = before[i:]
		_, n := utf8.DecodeRuneInString(before)
		before = before[n:]
	} else if i := strings.LastIndex(before, " - "); i >= 0 {
		// "Agreement No. SMF/SUP/2026/03 - Sur, 20 February 2026": a
		// hyphen set off by spaces is a dash (round 12).
		before = before[i+3:]
	}
	return rePlaceComma.MatchString(before)
}

// commaBefore says whether s ends in a comma ("," or "،") and ASCII
// white space (\s), as a text rePlaceComma matches does.
func commaBefore(s string) bool {
	s = strings.TrimRight(s, " \t\n\f\r")
	return strings.HasSuffix(s, ",") || strings.HasSuffix(s, "،")
}

// reHijriAfter: the Hijri date written after the Gregorian ("م الموافق
// ١٨ رجب ١٤٤٧هـ").
var reHijriAfter = regexp.MustCompile(`^م?\s*[(،,]?\s*(?:الموافق|الموافق:)\s+[^|\n]{4,30}هـ?\s*\)?\.?$`)

// reSignLead: a line that signs: "Signed for the Organiser:", "For the
// Employer:", "On behalf of", "عن العميل:", "Signed by".
var reSignLead = regexp.MustCompile(`(?i)^[\s*_|]*(?:signed\s+(?:for|by|on\s+behalf\s+of)|for\s+and\s+on\s+behalf\s+of|for|on\s+behalf\s+of|عن|نيابة\s+عن|وقع\s+عن|توقيع)\s+\S`)

// reDateLabelEnd: a "Date:" label, a dash or a comma left before the date.
var reDateLabelEnd = regexp.MustCompile(`(?i)(?:\b(?:date|dated|signed\s+on)\s*[:：]?|التاريخ\s*[:：]?|بتاريخ)?[\s—–,،|*_-]*$`)

// signLineDate: the date ends a signing line in the document's last
// part: the line starts by signing for a party ("For the Employer: X,
// CEO   Date: 3 August 2026"), or with a role ("Seller | X, Signatory |
// 21 June 2026", "Broker / الوسيط: X — September 3, 2026"); or the date
// is alone in a column headed "For the Broker".
func (x *extractor) signLineDate(t string, base, ms, me int, headerCells string) bool {
	if base+ms < len(x.a.text)*3/5 {
		return false
	}
	le := len(t)
	if i := strings.IndexByte(t[me:], '\n'); i >= 0 {
		le = me + i
	}
	if headerCells != "" && dateAlone(t, ms, me) && signHeader(headerCells) {
		return true
	}
	if strings.Trim(t[me:le], " .*_|م") != "" {
		return false
	}
	// (The line's start is searched for only for a date that ends its
	// line: a long line's other dates must not each scan it back.)
	ls := strings.LastIndexByte(t[:ms], '\n') + 1
	line := t[ls:ms]
	if utf8.RuneCountInString(line) > 200 {
		return false
	}
	rest := strings.TrimSpace(line[:len(line)-len(reDateLabelEnd.FindString(line))])
	if rest == "" {
		return signBlockDate(x.a.text, base+ls, line)
	}
	if matches(reSignLead, line) {
		return strings.ContainsAny(rest, ":：|") || strings.Contains(rest, ",") || strings.Contains(rest, "،")
	}
	// A role first: "Seller | X", "Broker / الوسيط: X".
	first := rest
	if i := strings.IndexAny(first, ":：|"); i > 0 {
		first = first[:i]
	} else {
		return false
	}
	first = lowerASCII(strings.Trim(first, " *_"))
	if r, ok := strings.CutPrefix(first, "the "); ok && roleHeading(r) {
		return true // "The Employee: | name | Date:" (round 14)
	}
	if roleHeading(first) || x.signing || matches(reWitness, first) {
		return true
	}
	// A party's word of its own ("Broker / الوسيط: Rahul Khanna,
	// Managing Partner — "): a short label, then a name and a post, the
	// date set off by a dash.
	return matches(reShortLabel, first) && matches(reDashBefore, line) && strings.ContainsAny(rest, ",،")
}

// reShortLabel: one to three words of letters, or two such in two
// languages ("Broker / الوسيط"); reDashBefore: a dash before the date.
var (
	reShortLabel = regexp.MustCompile(`^\p{L}+(?:\s\p{L}+){0,2}(?:\s*/\s*\p{L}+(?:\s\p{L}+){0,2})?$`)
	reDashBefore = regexp.MustCompile(`[—–]\s*$`)
)

// reWitness: a witness signs too.
var reWitness = regexp.MustCompile(`(?i)^(?:(?:first|second|1st|2nd)\s+)?witness(?:\s*\d)?\b|^(?:ال)?شاهد`)

// signHeader: every cell of a table's header signs for a party ("For the
// Broker | For the Client", "عن الطرف الأول | عن الطرف الثاني").
func signHeader(h string) bool {
	n := 0
	for _, c := range strings.Split(h, " | ") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if !reSignLead.MatchString(c) {
			return false
		}
		n++
	}
	return n >= 2
}

// clauseContextMoneyKeys re-keys money facts by what the sum is of, read from its
// sentence, its row and its table, and makes the two written forms of
// one sum in a bilingual document agree; facts and cands are aligned
// (handle.go), text is the document's.
func clauseContextMoneyKeys(facts []Fact, cands []candidate, text, docType string) {
	for i, f := range facts {
		if f.Type != TypeMoney || i >= len(cands) {
			continue
		}
		at := cands[i].startIn(text)
		line := lineBefore(text, at)
		sent := moneySentence(text, at)
		k := ""
		switch f.Key {
		case "total_amount":
			switch {
			case reGroupWordAR.MatchString(line) && !hasTotalCue(reGroupWordAR.ReplaceAllString(line, " ")):
				// "كتيب مشاريع المجموعة | 10,000 | 4.75": المجموعة is
				// "the group", not a total (المجموع).
				k = "price"
			case (docType == "contract" || docType == "lease") && !strings.Contains(lineAt(text, at), " | ") && reTotalPrice.MatchString(sent):
				// "باع البائع الأرض ... بثمن إجمالي قدره 2,400,000" in a
				// contract: the price the contract is made for, its
				// value (a priced document's total stays total_amount).
				k = "contract_value"
			}
		case "price":
			switch {
			case reInterestRate.MatchString(lineAt(text, at)) && !rePriceWord.MatchString(reInterestRate.ReplaceAllString(sent, " ")):
				// "OMR 750,000 ... at a fixed interest rate of 4.5%":
				// an interest rate prices nothing.
				k = "amount"
			case reInstalmentsOf.MatchString(tail(sent, 60)):
				// "eight equal quarterly instalments of OMR 93,750.000
				// each": an instalment (the key specification), however
				// "each" reads.
				k = "amount"
			case reRestOfPrice.MatchString(sent):
				// "يسدد المشتري باقي الثمن وقدره": the balance of the
				// price, a part of it.
				k = "amount"
			case reDeductible.MatchString(line):
				// "Deductible: USD 2,500.00 each and every claim".
				k = "amount"
			}
		case "liability_cap":
			if j := lastMatch(reInsureWord, sent); j >= 0 && !reCapWord.MatchString(sent[j:]) {
				// "insure the vessel against third-party liability for
				// not less than OMR 500,000": the cover required.
				k = "insurance_cover"
			}
		case "subtotal":
			if s := reExcluding.ReplaceAllString(sent, " "); s != sent && !strings.Contains(lineAt(text, at), " | ") && reAnnualValue.MatchString(s) {
				k = "contract_value" // "The estimated annual contract value, excluding VAT, is"
			}
		case "tax_amount":
			// "The estimated annual contract value, excluding the
			// transition charge and VAT, is AED 891,000.00": the words
			// a value excludes do not name it.
			if s := reExcluding.ReplaceAllString(sent, " "); s != sent {
				if reAnnualValue.MatchString(s) {
					k = "contract_value"
				} else if c, ok := nearestCue(s, moneyCues); ok && c.key != f.Key && c.key != "tax_amount" && c.key != "subtotal" && c.key != "total_amount" {
					k = c.key
				}
			}
		case "security_deposit":
			if reBareDeposit.MatchString(tail(sent, 80)) && reBalanceWordClauseContext.MatchString(text) && !reLeaseWordClauseContext.MatchString(text) {
				// "The Buyer shall pay a deposit of OMR 28,885.500" in a
				// sale that has a balance to pay: a first part of the
				// price, not a security.
				k = "advance_payment"
			}
		case "rent":
			if reHire.MatchString(tableHeader(text, at)+" "+line) && !reLeaseWordClauseContext.MatchString(text) {
				// "الأجرة الشهرية للحافلة الواحدة" in a transport
				// contract: the hire of a service, a rate table's price.
				k = "price"
				if reTotalRowLead.MatchString(line) {
					k = "total_amount"
				}
			}
		}
		switch {
		case (f.Key == "amount" || f.Key == "price") && reBreachCond.MatchString(sent) && reCompensationAfter.MatchString(text[at:min(len(text), at+120)]):
			// "إذا تأخر المشتري ... يحق للبائع ... الاحتفاظ بمبلغ
			// 100,000 ريال سعودي من الدفعة الأولى تعويضاً": a sum a
			// party in default loses.
			k = "penalty_amount"
		case (f.Key == "amount" || f.Key == "price") && reSumInsured.MatchString(line):
			k = "insurance_cover"
		case (f.Key == "amount" || f.Key == "price" || f.Key == "rent" && rePercentOf.MatchString(sent)) && reCommission.MatchString(sent):
			// "a commission of 2% of the final sale price, and not less
			// than AED 250,000", "عمولة سعي قدرها": a broker's fee.
			k = "fee"
		case (f.Key == "price" || f.Key == "fee") && strings.Contains(line, " | ") && reShareHead.MatchString(tableHeader(text, at)):
			// "الشريك | عدد الحصص | قيمة الحصص": a partner's shares
			// are an amount of capital, not a price.
			k = "amount"
		}
		if k == "" {
			k = hireSignBlocksMoneyKeys(f.Key, sent)
		}
		if k == "" {
			k = termsIntrosMoneyKeys(f.Key, sent, lineAt(text, at), text, at, docType)
		}
		cur := f.Key
		if k != "" {
			cur = k
		}
		if rowsKey := rowsDayRangesMoneyKeys(cur, sent, lineAt(text, at), text, at); rowsKey != "" {
			k = rowsKey // key_rows_day_ranges.go
		}
		if bareKey := bareCurrencyRowsMoneyKeys(k, f.Key, sent, text, at); bareKey != "" {
			k = bareKey // key_bare_currency_rows.go
		}
		if labelKey := labelFamiliesMoneyKeys(k, f.Key, sent, text, at, cands[i].end); labelKey != "" {
			k = labelKey // key_label_families.go
		}
		if k != "" && k != f.Key {
			facts[i].Key, facts[i].Label = k, moneyKeyLabel(k)
		}
	}
	twinMoneyKeys(facts)
	twinDateKeys(facts)
}

// twinDateKeys: a date written once in each language of a bilingual
// document ("the first no later than 25 May 2027" beside "يستحق أولها في
// موعد أقصاه ٢٥ مايو ٢٠٢٧م") is one date: a plain "date" form takes the
// key of its twin.
func twinDateKeys(facts []Fact) {
	groups := map[string][]int{}
	for i, f := range facts {
		if f.Type == TypeDate && f.Normalized != "" {
			groups[f.Normalized] = append(groups[f.Normalized], i)
		}
	}
	for _, idx := range groups {
		a, e, ok := twins(facts, idx)
		if !ok {
			continue
		}
		switch {
		case facts[a].Key == "date" && facts[e].Key != "date":
			facts[a].Key, facts[a].Label, facts[a].Role = facts[e].Key, facts[e].Label, facts[e].Role
		case facts[e].Key == "date" && facts[a].Key != "date":
			facts[e].Key, facts[e].Label, facts[e].Role = facts[a].Key, facts[a].Label, facts[a].Role
		}
	}
}

var (
	reHire                     = regexp.MustCompile(`(?:^|\s)(?:ال)?(?:أجرة|اجرة)(?:\s|$)`)
	reTotalPrice               = regexp.MustCompile(`(?i)\btotal\s+(?:purchase\s+|sale\s+)?(?:price|consideration)\s+of\b|\bfor\s+a\s+total\s+(?:price|consideration)\b|(?:ب|ال)?ثمن\s+(?:ال)?إجمالي|(?:ب|ال)?ثمن\s+(?:ال)?اجمالي|(?:ال)?ثمن\s+الكلي`)
	reCompensationAfter        = regexp.MustCompile(`(?i)^[^.;؛]{0,80}?(?:\bas\s+(?:liquidated\s+)?(?:damages|compensation)\b|\bforfeit\w*|تعويضاً|تعويضا|كتعويض|على\s+سبيل\s+التعويض)`)
	reGroupWordAR              = regexp.MustCompile(`\S*مجموعة\S*|\S*مجموعات\S*`)
	reInterestRate             = regexp.MustCompile(`(?i)\b(?:interest|exchange|tax|vat)\s+rate\b|\brate\s+of\s+interest\b|سعر\s+(?:ال)?(?:فائدة|صرف)|بسعر\s+(?:ال)?(?:فائدة|صرف)`)
	rePriceWord                = regexp.MustCompile(`(?i)\b(?:prices?|priced|rates?)\b|الثمن|ثمن|سعر|بسعر|أسعار|الأسعار`)
	reInstalmentsOf            = regexp.MustCompile(`(?i)\binstal?ments\s+of\s+(?:\S+\s+)?$|أقساط\s+(?:\S+\s+){0,3}(?:قيمة\s+كل\s+منها|قدر\s+كل\s+منها)\s*$`)
	reRestOfPrice              = regexp.MustCompile(`(?i)(?:باقي|بقية|الباقي\s+من|المتبقي\s+من)\s+(?:ال)?ثمن|\b(?:balance|remainder|rest)\s+of\s+the\s+(?:purchase\s+|sale\s+)?price\b`)
	reDeductible               = regexp.MustCompile(`(?i)\b(?:deductible|excess)\b|نسبة\s+التحمل|مبلغ\s+التحمل`)
	reInsureWord               = regexp.MustCompile(`(?i)\binsur\w*|\bpolicy\b|(?:^|\s)(?:بالتأمين|تأمين|التأمين|تأميناً|يؤمن)(?:\s|$)`)
	reCapWord                  = regexp.MustCompile(`(?i)\b(?:shall\s+not\s+exceed|limited\s+to|cap(?:ped)?|maximum|aggregate)\b|لا\s+تتجاوز|لا\s+يتجاوز|بحد\s+أقصى`)
	reExcluding                = regexp.MustCompile(`(?i)[,(]?\s*\b(?:excluding|exclusive\s+of|excl\.?|not\s+including|net\s+of|before)\s+[^,.;()]{0,60}?\b(?:vat|tax(?:es)?)\b[^,.;()]{0,20}[,)]?|(?:غير\s+شامل|لا\s+يشمل|قبل)\s+[^،.؛]{0,40}?(?:الضريبة|ضريبة)[^،.؛]{0,20}،?`)
	reBareDeposit              = regexp.MustCompile(`(?i)\b(?:pay|paid|payment\s+of)\s+(?:an?\s+|the\s+)?(?:initial\s+|first\s+)?deposit\s+of\s*$|(?:^|\s)(?:عربون|العربون)(?:\s|$)`)
	reBalanceWordClauseContext = regexp.MustCompile(`(?i)\bbalance\b|باقي\s+الثمن|الرصيد\s+المتبقي|المبلغ\s+المتبقي`)
	reLeaseWordClauseContext   = regexp.MustCompile(`(?i)\b(?:rent|rental|lease|leased|tenancy|tenant|landlord|lessor|lessee)\b|الإيجار|إيجار|الايجار|ايجار|المؤجر|المستأجر`)
	reSumInsured               = regexp.MustCompile(`(?i)\b(?:sum|amount|value)\s+insured\b|\binsured\s+(?:sum|amount|value)\b|المبلغ\s+المؤمن|مبلغ\s+التأمين\s+عليه|القيمة\s+المؤمن`)
	reCommission               = regexp.MustCompile(`(?i)\bcommissions?\b|عمولة|العمولة|عمولته`)
	reShareHead                = regexp.MustCompile(`(?i)\bshares?\b|\bshareholding\b|\bcapital\s+contribution|الحصص|حصص|الأسهم|أسهم`)
)

// hasTotalCue: the text names a total.
func hasTotalCue(s string) bool {
	c, ok := nearestCue(s, moneyCues)
	return ok && c.key == "total_amount"
}

// lineAt: the whole line that holds at.
func lineAt(text string, at int) string {
	s, e := lineBounds(text, at)
	return text[s:e]
}

// atLine: where c starts in text (startIn) and the line holding it
// (lineAt).
func (c candidate) atLine(text string) (at int, line string) {
	at = c.startIn(text)
	return at, lineAt(text, at)
}

// lineBounds: where the line holding text[at] starts and ends (its
// newline left out).
func lineBounds(text string, at int) (s, e int) {
	s = strings.LastIndexByte(text[:at], '\n') + 1
	e = len(text)
	if i := strings.IndexByte(text[at:], '\n'); i >= 0 {
		e = at + i
	}
	return s, e
}

// moneySentence: the sentence before at, over line breaks.
func moneySentence(text string, at int) string {
	s := tail(text[:at], 400)
	if locs := reSentenceStopClauseContext.FindAllStringIndex(s, -1); len(locs) > 0 {
		s = s[locs[len(locs)-1][1]:]
	}
	return s
}

// reSentenceStopClauseContext: a sentence's end (a stop not inside a number), a
// blank line, a table's cell, or a line that starts a numbered clause
// or a table row.
var reSentenceStopClauseContext = regexp.MustCompile(`[^\d\s][.;!?؟؛](?:\s|$)|\n\s*\n|\n(?:\s*(?:\d+(?:\.\d+)*|[٠-٩]+(?:-[٠-٩]+)*)[.)\-\s]|[^\n]*\s\|\s)|\s\|\s`)

// tableHeader: the first line of the table whose row holds at (lines with
// " | " back from it).
func tableHeader(text string, at int) string {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	h := ""
	for ls > 0 {
		le := ls - 1
		if !strings.Contains(text[ls:max(ls, strings.IndexByte(text[ls:], '\n')+ls)], " | ") && h != "" {
			break
		}
		ps := strings.LastIndexByte(text[:le], '\n') + 1
		cur := text[ls:]
		if i := strings.IndexByte(cur, '\n'); i >= 0 {
			cur = cur[:i]
		}
		if !strings.Contains(cur, " | ") {
			break
		}
		h = cur
		ls = ps
		if le <= 0 {
			break
		}
	}
	return h
}

// moneyKeyLabel: the label a money cue gives key k.
func moneyKeyLabel(k string) string {
	for _, c := range moneyCues {
		if c.key == k {
			return c.label
		}
	}
	return "Amount"
}

// twins returns the one Arabic form and the one other form among the
// facts at idx (one value written once in each language); ok is false
// where there are more or fewer of either.
func twins(facts []Fact, idx []int) (ar, en int, ok bool) {
	na, ne := 0, 0
	for _, i := range idx {
		if arabicForm(facts[i]) {
			ar, na = i, na+1
		} else {
			en, ne = i, ne+1
		}
	}
	return ar, en, na == 1 && ne == 1
}

// twinMoneyKeys: in a document written in two languages, a sum written
// once in each (the same amount and currency, one with Arabic words or
// digits around it, the other without) is one sum: it takes the key of
// the form that says more than the bare amount. Where both say something
// and differ, each keeps its own (a total and a line's price may share
// an amount).
func twinMoneyKeys(facts []Fact) {
	groups := map[string][]int{}
	for i, f := range facts {
		if f.Type == TypeMoney && f.Normalized != "" && f.Currency != "" {
			groups[f.Normalized] = append(groups[f.Normalized], i)
		}
	}
	for _, idx := range groups {
		a, e, ok := twins(facts, idx) // two sums of one amount in one language may differ
		if !ok {
			continue
		}
		if facts[a].Key == facts[e].Key {
			continue
		}
		switch {
		case facts[a].Key == "amount":
			facts[a].Key, facts[a].Label = facts[e].Key, facts[e].Label
		case facts[e].Key == "amount":
			facts[e].Key, facts[e].Label = facts[a].Key, facts[a].Label
		}
	}
}

// arabicForm: the sum is written in Arabic (Arabic-Indic digits, or an
// Arabic currency word, or an Arabic excerpt around it).
func arabicForm(f Fact) bool {
	for _, r := range f.Value {
		if r >= 0x0660 && r <= 0x0669 || r >= 0x06F0 && r <= 0x06F9 {
			return true
		}
	}
	if hasArabic(f.Value) {
		return true
	}
	if f.Evidence != nil {
		ex := f.Evidence.Excerpt
		if i := strings.Index(ex, f.Value); i >= 0 {
			return hasArabic(tail(ex[:i], 40))
		}
	}
	return false
}

// clauseContextDurationKeys re-keys or drops a duration whose key came from a word
// that is not what the period is of: a window counted from a payment or
// a notice for another action, a lead time before an event, a measure of
// an amount ("two months' rent"), a deliverable's or works' time limit,
// a restraint's or an appointment's length read as the term, a period
// in a priced table row's description. ok false: a deadline only, no
// duration.
func (x *extractor) clauseContextDurationKeys(t string, ms, me int, ctx string, c cue, ok bool) (cue, bool) {
	if !ok {
		clause := ctx
		if locs := reClauseStop.FindAllStringIndex(clause, -1); len(locs) > 0 {
			clause = clause[locs[len(locs)-1][0]+1:]
		}
		if reSumThenWindow.MatchString(ctx) && (rePayWordClauseContext.MatchString(clause) || !reDutyWord.MatchString(clause)) && !reBondObject.MatchString(tail(ctx, 160)) && !reBondAR.MatchString(tail(ctx, 160)) {
			// "(a) QAR 120,000.00 within fifteen (15) days of signing",
			// "٥٬٠٠٠ ر.ع. خلال عشرة أيام": the time to pay the sum (not
			// to provide a bond of that sum, or to do another thing).
			return durationCueOf("payment_period"), true
		}
		if reRetain.MatchString(ctx) {
			// "The Broker shall keep copies of all declarations for five
			// (5) years", "يحتفظ المقاول بالسجلات لمدة": how long records
			// are kept.
			return durationCueOf("duration"), true
		}
		if reAgreementFor.MatchString(ctx) {
			// "This Agreement takes effect on 1 April 2027 for one (1)
			// year": the agreement's term.
			return durationCueOf("term"), true
		}
		if bareCue, bareOK := bareCurrencyRowsNoCueKeys(ctx, clause, t[me:min(len(t), me+60)]); bareOK {
			return bareCue, true // round 15 (key_bare_currency_rows.go)
		}
		if rowsCue, rowsOK := rowsDayRangesNoCueKeys(ctx, clause, t[me:min(len(t), me+60)]); rowsOK {
			return rowsCue, true // round 14 (key_rows_day_ranges.go)
		}
		return c, false
	}
	after := t[me:min(len(t), me+60)]
	clause := ctx
	if locs := reClauseStop.FindAllStringIndex(clause, -1); len(locs) > 0 {
		clause = clause[locs[len(locs)-1][0]+1:]
	}
	if reMeasureAfter.MatchString(after) {
		return c, false // "a security deposit ... equal to two months' rent"
	}
	if ls := strings.LastIndexByte(t[:ms], '\n') + 1; strings.Contains(t[ls:], " | ") && !strings.Contains(t[ls:ms], " | ") && rowHasAmount(t[ls:]) {
		return c, false // "اختبار الضخ لمدة ٢٤ ساعة | مقطوعية | ١ | ٤٥٠٫٠٠٠": an item's description
	}
	if rowsCue, rowsOK, hit := rowsDayRangesDurationKeys(ctx, clause, after, c); hit {
		return rowsCue, rowsOK // round 14 (key_rows_day_ranges.go)
	}
	switch c.key {
	case "payment_period":
		if !rePayWordClauseContext.MatchString(clause) && !rePayWordClauseContext.MatchString(head(after, 12)) && (reDutyWord.MatchString(clause) || reBondObject.MatchString(clause) || reBondAR.MatchString(clause)) {
			// "shall transfer the registration ... within fourteen (14)
			// days after receiving full payment": the payment is the
			// event counted from; the duty is another action.
			return c, false
		}
	case "notice_period":
		if !reNoticeWordClauseContext.MatchString(clause) && !reNoticeAfterEN.MatchString(after) && !reNoticeAfterAR.MatchString(after) && reDutyWord.MatchString(clause) {
			// "shall replace ... within ten (10) days of the Client's
			// notice": counted from a notice, no notice period.
			return c, false
		}
		if !reEndVerb.MatchString(clause+" "+after) && !reRenewWord.MatchString(clause+" "+after) && (reBeforeEndClauseContext.MatchString(clause) || reBeforeAfter.MatchString(after)) {
			// "بإخطار العميل بمواعيد الجلسات قبل سبعة (٧) أيام": a lead
			// time before an event, not the notice that ends the
			// contract.
			return c, false
		}
	case "delivery_period":
		if reRestraintClauseContext.MatchString(clause) {
			return durationCueOf("duration"), true // "shall not replace its Service Delivery Manager during the first six (6) months"
		}
	case "term":
		switch {
		case reAppoint.MatchString(clause) || reRestraintClauseContext.MatchString(clause) || reRetain.MatchString(ctx) || reElectTerm.MatchString(clause) || reListValid.MatchString(clause):
			// "يعين الشركاء ... مديراً للشركة لمدة ثلاث سنوات", "بعدم
			// ممارسة أي نشاط منافس ... ولمدة سنتين": how long an
			// appointment or a restraint lasts, not the term.
			return durationCueOf("duration"), true
		}
		if termCue, termOK := termsIntrosTermKeys(ctx, clause); termOK {
			return termCue, true
		}
	}
	return bareCurrencyRowsDurationKeys(ctx, clause, after, c) // key_bare_currency_rows.go
}

var (
	reSumThenWindow           = regexp.MustCompile(`(?:\b[A-Z]{3}\s*` + D + `[0-9٠-٩,٬.٫]*|` + D + `[0-9٠-٩,٬.٫]*\s*(?:[A-Z]{3}\b|ر\.ع\.?|ريال\s+\S+|درهم|دينار\s+\S+))\s*(?:\([^()]{0,80}\)\s*)?,?\s*(?i:within|خلال)\s*$`)
	reRetain                  = regexp.MustCompile(`(?i)\b(?:keep|keeps|retain|retains|maintain|maintains|preserve|preserves|store|stores)\b[^.;]{0,80}\b(?:records?|copies|documents?|files|books|data|accounts)\b[^.;]{0,60}\bfor\s*(?:a\s+period\s+of\s*)?$|(?:يحتفظ|تحتفظ|بالاحتفاظ)\s[^.؛]{0,80}(?:السجلات|بالسجلات|سجلات|نسخ|بنسخ|المستندات|بالمستندات|الوثائق|الدفاتر)[^.؛]{0,60}لمدة\s*$`)
	reBondAR                  = regexp.MustCompile(`ضمان|كفالة|خطاب\s+اعتماد`)
	reAgreementFor            = regexp.MustCompile(`(?i)\b(?:this|the)\s+(?:agreement|contract|lease|licen[cs]e)\s+(?:takes\s+effect|commences|starts|begins|runs|is\s+made|shall\s+(?:commence|start|run|continue))\b[^.;]{0,60}\bfor\s*$`)
	reMeasureAfter            = regexp.MustCompile(`(?i)^['’]s?\s+(?:rent|fees?|salary|wages?|pay|premium|charges?|income)\b|^\s*(?:من\s+)?(?:الإيجار|إيجار|الأجرة|أجرة|الراتب|راتب)(?:\s|$|[،.])`)
	rePayWordClauseContext    = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|payment|payable|settle\w*|refund\w*|remit\w*|repa\w+)\b|سداد|يسدد|تسدد|يدفع|تدفع|دفع|بسداد|بدفع|الدفع|برد|يرد|ترد|` + payVerbAR) // duration_windows_units.go
	reNoticeWordClauseContext = regexp.MustCompile(`(?i)\b(?:notice|notif\w*|inform\w*)\b|إخطار|اخطار|إشعار|اشعار|بإخطار|بإشعار|يخطر|إنذار|انذار`)
	reNoticeAfterAR           = regexp.MustCompile(`^\s*(?:إشعار|إخطار|اخطار|اشعار|إنذار)`)
	reRenewWord               = regexp.MustCompile(`(?i)\brenew\w*|\bvacat\w*|\bextend\w*|\bresign\w*|\bwithdraw\w*|\bleav(?:e|es|ing)\b|\bquit\w*|\bmov(?:e|es|ing)\s+out\b|مغادرة|استقالة|الاستقالة|تجديد|يجدد|تجدد|إخلاء|اخلاء|تمديد`)
	reBeforeEndClauseContext  = regexp.MustCompile(`(?:^|\s)قبل\s*$`)
	reBeforeAfter             = regexp.MustCompile(`(?i)^[^.;]{0,20}?\b(?:before|prior\s+to|in\s+advance\s+of)\b|^\s*(?:على\s+الأقل\s+)?(?:من\s+)?(?:قبل|موعد)`)
	reRestraintClauseContext  = regexp.MustCompile(`(?i)\b(?:shall|may|must|will)\s+not\s+(?:replace|remove|compete|solicit|engage|employ|hire|carry\s+on)\b|\bnon-?compet\w*|بعدم\s+(?:ممارسة|منافسة|استبدال|تغيير)|منافس`)
	reAppoint                 = regexp.MustCompile(`(?i)\bappoint(?:s|ed)?\b[^.;]{0,80}\bas\s+(?:the\s+|its\s+)?(?:general\s+)?(?:manager|director|secretary|auditor)\b|(?:^|\s)(?:يعين|يعيّن|تعيين|بتعيين)\s[^.؛]{0,80}(?:مديراً|مديرا|مدير\s+الشركة|أميناً|مدققاً)`)
)

// rowHasAmount: a table row, its first cell short, with a later cell that
// is a number alone.
func rowHasAmount(row string) bool {
	cells := strings.Split(row, " | ")
	if utf8.RuneCountInString(cells[0]) > 60 {
		return false
	}
	for _, c := range cells[1:] {
		if reAmountCell.MatchString(c) {
			return true
		}
	}
	return false
}

var reAmountCell = regexp.MustCompile(`^\s*` + D + `[0-9٠-٩,٬.٫]*\s*$`)
