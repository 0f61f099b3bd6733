package documentfacts

import (
	"regexp"
	"strings"
)

// Round 16 (issue 29, session 18): the requirement conventions session 18
// settled (docs/documents.md, "six conventions settled", decisions 1 and
// 2; tests in conv16_test.go). One pass over the requirements found,
// hooked once at the end of requirements():
//
//   - decision 1: a condition on the people the bidder must field (a named
//     role, its engineers, drivers, analysts, staff) is technical, whatever
//     the condition on them (degree, years, certificate, licence); not in a
//     job advert or a call to individuals (there the person is the
//     applicant), and not a floor or a cap on the enterprise's headcount or
//     its Omani share (eligibility);
//   - decision 2: the applicant's own named professional certificate
//     (NEBOSH, IOSH, CIPS, CPA, ACCA, PMP, a cloud certification) is
//     compliance; a degree, a licence to practise, a driving licence and a
//     membership stay eligibility.

var (
	// reStaffLead16: the words that may open a key-staff condition before
	// the role: a list marker, the bidder's possessive, a quantifier and
	// qualifiers ("1.4 The proposed", "The applicant's proposed", "Each",
	// "At least two (2)", "Lead").
	reStaffEN16 = regexp.MustCompile(`(?i)^\s*(?:[-*•·]\s*|\(?[a-z]?[0-9][0-9.]*[.)]?\s+|\(?(?:[a-h]|[ivx]{1,4})[.)]\s+)?` +
		`(?:(?:the|a|an|each|every|all|any|one|two|three|four|five|six|seven|eight|nine|ten|at\s+least|a\s+minimum\s+of|minimum|not\s+less\s+than|[0-9]+|\([0-9]+\))\s+){0,4}` +
		`(?:(?:bidder|applicant|tenderer|contractor|supplier|consultant|firm|company|service\s+provider|vendor)(?:'s|’s|s')\s+)?` +
		`(?:(?:proposed|nominated|assigned|dedicated|designated|qualified|certified|licensed|experienced|trained|skilled|full-time|resident|permanent|local|support|service|security|in-house|on-?site|senior|key|lead|chief|principal|head|site|project|field|engagement|operations|plant|qa/qc|hse|safety|quality|technical|maintenance|audit|design|contract|construction|commercial|[a-z]+ing)\s+){0,3}` +
		`(?:staff|personnel|team\s+(?:leaders?|members)|engineers?|managers?|supervisors?|foremen|foreman|coordinators?|partners?|designers?|experts?|specialists?|analysts?|drivers?|technicians?|operators?|inspectors?|auditors?|surveyors?|architects?|translators?|interpreters?|trainers?|instructors?|officers?|chemists?|nurses?|doctors?|physicians?|pharmacists?|dietitians?|nutritionists?|accountants?|guards?|welders?|electricians?|pilots?|crew|divers?|actuar(?:y|ies)|chefs?|cooks?|lifeguards?|veterinarians?)\b`)
	// reStaffAR16: the Arabic forms ("مدير المشروع", "يفضل أن يكون لدى
	// الشركة مهندسون", "يفضل أن يحمل الموظفون", "وجود مصمم رئيسي").
	reStaffAR16 = regexp.MustCompile(`^\s*(?:[-*•·]\s*|[0-9٠-٩][0-9٠-٩.\-]*\s*[.)\-]?\s+|\p{Arabic}\s*[-.)]\s+)?` +
		`(?:(?:يجب|يشترط|يُشترط|يفضل|يُفضل|يتعين|ينبغي)\s+(?:أن|ان)\s+)?(?:(?:يكون|تكون|يتوفر|تتوفر|يتوافر|يحمل|تحمل|يمتلك|يملك)\s+)?` +
		`(?:(?:لدى|لدي|ضمن\s+(?:فريق|طاقم)|في\s+(?:فريق|طاقم))\s+(?:مقدم\s+(?:العطاء|العرض|الطلب)|الشركة|المتناقص|المورد|المقاول|المتقدم|المكتب|الاستشاري)\s+)?` +
		`(?:(?:وجود|توفر|توافر|تعيين|عدد)\s+)?` +
		`(?:ال)?(?:مهندس|مهندسو|مهندسين|مدير\s+(?:ال)?(?:مشروع|محطة|موقع|عمليات|فني)|مصمم|خبير|خبراء|مشرف|مشرفو|مشرفين|فني|فنيو|فنيين|سائق|سائقو|سائقين|مراقب|أخصائي|اخصائي|مدقق|مدققو|مدققين|مترجم|مترجمو|مترجمين|موظفو|موظفون|موظفين|فريق\s+(?:ال)?عمل|شريك\s+مسؤول|طاقم|كادر)`)
	// reHeadcount16: a floor or cap on the enterprise's people or their
	// Omani share: the enterprise's attribute, eligibility.
	reHeadcount16 = regexp.MustCompile(`(?i)\b(?:(?:workers|employees|staff)\s+registered|registered\s+(?:workers|employees|staff)|omanis?|nationals?|omani[sz]ation|headcount|social\s+insurance|workforce|fewer\s+than|no\s+more\s+than|not\s+more\s+than|up\s+to|maximum\s+of)\b|التعمين|(?:ال)?عمانيين|(?:ال)?عمانيون|مسجلين|التأمينات|لا\s+يزيد|أقل\s+من`)
	// reNotStaffPartner16: partners that are firms, not people.
	reNotStaffPartner16 = regexp.MustCompile(`(?i)\b(?:joint[\s-]+venture|jv|consortium|local|business|strategic|technology|implementation)\s+partners?\b`)
	// reJobLike16: a job advert or a call to individuals: the person is
	// the applicant.
	reJobLike16 = regexp.MustCompile(`(?i)\bvacanc(?:y|ies)\b|\bjob\b|\b(?:is|are)\s+(?:hiring|recruiting)\b|\bwe\s+are\s+(?:hiring|recruiting|looking\s+for)\b|\bindividual\s+consultants?\b|\bcandidates?\b|وظيفة|وظائف|المرشح|المرشحين`)
	// reProCert16: a named professional certificate of a person.
	reProCert16 = regexp.MustCompile(`\b(?:NEBOSH|IOSH|CIPS|CPA|ACCA|CMA|CIMA|ICAEW|CFA|PMP|PRINCE2|CISSP|CISA|CISM|OSCP|CEH|CCNA|CCNP|CCIE|ITIL|TOGAF|LEED|CIPD|SHRM|CSCP|CPSM|FRM|CBAP|CMRP)\b|(?i:\bprofessional\s+(?:qualification|certification|certificate)s?\b|\bsix\s+sigma\b|\b(?:aws|azure|google\s+cloud)\s+(?:certified|certification)\b)`)
	// reNotCert16: a membership, a degree or a licence: eligibility.
	reNotCert16 = regexp.MustCompile(`(?i)\bmember(?:ship)?\b|\bdegree\b|\bbachelor|\bmaster'?s\b|\blicen[cs]e\b|عضوية|عضو|بكالوريوس|ماجستير|رخصة`)
)

