package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Arabic passive duties (issue 29, round 8b): a clause that opens with an
// unvowelled present-tense verb of paying, returning, submitting or
// sending, whose next word names the thing and not a party ("تدفع دفعة
// مقدمة", "وترد إلى المقاول", "يسدد الرصيد", "تقدم العطاءات", "ترسل
// الاستفسارات"), binds no one named. reArPassivePay reads the vowelled
// forms; an active verb with its party after it is arabicObligations'.

var (
	// reArPassiveOpen: the verb at a clause's start (the sentence's, after
	// its number, or after a comma and و).
	reArPassiveOpen = regexp.MustCompile(`(?:^(?:\s*(?:[0-9٠-٩]{1,2}(?:\.[0-9٠-٩]{1,2})*\s*[.)\-]?|[أابجدهوزحطي]\s*[.)\-]))?\s*|[،,؛]\s*)(و?(?:[تي](?:دفع|سدد|رد|سترد|قدم|رسل|وجه|رفق|سلم|ودع|حول)))\s+(\S+)`)
	// reArReturnNext: what follows a verb of returning that makes it one
	// (to someone named, from something), not "is stated" (يرد في). A
	// deposit "يرد إليه" right after the payer pays it is left out: dev3
	// and tuning label it no duty, dev6 a duty of no one.
	reArReturnNext = regexp.MustCompile(`^(?:إلى|الى|لل\p{Arabic}+|من|خلال|كامل\p{Arabic}*|قيمت\p{Arabic}*|مبلغ\p{Arabic}*|المبلغ|المبالغ|التأمين|الضمان|المحتجزات)$`)
	// reArThingNext: the things a passive submission or sending names.
	reArThingNext = regexp.MustCompile(`^(?:ال)?(?:عطاءات|عطاء|عروض|عرض|طلبات|طلب|استفسارات|فواتير|فاتورة|مستندات|وثائق|ضمانات|ضمان|كفالة|دفعة|دفعات|رصيد|مبالغ|مبلغ|أجرة|إيجار|قيمة|تأمين|أقساط|قسط|بضائع|أجهزة|مواد|إشعارات|إشعار|مراسلات|تقارير|تقرير)$`)
)

// arPassiveDuties adds, for sentence si, the passive duties no other rule
// read.
func (x *clauseExtractor) arPassiveDuties(si int, s span, t string) {
	if strings.HasSuffix(strings.TrimSpace(t), ":") {
		return // "يسدد مبلغ التسوية على دفعتين كما يلي:": a schedule's lead-in
	}
	for _, m := range reArPassiveOpen.FindAllStringSubmatchIndex(t, -1) {
		verb, next := t[m[2]:m[3]], strings.Trim(t[m[4]:m[5]], "،,.")
		stem := strings.TrimPrefix(verb, "و")
		stem = stem[len("ت"):] // ت and ي are both two bytes
		if arRole(next) != "" || x.arAlias(next) != "" || isArRolePhrase(next) {
			continue // "يسدد المشتري": active, its party's
		}
		if reArRelative.MatchString(t[:m[2]]) {
			continue
		}
		switch stem {
		case "رد", "سترد":
			if !reArReturnNext.MatchString(next) {
				continue // "يرد في الملحق": is stated
			}
		case "دفع", "سدد":
			if strings.HasPrefix(next, "ب") || next == "في" || next == "على" {
				continue
			}
		default:
			if !reArThingNext.MatchString(next) {
				continue
			}
		}
		at := m[2] + len(verb) - len(strings.TrimPrefix(verb, "و"))
		x.addDuty(si, s, t, at, len(t), at, clauseParty{}, 0.7, cutAR)
	}
}

// oblOverlaps: an obligation already read covers part of [s, e).
func (x *clauseExtractor) oblOverlaps(s, e int) bool {
	return slices.ContainsFunc(x.obls, func(o oblFound) bool { return o.clauseStart < e && s < o.clauseEnd })
}

// The punctuation trimmed from the end of a duty's action: cutEN for an
// English clause, cutAR for an Arabic one (its comma and semicolon too).
const (
	cutEN = ".,;:"
	cutAR = ".،,؛;:"
)

// addDuty records p's "must" obligation whose action is t[at:end] of
// sentence si (span s), its focus at t[focus], unless an obligation
// already read covers part of that clause or nothing is left of the
// action once cut is trimmed from its end. The rules of present-tense
// and passive duties (rounds 8b, 15) share it.
func (x *clauseExtractor) addDuty(si int, s span, t string, at, end, focus int, p clauseParty, conf float64, cut string) {
	if x.oblOverlaps(s.start+at, s.start+end) {
		return
	}
	action := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[at:end]), cut))
	if action == "" {
		return
	}
	o := Obligation{Party: p.text, PartyRole: p.role, Modality: "must", Action: clip(action, 300), Method: "clause", Confidence: conf}
	x.obls = append(x.obls, oblFound{o: o, start: s.start, end: s.end, focus: s.start + focus, sent: si,
		clauseStart: s.start + at, clauseEnd: s.start + end})
}

// clauseEnd is where an English clause that starts at t[at] ends: at the
// next "; ", else at the end of the sentence.
func clauseEnd(t string, at int) int {
	if i := strings.Index(t[at:], "; "); i > 0 {
		return at + i
	}
	return len(t)
}

// reArValidity: an action that states how long something stays valid
// ("تبقى العطاءات سارية لمدة 120 يوماً", "يظل العرض سارياً"): a state,
// no duty, as "Quotations shall remain valid" (issue 29, round 8b).
var reArValidity = regexp.MustCompile(`^(?:أن\s+)?(?:تبقى|تظل|يبقى|يظل|تكون|يكون)\s+(?:\p{Arabic}+\s+){0,2}(?:سارية|ساري|سارياً|ساريا|صالحة|صالح|صالحاً|نافذة|نافذ|نافذاً)(?:\s|$)`)

// dropValidities removes the Arabic obligations that state a validity.
func (x *clauseExtractor) dropValidities() {
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		return hasArabic(o.o.Action) && reArValidity.MatchString(strings.TrimSpace(o.o.Action))
	})
}
