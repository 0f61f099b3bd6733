package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Lead-in lists (issue 29, round 8b): a clause that binds a party to what
// a list says ("The Lessee shall:", "The Seller shall not, without the
// Buyer's consent:", "يلتزم المورد بما يلي:", "على العامل ما يلي:") states
// one duty per item of the list under it, in the party's role, and none of
// its own. A lead-in that states its verb ("Bidders shall submit:") is a
// duty of its own; its items are what the duty names, not duties.

var (
	// reLeadInEN: the party, the obligation word, an optional
	// parenthetical after a comma, and the colon, nothing else.
	reLeadInEN = regexp.MustCompile(`(?i)^(.{2,80}?)\s+(shall\s+not|must\s+not|shall|must|undertakes?\s+to|agrees?\s+to|(?:is|are)\s+(?:required|obliged)\s+to|` + leadInWords + `)(\s*,[^:;]{1,100})?\s*[:：]$`)
	// reLeadInAR: يلتزم / يتعهد X بما يلي, (يجب) على X ما يلي, لا يجوز لـX
	// ما يلي; X one to three words.
	reLeadInAR = regexp.MustCompile(`^` + arLeadClause + `(?:(?:و?[يت](?:لتزم|تعهد))\s+(\p{Arabic}+(?:\s+\p{Arabic}+){0,2}?)\s+(?:بما\s+يلي|بما\s+يأتي|بالآتي|بالاتي|بالتالي)|(?:يجب\s+|يتعين\s+)?على\s+(\p{Arabic}+(?:\s+\p{Arabic}+){0,2}?)\s+` + arLeadVerb + `(?:ما\s+يلي|ما\s+يأتي|الآتي|الاتي|التالي)|(?:لا\s+يجوز|يحظر\s+على|يُحظر\s+على)\s+(\p{Arabic}+(?:\s+\p{Arabic}+){0,2}?)\s+(?:ما\s+يلي|الآتي|التالي))\s*[:：]$`)
	// reListItem: a lettered, roman or bulleted item: "(a)", "b)", "c.",
	// "(iv)", "أ.", "ب-", "(ج)", "هـ.", "-", "•"; numbered items are
	// read by numberedItem (party_roles_by_doctype.go).
	reListItem = regexp.MustCompile(`^\s*(?:\(\s*(?:[a-z]|[ivx]{1,5})\s*\)|(?:[a-z]|[ivx]{1,5})[.)]|\(\s*(?:[أابتثجحخدذرزسشصضطظعغفقكلمنهوي]|هـ)\s*\)|(?:[أابتثجحخدذرزسشصضطظعغفقكلمنهوي]|هـ)\s*[.)\-–]|[-•▪–*])\s+`)
	// reItemTail: the coordinator or separator that closes an item.
	reItemTail = regexp.MustCompile(`(?i)(?:[;,؛،.]\s*(?:and|or|و|أو)?|\s+(?:and|or))\s*$`)
	// reArNotItem: an Arabic item worded as a prohibition (عدم ...).
	reArNotItem = regexp.MustCompile(`^(?:و)?عدم\s`)
)

// lineSpan is one line of a text, its newline left out: text[s:e].
type lineSpan struct{ s, e int }

// lineSpans are the text's lines in order (none for an empty text; a
// final newline opens no line).
func lineSpans(text string) []lineSpan {
	var lines []lineSpan
	for s := 0; s < len(text); {
		e := strings.IndexByte(text[s:], '\n')
		if e < 0 {
			e = len(text)
		} else {
			e += s
		}
		lines = append(lines, lineSpan{s, e})
		s = e + 1
	}
	return lines
}

