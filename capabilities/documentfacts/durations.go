package documentfacts

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Durations: a number (digits, words or both) and a unit, Arabic duals
// and fixed phrases, normalised to ISO 8601 (sums in sums.go), with their
// role from a cue in their own clause.

var (
	reDuration     = regexp.MustCompile(`(?i)(?:\b(` + enNumRun + `))?(?:\(\s*(` + D + `{1,3})\s*\)|(` + D + `{1,3}))(?:-|\s*)(?:\(\s*(?:` + D + `{1,3}|` + bracketWords + `)\s*\)\s*)?(?:calendar\s+|business\s+|banking\s+|working\s+|consecutive\s+)?` + furtherUnit + `(days?|weeks?|months?|years?|hours?|minutes?|يوماً|يومًا|يوما|يوم|أيام|ايام|أسبوعاً|أسبوعا|أسبوع|أسابيع|شهراً|شهرًا|شهرا|شهر|أشهر|اشهر|شهور|سنة|سنوات|عاماً|عامًا|عاما|عام|أعوام|ساعة|ساعات|دقيقة|دقائق)`)
	reDurationWord = regexp.MustCompile(`(?i)\b(` + enNumRun + `)` + furtherUnit + `(days?|hours?|weeks?|months?|years?)\b`)
	// reDurationAR: Arabic number words and a unit ("ثلاث سنوات", "أربعة
	// وعشرين شهرا"), a dual ("سنتان", "شهرين") or a fixed phrase with the
	// number after the unit.
	reDurationAR = regexp.MustCompile(`(` + arNumWords + `)(ساعات|ساعة|أيام|ايام|يوماً|يومًا|يوما|يوم|أسابيع|أسبوعاً|أسبوعا|أسبوع|أشهر|اشهر|شهور|شهراً|شهرًا|شهرا|شهر|سنوات|سنة|أعوام|عاماً|عامًا|عاما|عام)|` +
		`(ساعتين|ساعتان|يومين|يومان|أسبوعين|أسبوعان|شهرين|شهران|سنتين|سنتان|عامين|عامان|شهر واحد|سنة واحدة|سنة ميلادية|شهر\s*\(\s*[1١]\s*\)\s*واحد|سنة\s*\(\s*[1١]\s*\)\s*واحدة)`)
)

func durationUnit(u string) string {
	u = strings.ToLower(u)
	switch {
	case strings.HasPrefix(u, "day"), strings.HasPrefix(u, "يوم"), strings.HasPrefix(u, "أيام"), strings.HasPrefix(u, "ايام"):
		return "day"
	case strings.HasPrefix(u, "week"), strings.HasPrefix(u, "أسبوع"), strings.HasPrefix(u, "أسابيع"):
		return "week"
	case strings.HasPrefix(u, "month"), strings.HasPrefix(u, "شهر"), strings.HasPrefix(u, "أشهر"), strings.HasPrefix(u, "اشهر"), strings.HasPrefix(u, "شهور"):
		return "month"
	case strings.HasPrefix(u, "year"), strings.HasPrefix(u, "سن"), strings.HasPrefix(u, "عام"), strings.HasPrefix(u, "أعوام"), strings.HasPrefix(u, "اعوام"):
		return "year"
	case strings.HasPrefix(u, "hour"), strings.HasPrefix(u, "ساع"):
		return "hour"
	case strings.HasPrefix(u, "minute"), strings.HasPrefix(u, "دقيق"), strings.HasPrefix(u, "دقائق"):
		return "minute"
	}
	return ""
}

// arabicDurations are the fixed Arabic phrases of reDurationAR whose
// number follows the unit.
var arabicDurations = map[string][2]any{"شهر واحد": {1, "month"}, "سنة واحدة": {1, "year"}, "سنة ميلادية": {1, "year"}}

