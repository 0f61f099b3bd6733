package names

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type labelled struct {
	same     bool
	a, b     string
	category string
	line     int
}

func readPairs(t *testing.T) []labelled {
	t.Helper()
	f, err := os.Open("testdata/pairs.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || (f[0] != "0" && f[0] != "1") {
			t.Fatalf("testdata/pairs.tsv:%d: want label, a, b, category", n)
		}
		out = append(out, labelled{same: f[0] == "1", a: f[1], b: f[2], category: f[3], line: n})
	}
	return out
}

// TestLabelledPairs scores every labelled pair at MatchThreshold and
// requires precision and recall of at least 0.95 each.
func TestLabelledPairs(t *testing.T) {
	pairs := readPairs(t)
	if len(pairs) < 300 {
		t.Fatalf("%d labelled pairs, want at least 300", len(pairs))
	}
	var tp, fp, fn, tn int
	byCat := map[string][2]int{}
	for _, p := range pairs {
		s := Similarity(p.a, p.b)
		got := s >= MatchThreshold
		c := byCat[p.category]
		c[1]++
		switch {
		case got && p.same:
			tp++
			c[0]++
		case got && !p.same:
			fp++
			t.Logf("false match  line %d %.3f %q %q (%s)", p.line, s, p.a, p.b, p.category)
		case !got && p.same:
			fn++
			t.Logf("missed match line %d %.3f %q %q (%s)", p.line, s, p.a, p.b, p.category)
		default:
			tn++
			c[0]++
		}
		byCat[p.category] = c
	}
	precision := float64(tp) / float64(tp+fp)
	recall := float64(tp) / float64(tp+fn)
	t.Logf("%d pairs (%d same, %d different) at threshold %.2f: precision %.3f, recall %.3f (tp %d, fp %d, fn %d, tn %d)",
		len(pairs), tp+fn, fp+tn, MatchThreshold, precision, recall, tp, fp, fn, tn)
	for c, n := range byCat {
		t.Logf("  %-22s %d/%d right", c, n[0], n[1])
	}
	if precision < 0.95 || recall < 0.95 {
		t.Errorf("precision %.3f, recall %.3f: both must be at least 0.95", precision, recall)
	}
}