// leadInLists adds the items' duties and drops the lead-ins' own.
func (x *clauseExtractor) leadInLists() {
	text := x.a.text
	lines := lineSpans(text)
	for i, ln := range lines {
		raw := strings.TrimSpace(text[ln.s:ln.e])
		if raw == "" || !strings.HasSuffix(raw, ":") && !strings.HasSuffix(raw, "：") {
			continue
		}
		body := strings.TrimSpace(arClauseLabel(raw[leadingNumber(raw):])) // obligation_duty_forms.go
		var party clauseParty
		negated, arLead := false, false
		if m := reLeadInEN.FindStringSubmatch(body); m != nil {
			p, ok := x.partyIn(tail(m[1], subjectWindow))
			if !ok || p.role == "" {
				continue
			}
			party = p
			w := lowerASCII(m[2])
			negated = reNotWord.MatchString(w)
			if leadInVerb(m[2]) != "" && p.role == "bidder" {
				continue // "Bidders shall submit:": what the duty names (obligation_subjects_tables.go)
			}
		} else if m := reLeadInAR.FindStringSubmatch(body); hasArabic(body) && m != nil {
			phrase := m[1] + m[2] + m[3]
			role := x.arAlias(phrase)
			if role == "" {
				role = arRole(phrase)
			}
			if role == "" && numberedLayoutsOn {
				// A word a number is given ("الطرف الأول (المختبر)"): the
				// number, whose role word definedPartyObligationRoles gives after.
				role = numberedBracketWords(text)[arDefinedWord(phrase)] // party_defined_words.go
			}
			if role == "" {
				continue
			}
			party, negated, arLead = clauseParty{phrase, role}, m[3] != "", true
		} else {
			continue
		}
		// The items: the lines under the lead-in that open with a list
		// marker, each with the lines that continue it (no marker, no
		// clause number, the item not yet closed).
		type item struct{ s, e, at int }
		var items []item
		numbered, plain := false, false
		for j := i + 1; j < len(lines); j++ {
			lt := text[lines[j].s:lines[j].e]
			if strings.TrimSpace(lt) == "" {
				break
			}
			if n, at, ok := numberedItem(lt); ok && (len(items) == 0 && n == 1 || numbered && n == len(items)+1) {
				numbered = true
				items = append(items, item{lines[j].s, lines[j].e, lines[j].s + at})
				continue
			}
			if m := reListItem.FindStringIndex(lt); m != nil && !numbered && !plain {
				items = append(items, item{lines[j].s, lines[j].e, lines[j].s + m[1] + secondMarker(lt, m[1])}) // obligation_missed_clauses.go
				continue
			}
			at, ok := plainItem(lt)
			if !ok && arLead {
				at, ok = plainItemAR(lt) // obligation_missed_clauses.go
			}
			if ok && !numbered && (len(items) == 0 || plain) {
				// An HTML list read without its markers (obligation_subjects_tables.go).
				plain = true
				items = append(items, item{lines[j].s, lines[j].e, lines[j].s + at})
				continue
			}
			if len(items) == 0 || leadingNumber(strings.TrimSpace(lt)) > 0 {
				break
			}
			last := &items[len(items)-1]
			if prev := strings.TrimSpace(text[last.s:last.e]); strings.HasSuffix(prev, ".") || strings.HasSuffix(prev, ";") || strings.HasSuffix(prev, "؛") {
				break
			}
			last.e = lines[j].e
		}
		if len(items) == 0 {
			continue
		}
		var added []oblFound
		for _, it := range items {
			si := x.sentenceAt(it.at)
			if si >= 0 && x.reqSents[si] {
				continue
			}
			if slices.ContainsFunc(x.obls, func(o oblFound) bool { return o.clauseStart < it.e && it.s < o.clauseEnd }) {
				continue // the item states its own duty
			}
			action := strings.TrimSpace(text[it.at:it.e])
			for {
				cut := reItemTail.ReplaceAllString(action, "")
				if cut == action {
					break
				}
				action = strings.TrimSpace(cut)
			}
			if action == "" {
				continue
			}
			o := Obligation{Party: party.text, PartyRole: party.role, Modality: "must", Action: clip(strings.ReplaceAll(action, "\n", " "), 300), Method: "clause", Confidence: 0.8}
			if negated || reArNotItem.MatchString(action) || reEnNotItem.MatchString(action) {
				o.Modality = "must_not"
			}
			added = append(added, oblFound{o: o, start: it.s, end: it.e, focus: it.at, sent: si, clauseStart: it.at, clauseEnd: it.e})
		}
		if len(added) == 0 {
			continue
		}
		// The lead-in's own obligation ("بما يلي", ", at its own cost")
		// is the list's.
		x.obls = slices.DeleteFunc(x.obls, func(o oblFound) bool { return o.clauseStart >= ln.s && o.clauseStart < ln.e })
		x.obls = append(x.obls, added...)
	}
	slices.SortStableFunc(x.obls, func(a, b oblFound) int { return a.start - b.start })
}