func (x *extractor) durations(t string, base int, prev, headerCells string) {
	x.wrappedDuration(t, base, prev) // key_bare_currency_rows.go

	var terms [][2]int // where each term stands, and its index in isos
	var isos []string
	emit := func(ms, me int, iso string, glued bool, from, next int) {
		x.stop.step() // stop.go
		if iso == "" {
			return
		}
		raw := ctxBefore(t, ms, prev)
		if hasArabic(raw) {
			// Arabic letters take two bytes: the same reach in words
			// as an English clause's.
			raw = ctxBeforeN(t, ms, prev, 2*cueWindow)
			if continuesLineAR(prev, t) && strings.TrimSpace(t[:ms]) != "" {
				// An Arabic line wrapped in a PDF or plain text: the
				// clause's verb may stand on the line before.
				p := strings.TrimSpace(prev)
				raw = ctxBeforeN(p+" "+t[:ms], len(p)+1+ms, "", 2*cueWindow)
			}
		} else if continuesLine(prev, t) {
			// A plain-text line that continues the one before: its
			// cue may stand there ("shall pay ... within seven / (7)
			// days", the number's words left on the line before).
			raw = wrappedCtx(t, ms, prev)
			if t[ms] == '(' {
				raw = reNumWordsEnd.ReplaceAllString(raw, "")
			}
		}
		whole := raw
		if from > ms-len(raw) && from <= ms && strings.HasSuffix(t[:ms], raw) {
			// An earlier item of a list named its own duration: its cue
			// (a line label too) does not reach this one.
			raw = t[from:ms]
		}
		ctx := durationCtx(raw)
		if reEveryBefore.MatchString(ctx) {
			return // "every three months", "كل ثلاثة أشهر": how often, no period
		}
		if reLookBackBefore.MatchString(ctx) && reLookBackAfter.MatchString(t[me:min(len(t), me+30)]) {
			return // "the fees paid in the twelve months before the claim": a measure, no period
		}
		c, at, ok := nearestCueAt(ctx, durationCues)
		for ok && c.key == "confidentiality_period" && reConfidentialNoun.MatchString(lowerASCII(ctx[at:])) {
			// "Confidential Information" names what is kept secret, not
			// how long: the cue before it counts.
			c, at, ok = nearestCueAt(ctx[:at], durationCues)
		}
		if ok && c.key == "notice_period" && ctx[at] >= 0x80 && reWindowBefore.MatchString(ctx) {
			// "بإخطار المورد خلال ثمانٍ وأربعين ساعة": the Arabic noun of
			// notifying before a window is a duty to notify within it
			// (a deadline), as "shall notify ... within 48 hours" is,
			// not a notice period; the clause may still name a role.
			ok = false
		}
		if ok && c.key == "warranty_period" && bankGuaranteeAt(ctx, at) {
			// "pay the advance payment against an advance payment
			// guarantee within 21 days", "دفعة مقدمة ... مقابل ضمان بنكي
			// ... خلال": a bank's guarantee is no warranty; the clause's
			// cue before it names the window.
			if q, found := nearestCue(ctx[:at], durationCues); found && q.key != "warranty_period" {
				c = q
			} else {
				ok = false // "return the bank guarantee ... within 7 days": a time limit
			}
		}
		if ok && c.key == "term" && strings.HasPrefix(lowerASCII(ctx[at:]), "period") {
			// "a warranty period of twelve months": the role word
			// right before "period" names it, not "period of".
			head := lowerASCII(strings.TrimRight(ctx[:at], asciiSpace))
			for _, q := range durationCues[:len(durationCues)-1] {
				for _, w := range q.words {
					if strings.HasSuffix(head, w) && lastWordIndex(head, w) == len(head)-len(w) {
						c = q
					}
				}
			}
		}
		if ok && c.key == "term" && genericTermWord(ctx[at:]) && len(whole) > len(raw) && !containsAnyCue(ctx[:at], durationCues) {
			// "warranted for five years against defects; fabric for
			// two years", "مضمون لمدة خمس سنوات ...، والأقمشة لمدة
			// سنتين": a later item with only "for a period" / لمدة
			// keeps the warranty or the role its list opened with.
			if q, found := nearestCue(durationCtx(strings.TrimRight(whole[:len(whole)-len(raw)], " ;,،؛")), strongDurationCues); found {
				c = q
			}
		}
		if ok && c.key == "term" && withinPeriod(ctx[:at]) {
			// "payable within a period of thirty (30) days", "خلال مدة
			// ثلاثين يوماً": a window, no term; the role is the clause's
			// other cue, if any.
			c, ok = nearestCue(ctx[:at], durationCues[:len(durationCues)-1])
		}
		if ok && c.key == "term" && reTermAndFor.MatchString(lowerASCII(ctx[at:])) {
			// "during the term and for six (6) months after it ends":
			// a period after the term, the clause's other role.
			if q, found := nearestCue(ctx[:at], strongDurationCues); found {
				c = q
			} else {
				c = durationCueOf("duration")
			}
		}
		if m := lastMatch(reCompleteWord, ctx); m >= 0 && (!ok || m > at) && reWindowBefore.MatchString(ctx) && reWorksNoun.MatchString(ctx) {
			// "shall complete the Works within fourteen (14) months",
			// "وإنجازها خلال تسعة (9) أشهر": the time for completion of
			// works is their term.
			c, ok = durationCueOf("term"), true
		}
		headed := false
		if glued {
			// "a 12-month term", "a ninety-day notice period": the noun
			// the number and its unit qualify names the role.
			if q, found := headCue(t[me:min(len(t), me+40)]); found {
				c, ok, headed = q, true, true
				if q.key == "term" && reFurtherBefore.MatchString(ctx) && containsCue(ctx, durationCueOf("renewal_term")) {
					// "renewed for a further one-year term": the renewal.
					c = durationCueOf("renewal_term")
				}
			}
		}
		if !headed {
			// "two (2) months written notice": a notice or probation word
			// right after the duration, in its clause and before the next
			// duration or a conjunction ("12 months and the notice period
			// is 30 days"), decides.
			after := lowerASCII(t[me:min(len(t), me+30, next)])
			if i := strings.IndexAny(after, ",;.،؛"); i >= 0 {
				after = after[:i]
			}
			if i := reAfterStop.FindStringIndex(after); i != nil {
				after = after[:i[0]]
			}
			for _, q := range durationCues[:2] {
				for _, w := range q.words {
					if q.key == "notice_period" && w[0] < 0x80 && !reNoticeAfterEN.MatchString(after) {
						continue // "for twelve months by notice given ...": the notice's means, not its period
					}
					if i := lastWordIndex(after, w); q.key == "notice_period" && w[0] >= 0x80 && i >= 0 && reEventBeforeAR.MatchString(after[:i]) {
						continue // "خلال 15 يوماً من تاريخ إخطاره": counted from the notice, not its period
					}
					if lastWordIndex(after, w) >= 0 {
						c, ok = q, true
					}
				}
			}
		}
		if !headed && (!ok || c.key != "notice_period") && x.noticeWrapped(t, base, me) {
			c, ok = durationCues[0], true // duration_notice_terms.go: "days' written" / "notice"
		}
		if ok && c.key == "delivery_period" && reBondObject.MatchString(sentenceBefore(t, ms)) {
			return // "deliver a performance bond ... within fourteen (14) days": a time limit, no delivery period
		}
		if x.guaranteeDoc() && reBeforeExpiry.MatchString(t[me:min(len(t), me+40)]) {
			return // "extend this guarantee at least 14 days before its expiry": a time limit, no period
		}
		if ok && c.key == "duration" && reLeaveWord.MatchString(ctx[at:]) && reAdvanceAfter.MatchString(t[me:min(len(t), me+40)]) {
			return // "apply for annual leave at least one month in advance": a time limit, not the leave
		}
		chg := ctx
		if !reChangeNotice.MatchString(chg) {
			// "... a revision not exceeding 4%, giving at least sixty
			// (60) days' written notice": the comma that ended a list
			// item before cut the change off the notice.
			chg = durationCtx(whole)
		}
		if ok && c.key == "notice_period" && reChangeNotice.MatchString(chg) && !reEndVerb.MatchString(chg) {
			// "shall not increase the prices without giving ninety (90)
			// days' written notice", "تعديل الأسعار إلا بإشعار مدته":
			// notice of a change is a duration, not the notice period
			// that ends the contract.
			c = durationCueOf("duration")
		}
		if !headed && (!ok || c.key == "notice_period") && x.changeNotice(t, base, me, chg) {
			c, ok = durationCueOf("duration"), true // duration_notice_terms.go: notice of a change, not of ending
		}
		if !headed && reLeaveAfter.MatchString(lowerASCII(t[me:min(len(t), me+40)])) {
			// "thirty (30) working days of paid annual leave", "ثلاثون
			// يوماً إجازة سنوية": the leave named after its length.
			c, ok = durationCueOf("duration"), true
		} else if !headed && (!ok || c.key == "term" && genericTermWord(ctx[at:])) && x.restraintAround(base, ms, me) {
			// "For twelve (12) months after the end of the discussions,
			// neither Party shall solicit ...", "لمدة ستة أشهر ...، لا
			// يجوز لأي من الطرفين التفاوض": how long a restraint lasts.
			c, ok = durationCueOf("duration"), true
		}
		if (!ok || c.key == "delivery_period" || c.key == "term") && !headed && reOfInvoiceAfter.MatchString(lowerASCII(t[me:min(len(t), me+50)])) {
			// "70% on delivery and 10% on commissioning, each within
			// thirty (30) days of invoice", "خلال 30 يوما من تاريخ
			// الفاتورة": a window counted from an invoice is the time
			// to pay it.
			c, ok = durationCueOf("payment_period"), true
		}
		conf := 0.82
		if !headed {
			if ok && c.key == "term" && genericTermWord(ctx[at:]) {
				// "warrants all goods for a period of 18 months", "يضمن
				// المورد الأجهزة لمدة ...": the clause's own role word
				// names the period, not "period of" / لمدة.
				if q, found := nearestCue(ctx[:at], strongDurationCues); found {
					c = q
				}
			}
			if ok && c.key == "warranty_period" && reValidityWord.MatchString(ctx) && reBondNoun.MatchString(ctx) && !reWarrantWord.MatchString(ctx) && !warrantyPeriodNamed(ctx, at) {
				// "This guarantee is valid ... a period of ten months":
				// a bank guarantee's validity, not a warranty.
				c = cueValidity
			}
			if ok && (c.key == "warranty_period" || c.key == "term") && x.guaranteeDoc() {
				// A bank's guarantee: its "guarantee" names no warranty
				// ("extension of this guarantee at least 14 days before
				// its expiry"), and its period is its validity.
				if c.key == "term" {
					c = cueValidity
				} else {
					ok = false
				}
			}
			if ok && c.key == "term" && reFurtherBefore.MatchString(ctx) && containsCue(ctx, durationCueOf("renewal_term")) {
				// "may extend the term for a further six (6) months":
				// the renewal, not the term.
				c = durationCueOf("renewal_term")
			}
			if reSurvivalAfter.MatchString(t[me:min(len(t), me+60)]) && reSecretWord.MatchString(ctx) {
				// "shall not disclose ... during the term and for two
				// (2) years thereafter": how long the secret is kept.
				c, ok = durationCueOf("confidentiality_period"), true
			} else if x.graceBeforeDefault(base, ms, me, ctx) {
				// "If any instalment is not paid within ten (10) days
				// after its due date, the whole unpaid balance becomes
				// due", "إذا تأخر المستأجر في سداد الأجرة مدة تزيد على
				// خمسة عشر يوماً ... يحق للمؤجر فسخ العقد": the time a
				// late payer has before the other may terminate or
				// accelerate is a cure period.
				c, ok = cueCurePeriod, true
			} else if q, found := clauseDurationRole(ctx, lowerASCII(t[me:min(len(t), me+60)]), !ok || c.key == "term"); found {
				c, ok = q, true
			} else if (!ok || c.key == "term") && reValidityWord.MatchString(ctx) && reBidBondWords.MatchString(raw) && !reWarrantWord.MatchString(ctx) {
				// "A bid bond of OMR 2,500.000, valid for ninety (90)
				// days": the bond's words, blanked in ctx as a money
				// cue, still name what is valid.
				c, ok = cueValidity, true
			} else if beforeTheEnd(ctx, t[me:min(len(t), me+80)]) || reNonRenewalBefore.MatchString(ctx) {
				// "قبل شهرين من انتهاء مدته", "at least 90 days before the
				// end of the term", "برغبته في عدم التجديد قبل تسعين
				// يوماً": how long before the end notice is due, not the
				// renewal or the term.
				c, ok = durationCues[0], true
			} else if !ok && reBeforeARDur.MatchString(ctx) && reNotifyVerbAR.MatchString(ctx) {
				// "أن يخطر المؤجر كتابياً قبل ثلاثة (٣) أشهر": notice
				// given that long ahead, the notice period (as "بإخطار
				// ... خلال" is a time limit to notify).
				c, ok = durationCues[0], true
			} else if reGraceBefore.MatchString(ctx) {
				// "في حال تأخر المستأجر عن سداد الأجرة أكثر من خمسة عشر
				// يوماً", "if payment is late by more than 10 days": the
				// delay tolerated before a sanction (a grace period, the
				// specification's duration), not a payment period.
				c, ok = durationCueOf("duration"), true
			}
			c, ok = claimWindow(c, ok, headed, ctx) // duration_windows_units.go: before the service times
			c, ok = goodsLife(c, ok, headed, ctx)   // duration_windows_units.go
			if !ok {
				// "shall respond to priority 1 incidents within 2 hours",
				// "بإصلاح أي عطل خلال ثلاثة أيام", "Response time: 4
				// hours": the time given for a service action is a
				// deadline only (the key specification, issue 29: response
				// and repair times are no durations).
				if _, found := serviceTime(ctx); found {
					if !reLeadTime.MatchString(ctx) {
						return
					}
					c, ok = durationCueOf("delivery_period"), true // "Lead time: 6 weeks"
				}
			}
		}
		if !ok && strings.TrimSpace(t[:ms]) == "" {
			// "1. Term" over "Two (2) years from 1 January 2027": the
			// heading names a period that opens the text under it.
			if h := x.sectionAt(base); h != "" {
				c, ok = nearestCue(h, durationCues)
			}
		}
		if headerCells != "" && (!ok || strings.Contains(t[:ms], " | ")) {
			// A table's period with no cue in its row: its column's
			// header names it ("مدة الضمان", "Warranty period", "Notice
			// period"); so it does over a word of the row's item
			// ("أعمال التركيب والتمديدات | سنتان" under مدة الضمان: the
			// wiring, no renewal).
			// Only a label heads such a column, and the cell holds the
			// period alone (a side-by-side table of clauses is no list
			// of periods).
			cs := strings.LastIndex(t[:ms], " | ") + 1
			ce := strings.Index(t[me:], " | ")
			if ce < 0 {
				ce = len(t) - me
			}
			if h := columnHeader(t, ms, headerCells); h != "" && reServiceLabel.MatchString(h) {
				return // a service-level table's response or repair time: a deadline only
			} else if h != "" && utf8.RuneCountInString(h) <= 40 && utf8.RuneCountInString(t[cs:me+ce]) <= 30 {
				if q, found := nearestCue(h, durationCues); found || !ok {
					c, ok = q, found
				}
			}
		}
		if ok && !headed && (c.key == "warranty_period" || c.key == "term" || c.key == "duration") && serviceAfterCue(ctx, c) {
			// "يلتزم المورد خلال فترة الضمان بالاستجابة لأي بلاغ خلال 48
			// ساعة": a service action nearer the period than the
			// clause's cue makes it a response or repair time, a
			// deadline only.
			return
		}
		if !headed && (!ok || c.key == "notice_period" || c.key == "term") && firstPart(ctx, t[me:min(len(t), me+60)]) {
			c, ok = durationCueOf("duration"), true // duration_notice_terms.go: the first months of the term
		}
		if !headed && !ok && stayOrRepay(ctx, t[me:]) {
			c, ok = durationCueOf("duration"), true // duration_notice_terms.go: how long an employee must stay or repay
		}
		if !headed && (!ok || c.key == "duration") && ownTerm(ctx, t[me:min(len(t), me+40)], glued) {
			c, ok = durationCueOf("term"), true // duration_notice_terms.go: the engagement's own length
		}
		c, ok = tenderDaysKeysDuration(c, ok, headed, ctx, t[ms:me], t[me:min(len(t), me+40)]) // key_tender_days.go
		c, ok = payWindow(c, ok, headed, ctx, t[me:min(len(t), me+90)])                        // duration_windows_units.go
		if !headed {
			had := ok
			c, ok = x.clauseContextDurationKeys(t, ms, me, whole, c, ok)
			if c, ok = x.labelFamiliesDurationKeys(t, ms, me, whole, c, ok, had); !ok {
				return // rounds 11 and 16: a time limit only, or no role (key_clause_context.go, key_label_families.go)
			}
		}
		if !ok {
			return // a duration without a role ("15 years of experience") is not reported
		}
		if c, ok = otherDocumentsKeysDuration(c, ctx, t, ms, me); !ok {
			return // key_other_documents.go: an ageing bucket, no period
		}
		if c, ok = guaranteeWindow(c, ctx); !ok || incidentReport(c, ctx, x.a.text, base+ms) || rentMeasure(t, ms, me) {
			return // key_guarantees_paperwork.go, convention_rejections_offer_roles.go: a guarantee's window, an incident to report (deadlines only), a sum's measure
		}
		if survivesConfidential(c, t, ms, me, ctx, x.firstLine()) {
			c = durationCueOf("confidentiality_period") // key_guarantees_paperwork.go: duties surviving the end
		}
		if serviceWindow(c, ctx) {
			return // duration_notice_terms.go: the time to repair or answer a reported fault, a deadline only
		}
		if !bondsParentDatesConventionDurationKeys(c) || !keyConventionsDurationKeys(c, x.a.text, base+ms) {
			return // convention_bonds_parent_dates.go, key_conventions.go: a delivery or refund window is a deadline only
		}
		f := Fact{Type: TypeDuration, Key: c.key, Label: c.label, Value: t[ms:me], Normalized: iso, Method: "clause", Confidence: conf}
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 1})
		if c.key == "term" {
			terms = append(terms, [2]int{ms, len(isos)})
			isos = append(isos, iso)
		}
	}
	spans := x.durationSpans(t)
	for i, r := range spans {
		from, next := -1, len(t)
		if i > 0 {
			// The list's separator after the previous duration, if any
			// ("warranty of 12 months on parts, 6 months on batteries").
			p := spans[i-1]
			if p.e <= r.s {
				if j := strings.IndexAny(t[p.e:r.s], ",;،؛"); j >= 0 {
					_, size := utf8.DecodeRuneInString(t[p.e+j:])
					from = p.e + j + size
				}
			}
		}
		if i+1 < len(spans) {
			next = max(r.e, spans[i+1].s)
		}
		emit(r.s, r.e, sumISO(r.parts), r.glued, from, next)
	}
	// "مدة هذا العقد ثلاث سنوات ... ويجوز تجديده لمدة مماثلة", "renewed
	// for a like period": the renewal runs as long as the term before it.
	lt := x.likeText(t, base) // duration_notice_terms.go: "لمدة" / "مماثلة" wrapped
	for _, m := range reLikePeriod.FindAllStringIndex(lt, -1) {
		if m[0] >= len(t) {
			continue
		}
		m[1] = min(m[1], len(t)) // the value stays in its block
		if !containsCue(lowerASCII(t[max(0, m[0]-120):m[0]]), durationCueOf("renewal_term")) {
			continue
		}
		last := -1
		for _, tm := range terms {
			if tm[0] < m[0] {
				last = tm[1]
			}
		}
		if last < 0 {
			continue
		}
		q := durationCueOf("renewal_term")
		f := Fact{Type: TypeDuration, Key: q.key, Label: q.label, Value: t[m[0]:m[1]], Normalized: isos[last], Method: "clause", Confidence: 0.75}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[1], prio: 1})
	}
}