// keyStaff16: requirement t is a condition on a person the bidder fields.
func keyStaff16(t string) bool {
	t = strings.TrimSpace(t)
	if reHeadcount16.MatchString(t) {
		return false
	}
	if m := reStaffEN16.FindStringIndex(t); m != nil {
		return !reNotStaffPartner16.MatchString(t[:min(len(t), m[1]+20)])
	}
	return reStaffAR16.MatchString(stripTashkeel(t))
}

// conv16Category is the category of requirement t, cat as read before.
func conv16Category(t, cat string, ctx reqContext, jobLike bool) string {
	switch cat {
	case "documentation", "financial", "insurance":
		return cat
	}
	if ctx.selecting && !jobLike && !reDocNoun.MatchString(t) && keyStaff16(t) {
		return "technical" // decision 1
	}
	if (cat == "eligibility" || cat == "experience") && reProCert16.MatchString(t) && !reNotCert16.MatchString(t) && (jobLike || !keyStaff16(t)) {
		return "compliance" // decision 2
	}
	return cat
}

// conv16Requirements applies the conventions to x.reqs; the other half
// of a line in two languages (the requirement next to it on the same
// line, in the other script) takes the category too.
func (x *clauseExtractor) conv16Requirements(ctx reqContext) {
	if ctx.binding || len(x.reqs) == 0 {
		return
	}
	jobLike := reJobLike16.MatchString(prefixBytes(x.a.text, 600))
	text := x.a.text
	for i := range x.reqs {
		r := &x.reqs[i]
		c := conv16Category(text[r.start:r.end], r.r.Category, ctx, jobLike)
		if c == r.r.Category {
			continue
		}
		r.r.Category = c
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(x.reqs) {
				continue
			}
			o := &x.reqs[j]
			lo, hi := min(r.end, o.end), max(r.start, o.start)
			if lo <= hi && strings.Contains(text[lo:hi], "\n") {
				continue // not on the same line
			}
			if hasArabic(text[o.start:o.end]) != hasArabic(text[r.start:r.end]) && o.r.Category != "documentation" {
				o.r.Category = c
			}
		}
	}
}
