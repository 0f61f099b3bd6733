package documentfacts

import (
	"regexp"
	"slices"
	"strings"
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
func firstMention22(text, value string, open int) int {
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

func (x *clauseExtractor) oblReq22() {
	x.senderRemedies22()
	if x.you == "" {
		return
	}
	for si, s := range x.sents {
		if x.reqSents[si] || x.skipped(s) {
			continue
		}
		if t := x.a.text[s.start:s.end]; hasArabic(t) {
			x.arYouOpen22(si, s, t)
		}
	}
	x.arYouVerb22()
}

// Family L2: what a letter's sender says it will do to the addressee who
// is in default ("We will deduct this sum from Interim Payment
// Certificate No. 9", "we will suspend further deliveries", "we will
// place your account on hold", "we shall terminate the Agreement") is a
// remedy it may use, not a duty it owes (heldout10 04, eval 16, oblprobe
// 09 label none). A promise to perform ("We will deliver all forty
// sections by 20 August", "we will issue a credit note") stays a duty.
var reSenderRemedy22 = regexp.MustCompile(`(?i)^(?:also\s+|then\s+|immediately\s+)?(?:deduct|set\s+off|offset|withhold|suspend|terminate|cancel|charge|recover|call|encash|invoke|place\s+(?:your|the)\s+account|refer\s+(?:the|this)\s+matter|take\s+(?:legal|further)|commence\s+legal|apply\s+(?:delay|liquidated))\b`)

func (x *clauseExtractor) senderRemedies22() {
	if x.we15 == "" {
		return
	}
	x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool {
		if o.o.PartyRole != x.we15 || hasArabic(o.o.Action) || !reSenderRemedy22.MatchString(strings.TrimSpace(o.o.Action)) {
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
// as a customer (conv21's addresseeWord21).
var reOffer22 = regexp.MustCompile(`نعرض\s+عليكم\s+(?:وظيفة|منصب|العمل)|(?:يسرنا|يسعدنا|نود)\s+(?:أن\s+)?(?:نعرض|نقدم)\s+(?:عليكم|عليك|لكم|لك)\s+(?:وظيفة|منصب)`)

func (x *clauseExtractor) offerYou22() {
	if x.you != "" && !addresseeWord21(x.you) {
		return
	}
	head := prefixBytes(x.a.text, 1500)
	if reOfferEmployment21.MatchString(head) || reOffer22.MatchString(head) {
		x.you = "employee"
	}
}

// Family O2: a letter's duty addressed to "you" in Arabic with no word
// of obligation before it. A clause that opens with "عليك" / "عليكم" and
// the thing to do ("- عليك إحضار شهادة اللياقة الطبية", "٣. عليكم سداد
// المبلغ خلال سبعة أيام") binds the addressee as "يجب عليك" does
// (letterPronouns15); "عليك عدم" forbids.
var reArYouOpen22 = regexp.MustCompile(`^\s*(?:[-–•*]\s*|[0-9٠-٩]{1,3}(?:[./\-][0-9٠-٩]{1,3})*\s*[.)\-]?\s+|[أابجدهوزحطي]\s*[.)\-]\s*)?(?:و?(عليك|عليكِ|عليكم)\s+(عدم\s+)?(?:أن\s+)?\p{Arabic}|و?(?:تلتزمين|تتعهدين|تلتزمون|تتعهدون)\s+(ب|أن\s))`)

func (x *clauseExtractor) arYouOpen22(si int, s span, t string) {
	m := reArYouOpen22.FindStringSubmatchIndex(t)
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
var reArYouVerb22 = regexp.MustCompile(`(?:^|[\s:.)\-–•])(?:و?(?:تلتزمين|تلتزم|تتعهدين|تتعهد)\s+(?:ب|أن\s)|(?:يجب|يتعين|ينبغي)\s+أن\s+ت(?:قدم|قدمي|حضر|حضري|سلم|سلمي|لتزم|لتزمي|حصل|حصلي|خطر|خطري|شعر|شعري|حافظ|حافظي|باشر|باشري|عيد|عيدي|رسل|رسلي|وقع|وقعي)\s)`)

func (x *clauseExtractor) arYouVerb22() {
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.PartyRole != "" || !hasArabic(o.o.Action) || o.clauseStart < o.start || o.clauseEnd > o.end {
			continue
		}
		t, at := x.a.text[o.start:o.end], o.clauseStart-o.start
		for _, m := range reArYouVerb22.FindAllStringIndex(t, -1) {
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