// reLikePeriod: a period as long as one named before ("لمدة مماثلة",
// "لمدد مماثلة", "for a like period", "for the same period").
var reLikePeriod = regexp.MustCompile(`(?i)(?:لمدة|لمدد|لفترة|لفترات|مدة|مدداً|مددا)\s+(?:أخرى\s+)?مماثلة|\bfor\s+(?:a\s+|an\s+)?(?:similar|like|equal|identical|the\s+same)\s+(?:period|term)s?\b|\bfor\s+(?:a\s+)?further\s+period\s+of\s+the\s+same\s+(?:length|duration)\b`)

// containsAnyCue: a word of one of cues stands in s.
func containsAnyCue(s string, cues []cue) bool {
	_, ok := nearestCue(s, cues)
	return ok
}

// columnHeader is the header cell above offset at of table row t (the
// row aligned on the right, as the readers drop empty cells).
func columnHeader(t string, at int, headerCells string) string {
	heads := strings.Split(headerCells, " | ")
	cells := strings.Count(t, " | ") + 1
	j := strings.Count(t[:at], " | ") + len(heads) - cells
	if j < 0 || j >= len(heads) {
		return ""
	}
	return heads[j]
}

// reEventBeforeAR: من, بعد, منذ or عند after a duration: the event it is
// counted from follows.
var reEventBeforeAR = regexp.MustCompile(`(?:^|\s)(?:من|بعد|منذ|عند)\s`)

