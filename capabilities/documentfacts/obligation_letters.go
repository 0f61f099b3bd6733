package documentfacts

import (
	"regexp"
	"strings"
)

// Letters written as "we" / "you" that engage their reader to render a
// service (issue 29, session 28, round "letters"): "We are pleased to
// engage you as an individual consultant", "نتعاقد معكم بصفتكم مستشاراً".
// The reader "you" takes the role the letter engages it as (keyspec: the
// reader takes the addressee's role), and "we", who engages and pays for
// the service, is its client: `customer`. Duties written "You shall ...",
// "تلتزمون بـ", "We will pay ...", "نلتزم بـ" then take those roles and
// are split as any named subject's (the clause reader's x.you and x.letterSender).

var (
	// reEngageYou: the letter engages its reader as a provider.
	reEngageYou = regexp.MustCompile(`(?i)\b(?:engage|appoint|retain|contract|commission)\s+you\s+as\s+(?:an?\s+|our\s+)?(?:(?:individual|independent|external|freelance|self-employed|specialist)\s+)*([a-z]+)`)
	// reArEngageYou: the same in Arabic ("تعيينكم بصفتكم مستشاراً",
	// "التعاقد معك بصفتك مستشاراً").
	reArEngageYou = regexp.MustCompile(`(?:نعينكم|نعينك|تعيينكم|تعيينك|نكلفكم|نكلفك|تكليفكم|تكليفك|التعاقد\s+معكم|التعاقد\s+معك|نتعاقد\s+معكم|نتعاقد\s+معك)\s+(?:بصفتكم|بصفتك|كـ\s*|ك)\s*(\p{Arabic}+)`)
	// reYouMean / reWeMean: the letter's own definitions of its
	// pronouns ('"you" and "your" mean Hana Mikkelsen').
	reYouMean = regexp.MustCompile(`(?i)["“]you["”](?:[^.]{0,40}?)\s+(?:mean|means|refer\s+to|refers\s+to)\s+`)
	reWeMean  = regexp.MustCompile(`(?i)["“]we["”](?:[^.]{0,40}?)\s+(?:mean|means|refer\s+to|refers\s+to)\s+`)
)

// engagedProviders are the roles a letter can engage its reader as.
var engagedProviders = map[string]bool{"consultant": true, "contractor": true, "supplier": true, "subcontractor": true,
	"agent": true, "service_provider": true}

// engagedRole is the role the letter engages its reader as, "" when it
// engages no provider.
func engagedRole(text string) string {
	head := prefixBytes(text, 4000)
	if m := reEngageYou.FindStringSubmatch(head); m != nil {
		if r := lexRole(m[1]); engagedProviders[r] {
			return r
		}
		return ""
	}
	if m := reArEngageYou.FindStringSubmatch(head); m != nil {
		w := strings.TrimSuffix(strings.TrimSuffix(m[1], "اً"), "ا")
		for _, c := range []string{m[1], w, "ال" + w} {
			if r := lexRole(c); engagedProviders[r] {
				return r
			}
		}
	}
	return ""
}

// letterEngagement sets the roles of "you" and "we" in a letter that
// engages its reader, over the sides the letter frame (letterRoles)
// read from the parties' roles.
func (x *clauseExtractor) letterEngagement() {
	r := engagedRole(x.a.text)
	if r == "" {
		return
	}
	// (The engagement says who is who, over the letter frame's sides.)
	x.you, x.letterSender = r, "customer"
}

// letterEngagementParties gives the parties of such a letter the same
// roles: the one "you" means (its definition, else the first person named
// before the salutation) the engaged role, the one "we" means (else the
// first company named) customer.
func letterEngagementParties(all []Fact, cands []candidate, text string) {
	r := engagedRole(text)
	if r == "" {
		return
	}
	you, we := -1, -1
	if m := reYouMean.FindStringIndex(text); m != nil {
		you = partyNameAt(all, text[m[1]:])
	}
	if m := reWeMean.FindStringIndex(text); m != nil {
		we = partyNameAt(all, text[m[1]:])
	}
	first := func(kind string) int {
		best := -1
		for i, f := range all {
			if f.Type != TypeParty || i >= len(cands) || f.EntityType != kind && !(kind == "company" && f.EntityType == "organization") {
				continue
			}
			if best < 0 || cands[i].start < cands[best].start {
				best = i
			}
		}
		return best
	}
	if you < 0 {
		you = first("person")
	}
	if we < 0 {
		we = first("company")
	}
	if you >= 0 && you != we && (all[you].Role == "" || all[you].Role == "-" || all[you].Role == "customer") {
		all[you].Role = r
	}
	if we >= 0 && we != you {
		all[we].Role = "customer"
	}
}
