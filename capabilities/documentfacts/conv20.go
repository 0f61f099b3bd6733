package documentfacts

import (
	"regexp"
	"strings"
)

// Round 18 (issue 29, session 20; docs/documents.md "round 18, the rules
// follow conventions 12-18"): the rules follow the label conventions
// session 20 settled (docs/documents.md, "Issue 29, session 20:
// conventions 12 onwards"). Each decision's rule is hooked by one line
// where conv19's are; the table cases are in conv20_test.go.

// conv20Date applies the date decisions to f, last of round11Date's
// re-keyings: t is the date's block, t[ms:me] the date, at its start in
// the document, w the windows the earlier rounds read.
func (x *extractor) conv20Date(f *Fact, t string, ms, me, at int, w dateWindows) {
	if f.Type != TypeDate {
		return
	}
	if completion20(f.Key, w) {
		c := cueCompletionDate
		if reOpenTrading20.MatchString(w.clause) {
			c = cueOpeningDate20 // "complete its fit-out and open for trading by"
		}
		f.Key, f.Label, f.Role = c.key, c.label, c.role
	}
}

// Decision 18: the latest day to complete works, an installation, a
// fit-out or a go-live ("complete the curtain wall by 30 June 2026", "If
// the devices are not installed by", "achieve go-live no later than",
// "يلتزم المقاول بإنجاز الأعمال وتسليمها ... على ألا يتجاوز", "على أن
// تسلم الأعمال تسليماً ابتدائياً في موعد أقصاه") is its completion_date;
// delivery_date stays for goods delivered or supplied and premises,
// units, documents or keys handed over, and for "supply and install"
// (its first verb). An opening for trading keeps opening_date (it is no
// key this rule reads).
var (
	// reCompletion20: a verb or noun of completing works, an
	// installation, a fit-out or a go-live.
	reCompletion20 = regexp.MustCompile(`(?i)\b(?:complet(?:e|es|ed|ing|ion)|install(?:s|ed|ing|ation)?|fit-?out|go-?live|commission(?:ed|ing)|erect(?:ed|ion)?)\b|(?:إنجاز|انجاز|استكمال|إتمام|اتمام|تركيب)\s|(?:تسلم|تسليم|استلام)\s+(?:ال)?(?:أعمال|اعمال|مشروع)`)
	// reWorksObject20: what is completed is works, not a payment, a form
	// or a registration: for a plain date, the completion must name works.
	reWorksObject20 = regexp.MustCompile(`(?i)\b(?:works?|installation|fit-?out|go-?live|construction|project|building|wall|erection|commissioning|civil|plant|system|site)\b|(?:الأعمال|الاعمال|أعمال|اعمال|المشروع|التركيب|البناء|الإنشاءات|الانشاءات)`)
	// reGoodsVerb20: goods delivered or supplied, premises or keys handed
	// over.
	reGoodsVerb20 = regexp.MustCompile(`(?i)\b(?:deliver\w*|suppl(?:y|ies|ied|ying)|ship\w*|dispatch\w*|hand(?:s|ed|ing)?\s+over|handover)\b|توريد|بتوريد|يورد|شحن`)
	// reCompletionRow20: a table row whose label cell names a completion
	// or a go-live.
	reCompletionRow20 = regexp.MustCompile(`(?i)^[\s|]*(?:go-?live|(?:practical\s+|final\s+)?completion(?:\s+of\s+(?:the\s+)?(?:works|installation|project))?|installation\s+complete[d]?|إنجاز\s+الأعمال|الانتهاء\s+من\s+الأعمال|التشغيل\s+الفعلي)\s*\|\s*$`)
	// reOpenTrading20: a shop opening for trading ("open for trading",
	// "وافتتاح المحل"), whose day is its opening_date.
	reOpenTrading20  = regexp.MustCompile(`(?i)\bopen(?:s|ed|ing)?\s+(?:for|to)\s+(?:trading|business|the\s+public)\b|افتتاح`)
	cueOpeningDate20 = cue{key: "opening_date", role: "due", label: "Opening date"}
	// reHandOverThing20: the thing handed over is premises, a unit, keys
	// or documents.
	reHandOverThing20 = regexp.MustCompile(`(?i)\b(?:premises|keys?|units?|villa|apartment|flat|shop|warehouse|land|plot|documents?|vehicles?|goods|equipment)\b|المأجور|العين|المفاتيح|الوحدة|الشقة|المحل|المستودع|الأرض|المستندات|البضاعة|المعدات`)
)

// completion20: a date keyed key after window w is the completion of
// works (decision 18).
func completion20(key string, w dateWindows) bool {
	if key == "effective_date" || key == "date" {
		// A milestone row labelled by the completion ("Go-live | 31 July
		// 2026", "Practical completion | ...").
		if reCompletionRow20.MatchString(w.line) {
			return true
		}
	}
	if key != "delivery_date" && key != "date" {
		return false
	}
	c := w.clause
	if strings.TrimSpace(c) == "" || len(c) > 600 {
		c = w.line
	}
	at := lastMatch(reCompletion20, c)
	if at < 0 || !reDeadlinePrep.MatchString(tail(w.ctx, 80)) {
		return false // a limit ("by", "no later than", في موعد أقصاه), not a start ("from the site handover on")
	}
	if reVerbAfterSum.MatchString(c[at:]) {
		return false // another duty after it ("... and must submit a final report no later than")
	}
	// The verb the sentence leads with: "supply and install" keeps the
	// delivery; "complete the works and hand them over" completes them.
	if g := reGoodsVerb20.FindStringIndex(c); g != nil && g[0] < at && !reWorksObject20.MatchString(c[g[0]:at]) {
		return false
	}
	if g := reGoodsVerb20.FindStringIndex(c[at:]); g != nil && (reHandOverThing20.MatchString(c[at:]) || !reWorksObject20.MatchString(c[at:at+g[0]])) {
		return false // "complete delivery of the cables", "complete the fit-out and hand over the premises"
	}
	if key == "date" && !reWorksObject20.MatchString(c) {
		return false
	}
	return true
}
