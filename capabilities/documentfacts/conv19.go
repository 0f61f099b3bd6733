package documentfacts

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
