package documentfacts

import "regexp"

// Round 17 (issue 29, session 19; docs/documents.md "round 17, the rules
// follow the eight conventions"): the rules follow the label conventions
// session 19 settled (docs/documents.md, "more conventions settled, and
// the sets mapped to them"). Each decision's rule is hooked by one line
// where round 16's (conv16*.go) are.

// conv19Duration, decision 1: a time limit to deliver ("delivery within
// six weeks of the order", "مدة التوريد: خلال ثلاثة أسابيع", "Lead time:
// 4 weeks") is a deadline only: the period gives no delivery_period
// duration (the deadline reader keeps its value and its event).
func conv19Duration(c cue) bool {
	return c.key != "delivery_period"
}

// conv19Date applies the date decisions to f after the earlier rounds.
//
// Decision 6: start_date is the first day of work in an offer letter, a
// job advert or a call; when a contract says when it, the employment or
// the works start ("Employment commences on", "shall commence the Works
// on", تاريخ المباشرة), that is its effective_date. Outside an agreement,
// a day the reader is told to join ("You will join on", "your start
// date", "مباشرتك") is an offer's start_date however the document reads.
// ctx is the text before the date.
func (x *extractor) conv19Date(f *Fact, ctx string) {
	if f.Type != TypeDate {
		return
	}
	if f.Key == "start_date" && (x.title == "agreement" || !x.hireDoc && !reYouJoin19.MatchString(tail(ctx, 80))) {
		c := dateCueOf("effective_date")
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
}

// reYouJoin19: the reader is the one to join.
var reYouJoin19 = regexp.MustCompile(`(?i)\b(?:you\s+will|you\s+shall|you\s+are\s+to|your)\b|مباشرتك|التحاقك|ستباشر|ستلتحق`)
