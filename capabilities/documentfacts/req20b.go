package documentfacts

import "regexp"

// Requirement recall by families (issue 29, session 20, second pass;
// docs/documents.md "Issue 29, session 20: requirement recall by
// families"). Each family is hooked into the shared files by one line.

// Family B1: a public auction (مزايدة) selects a tenant or buyer as a
// tender selects a bidder: its "شروط الدخول في المزايدة" and "المستندات" are conditions to qualify
// (heldout10 10: "إعلان مزايدة عامة لتأجير محلات تجارية" gave one
// requirement of seven). Read as a tender (reTenderText, tenderreqs.go).
const tenderText20b = `|مزايدة|\bpublic\s+auction\b|\binvitation\s+to\s+(?:auction|bid\s+at\s+auction)\b`

// Family B2: Arabic states a category's word with a pronoun or a case
// ending the category patterns do not read: "ألا تقل خبرته في مجال
// السلامة عن ثلاث سنوات" (his experience), "خبرتها", "الخبرات السابقة",
// "أن يقدم المتقدم تأميناً مؤقتاً بمبلغ ٥٠٠ ريال" (a provisional
// security in the accusative). Such a requirement fell to the fallback
// eligibility; it takes the category its word names. Only the fallback
// is changed, so that the settled categories (a key staff member's
// experience is technical, conv16req.go) stay.
var (
	reArExperience20b = regexp.MustCompile(`(?:^|[\s،(])(?:و|ب|ل)?(?:ال)?خبر(?:ت(?:ه|ها|هم|كم)|ات(?:ه|ها|هم)?)(?:\s|$|[.،؛:)])`)
	reArSecurity20b   = regexp.MustCompile(`تأمين(?:اً|ا)\s+(?:مؤقت|ابتدائي|أولي)|ضمان(?:اً|ا)\s+(?:مؤقت|ابتدائي|أولي)`)
)

func category20b(t, cat string) string {
	if cat != "eligibility" || categoryRe("documentation").MatchString(t) || reDocNoun.MatchString(t) {
		return cat // a document to attach (شهادات خبرته) is no experience
	}
	switch {
	case reArSecurity20b.MatchString(t):
		return "financial"
	case reArExperience20b.MatchString(t):
		return "experience"
	}
	return cat
}
