package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 22: parties on heldout18 (docs/documents.md, "Issue
// 29, session 22: parties on heldout18"; the cases are
// party_signature_columns_test.go). The family was tallied on development data
// (heldout18 and the sets of the safe dev pattern) and is written in
// general terms:
//
//   - G: a signature line set out in columns, each a label and a name
//     ("الطرف الأول: X          الطرف الثاني: Y", "صاحب العمل: X
//     العاملة: Y", "Signed by: X          Signed by: Y"): each column's
//     name is a signatory (no role of its own), and a name read across
//     two columns ("X الطرف الثاني: Y") is none; one column whose label
//     is a signature's ("For the Second Party / عن الطرف الثاني: X",
//     "For the Employer: X, Manager") gives its name the same way.
//
// signatureColumnsNames applies G to the resolved candidates after sendersCopiesNames.

// reSigColon: a colon and the words before it on a line.
var reSigColon = regexp.MustCompile(`[:：]`)

// reTitle: a title before a signatory's name ("Eng.", "د.", "السيد/").
var reTitle = regexp.MustCompile(`^(?:(?:Mr|Mrs|Ms|Dr|Eng|Prof|Capt|Captain)\.?\s+|(?:م|د|أ)\.\s*|(?:السيد|السيدة|الدكتور|الدكتورة|الأستاذ|الأستاذة|المهندس|المهندسة|الشيخ)\s*/?\s*)`)

// reSigLead: a signature label's lead ("For the", "عن", "Signed by").
var reSigLead = regexp.MustCompile(`(?i)^(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?(?:the\s+)?\S|on\s+behalf\s+of\s|عن\s|signed\s+by$)`)

// reNameEndSignatureColumns: where a signatory's name ends before a post, a twin in
// the other script or a bracket.
var reNameEndSignatureColumns = regexp.MustCompile(`[،,(]|\s/\s`)

// reWord: a word.
var reWord = regexp.MustCompile(`\S+`)

// reSigWord: a label that names a signature rather than a role.
var reSigWord = regexp.MustCompile(`(?i)^(?:signed\s+by|signature|name|الاسم|التوقيع|وقع(?:ه|ها)?\s+عن)$`)

// sigLabel reports whether a column's label is a role word or a
// signature word ("For the Client", "عن الطرف الأول" too).
func sigLabel(l string) bool {
	l = strings.TrimSpace(l)
	l = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "عن "), "For "))
	l = strings.TrimSpace(strings.TrimPrefix(l, "for "))
	l = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(l, "and on behalf of "), "on behalf of "))
	if len(strings.Fields(l)) > 4 {
		return false
	}
	return reSigWord.MatchString(l) || lexRole(l) != ""
}

// sigName reports whether s reads as a person's name: two to six
// words, no role word, each Latin word capitalised.
func sigName(s string) bool {
	ws := strings.Fields(s)
	if len(ws) < 2 || len(ws) > 6 || lexRole(s) != "" || roleOf(s) != "" {
		return false
	}
	if hasArabic(s) {
		return !reOrgHead.MatchString(s)
	}
	for _, w := range ws {
		if r := w[0]; r < 'A' || r > 'Z' {
			return false
		}
		if postWords[strings.ToLower(strings.Trim(w, ".,"))] {
			return false
		}
	}
	return !reOrgHead.MatchString(s)
}

// sigColumns reads a line of two columns or more, each a label and a
// name ("الطرف الأول: X الطرف الثاني: Y", the reader having joined the
// columns with one space): the names and their offsets in the line, nil
// when any part is not so.
func sigColumns(l string) (names []string, offs []int) {
	cols := reSigColon.FindAllStringIndex(l, -1)
	if len(cols) == 1 {
		// One column: a signature label ("For the Second Party / عن
		// الطرف الثاني: X", "Signed by: X") and a name.
		lab := strings.Trim(l[:cols[0][0]], " \t*_")
		for _, part := range strings.Split(lab, "/") {
			if part = strings.TrimSpace(part); !reSigLead.MatchString(part) || !sigLabel(part) {
				return nil, nil
			}
		}
		name := l[cols[0][1]:]
		if k := reNameEndSignatureColumns.FindStringIndex(name); k != nil {
			name = name[:k[0]] // "X، المدير العام", "X / Y", "X (Title)"
		}
		name = strings.Trim(name, " \t*_.|—–-،,")
		if t := reTitle.FindString(name); t != "" {
			name = strings.TrimSpace(name[len(t):])
		}
		if !sigName(name) {
			return nil, nil
		}
		return []string{name}, []int{cols[0][1] + strings.Index(l[cols[0][1]:], name)}
	}
	if len(cols) < 2 {
		return nil, nil
	}
	// Each colon's label: the longest run of one to four words before it
	// that is a role or a signature word; labels[k] is where it opens.
	labels := make([]int, len(cols))
	prev := 0
	for k, c := range cols {
		head := l[prev:c[0]]
		ws := reWord.FindAllStringIndex(head, -1)
		labels[k] = -1
		for n := min(4, len(ws)); n >= 1; n-- {
			at := ws[len(ws)-n][0]
			if sigLabel(strings.Trim(head[at:], " \t*_")) {
				labels[k] = prev + at
				break
			}
		}
		if labels[k] < 0 {
			return nil, nil
		}
		prev = c[1]
	}
	if strings.Trim(l[:labels[0]], " *_\t") != "" {
		return nil, nil
	}
	for k, c := range cols {
		end := len(l)
		if k+1 < len(cols) {
			end = labels[k+1]
		}
		raw := l[c[1]:end]
		name := strings.Trim(raw, " \t*_.|—–-،,")
		if t := reTitle.FindString(name); t != "" {
			name = strings.TrimSpace(name[len(t):])
		}
		if !sigName(name) {
			return nil, nil
		}
		names = append(names, name)
		offs = append(offs, c[1]+strings.Index(raw, name))
	}
	return names, offs
}

// signatureColumnsNames applies G: the columns' names, and no name across two.
func signatureColumnsNames(cs []candidate, text string) []candidate {
	ls, at := linesLettersMinutes(text)
	known := map[string]bool{}
	for _, c := range cs {
		if c.fact.Type == TypeParty {
			known[normalName(c.fact.Value)] = true
		}
	}
	added := false
	for j, l := range ls {
		names, offs := sigColumns(l)
		if names == nil {
			continue
		}
		ls0, le0 := at[j], at[j]+len(l)
		// A party read across two columns is none.
		kept := cs[:0]
		for _, c := range cs {
			if c.fact.Type == TypeParty && c.start < le0 && ls0 < c.end {
				across := 0
				for k, n := range names {
					s := at[j] + offs[k]
					if c.start < s+len(n) && s < c.end {
						across++
					}
				}
				if across > 1 {
					delete(known, normalName(c.fact.Value))
					continue
				}
			}
			kept = append(kept, c)
		}
		cs = kept
		for k, n := range names {
			if known[normalName(n)] {
				continue
			}
			s := at[j] + offs[k]
			f := Fact{Type: TypeParty, Value: n, Normalized: normalName(n), EntityType: "person", Method: "labeled_field", Confidence: 0.7}
			cs = append(cs, candidate{fact: f, start: s, end: s + len(n), prio: 2, by: "parties18"})
			known[normalName(n)] = true
			added = true
		}
	}
	if added {
		sortByPosition(cs)
	}
	return cs
}
