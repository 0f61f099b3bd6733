package names

import (
	"strings"
	"unicode"
)

// StripLegalForm splits a company name as written into the name to show
// and the legal forms at its end, both trimmed, the name's own spelling
// and case kept: "Al Noor Trading L.L.C." → ("Al Noor Trading",
// "L.L.C."), "Bank Muscat (SAOG)" → ("Bank Muscat", "SAOG"),
// "شركة النور للتجارة ش.م.م" → ("شركة النور للتجارة", "ش.م.م"). Legal
// forms elsewhere in the name stay (Normalize ignores them anywhere). A
// name that is nothing but a legal form is returned whole, form "".
func StripLegalForm(s string) (name, form string) {
	s = strings.TrimSpace(s)
	groups := wordGroups(s)
	cut := len(groups)
	for cut > 0 {
		if legalForms[groups[cut-1].folded] {
			cut--
			continue
		}
		matched := false
		for _, p := range legalPhrases {
			if len(p) <= cut && phraseAt(groups[cut-len(p):cut], p) {
				cut -= len(p)
				matched = true
				break
			}
		}
		if !matched {
			break
		}
	}
	if cut == len(groups) || cut == 0 {
		return s, ""
	}
	at := groups[cut].start
	name = strings.TrimRightFunc(s[:at], func(r rune) bool { return !isWordRune(r) && r != ')' && r != ']' })
	name = strings.TrimRightFunc(name, unicode.IsSpace)
	form = strings.TrimFunc(s[at:], func(r rune) bool { return !isWordRune(r) && r != '.' })
	form = strings.TrimLeft(form, ".")
	return name, form
}

func phraseAt(gs []group, p []string) bool {
	for i := range p {
		if gs[i].folded != p[i] {
			return false
		}
	}
	return true
}

// group is a word of s (or a run of initials: L.L.C.) at byte offset
// start, folded as tokens() folds it.
type group struct {
	start  int
	folded string
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || isApostrophe(r) || r == 'ـ'
}

// wordGroups are s's words with their offsets, runs of single letters
// joined.
func wordGroups(s string) []group {
	type word struct {
		start   int
		folded  string
		initial bool
		arabic  bool
	}
	var ws []word
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		parts := split(s[start:end])
		f := strings.Join(parts, "")
		if isArabicWord(f) {
			f = stripArticle(foldArabic(f))
		}
		if f != "" {
			ws = append(ws, word{start: start, folded: f, initial: isInitial(f), arabic: isArabicWord(f)})
		}
		start = -1
	}
	for i, r := range s {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(s))
	var out []group
	for i := 0; i < len(ws); {
		j := i
		for j < len(ws) && ws[j].initial && ws[j].arabic == ws[i].arabic {
			j++
		}
		if j-i >= 2 {
			var b strings.Builder
			for _, w := range ws[i:j] {
				b.WriteString(w.folded)
			}
			out = append(out, group{start: ws[i].start, folded: b.String()})
			i = j
			continue
		}
		out = append(out, group{start: ws[i].start, folded: ws[i].folded})
		i++
	}
	return out
}
