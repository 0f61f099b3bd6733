// Package labelled reads labelled name pairs (testdata/*.tsv of
// internal/names: label, name a, name b, category) and scores a matcher
// on them: precision and recall overall and per category. The tests of
// internal/names and of the sanctions engine use it, so the two routes
// are measured alike.
package labelled

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Pair is one labelled pair.
type Pair struct {
	Same     bool // label 1: the two names are the same name
	A, B     string
	Category string
	Line     int
}

// Read parses a TSV of pairs: "label<TAB>a<TAB>b<TAB>category" per line,
// label 0 or 1; blank lines and lines starting with # are skipped.
func Read(r io.Reader) ([]Pair, error) {
	var out []Pair
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || (f[0] != "0" && f[0] != "1") {
			return nil, fmt.Errorf("line %d: want label (0 or 1), a, b, category separated by tabs", n)
		}
		out = append(out, Pair{Same: f[0] == "1", A: f[1], B: f[2], Category: f[3], Line: n})
	}
	return out, sc.Err()
}

// Counts are a matcher's outcomes on a set of pairs.
type Counts struct{ TP, FP, FN, TN int }

// Precision is TP/(TP+FP); 1 when nothing was matched.
func (c Counts) Precision() float64 {
	if c.TP+c.FP == 0 {
		return 1
	}
	return float64(c.TP) / float64(c.TP+c.FP)
}

// Recall is TP/(TP+FN); 1 when no pair is the same name.
func (c Counts) Recall() float64 {
	if c.TP+c.FN == 0 {
		return 1
	}
	return float64(c.TP) / float64(c.TP+c.FN)
}

func (c *Counts) add(same, got bool) {
	switch {
	case got && same:
		c.TP++
	case got:
		c.FP++
	case same:
		c.FN++
	default:
		c.TN++
	}
}

// Outcome is one pair as scored.
type Outcome struct {
	Pair
	Score float64
	Match bool
}

// Report is a matcher's outcomes, overall and by category.
type Report struct {
	All        Counts
	ByCategory map[string]Counts
	Outcomes   []Outcome
}

// Evaluate scores every pair: score gives the similarity shown and
// whether the pair is a match.
func Evaluate(pairs []Pair, score func(i int, p Pair) (float64, bool)) Report {
	r := Report{ByCategory: map[string]Counts{}}
	for i, p := range pairs {
		s, got := score(i, p)
		r.All.add(p.Same, got)
		c := r.ByCategory[p.Category]
		c.add(p.Same, got)
		r.ByCategory[p.Category] = c
		r.Outcomes = append(r.Outcomes, Outcome{Pair: p, Score: s, Match: got})
	}
	return r
}

// Errors are the lines of the pairs scored wrongly.
func (r Report) Errors() []string {
	var out []string
	for _, o := range r.Outcomes {
		if o.Match == o.Same {
			continue
		}
		kind := "false match "
		if o.Same {
			kind = "missed match"
		}
		out = append(out, fmt.Sprintf("%s line %d %.3f %q %q (%s)", kind, o.Line, o.Score, o.A, o.B, o.Category))
	}
	return out
}

// Table is precision and recall overall and per category, one line
// each, categories sorted.
func (r Report) Table() []string {
	line := func(name string, c Counts) string {
		return fmt.Sprintf("%-20s pairs %3d (same %3d)  P %.3f  R %.3f  (tp %d fp %d fn %d tn %d)",
			name, c.TP+c.FP+c.FN+c.TN, c.TP+c.FN, c.Precision(), c.Recall(), c.TP, c.FP, c.FN, c.TN)
	}
	out := []string{line("all", r.All)}
	cats := make([]string, 0, len(r.ByCategory))
	for c := range r.ByCategory {
		cats = append(cats, c)
	}
	slices.Sort(cats)
	for _, c := range cats {
		out = append(out, line(c, r.ByCategory[c]))
	}
	return out
}
