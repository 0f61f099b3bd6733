package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 27 (oblrole): the role and modality of obligations
// the rules found, read after every obligation rule (docs/documents.md,
// "Issue 29, session 27: obligation roles and modality (oblrole)").

var (
	// reNotVerb27: an action worded as a prohibition with a bare verb
	// ("not grant any tenant a rent-free period", "not deviate from the
	// customary route", "and not move the vessel"): the items of a
	// lead-in "The Agent shall:" (convention 65). The word after "not"
	// is checked by notVerb27.
	reNotVerb27 = regexp.MustCompile(`(?i)^(?:and\s+|or\s+)?not\s+([a-z]+)\b`)
	// reArNotVerb27: an Arabic action opening with عدم after a second
	// item marker ("د. عدم منح أي امتياز آخر"): the marker of a lettered
	// item under a bullet is still on the action.
	reArNotVerb27 = regexp.MustCompile(`^(?:(?:[أابتثجحخدذرزسشصضطظعغفقكلمنهوي]|هـ)\s*[.)\-–]\s*|\(\s*(?:[أابتثجحخدذرزسشصضطظعغفقكلمنهوي]|هـ)\s*\)\s*)(?:و)?عدم\s`)
)

// notVerb27: words after "not" that make no prohibition ("not later
// than 30 days", "not less than", "not only").
func notVerb27(w string) bool {
	switch strings.ToLower(w) {
	case "later", "earlier", "sooner", "less", "more", "fewer", "greater", "only", "exceeding", "than",
		"before", "after", "until", "withstanding", "notwithstanding", "in", "at", "on", "all", "every", "to":
		return false
	}
	return true
}

// oblRole27 reads the modality of the obligations found: an action that
// opens with "not" and a verb, or with عدم after a second item marker,
// is a prohibition (convention 65: an item worded "not …" / "عدم …" is
// must_not).
func (x *clauseExtractor) oblRole27() {
	for i := range x.obls {
		o := &x.obls[i].o
		if o.Modality != "must" {
			continue
		}
		a := strings.TrimSpace(o.Action)
		if m := reNotVerb27.FindStringSubmatch(a); m != nil && notVerb27(m[1]) || reArNotVerb27.MatchString(a) {
			o.Modality = "must_not"
		}
	}
}