// reLookBackBefore and reLookBackAfter: a span of time looked back on
// ("in the twelve months before the claim", "during the preceding 12
// months").
var (
	reLookBackBefore = regexp.MustCompile(`(?i)\b(?:in|during|over|within|for)\s+the\s+(?:last\s+|past\s+|preceding\s+|previous\s+|prior\s+)?$`)
	reLookBackAfter  = regexp.MustCompile(`(?i)^\s*(?:before|preceding|prior\s+to|immediately\s+(?:before|preceding))\b|^\s*$|^\s*[.,;]`)
)

// reFurtherBefore: "a further", "an additional" right before a glued
// duration.
var reFurtherBefore = regexp.MustCompile(`(?i)\b(?:further|additional|another|successive|subsequent)\s+(?:(?:term|period)\s+of\s+)?$|\b(?:further|additional|another|successive|subsequent)\s*$`)

// containsCue: a word of cue q stands in s.
func containsCue(s string, q cue) bool {
	s = lowerASCII(s)
	for _, w := range q.words {
		if lastWordIndex(s, w) >= 0 {
			return true
		}
	}
	return false
}

// reEveryBefore: "every", "each", كل right before a duration (a
// frequency); reConfidentialNoun: "confidential" naming a thing;
// reNoticeAfterEN: a notice word right after an English duration ("90
// days' notice", "two (2) months written notice"); reSurvivalAfter and reSecretWord: a period after the
// end of an agreement in a clause about secrets.
var (
	reEveryBefore      = regexp.MustCompile(`(?i)(?:\b(?:every|each)|(?:^|\s)كل)\s*$`)
	reConfidentialNoun = regexp.MustCompile(`^confidential\s+(?:information|data|materials?|documents?|matters?)`)
	reNoticeAfterEN    = regexp.MustCompile(`(?i)^\s*['’]?s?['’]?\s*(?:\(\s*\w+\s*\)\s*)?(?:of\s+)?(?:(?:prior|advance|written|clear|calendar|formal)\s+)*(?:notice|notification)\b`)
	reSurvivalAfter    = regexp.MustCompile(`(?i)^\s*(?:thereafter|after(?:wards)?\s+(?:the\s+)?(?:end|expiry|expiration|termination)|following\s+(?:the\s+)?(?:end|expiry|expiration|termination)|from\s+(?:the\s+)?(?:end|expiry|termination))|^\s*(?:بعد|من)\s+(?:تاريخ\s+)?(?:انتهاء|انقضاء|إنهاء|نهاية)`)
	reSecretWord       = regexp.MustCompile(`(?i)\b(?:confidential\w*|disclos\w*|secre\w*)\b|السرية|سرية|إفشاء|افشاء`)
)

// Roles a duration's clause gives over its nearest cue (see
// clauseDurationRole), and the time limit of a duty.
var (
	cueCurePeriod  = cue{key: "cure_period", label: "Cure period"}
	cueClaimPeriod = cue{key: "claim_period", label: "Claim period"}
	cueValidity    = cue{key: "duration", label: "Validity period"}
	cueResponse    = cue{key: "duration", label: "Response time"}
	cueRepair      = cue{key: "duration", label: "Repair time"}
	// strongDurationCues name a period even when a generic word ("for
	// a period of", "لمدة") stands nearer to it.
	strongDurationCues = []cue{durationCueOf("warranty_period"), durationCueOf("probation_period"), durationCueOf("confidentiality_period"),
		durationCueOf("renewal_term"), durationCueOf("duration")}
	reCureWord   = regexp.MustCompile(`(?i)\b(?:remed(?:y|ied|ies|ying)|cured?|curing|rectif(?:y|ied|ies|ying|ication)|make\s+good|made\s+good)\b|تصحيح|معالجة|تدارك|بتصحيح|بمعالجة|يصحح|تصحح|يعالج|تعالج|يتدارك|تتدارك`)
	reBreachWord = regexp.MustCompile(`(?i)\b(?:breach\w*|default\w*|fail(?:s|ed|ure|ing)?|non-?performance|non-?compliance|violation\w*)\b|إخلال|الإخلال|مخالفة|المخالفة|تقصير|التقصير`)
	reClaimWord  = regexp.MustCompile(`(?i)\b(?:claims?|complaints?)\b|مطالبة|المطالبة|المطالبات|شكوى|الشكاوى`)
	// reClaimMade: a claim is made, submitted or notified (not paid).
	reClaimMade = regexp.MustCompile(`(?i)\b(?:made|make|submit\w*|notif\w*|lodg\w*|rais\w*|brought|bring|fil(?:e|ed|ing)|present\w*|report\w*|assert\w*)\b|تقديم|بتقديم|تقدم|يقدم`)
	// reDefectWord: what a claim window is for: a defect, a loss, a
	// shortage or damage in goods, a discrepancy in an invoice.
	reDefectWord     = regexp.MustCompile(`(?i)\b(?:defects?|defective|faults?|faulty|non-?conform\w*|loss(?:es)?|lost|damaged?|damages|shortages?|short-?delivery|breakages?|broken|discrepanc(?:y|ies)|disagreements?|objections?)\b|عيب|العيب|عيوب|العيوب|نقص|النقص|تلف|التلف|كسر|الكسر|اختلاف|تباين|ملاحظة|ملاحظات|اعتراض`)
	reNotifyWord     = regexp.MustCompile(`(?i)\b(?:notif(?:y|ied|ies|ication)|report(?:ed)?|inform(?:ed)?|raised?|lodged?)\b|إبلاغ|ابلاغ|بإبلاغ|إخطار|اخطار|بإخطار|يبلغ|يخطر`)
	reDiscoveryAfter = regexp.MustCompile(`(?i)^[^.;,،]{0,40}?(?:\b(?:discovery|discovered|discovering|becomes?\s+apparent|became\s+apparent|detection|detected)\b|اكتشاف|اكتشافه|اكتشافها|ظهور)`)
	reValidityWord   = regexp.MustCompile(`(?i)\bvalid(?:ity)?\b|\bopen\s+for\s+acceptance\b|ساري|سارية|سارٍ|صالح|صالحة|صلاحية`)
	reOfferNoun      = regexp.MustCompile(`(?i)\b(?:offers?|quotations?|quotes?|bids?|tenders?|proposals?|applications?|prices?)\b|العرض|عرض|العروض|عروض|الأسعار|العطاء|عطاء`)
	// reWindowBefore: the duration follows "within", خلال, "no later
	// than" or "in not more than".
	reWindowBefore = regexp.MustCompile(`(?i)(?:\bwithin|\b(?:no|not)\s+later\s+than|\bin\s+not\s+more\s+than|\bin\s+no\s+more\s+than|خلال|في\s+غضون|في\s+مدة\s+لا\s+تتجاوز)\s*(?:a\s+period\s+of\s+|مدة\s+)?$`)
	// reDutyWord: the clause binds someone.
	reDutyWord     = regexp.MustCompile(`(?i)\b(?:shall|must|undertakes?|agrees?\s+to|is\s+required|are\s+required|will|is\s+to|are\s+to|obliged)\b|يلتزم|تلتزم|يتعهد|تتعهد|يجب|يتعين|يقوم|تقوم|ويقوم|وتقوم|^\s*على\s|\sعلى\s+(?:المورد|المشتري|البائع|المقاول|المستأجر|المؤجر|العميل|الطرف)`)
	reResponseWord = regexp.MustCompile(`(?i)\b(?:respond|responds|response|attend|attends|attendance|acknowledge|acknowledges|arrive|arrives|on\s+site)\b|الاستجابة|بالاستجابة|الرد|بالرد|الحضور|بالحضور`)
	reRepairWord   = regexp.MustCompile(`(?i)\b(?:repair|repairs|replace|replaces|fix|fixes|restore|restores|resolve|resolves|resolution)\b|إصلاح|بإصلاح|اصلاح|باصلاح|استبدال|باستبدال|تبديل|بتبديل`)
	reServiceLabel = regexp.MustCompile(`(?i)\b(response|resolution|repair|turnaround|lead|restoration|attendance)\s+times?\b|(?:زمن|مدة|وقت)\s+(?:ال)?(?:استجابة|إصلاح|اصلاح|حضور|معالجة|إعادة\s+التشغيل)`)
	// reLeadTime: a supply's lead time, its delivery period.
	reLeadTime = regexp.MustCompile(`(?i)\blead\s+times?\b`)
)

