package evidence

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
)

// syndicable categories are those whose copies are republished elsewhere.
var syndicable = map[string]bool{CatNews: true, CatWeb: true, CatForum: true, CatReview: true, CatRegulatory: true, CatCaller: true}

// Collapse folds URL variants (same Canonical URL) and syndicated copies
// (the same headline, or an excerpt sharing at least 80 % of its
// three-word shingles, on another site) into one item each. The item kept
// is the strongest source (lowest tier), then the earliest published, then
// the smallest canonical URL; it records the others in AlsoAt and
// DuplicatesMerged and takes the strongest legal stage of the group. The
// result is sorted (Sort) and the same for the same items in any order.
// merged is the number of items folded away.
func Collapse(items []Item) (out []Item, merged int) {
	n := len(items)
	in := slices.Clone(items)
	for i := range in {
		in[i].Finish()
	}
	// A content order first, so that grouping never depends on input order.
	slices.SortFunc(in, func(a, b Item) int {
		return cmp.Or(cmp.Compare(a.Tier, b.Tier), cmp.Compare(Canonical(a.URL), Canonical(b.URL)), cmp.Compare(a.ID, b.ID))
	})
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int) {
		ra, rb := find(a), find(b)
		if ra != rb {
			parent[max(ra, rb)] = min(ra, rb)
		}
	}
	canon := make([]string, n)
	titles := make([]string, n)
	shingles := make([]map[string]bool, n)
	for i, it := range in {
		canon[i] = Canonical(it.URL)
		titles[i] = headline(it.Title)
		shingles[i] = shingleSet(it.Excerpt)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			switch {
			case canon[i] != "" && canon[i] == canon[j]:
				union(i, j)
			case syndicable[in[i].Category] && syndicable[in[j].Category] &&
				(titles[i] != "" && titles[i] == titles[j] || jaccard(shingles[i], shingles[j]) >= 0.8):
				union(i, j)
			}
		}
	}
	groups := map[int][]int{}
	for i := range in {
		r := find(i)
		groups[r] = append(groups[r], i)
	}
	for _, g := range groups {
		slices.SortFunc(g, func(a, b int) int {
			return cmp.Or(cmp.Compare(in[a].Tier, in[b].Tier), cmpDate(in[a].PublishedAt, in[b].PublishedAt),
				cmp.Compare(canon[a], canon[b]), cmp.Compare(in[a].ID, in[b].ID))
		})
		rep := in[g[0]]
		rep.AlsoAt = []string{}
		for _, k := range g[1:] {
			if StageRank(in[k].LegalStage) > StageRank(rep.LegalStage) {
				rep.LegalStage = in[k].LegalStage
			}
			rep.Verified = rep.Verified || in[k].Verified && in[k].Tier == rep.Tier
			rep.DuplicatesMerged += 1 + in[k].DuplicatesMerged
			if canon[k] != canon[g[0]] && !slices.Contains(rep.AlsoAt, canon[k]) {
				rep.AlsoAt = append(rep.AlsoAt, canon[k])
			}
			rep.AlsoAt = append(rep.AlsoAt, in[k].AlsoAt...)
		}
		slices.Sort(rep.AlsoAt)
		rep.AlsoAt = slices.Compact(rep.AlsoAt)
		merged += len(g) - 1
		out = append(out, rep)
	}
	Sort(out)
	return out, merged
}

// cmpDate orders dated before undated, earlier before later.
func cmpDate(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	return strings.Compare(a, b)
}

// words splits a text into lower-case words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// headline is a title reduced to its words, without a trailing " - Site"
// or " | Site" that syndicators append; "" for titles under four words.
func headline(t string) string {
	for _, sep := range []string{" | ", " - ", " — ", " – "} {
		if i := strings.LastIndex(t, sep); i > 0 && len(words(t[i:])) <= 4 {
			t = t[:i]
		}
	}
	w := words(t)
	if len(w) < 4 {
		return ""
	}
	return strings.Join(w, " ")
}

// shingleSet is the set of three-word shingles of an excerpt of at least
// 12 words (nil for shorter ones, which are too short to call copies).
func shingleSet(s string) map[string]bool {
	w := words(s)
	if len(w) < 12 {
		return nil
	}
	set := map[string]bool{}
	for i := 0; i+3 <= len(w); i++ {
		set[strings.Join(w[i:i+3], " ")] = true
	}
	return set
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for k := range a {
		if b[k] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}
