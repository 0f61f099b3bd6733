package evidence

import (
	"regexp"
	"strings"
)

// Legal stages, weakest first: a matter alleged is not a matter proven.
var Stages = []string{"allegation", "investigation", "lawsuit", "charge", "settlement", "judgment", "conviction"}

// StageRank is a stage's position in Stages (0 allegation … 6
// conviction), -1 for none.
func StageRank(stage string) int {
	for i, s := range Stages {
		if s == stage {
			return i
		}
	}
	return -1
}

// StageDescription says what a stage means for a reader.
func StageDescription(stage string) string {
	switch stage {
	case "allegation":
		return "An accusation reported by a source; nothing has been proven."
	case "investigation":
		return "An authority is investigating; no finding has been made."
	case "lawsuit":
		return "A civil claim has been filed; the court has not decided it."
	case "charge":
		return "Formal charges have been brought; guilt has not been established."
	case "settlement":
		return "The matter was settled, usually without an admission of liability."
	case "judgment":
		return "A court or regulator has decided against the party (a judgment, ruling or penalty)."
	case "conviction":
		return "A criminal conviction or guilty plea has been reported."
	}
	return ""
}

// Established reports whether a stage is an established finding
// (judgment or conviction) rather than an allegation or a pending matter.
func Established(stage string) bool { return StageRank(stage) >= StageRank("judgment") }

// stageWords are the phrases that mark each stage, strongest first. The
// strongest stage found wins.
var stageWords = []struct {
	stage string
	re    *regexp.Regexp
}{
	{"conviction", regexp.MustCompile(`\b(convicted|conviction|found guilty|pleaded guilty|pled guilty|guilty plea|sentenced)\b`)},
	{"judgment", regexp.MustCompile(`\b(judgment against|ruled against|court ordered|ordered to pay|was fined|were fined|fined \$?[0-9]|penalty of|penalised|penalized|enforcement action|found liable|held liable|banned by|censured)\b`)},
	{"settlement", regexp.MustCompile(`\b(settled|settlement|agreed to pay|consent order)\b`)},
	{"charge", regexp.MustCompile(`\b(charged with|indicted|indictment|criminal charges?|prosecuted|prosecution)\b`)},
	{"lawsuit", regexp.MustCompile(`\b(sued|lawsuit|filed suit|class action|legal action|litigation)\b`)},
	{"investigation", regexp.MustCompile(`\b(investigation|investigating|investigated|probe|probed|raided|under scrutiny|inquiry)\b`)},
	{"allegation", regexp.MustCompile(`\b(alleged|allege|alleges|allegedly|allegations?|accused|accusations?|claims? of|reportedly|suspected|scam|fraud|complaints?)\b`)},
}

// clearedWords mark a matter that ended in the party's favour.
var clearedWords = regexp.MustCompile(`\b(acquitted|cleared of|not guilty|charges (were )?dropped|dismissed|was not charged|no wrongdoing)\b`)

// DetectStage returns the strongest legal stage a text describes, or ""
// when it describes none. Negated findings ("was not charged", "acquitted",
// "cleared of") weaken it to an allegation at most.
func DetectStage(text string) string {
	t := strings.ToLower(text)
	cleared := clearedWords.MatchString(t)
	for _, w := range stageWords {
		if w.re.MatchString(t) {
			if cleared && StageRank(w.stage) > 0 {
				return "allegation"
			}
			return w.stage
		}
	}
	return ""
}