// serviceTime is the role of a period given for a service action: the
// time to respond, attend, repair or replace, when the clause binds
// someone to it and the period follows "within"/خلال, or a label names it
// ("Response time: 4 hours"). Other windows of a duty ("complete the
// works within 18 months", "vacate within 30 days") are deadlines only.
func serviceTime(ctx string) (cue, bool) {
	if m := reServiceLabel.FindStringSubmatch(ctx); m != nil {
		if w := strings.ToLower(m[1]); w == "repair" || w == "resolution" || w == "restoration" || strings.Contains(m[0], "الإصلاح") {
			return cueRepair, true
		}
		return cueResponse, true
	}
	if !reWindowBefore.MatchString(ctx) || !reDutyWord.MatchString(ctx) {
		return cue{}, false
	}
	// The action nearest the period names it.
	r, p := lastMatch(reResponseWord, ctx), lastMatch(reRepairWord, ctx)
	switch {
	case r < 0 && p < 0:
		return cue{}, false
	case r > p:
		return cueResponse, true
	}
	return cueRepair, true
}

// serviceAfterCue: the period is the time for a service action
// (serviceTime) whose word stands after every word of the cue c in ctx.
func serviceAfterCue(ctx string, c cue) bool {
	if _, found := serviceTime(ctx); !found {
		return false
	}
	low := lowerASCII(ctx)
	cueAt := -1
	for _, w := range c.words {
		cueAt = max(cueAt, lastWordIndex(low, w))
	}
	return max(lastMatch(reResponseWord, ctx), lastMatch(reRepairWord, ctx), lastMatch(reServiceLabel, ctx)) > cueAt
}

// serviceDuty: the first action a duty binds in ctx is a service one
// ("shall attend any reported fault within"), not to notify ("must
// notify any defect within").
func serviceDuty(ctx string) bool {
	from := 0
	if m := reDutyWord.FindAllStringIndex(ctx, -1); len(m) > 0 {
		from = m[len(m)-1][1]
	}
	rest := ctx[from:]
	n := firstMatch(reNotifyWord, rest)
	s := firstMatch(reResponseWord, rest)
	if r := firstMatch(reRepairWord, rest); r >= 0 && (s < 0 || r < s) {
		s = r
	}
	return s >= 0 && (n < 0 || s < n)
}

// firstMatch is where re first matches in s, or -1.
func firstMatch(re *regexp.Regexp, s string) int {
	if m := re.FindStringIndex(s); m != nil {
		return m[0]
	}
	return -1
}

// lastMatch is where re last matches in s, or -1.
func lastMatch(re *regexp.Regexp, s string) int {
	locs := re.FindAllStringIndex(s, -1)
	if len(locs) == 0 {
		return -1
	}
	return locs[len(locs)-1][0]
}

// clauseDurationRole is the role a duration's clause gives it over its
// nearest cue: a cure period (the breach is to be remedied within it), a
// claim period (a claim is to be made, or a defect notified, within it,
// or it runs from the defect's discovery), or an offer's validity (in
// place of a term or of no role only).
func clauseDurationRole(ctx, after string, termCue bool) (cue, bool) {
	switch {
	case reCureWord.MatchString(ctx) && reBreachWord.MatchString(ctx+" "+after):
		// A breach or default to remedy ("fails to remedy a default
		// within 20 days"); remedying a defect is a repair.
		return cueCurePeriod, true
	case reWindowBefore.MatchString(ctx) && (reClaimWord.MatchString(ctx) && reClaimMade.MatchString(ctx) ||
		reDefectWord.MatchString(ctx) && reNotifyWord.MatchString(ctx) && !serviceDuty(ctx)),
		reDiscoveryAfter.MatchString(after):
		// A window to claim or to notify a defect in ("must be made
		// within 7 days", "notify any defect within 10 days").
		return cueClaimPeriod, true
	case termCue && reValidityWord.MatchString(ctx) && reOfferNoun.MatchString(ctx+" "+after):
		return cueValidity, true
	case termCue && reValidityWord.MatchString(ctx) && reBondNoun.MatchString(ctx):
		// "This guarantee is valid ... a period of fifteen (15) months",
		// "يظل الضمان سارياً لمدة": a bond's validity is a duration.
		return cueValidity, true
	}
	return cue{}, false
}

// reWarrantWord: a warranty of goods or works, not a bank's guarantee.
var reWarrantWord = regexp.MustCompile(`(?i)\bwarrant\w*|\bdefects?\b|\bmanufactur\w*|عيوب|العيوب|مضمون|يضمن|تضمن`)

// reNonRenewalBefore: notice of not renewing, just before a period
// ("عدم التجديد قبل", "notice of non-renewal at least").
// reGraceBefore: a delay beyond which something follows ("تأخر ... أكثر
// من", "late by more than").
var (
	reNonRenewalBefore = regexp.MustCompile(`(?i)(?:عدم\s+(?:ال)?تجديد|non-?renewal|not\s+to\s+renew)[^.;؛]{0,50}?(?:قبل|before|prior\s+to|in\s+advance)?\s*(?:at\s+least\s+|بمدة\s+لا\s+تقل\s+عن\s+)?$`)
	reGraceBefore      = regexp.MustCompile(`(?i)(?:تأخر|تأخير|التأخر|التأخير|\blate\b|\bdelay\w*|\boverdue\b)[^.;؛]{0,60}?(?:أكثر\s+من|لأكثر\s+من|لمدة\s+تزيد\s+على|تزيد\s+على|تتجاوز|\bmore\s+than|\bexceeding|\bbeyond|\bover)\s*$`)
)

// graceBeforeDefault: the duration ending at t[me] is the time a party
// late in paying has before the other may end the contract or call the
// whole balance due: the clause before it is a failure or delay to pay
// ("fails to pay any rent within", "is not paid within", "تأخر ... في
// سداد ... أكثر من", "ولم يسددها خلال"), and its sentence, read on past
// the block into the document's next lines, gives the other party the
// right to terminate or accelerate ("may terminate", "becomes
// immediately due", فسخ، إنهاء، يصبح ... مستحقاً). A delay before a
// late fee is no default: the grace stays a duration.
func (x *extractor) graceBeforeDefault(base, ms, me int, ctx string) bool {
	before := x.a.text[max(0, base+ms-240) : base+ms]
	if locs := reStopAfter.FindAllStringIndex(before, -1); len(locs) > 0 {
		before = before[locs[len(locs)-1][1]:]
	}
	before = strings.Join(strings.Fields(before), " ")
	if !rePayFailBefore.MatchString(before) && !reGraceBefore.MatchString(ctx) {
		return false
	}
	after := x.a.text[base+me : min(len(x.a.text), base+me+240)]
	if i := reStopAfter.FindStringIndex(after); i != nil {
		after = after[:i[0]]
	}
	return reDefaultSanction.MatchString(before) || reDefaultSanction.MatchString(after)
}

var (
	// rePayFailBefore: a failure or delay to pay, right before the
	// period it is tolerated for.
	rePayFailBefore = regexp.MustCompile(`(?i)(?:\bfails?\s+to\s+pay|\b(?:does|do|did)\s+not\s+pay|\bfailed\s+to\s+pay|\b(?:is|are)\s+not\s+paid|\bremains?\s+unpaid|\bnot\s+paid)\b[^.;]{0,80}?(?:\bwithin|\bfor|\bafter|\bbeyond|\bmore\s+than)\s*$|(?:تأخر|تأخير|التأخر|التأخير)[^.؛]{0,40}(?:سداد|دفع|السداد|الدفع)[^.؛]{0,60}$|لم\s*(?:ي|ت)سدد\w*[^.؛]{0,40}$`)
	// reDefaultSanction: a right to end the contract or to call the
	// whole balance due.
	reDefaultSanction = regexp.MustCompile(`(?i)\bterminat\w*|\brescind\w*|\bbecomes?\s+(?:immediately\s+)?(?:due|payable)\b|\baccelerat\w*|فسخ|إنهاء|انهاء|يصبح[^.؛]{0,40}(?:مستحق|واجب)`)
	// reStopAfter: where the sentence after a period ends (a full stop,
	// a semicolon, a blank line).
	reStopAfter = regexp.MustCompile(`[.;؛](?:\s|$)|
\s*
`)
)

