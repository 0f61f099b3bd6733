package documentfacts

import (
	"regexp"
)

// Percentages, as ratios, keyed by the nearest cue.

var rePercent = regexp.MustCompile(`(?i)(` + numPat + `)\s?(%|٪|percent\b|per cent\b|بالمائة|بالمئة|في المائة|في المئة)`)

func (x *extractor) percent(t string, base int, prev string) {
	for _, m := range rePercent.FindAllStringSubmatchIndex(t, -1) {
		x.stop.step() // stop.go
		v, ok := parseNumber(t[m[2]:m[3]])
		if !ok || v > 1000 {
			continue
		}
		f := Fact{Type: TypePercentage, Key: "percentage", Label: "Percentage", Value: t[m[0]:m[1]], Normalized: formatNumber(v / 100), Method: "pattern", Confidence: 0.8}
		if c, ok := nearestCue(ctxBefore(t, m[0], prev), percentCues); ok {
			f.Key, f.Label, f.Method, f.Confidence = c.key, c.label, "labeled_field", 0.88
		}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[1], prio: 2})
	}
}
