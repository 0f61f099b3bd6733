package documentfacts

import (
	"strings"
	"unicode/utf8"

	"dalil/capabilities/documentfacts/read"
)

// segment is one block of the returned text (byte offsets).
type segment struct {
	start, end int
	page       int
	section    string
	heading    bool
	tableStart bool // the first row of a table (see read.Block)
}

// assembled is the returned text and where each block sits in it.
type assembled struct {
	text string
	segs []segment
	// definedSubjectObligations: the obligations whose subject is a party's defined word
	// (obligation_defined_parties.go), read with the clauses, roled after the role model.
	definedSubjectObligations []definedSubjectObligation
}

// assemble joins a document's blocks: one per line, a blank line between
// pages. Headings name the section of what follows them.
func assemble(doc *read.Document) assembled {
	var b strings.Builder
	var segs []segment
	section := ""
	page := -1
	for i, blk := range doc.Blocks {
		if i > 0 {
			b.WriteString("\n")
			if blk.Page != page && page > 0 {
				b.WriteString("\n")
			}
		}
		page = blk.Page
		if blk.Heading {
			section = clip(blk.Text, 120)
		}
		start := b.Len()
		b.WriteString(blk.Text)
		segs = append(segs, segment{start: start, end: b.Len(), page: blk.Page, section: section, heading: blk.Heading, tableStart: blk.TableStart})
	}
	return assembled{text: b.String(), segs: segs}
}

// segmentAt returns the block holding byte offset off.
func (a *assembled) segmentAt(off int) segment {
	lo, hi := 0, len(a.segs)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if a.segs[mid].start <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if len(a.segs) == 0 {
		return segment{}
	}
	return a.segs[lo]
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n]))
}

// maxExcerpt is the longest evidence excerpt, in code points.
const maxExcerpt = 240

// excerptSpan returns the byte span of the evidence for a match
// [ms, me): its block, cut to at most maxExcerpt code points around the
// match on rune boundaries.
func (a *assembled) excerptSpan(ms, me int) (int, int) {
	seg := a.segmentAt(ms)
	s, e := seg.start, seg.end
	if me > e {
		me = e
	}
	if e-s <= maxExcerpt || e-s <= 4*maxExcerpt && utf8.RuneCountInString(a.text[s:e]) <= maxExcerpt {
		return s, e
	}
	// Take the match and grow it evenly on both sides.
	if me-ms >= 4*maxExcerpt || utf8.RuneCountInString(a.text[ms:me]) >= maxExcerpt {
		return ms, runeAdvance(a.text, ms, maxExcerpt)
	}
	budget := maxExcerpt - utf8.RuneCountInString(a.text[ms:me])
	left := budget / 2
	ns := runeBack(a.text, ms, left, s)
	used := utf8.RuneCountInString(a.text[ns:ms])
	ne := runeAdvance(a.text, me, budget-used)
	if ne > e {
		ne = e
	}
	// Use what the right side could not take on the left.
	rest := maxExcerpt - utf8.RuneCountInString(a.text[ns:ne]) // at most ~4*maxExcerpt bytes
	ns = runeBack(a.text, ns, rest, s)
	return ns, ne
}

func runeAdvance(s string, i, n int) int {
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}

func runeBack(s string, i, n, floor int) int {
	for ; n > 0 && i > floor; n-- {
		_, w := utf8.DecodeLastRuneInString(s[:i])
		i -= w
	}
	return i
}

// runeIndex converts byte offsets to code point offsets; offsets must be
// asked in any order (it keeps a sorted cache of checkpoints).
type runeIndex struct {
	text string
	// every 1024 bytes (on a rune boundary at or after the mark), the
	// code point count before it
	marks []int // byte positions
	count []int // code points before marks[i]
}

func newRuneIndex(text string) *runeIndex {
	ri := &runeIndex{text: text}
	n := 0
	next := 0
	for i := range text {
		if i >= next {
			ri.marks = append(ri.marks, i)
			ri.count = append(ri.count, n)
			next = i + 1024
		}
		n++
	}
	ri.marks = append(ri.marks, len(text))
	ri.count = append(ri.count, n)
	return ri
}

// at returns the code point index of byte offset off (a rune boundary).
func (ri *runeIndex) at(off int) int {
	lo, hi := 0, len(ri.marks)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if ri.marks[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return ri.count[lo] + utf8.RuneCountInString(ri.text[ri.marks[lo]:off])
}