// restraintAround: the sentence of the duration at [ms, me) restrains a
// party from soliciting, competing, working for a rival or negotiating
// with others (a non-solicitation, non-competition or exclusivity
// clause), read in the document's text across wrapped lines.
func (x *extractor) restraintAround(base, ms, me int) bool {
	before := x.a.text[max(0, base+ms-240) : base+ms]
	if locs := reStopAfter.FindAllStringIndex(before, -1); len(locs) > 0 {
		before = before[locs[len(locs)-1][1]:]
	}
	after := x.a.text[base+me : min(len(x.a.text), base+me+240)]
	if i := reStopAfter.FindStringIndex(after); i != nil {
		after = after[:i[0]]
	}
	return reRestraint.MatchString(strings.Join(strings.Fields(before+" "+after), " "))
}

var (
	// reRestraint: a party may not solicit, compete, work for a rival
	// or negotiate with others.
	reRestraint = regexp.MustCompile(`(?i)\b(?:shall|will|may|must)\s+not\s+(?:\w+\s+){0,2}(?:solicit|compete|work\s+for|negotiate|employ|hire|entice|induce|engage\s+in)\w*|\bneither\s+party\s+(?:shall|will|may)\s+(?:\w+\s+){0,2}(?:solicit|compete|negotiate|employ|hire|entice|induce)\w*|لا\s+يجوز[^.؛]{0,40}(?:التفاوض|استقطاب|باستقطاب|المنافسة|منافسة|العمل\s+لدى|توظيف|استمالة)|(?:يمتنع|يلتزم\s+بعدم|تلتزم\s+بعدم)[^.؛]{0,30}(?:التفاوض|استقطاب|المنافسة|منافسة|العمل|توظيف)`)
	// reLeaveAfter: a leave named right after a duration ("of paid
	// annual leave", "إجازة سنوية").
	reLeaveAfter = regexp.MustCompile(`^\s*(?:of\s+)?(?:paid\s+|fully\s+paid\s+)?(?:annual|vacation|yearly)\s+(?:paid\s+)?leave\b|^\s*(?:of\s+)?paid\s+leave\b|^\s*(?:من\s+)?(?:ال)?(?:إجازة|اجازة)\s+(?:ال)?(?:سنوية|مدفوعة)`)
)

// reOfInvoiceAfter: a period counted from an invoice ("of invoice",
// "from the date of the invoice", "of receipt of each invoice", من تاريخ
// الفاتورة، من استلام الفاتورة).
var reOfInvoiceAfter = regexp.MustCompile(`^\s*(?:of|from|after)\s+(?:the\s+)?(?:(?:date|receipt|issue)\s+of\s+)?(?:the\s+|its\s+|each\s+|an\s+|a\s+)?(?:\w+\s+)?invoices?\b|^\s*(?:من|بعد)\s+(?:تاريخ\s+)?(?:استلام\s+|إصدار\s+|اصدار\s+)?(?:ال)?فاتورة`)

// warrantyPeriodNamed: the cue at ctx[at:] is "the warranty period"
// itself ("فترة الضمان البالغة ثمانية عشر شهراً", "until the end of the
// warranty period of 18 months"): a bond valid until it ends does not
// make it the bond's validity.
func warrantyPeriodNamed(ctx string, at int) bool {
	head := strings.TrimSpace(ctx[:at])
	return strings.HasSuffix(head, "فترة") || strings.HasSuffix(head, "مدة") && !strings.HasSuffix(head, "لمدة") ||
		strings.HasPrefix(lowerASCII(ctx[at:]), "warranty period") || strings.HasPrefix(lowerASCII(ctx[at:]), "defects liability period")
}

// bankGuaranteeAt: the warranty word at ctx[at:] names a bank's
// guarantee ("bank guarantee", "advance payment guarantee", "performance
// guarantee", ضمان بنكي، خطاب ضمان، ضمان دفعة مقدمة).
func bankGuaranteeAt(ctx string, at int) bool {
	if strings.HasPrefix(lowerASCII(ctx[at:]), "warrant") {
		return false // "a linear performance warranty of 25 years": a product's warranty, no bank's
	}
	return reGuaranteeBank.MatchString(ctx[at:]) || reBankBeforeGuarantee.MatchString(lowerASCII(ctx[:at]))
}

var (
	reGuaranteeBank       = regexp.MustCompile(`^(?:ضمان|الضمان)\s+(?:بنكي|بنكى|مصرفي|البنكي|دفعة|الدفعة|حسن)`)
	reBankBeforeGuarantee = regexp.MustCompile(`(?:\bbank|\bbanker'?s|\bpayment|\bperformance|\bdemand|خطاب|كتاب)\s+$`)
)

// reBidBondWords: a bid or tender bond, guarantee or security named.
var reBidBondWords = regexp.MustCompile(`(?i)\b(?:bid|tender|performance)\s+(?:bond|guarantee|security)\b|ضمان\s+(?:ال)?(?:عطاء|ابتدائي|مؤقت|نهائي)|كفالة\s+(?:ال)?(?:عطاء|دخول)`)

// reBondNoun: a guarantee or a bond.
var reBondNoun = regexp.MustCompile(`(?i)\b(?:guarantees?|bonds?|letter\s+of\s+credit)\b|الضمان|ضمان|الكفالة|كفالة|خطاب\s+الضمان`)

// reBeforeEnd: the words after a duration that count it back from the
// end of a term; reBeforeAR: Arabic "قبل" right before the duration.
var (
	reBeforeEnd   = regexp.MustCompile(`(?i)^\s*(?:(?:prior\s+to|before)\s+(?:the\s+)?(?:end|expiry|expiration|termination|lapse|renewal|anniversary)\b|(?:على\s+الأقل\s+|على\s+الاقل\s+)?(?:من|قبل)\s+(?:تاريخ\s+)?(?:ال)?(?:انتهاء|انتهائ|نهاية|انقضاء|تجديد))`)
	reBeforeARDur = regexp.MustCompile(`قبل\s+(?:مدة\s+)?$`)
	reNoticeVerb  = regexp.MustCompile(`(?i)\b(?:notice|notif\w*|inform\w*|written|terminat\w*|letter)\b|يخطر|تخطر|إخطار|اخطار|بإخطار|إشعار|اشعار|يبلغ|إبلاغ`)
)

// beforeTheEnd: the duration is how long before the end of a term
// something is due ("قبل شهرين من انتهاء مدته"; "given at least 90 days
// before the end of the term"), when notice is what is due or the
// Arabic says قبل right before it.
func beforeTheEnd(ctx, after string) bool {
	return reBeforeEnd.MatchString(after) && (reBeforeARDur.MatchString(ctx) || reNoticeVerb.MatchString(ctx))
}

