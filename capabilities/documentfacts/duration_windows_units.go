package documentfacts

import "regexp"

// Round 24 of durations (issue 29, session 24; table tests in
// duration_windows_units_test.go). Each rule names a family of wording:
//
//   - FU: "further", "additional", "more" or "extra" between a number
//     and its unit ("renewed for one (1) further year", "two additional
//     years", "six (6) more months") is part of the duration, as
//     "calendar" or "working" is (reDuration, durations.go); Arabic puts
//     the word after the unit (سنة إضافية, سنة أخرى), which the bare-unit
//     reader already takes.

//   - DB: digits, then the number in words in brackets, then the unit
//     ("1 (one) year", "30 (thirty) days' written notice", "3 (ثلاث)
//     سنوات"): the digits count, the words repeat them.

// bracketWords: DB's number words in brackets (English or Arabic).
const bracketWords = `(?i:(?:` + enNumTok + `(?:\s*-\s*|\s+(?:and\s+)?))*` + enNumTok + `)|\p{Arabic}[\p{Arabic}\s]{1,30}`

// furtherUnit is FU's optional word before the unit.
const furtherUnit = `(?:(?:further|additional|more|extra)\s+)?`

// Payment windows (PV, PI):
//
//   - PV: a verb of paying other than "pay" (settle, disburse; صرف،
//     يصرف، بصرف) with a sum as its object ("settle each agreed claim",
//     "بصرف القسط الشهري", "بصرف الأجر") and then a window ("within",
//     خلال) is a payment_period, as "shall pay ... within" is; "settle
//     any dispute" names no sum. Settling what is outstanding on
//     termination (a final account, beside removing one's goods) and
//     disbursing a loan are time limits only (deadlines), as a refund is.
//   - PI: a window counted from the receipt, approval, submission or
//     date of an invoice ("within 21 days of the Client's approval of the
//     invoice", "خلال ثلاثين يوماً من تاريخ استلام الفاتورة") is the time
//     to pay it, also after a warranty word earlier in the sentence ("١٠٪
//     بعد انتهاء فترة الضمان، خلال ثلاثين يوماً من تاريخ استلام الفاتورة").

// payWindow re-keys a duration (c, ok as the earlier rounds left them;
// headed, the noun after a glued number named it) by PV and PI; ctx is
// its clause before it, after the text after it.
func payWindow(c cue, ok, headed bool, ctx, after string) (cue, bool) {
	if headed {
		return c, ok
	}
	weak := !ok || c.key == "term" || c.key == "duration" || c.key == "delivery_period"
	switch {
	case (weak || c.key == "warranty_period") && reInvoiceAfter.MatchString(after):
		return durationCueOf("payment_period"), true
	case weak && reWindowBefore.MatchString(ctx) && rePayVerbWindowsUnits.MatchString(tail(ctx, 160)) && !reNoPayWindow.MatchString(ctx):
		return durationCueOf("payment_period"), true
	}
	return c, ok
}

var (
	reNoPayWindow         = regexp.MustCompile(`(?i)\boutstanding\b|\b(?:on|upon)\s+(?:the\s+)?(?:termination|expiry)\b|\bloans?\b|\bfacility\b|قرض|القرض|التمويل|عند\s+(?:ال)?(?:انتهاء|فسخ)`)
	reInvoiceAfter        = regexp.MustCompile(`(?i)^[\s,]*(?:of|from|after|following)\s+(?:the\s+)?(?:[\w'’]+\s+){0,2}?(?:receipt|approval|acceptance|certification|submission|issue|date)\s+of\s+(?:the\s+|its\s+|each\s+|an?\s+|a\s+|their\s+)?(?:[\w-]+\s+)?invoices?\b|^[\s,]*(?:من|بعد)\s+(?:تاريخ\s+)?(?:استلام|اعتماد|تقديم|إصدار|اصدار|قبول|تسلم|تسليم)\s+(?:[^\s]+\s+)?(?:ال)?فاتورة`)
	rePayVerbWindowsUnits = regexp.MustCompile(`(?i)\bsettle(?:s|d)?\s+(?:(?:the|each|any|all|every|its|his|her|their|such|this)\s+)?(?:[\w-]+\s+){0,2}?(?:claims?|invoices?|amounts?|sums?|balance|arrears|accounts?|bills?|dues|instalments?|installments?|rent|fees?|outstanding)\b|` + payVerbAR)
)

// payVerbAR: صرف (disburse) with a sum as its object (PV); "بصرف
// النظر" (regardless) names none. key_clause_context.go's rePayWordClauseContext takes it too.
const payVerbAR = `(?:^|\s)(?:ب|و|وب)?(?:صرف|يصرف|تصرف|يُصرف|تُصرف)\s+(?:[^\s]+\s+){0,2}?(?:ال)?(?:قسط|أقساط|اقساط|مستحقات|راتب|رواتب|أجر|أجور|اجر|مبلغ|مبالغ|دفعة|دفعات|قيمة|مكافأة|بدل|مستخلص|مستخلصات)`