// genericTermWord: the term cue at the start of s is a generic period
// word ("period of", "for a period", "duration", مدة, لمدة), not "term".
func genericTermWord(s string) bool {
	s = lowerASCII(s)
	for _, w := range []string{"period of", "for a period", "duration", "مدة", "لمدة", "المدة", "in force"} {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}

// durationCueOf is the duration cue with key k.
func durationCueOf(k string) cue {
	for _, c := range durationCues {
		if c.key == k {
			return c
		}
	}
	panic("documentfacts: no duration cue " + k)
}

// reAfterStop ends the words after a duration that may name it: a
// conjunction starting another phrase.
var reAfterStop = regexp.MustCompile(`\s(?:and|or|but|while|whereas)\s|\sو`)

// rawDur is a duration found in a block, before its role: one part, or
// several for a sum ("one year and six months").
type rawDur struct {
	s, e  int
	parts []durPart
	glued bool // the number is glued to its unit ("12-month")
}

// durationSpans finds the durations of a block in text order: a number
// (digits, words or both) and a unit, an Arabic dual, fixed phrase or
// bare unit, and sums of them ("one year and six months", "سنة وستة
// أشهر"), whose parts give nothing on their own.
func (x *extractor) durationSpans(t string) []rawDur {
	var raws []rawDur
	one := func(s, e, n int, unit string, glued bool) {
		if n > 0 && unit != "" {
			raws = append(raws, rawDur{s: s, e: e, parts: []durPart{{n, unit}}, glued: glued})
		}
	}
	x.stop.pass(len(t))                        // stop.go
	for _, m := range findAll(reDuration, t) { // prefilter.go
		if ordinalDay(t, m) {
			continue
		}
		n := 0
		switch {
		case m[4] >= 0:
			n = atoi(t[m[4]:m[5]])
		case m[6] >= 0:
			n = atoi(t[m[6]:m[7]])
		}
		s := m[0]
		if t[s] == '(' {
			// "ثلاثين (30) يوماً": the number in words before the
			// digits is the duration's, not its context.
			s = arWordsBefore(t, s)
		}
		one(s, m[1], n, durationUnit(t[m[8]:m[9]]), gluedUnit(t[:m[8]]))
	}
	x.stop.pass(len(t))
	for _, m := range findAll(reDurationWord, t) {
		// "thirty-six months" is not "six months"; nor is "two
		// thousand and twenty years" twenty.
		if numberWordBefore(t[:m[0]]) {
			continue
		}
		n, _, _ := parseENQty(t[m[2]:m[3]])
		one(m[0], m[1], n, durationUnit(t[m[4]:m[5]]), gluedUnit(t[:m[4]]))
	}
	if hasArabic(t) {
		for _, m := range reDurationAR.FindAllStringSubmatchIndex(t, -1) {
			// "ألف وعشرين يوماً" is not twenty days, "شهرية" no month;
			// "سنة وثلاثة أشهر" is read as a sum below, not as three
			// months.
			if arNumberWordBefore(t[:m[0]]) || arLetterAfter(t[m[1]:]) {
				continue
			}
			switch v := t[m[0]:m[1]]; {
			case m[2] >= 0:
				n, _ := parseARNumber(t[m[2]:m[3]])
				one(m[0], m[1], n, durationUnit(t[m[4]:m[5]]), false)
			case arDuals[v][0] != nil:
				one(m[0], m[1], arDuals[v][0].(int), arDuals[v][1].(string), false)
			case arabicDurations[v][0] != nil:
				one(m[0], m[1], arabicDurations[v][0].(int), arabicDurations[v][1].(string), false)
			case strings.HasSuffix(v, "واحد") || strings.HasSuffix(v, "واحدة"):
				// "شهر (1) واحد": the digit written between the unit and
				// its number word.
				if strings.HasPrefix(v, "شهر") {
					one(m[0], m[1], 1, "month", false)
				} else {
					one(m[0], m[1], 1, "year", false)
				}
			}
		}
		// A bare unit is one of it ("مدة العقد عام", "سنة وستة أشهر").
	bare:
		for _, m := range reBareUnitAR.FindAllStringSubmatchIndex(t, -1) {
			for _, r := range raws {
				if m[0] < r.e && r.s < m[1] {
					continue bare
				}
			}
			if arBareStands(t[:m[0]], t[m[1]:]) {
				one(m[0], m[1], 1, arBareUnits[t[m[2]:m[3]]], false)
			}
		}
	}
	// Fractions ("one and a half years", "1.5 years", "نصف سنة"): the
	// whole when the half is exact, else nothing; no part of one is read
	// alone ("1.5 years" is not 5 years).
	if fr := fracSpans(t); len(fr) > 0 {
		kept := raws[:0]
	raw:
		for _, r := range raws {
			for _, f := range fr {
				if r.s < f.e && f.s < r.e {
					continue raw
				}
			}
			kept = append(kept, r)
		}
		raws = kept
		for _, f := range fr {
			if len(f.parts) > 0 {
				raws = append(raws, rawDur{s: f.s, e: f.e, parts: f.parts})
			}
		}
	}
	sort.SliceStable(raws, func(i, j int) bool { return raws[i].s < raws[j].s })
	// Sums: the parts after "and" / و (or a comma then "and") join the
	// duration before them; a half that is not exact drops it.
	var out []rawDur
	end := -1 // the end of the last sum: the parts it took give nothing more
	for _, r := range raws {
		if r.s < end {
			continue
		}
		veto := false
		for !veto {
			ps, n, v := nextParts(t[r.e:], r.parts[len(r.parts)-1])
			if v {
				veto, end = true, r.e+n
			}
			if len(ps) == 0 {
				break
			}
			r.parts = append(r.parts[:len(r.parts):len(r.parts)], ps...)
			r.e += n
			end = r.e
		}
		if veto {
			continue // "two months and a half", "شهران ونصف": nothing
		}
		if len(r.parts) > 1 {
			r.glued = false // the noun after a sum does not name it
		}
		out = append(out, r)
	}
	return out
}

// ordinalDay says whether a match of reDuration is an ordinal, a day
// (week, month, year) counted in a sequence, not a period: "the
// fifteenth (15) day of each month", "the twenty-first (21) day", "on the
// 15 day of each month" (a bare number after "the", a singular unit and
// of/following/after/before/from). Written with its suffix ("the 15th
// day", "the fifteenth (15th) day") the pattern does not take it at all.
func ordinalDay(t string, m []int) bool {
	if m[2] >= 0 {
		return false // number words before the digits: a cardinal ("thirty (30) days")
	}
	w, _ := lastASCIIWord(strings.TrimRight(t[:m[0]], asciiSpace))
	if m[4] >= 0 {
		return isENOrdinal(w) // "fifteenth (15) day"
	}
	unit := lowerASCII(t[m[8]:m[9]])
	return strings.EqualFold(w, "the") && (unit == "day" || unit == "week" || unit == "month" || unit == "year") &&
		reOrdinalAfter.MatchString(head(t[m[1]:], 16))
}

var reOrdinalAfter = regexp.MustCompile(`(?i)^\s+(?:of|following|after|before|from)\b`)

// isENOrdinal: an English ordinal word (first ... ninety-ninth's last
// word, hundredth), any case.
func isENOrdinal(w string) bool {
	w = strings.ToLower(w)
	switch w {
	case "first", "second", "third", "fifth", "eighth", "ninth", "twelfth", "hundredth":
		return true
	}
	if base, ok := strings.CutSuffix(w, "ieth"); ok {
		_, ok := enTens[base+"y"] // twentieth ... ninetieth
		return ok
	}
	if base, ok := strings.CutSuffix(w, "th"); ok {
		n, ok := parseENNumber(base) // fourth, sixth, seventh, tenth, eleventh, thirteenth ...
		return ok && n > 3 && n < 20
	}
	return false
}

// withinPeriod says whether the text before a term cue ("period of",
// "مدة") ends with "within a" / "within the" / خلال: the period is a
// window to act in, not the term of anything.
func withinPeriod(head string) bool {
	h := lowerASCII(strings.TrimRight(head, asciiSpace))
	return strings.HasSuffix(h, "within a") || strings.HasSuffix(h, "within the") || strings.HasSuffix(h, "خلال")
}

// durationCtx is the part of a duration's cue context that is the
// duration's own clause: a role word does not reach back over a
// semicolon or a comma that opens a new clause, one followed by a
// conjunction ("…two years, and shall repair any fault within three
// days", "، ويلتزم بإصلاح أي عطل خلال ثلاثة أيام") or, in Arabic, by a
// verb ("، يلتزم"); a label heading the line ("Payment: …; balance
// within 15 days") still counts. A comma followed by anything else leaves the clause
// whole ("the term of this Agreement, being three years"). The name of
// a bond ("ضمان حسن التنفيذ", "performance guarantee", "bid guarantee")
// is blanked: its guarantee word names no warranty.
func durationCtx(c string) string {
	if locs := reClauseStart.FindAllStringIndex(c, -1); len(locs) > 0 {
		label := ""
		if m := reLineLabel.FindString(c[:locs[0][0]]); m != "" {
			label = m + " "
		}
		// Cut after the separator: the verb that opens the clause
		// ("، ويسدد العميل") is the clause's, and may be its cue.
		last := locs[len(locs)-1]
		cut := last[0] + len(reClauseSep.FindString(c[last[0]:last[1]]))
		c = label + c[cut:]
	}
	lc := lowerASCII(c)
	var b []byte
	for _, q := range moneyCues {
		if q.key != "bid_bond" && q.key != "performance_bond" {
			continue
		}
		for _, w := range q.words {
			for from := 0; ; {
				i := strings.Index(lc[from:], w)
				if i < 0 {
					break
				}
				if b == nil {
					b = []byte(c)
				}
				for j := from + i; j < from+i+len(w); j++ {
					b[j] = ' '
				}
				from += i + len(w)
			}
		}
	}
	if b != nil {
		return string(b)
	}
	return c
}

// reLineLabel is a label heading its line ("Payment: 40% advance with
// the order; balance within 15 days"): it names the topic of every
// clause after it, so it is kept when a clause is cut.
var reLineLabel = regexp.MustCompile(`^\s*[^:.;,،؛\n]{1,40}:`)

// reClauseSep is the separator at the start of a reClauseStart match.
var reClauseSep = regexp.MustCompile(`^[;؛,،]\s*`)

// reClauseStart is the start of a new clause inside a sentence: a
// semicolon, or a comma followed by a conjunction or (Arabic) a verb in
// the imperfect, with or without و.
var reClauseStart = regexp.MustCompile(`(?i)[;؛]|[,،]\s*(?:(?:and|but|or|whereas|while|provided|unless|except|otherwise|failing)\b|و?[يت]\p{Arabic}{2}|و(?:لا|إذا|اذا|في|على|لكن)\s|لكن|أو\s|ثم\s|إذا|اذا|بينما|شريطة)`)

// headCue is the role named by the noun phrase right after a duration
// glued to its unit ("12-month term", "ninety-day notice period",
// "two-year renewal term"): up to three words, each after spaces,
// ending at "period" or "term" or before anything else.
func headCue(after string) (cue, bool) {
	end, rest := 0, after
	for range 3 {
		j := 0
		for j < len(rest) && isSpaceByte(rest[j]) {
			j++
		}
		k := j
		for k < len(rest) && isASCIILetter(rest[k]) {
			k++
		}
		if j == 0 || k == j {
			break
		}
		w := lowerASCII(rest[j:k])
		end, rest = end+k, rest[k:]
		if w == "period" || w == "term" {
			break
		}
	}
	phrase := lowerASCII(after[:end])
	for _, q := range durationCues {
		for _, w := range q.words {
			if lastWordIndex(phrase, w) >= 0 {
				return q, true
			}
		}
	}
	return cue{}, false
}

// gluedUnit says whether the text before a unit ends with a hyphen: the
// number is glued to it ("30-day", "thirty-day").
func gluedUnit(before string) bool {
	return strings.HasSuffix(strings.TrimRight(before, asciiSpace), "-")
}

// reARWordsEnd: Arabic number words ending a text, before the digits
// that repeat them.
var reARWordsEnd = regexp.MustCompile(`(` + arNumWords + `)$`)

// arWordsBefore is where the Arabic number in words right before off
// (the digits in brackets that repeat it) starts, or off without one.
func arWordsBefore(t string, off int) int {
	from := max(0, off-120)
	for from < off && !utf8.RuneStart(t[from]) {
		from++
	}
	m := reARWordsEnd.FindStringIndex(t[from:off])
	if m == nil {
		return off
	}
	s := from + m[0]
	if r, _ := utf8.DecodeLastRuneInString(t[:s]); s > 0 && (unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)) {
		return off // the tail of a longer word
	}
	return s
}

// reNumWordsEnd: English number words ending a line, that the digits in
// brackets opening the next line repeat ("within seven / (7) days").
var reNumWordsEnd = regexp.MustCompile(`(?i)\b(?:` + enNumRun + `)\s*$`)

// reTermAndFor: the term cue is followed by "and (for)", right before the
// duration ("during the term and for", "the term of this Agreement and").
var reTermAndFor = regexp.MustCompile(`^term(?:\s+of\s+(?:this|the)\s+[a-z]+)?\s+and\s+(?:for\s+)?(?:a\s+(?:further\s+)?period\s+of\s+)?$`)

// reCompleteWord and reWorksNoun: completing works or a project.
var (
	reCompleteWord = regexp.MustCompile(`(?i)\bcomplet(?:e|ed|es|ion)\b|إنجاز|انجاز`)
	reWorksNoun    = regexp.MustCompile(`(?i)\b(?:works|project)\b|الأعمال|الاعمال|المشروع`)
)

// reChangeNotice: notice is given of a change of prices or rates.
var reChangeNotice = regexp.MustCompile(`(?i)\b(?:increas|revis|rais|chang|amend|adjust|vary|varies|varied|modif)\w*\b[^.;]{0,40}\b(?:prices?|rates?|charges|fees|tariffs?|them)\b|(?:تعديل|زيادة|رفع|تغيير|مراجعة)\s+(?:ال)?(?:أسعار|اسعار|رسوم|تعرفة|أجرة|اجرة|إيجار|ايجار|قيمة\s+الإيجارية)|\b(?:increas|revis|rais|adjust)\w*\s+(?:the\s+)?(?:annual\s+|monthly\s+)?rent\b|` +
	// "may request a revision not exceeding 4%", "an increase of up to
	// 3%": a change by a percentage, of prices or rates.
	`\b(?:increase|revision|adjustment|escalation)s?\b[^.;%]{0,30}\d+(?:\.\d+)?\s?%`)

// guaranteeDoc: the document is a bank's guarantee (its title, among the
// first lines, names a bid bond, a performance or an advance payment
// guarantee, a bank guarantee).
func (x *extractor) guaranteeDoc() bool {
	for i, s := range x.a.segs {
		if i > 8 {
			break
		}
		t := x.a.text[s.start:s.end]
		if len(t) > 120 {
			continue
		}
		if (s.heading || mostlyUpper(t) || i <= 3 && hasArabic(t)) && reGuaranteeTitle.MatchString(t) {
			return true
		}
	}
	return false
}

var reGuaranteeTitle = regexp.MustCompile(`(?i)\b(?:bid|tender|performance|advance\s+payment|bank|retention)\s+(?:bond|guarantee|security)\b|\bletter\s+of\s+guarantee\b|خطاب\s+ضمان|ضمان\s+بنكي|ضمان\s+مصرفي|كفالة\s+بنكية|` + reBidBondTitle.String())

// sectionAt is the heading of the section the block at base is in ("" if
// none).
func (x *extractor) sectionAt(base int) string {
	for _, s := range x.a.segs {
		if s.start == base {
			return s.section
		}
	}
	return ""
}

// reBeforeExpiry, reLeaveWord and reAdvanceAfter: a period counted back
// from an expiry or an event ("before its expiry", "in advance", "before
// its intended start"); leave.
var (
	reBeforeExpiry = regexp.MustCompile(`(?i)^\s*(?:before|prior\s+to)\s+(?:its|the|this)?\s*(?:expiry|expiration|end)\b|^\s*(?:قبل|من)\s+(?:تاريخ\s+)?(?:انتهاء|انتهائه|انتهائها)`)
	reLeaveWord    = regexp.MustCompile(`(?i)^(?:annual\s+leave|إجازة|الإجازة)`)
	reAdvanceAfter = regexp.MustCompile(`(?i)^\s*(?:in\s+advance|before|prior\s+to|ahead)\b|^\s*(?:مقدماً|مقدما|قبل)`)
)

// reBondObject: what is delivered is a bond or a guarantee, not goods.
var reBondObject = regexp.MustCompile(`(?i)\b(?:deliver|delivery|hand\s+over|furnish)\w*\s+(?:of\s+)?(?:a|an|the)?\s*(?:\w+\s+){0,2}(?:bond|guarantee|security|insurance\s+policy)\b[^.;]*$|(?:بتسليم|تسليم)\s+(?:\S+\s+){0,2}(?:ضمان|كفالة)[^.؛]*$`)

// continuesLineAR: t, an Arabic line, continues prev, cut at a fixed
// width (prev ends with no stop, colon or bracket; t opens with no
// number, item mark or heading; neither is a table row).
func continuesLineAR(prev, t string) bool {
	p := strings.TrimRight(prev, " \t")
	s := strings.TrimLeft(t, " \t")
	if p == "" || s == "" || strings.Contains(p, " | ") || strings.Contains(t, " | ") || !hasArabic(p) || !hasArabic(s) {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(p)
	if strings.ContainsRune(".:؛!؟)*", last) || unicode.IsDigit(last) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(first) || first == '('
}

// reNotifyVerbAR: an Arabic verb or noun of notifying.
var reNotifyVerbAR = regexp.MustCompile(`يخطر|تخطر|يُخطر|بإخطار|إخطار|اخطار|بإشعار|يشعر|تشعر|إشعار`)