// Claim windows (CW): the window to report a defect, a shortage or a
// damage ("إشعار المورد بأي نقص أو عيب خلال", "any failure ... that the
// Buyer reports within"), or to submit a claim ("Claims submitted after
// sixty (60) days", "submit their expense claims ... within") is a
// claim_period (decision 43), as a window to dispute an invoice is
// (key_label_families.go's UK). A repair of a reported defect is a service time, and
// a notice of shipment no claim; claims paid ("يسدد المؤمن المطالبات
// خلال") give a payment window.

// claimWindow re-keys a duration by CW (c, ok, headed and ctx as
// payWindow's).
func claimWindow(c cue, ok, headed bool, ctx string) (cue, bool) {
	if headed || ok && c.key != "notice_period" && c.key != "duration" && c.key != "term" && c.key != "delivery_period" {
		return c, ok
	}
	if near := tail(ctx, 200); reClaimWin.MatchString(near) && !reClaimPaid.MatchString(near) {
		return cueClaimPeriod, true
	}
	return c, ok
}

var reClaimPaid = regexp.MustCompile(`(?i)\b(?:pay|pays|paid|settles?|settled)\b|(?:^|\s)(?:ي|ت)(?:سدد|دفع)(?:\s|$)|(?:^|\s)(?:ب|و)?(?:سداد|صرف|دفع)(?:\s|$)`)

var reClaimWin = regexp.MustCompile(`(?i)\b(?:that|which)\s+(?:the\s+)?\w+\s+(?:reports|notifies|discovers)\s+(?:\w+\s+){0,2}?within\s*$|\bclaims?\s+(?:\w+\s+){0,2}?(?:submitted|made|lodged|filed|presented|received)\s+(?:after|later\s+than|more\s+than)\s*$|(?:^|\s)(?:و|ب|وب)?(?:إشعار|إخطار|إبلاغ|اشعار|اخطار|ابلاغ|يخطر|يشعر|يبلغ|تخطر|تشعر|تبلغ)\s[^.؛]{0,80}(?:نقص|عيب|عيوب|تلف|أضرار|اضرار|ضرر|خلل|مخالفة|اختلاف)[^.؛]{0,60}خلال\s*$|(?:المطالبات|مطالبات|المطالبة)\s[^.؛]{0,60}(?:خلال|بعد)\s*$`)

// Lives of goods (GL): how long spare parts stay available ("make spare
// parts available for ten (10) years", بتوفير قطع الغيار لمدة سبع سنوات
// بعد انتهاء فترة الضمان) and how long goods keep ("a remaining shelf
// life of at least eighteen (18) months", ألا تقل مدة صلاحية المواد
// الغذائية عن) are durations: no term (لمدة), no warranty (a warranty
// word after them), no bid validity (صلاحية العطاء names no goods).

// goodsLife re-keys a duration by GL (as claimWindow).
func goodsLife(c cue, ok, headed bool, ctx string) (cue, bool) {
	if headed || ok && c.key != "term" && c.key != "warranty_period" && c.key != "duration" && c.key != "delivery_period" {
		return c, ok
	}
	if near := tail(ctx, 160); reGoodsLife.MatchString(near) && !reGoodsGuarantee.MatchString(near) {
		return durationCueOf("duration"), true
	}
	return c, ok
}

var reGoodsLife = regexp.MustCompile(`(?i)\b(?:make|makes|keep|keeps|hold|holds|stock|stocks|maintain|maintains|supply|supplies|provide|provides|ensure|ensures|availability)\b[^.;]{0,40}\bspare\s+parts?\b[^.;]{0,40}\b(?:for|during)\s+(?:a\s+(?:minimum\s+)?period\s+of\s+|at\s+least\s+|not\s+less\s+than\s+|a\s+minimum\s+of\s+)?$|\bshelf[\s-]+life\b[^.;]{0,50}$|(?:بتوفير|توفير|يوفر|بالاحتفاظ|الاحتفاظ|يحتفظ|توافر|بتأمين)\s+(?:ب)?قطع\s+(?:ال)?غيار[^.؛]{0,40}(?:لمدة|طوال|خلال)[^.؛]{0,20}$|صلاحية\s+(?:ال)?(?:مواد|منتجات|منتج|أدوية|ادوية|بضاعة|بضائع|أغذية|اغذية|سلع|أصناف|اصناف)[^.؛]{0,60}$`)

// reGoodsGuarantee: spare parts guaranteed or warranted for a time
// (يضمن، تضمن، "guaranteed for six months"): a warranty, not GL.
var reGoodsGuarantee = regexp.MustCompile(`(?i)\b(?:guarantee[sd]?|warrant(?:s|ed|y)?)\b|(?:^|\s)(?:ي|ت)ضمن(?:\s|$)|مضمونة|مضمون`)
