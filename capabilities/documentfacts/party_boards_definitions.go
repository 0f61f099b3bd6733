package documentfacts

import (
	"regexp"
	"slices"
	"strings"
)

// Issue 29, session 23: parties by families (docs/documents.md, "Issue 29,
// session 23: parties by families"; the cases are party_boards_definitions_test.go). The
// families were read from the misses of heldout19 and 20 and written in
// general terms:
//
//   - J (junk names): a data table's caption read as a person ("Subcontract
//     Price | OMR ...", "Commencement Date | 1 May"); an Arabic caption of an
//     acceptance or signing block ("قبول المقترض", "توقيع المستأجر"); an
//     Arabic company's description read as its name ("شركة مسجلة في
//     النرويج"); a guarantee "شركة صادرة من X" read from the word شركة;
//   - B (boards): the people a bilingual resolution lists as present, in
//     attendance or authorised to sign ("Category A: X and Y; Category B:
//     Z, Chief Financial Officer"), in each script's column, are persons
//     with no role; the company a resolution is passed by, defined as "the
//     Company", is its issuer;
//   - I (incorporated): a name followed by "a company incorporated
//     (registered, organised) in/under" is a company whatever its legal
//     form ("Nordic Hydrotech AS, a company incorporated in Norway");
//   - F (facilities): in a text that defines a Borrower, the bank defined
//     as "the Bank" (البنك) is the lender, not the employer an offer
//     letter's frame gives it;
//   - D (definition elsewhere): a party read without a role (a letter's
//     "To:" or "إلى:" line) takes the role its name is defined with later
//     in the text, in either script ('X (ويشار إليها فيما بعد بـ
//     "المقترض")');
//   - W (we and you): a letter that calls its writer and addressee by
//     their roles ("between us as the Landlord and you as the Tenant",
//     بصفتنا "المؤجر" وبينكم بصفتكم "المستأجر") gives those roles to the
//     letterhead's company and the addressee;
//   - T (tender author): in a tender, RFP or priced bill for a tender, the
//     company labelled or defined as the Employer, Owner, Purchaser or the
//     Company is the issuer (decision 36);
//   - L (two role words in a label): "Engineer / Consultant | X": the role
//     word the guideline names.
//
// boardsDefinitionsNames applies J, B (names) and I to the resolved candidates;
// boardsDefinitionsPartyRoles applies B (role), F, D, W, T and L after the earlier
// rounds.

// reTermCaption: the last word of a data table's caption, which ends no
// person's name ("Subcontract Price", "Defects Notification Period").
var reTermCaption = regexp.MustCompile(`(?i)\b(?:date|price|period|security|sum|amount|value|time|fee|fees|rate|retention|damages|law|number|no|deposit|bond|guarantee|insurance|completion|commencement|validity|term|duration|currency|total|payment|penalty|limit|cap)$`)

// reArCaption: the first word of an Arabic caption over a signing or an
// acceptance ("قبول المقترض", "توقيع المستأجر", "ختم الشركة").
var reArCaption = regexp.MustCompile(`^(?:قبول|توقيع|موافقة|اعتماد|ختم|إقرار|اقرار|استلام|تأكيد|مصادقة)\s`)

// reArDescribed: an Arabic company's description read as a name ("شركة
// مسجلة في النرويج", "شركة قائمة بموجب قوانين").
var reArDescribed = regexp.MustCompile(`^(?:شركة|مؤسسة)\s+(?:مسجلة|مسجل|مؤسسة|قائمة|منشأة|تأسست|مساهمة|ذات)\s`)

// reArIssuedFrom: "شركة صادرة من مجموعة X": a guarantee issued by X
// (كفالة شركة), the name read from شركة.
var reArIssuedFrom = regexp.MustCompile(`^\p{Arabic}+\s+(?:صادرة|صادر|مقدمة|مقدم)\s+(?:من|عن)\s+((?:شركة|مجموعة|بنك|مصرف|مؤسسة)\s.+)$`)

// boardsDefinitionsNames applies families J, B and I to the resolved candidates cs; the
// result is in text order.
func boardsDefinitionsNames(cs []candidate, text string) []candidate {
	cs = slices.DeleteFunc(cs, func(c candidate) bool {
		f := c.fact
		if f.Type != TypeParty {
			return false
		}
		v := strings.TrimSpace(f.Value)
		switch {
		case f.EntityType == "person" && !hasArabic(v) && reTermCaption.MatchString(v) && termRow(text, c.start):
			return true
		case hasArabic(v) && reArCaption.MatchString(v):
			return true
		case hasArabic(v) && reArDescribed.MatchString(v):
			return true
		}
		return false
	})
	for i := range cs {
		c := &cs[i]
		f := &c.fact
		if f.Type != TypeParty || !hasArabic(f.Value) {
			continue
		}
		if m := reArIssuedFrom.FindStringSubmatchIndex(f.Value); m != nil {
			if c.end <= len(text) && text[c.start:c.end] == f.Value {
				c.start += m[2]
			}
			f.Value = f.Value[m[2]:m[3]]
			f.Normalized = normalName(f.Value)
		}
	}
	var spans []spanLettersMinutes
	if resolutionDoc(text) {
		spans = append(spans, boardNames(text)...)
	}
	spans = append(spans, incorporatedNames(text)...)
	spans = append(spans, contactRowNames(text)...)
	spans = append(spans, signColumnNames(text)...)
	spans = append(spans, signCellNamesBankLetters(text)...) // party_bank_letters.go
	spans = append(spans, arSignatureNames(text)...)         // party_bank_letters.go
	spans = append(spans, signLineNames(text)...)
	added := false
	for _, c := range twinUnderLabel(text) {
		k := slices.IndexFunc(cs, func(k candidate) bool {
			return k.fact.Type == TypeParty && (c.start < k.end && k.start < c.end || normalName(k.fact.Value) == c.fact.Normalized)
		})
		switch {
		case k < 0:
			cs = append(cs, c)
			added = true
		case cs[k].fact.Role == "" && normalName(cs[k].fact.Value) == c.fact.Normalized:
			setPartyRole(&cs[k].fact, c.fact.Role)
		}
	}
	seen := map[string]bool{}
	for _, c := range cs {
		if c.fact.Type == TypeParty {
			seen[normalName(c.fact.Value)] = true
		}
	}
	cs, more := addSpanParties(cs, text, spans, seen, "parties23")
	if added || more {
		sortByPosition(cs)
	}
	return cs
}

// termRow: the name at start opens a key/value line whose value is a
// date, a sum, a period or a rate (a data table's caption, not a person).
func termRow(text string, start int) bool {
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	le := strings.IndexByte(text[start:], '\n')
	if le < 0 {
		le = len(text) - start
	}
	line := text[ls : start+le]
	before := strings.Trim(text[ls:start], " *_#|")
	if before != "" {
		return false
	}
	i := strings.IndexAny(line, "|:")
	return i > 0 && hasDigit(line[i:])
}

// reResolutionTitle: the title of a resolution or minutes in either
// script ("قرار مجلس الإدارة", "قرار الشركاء", "محضر اجتماع").
var reResolutionTitle = regexp.MustCompile(`(?i)^[\s#*_]*(?:(?:written\s+|board\s+|shareholders'?\s+|partners'?\s+)?resolutions?\s+(?:of|passed\s+by)\s+the\s+(?:board|shareholders|general|partners|members|directors)|(?:extract\s+(?:of|from)\s+(?:the\s+)?)?minutes\s+of\b|قرار\s+(?:مجلس|الشركاء|الجمعية|المساهمين)|محضر\s+(?:اجتماع|الاجتماع))`)

// resolutionDoc: a resolution's or minutes' title on the text's first
// six lines, in either script or in a bilingual line's column.
func resolutionDoc(text string) bool {
	if minutesDoc(text) {
		return true
	}
	ls, _ := linesLettersMinutes(text)
	for i, l := range ls {
		if i >= 6 {
			break
		}
		for _, cell := range strings.Split(l, " | ") {
			if reResolutionTitle.MatchString(cell) {
				return true
			}
		}
	}
	return false
}

var (
	// reArAttend: an Arabic attendance label and its list.
	reArAttend = regexp.MustCompile(`^[\s*_]*(?:الحضور|الحاضرون|الأعضاء\s+الحاضرون|بحضور|حضر|حضور|الغائبون|اعتذر|أمين\s+السر|أمينة\s+السر|أمين\s+سر\s+المجلس|أمينة\s+سر\s+المجلس|رئيس\s+الاجتماع)\s*[:：]\s*(.+)$`)
	// reAuthorised: the persons a resolution authorises to sign, listed
	// after a colon ("The following persons are authorised to sign ...:",
	// "يفوض الأشخاص التالية أسماؤهم ...:").
	reAuthorised = regexp.MustCompile(`(?i)(?:authori[sz]ed\s+(?:signator(?:y|ies)|to\s+sign)|signing\s+authority|يفوض|تفويض|المفوضين|المخولين\s+بالتوقيع)[^:：]{0,160}[:：]\s*(.+)$`)
	// reCategory: a class label inside such a list ("Category A:",
	// "Class B:", "الفئة (أ):").
	reCategory = regexp.MustCompile(`(?i)(?:\b(?:category|class|group|panel)\s+[A-Z0-9]{1,2}|الفئة\s*\(?\s*\p{Arabic}\s*\)?|المجموعة\s*\(?\s*\p{Arabic}\s*\)?)\s*[:：]\s*`)
	// reArListSep: the separators of an Arabic list of names.
	reArListSep = regexp.MustCompile(`\s*[،,؛;]\s*`)
	// reArAnd: "و" joining two names ("سلطان خليفة المزروعي وعمر سعيد
	// الكتبي"), read where the next word is no name that starts with و.
	reArAnd = regexp.MustCompile(`\s+و(\p{Arabic}{2,})`)
)

// arWawNames are first names that start with و (not the conjunction).
var arWawNames = map[string]bool{"وليد": true, "وائل": true, "وفاء": true, "وداد": true, "وسام": true, "وضاح": true, "وجدي": true,
	"وهيب": true, "وحيد": true, "ولاء": true, "وعد": true, "ورود": true, "وصال": true, "وديع": true, "وديعة": true, "وجيه": true, "وسيم": true}

// arPostWordsBoardsDefinitions are words of a post, a body or a department, which an
// Arabic person's name never holds ("أمينة سر المجلس", "المدير المالي").
var arPostWordsBoardsDefinitions = map[string]bool{"رئيس": true, "رئيسة": true, "نائب": true, "أمين": true, "أمينة": true, "سر": true, "مدير": true,
	"مديرة": true, "المدير": true, "المديرة": true, "عضو": true, "عضوة": true, "المجلس": true, "مجلس": true, "الإدارة": true,
	"المالي": true, "المالية": true, "التنفيذي": true, "التنفيذية": true, "العام": true, "العامة": true, "الخزينة": true,
	"مسؤول": true, "مسؤولة": true, "ممثل": true, "ممثلة": true, "الفئة": true, "المفوض": true, "المفوضين": true, "الشركة": true,
	"قسم": true, "إدارة": true, "الحسابات": true, "القانوني": true, "المستشار": true, "الضمانات": true, "الفرع": true, "فرع": true}

// arName is the Arabic person's name in part (its offsets), its title
// and a leading conjunction left out; ok false for a post or a phrase.
func arName(part string) (int, int, bool) {
	s, e := 0, len(part)
	for s < e && (part[s] == ' ' || part[s] == '*' || part[s] == '_') {
		s++
	}
	for e > s && strings.ContainsRune(" .*_", rune(part[e-1])) {
		e--
	}
	name := part[s:e]
	if h := honorific.FindString(name); h != "" {
		s += len(h)
		name = part[s:e]
	}
	if i := strings.Index(name, "("); i > 0 {
		e = s + len(strings.TrimRight(name[:i], " "))
		name = part[s:e]
	}
	if strings.HasPrefix(name, "و") {
		first := strings.Fields(name)[0]
		if !arWawNames[first] && len(first) > len("و")+4 {
			s += len("و")
			name = part[s:e]
		}
	}
	if !reArPlainName.MatchString(name) {
		return 0, 0, false
	}
	words := strings.Fields(name)
	if len(words) < 2 || len(words) > 5 {
		return 0, 0, false
	}
	for _, w := range words {
		if arPostWordsBoardsDefinitions[w] || roleOf(w) != "" {
			return 0, 0, false
		}
	}
	return s, e, true
}

// boardNames applies family B's names: in each column of the text's
// lines, an attendance label's list and a resolution's list of persons
// authorised to sign.
func boardNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		off := 0
		for _, cell := range strings.Split(l, " | ") {
			base := at[i] + off
			off += len(cell) + len(" | ")
			var rest string
			var restAt int
			if hasArabic(cell) {
				if m := reArAttend.FindStringSubmatchIndex(cell); m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				} else if m := reAuthorised.FindStringSubmatchIndex(cell); m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				}
			} else {
				if m := reAttendLabel.FindStringSubmatchIndex(cell); m != nil && !strings.Contains(l, " | ") {
					continue // attendeeNames reads a line of one column
				} else if m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				} else if m := reAuthorised.FindStringSubmatchIndex(cell); m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				}
			}
			if rest == "" {
				continue
			}
			out = append(out, listNames(rest, restAt)...)
		}
	}
	return out
}

// listNames reads the persons of a list (its class labels left out),
// in either script, at offset at.
func listNames(rest string, at int) []spanLettersMinutes {
	var out []spanLettersMinutes
	// Blank the class labels (same length: offsets hold).
	b := []byte(rest)
	for _, m := range reCategory.FindAllStringIndex(rest, -1) {
		for k := m[0]; k < m[1]; k++ {
			b[k] = ';'
		}
	}
	rest = string(b)
	for _, part := range splitKeep(rest, regexp.MustCompile(`\s*(?:;|؛)\s*`)) {
		seg := rest[part[0]:part[1]]
		segAt := at + part[0]
		if !hasArabic(seg) {
			for _, p := range splitKeep(seg, reListSep) {
				if s, e, ok := personLettersMinutes(seg[p[0]:p[1]]); ok {
					out = append(out, spanLettersMinutes{segAt + p[0] + s, segAt + p[0] + e, "person"})
				}
			}
			continue
		}
		for _, p := range splitKeep(seg, reArListSep) {
			piece := seg[p[0]:p[1]]
			pieceAt := segAt + p[0]
			if !hasArabic(piece) {
				if s, e, ok := personLettersMinutes(piece); ok {
					out = append(out, spanLettersMinutes{pieceAt + s, pieceAt + e, "person"})
				}
				continue
			}
			// Two names joined by و.
			cuts := []int{0}
			for _, m := range reArAnd.FindAllStringSubmatchIndex(piece, -1) {
				if !arWawNames[piece[m[2]-len("و"):m[3]]] {
					cuts = append(cuts, m[2]-len("و"))
				}
			}
			cuts = append(cuts, len(piece))
			for k := 0; k+1 < len(cuts); k++ {
				sub := piece[cuts[k]:cuts[k+1]]
				if s, e, ok := arName(sub); ok {
					out = append(out, spanLettersMinutes{pieceAt + cuts[k] + s, pieceAt + cuts[k] + e, "person"})
				}
			}
		}
	}
	return out
}

// reIncorporatedBoardsDefinitions: a name, then its description as a company formed
// under a country's law ("Nordic Hydrotech AS, a company incorporated in
// Norway", "X, a limited liability company registered in Oman").
var reIncorporatedBoardsDefinitions = regexp.MustCompile(`(?m)(?:^|\bbetween[ \t]+|\band[ \t]+)[ \t*_#>\-]*(?:\(?\d{1,2}[.)][ \t]*|\([a-z]\)[ \t]*)?[ \t*_]*([A-Z][A-Za-zÀ-ÖØ-öø-ÿ&'.-]*(?:[ \t]+[A-Z][A-Za-zÀ-ÖØ-öø-ÿ&'.-]*){1,6})[ \t*_]*,[ \t]+an?[ \t]+(?:[a-z-]+\s+){0,4}(?:company|corporation|entity|firm|partnership)\s+(?:duly\s+)?(?:incorporated|registered|organi[sz]ed|established|existing)\s+(?:in|under)\b`)

// incorporatedNames applies family I.
func incorporatedNames(text string) []spanLettersMinutes {
	var out []spanLettersMinutes
	for _, m := range reIncorporatedBoardsDefinitions.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		if roleOf(name) != "" || labelRole(name) != "" || strings.HasPrefix(name, "The ") {
			continue
		}
		out = append(out, spanLettersMinutes{m[2], m[3], "company"})
	}
	return out
}

// reContactRow: a key/value line naming a party's contact ("Buyer
// contact | X, Senior Buyer", "Contact person: X", "Supplier's
// representative | X").
var reContactRow = regexp.MustCompile(`(?im)^[\s*_|]*(?:[A-Z][A-Za-z']*\s+){0,2}(?:contact(?:\s+person)?|representative|focal\s+point|point\s+of\s+contact)[\s*_]*(?:\||:)\s*`)

// contactRowNames reads the person after such a label.
func contactRowNames(text string) []spanLettersMinutes {
	var out []spanLettersMinutes
	for _, m := range reContactRow.FindAllStringIndex(text, -1) {
		rest := text[m[1]:]
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			rest = rest[:j]
		}
		if s, e, ok := personLettersMinutes(rest); ok {
			out = append(out, spanLettersMinutes{m[1] + s, m[1] + e, "person"})
		}
	}
	return out
}

// reSignColumns: the cells of a line of signature columns (apart by a
// bar, a tab or three spaces or more).
var reSignColumns = regexp.MustCompile(`\s*\|\s*|\t+|\s{3,}`)

// signColumnNames reads the names of a line of two or more signature
// columns ("سالم بن راشد الحوسني | منى بنت أحمد البلوشية") right under a
// line that signs for someone ("عن بنك X", "For X LLC").
func signColumnNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		parts := splitKeep(l, reSignColumns)
		if len(parts) < 2 || len(parts) > 4 {
			continue
		}
		k := i - 1
		for k >= 0 && strings.TrimSpace(ls[k]) == "" {
			k--
		}
		if k < 0 || !reSignedFor.MatchString(ls[k]) {
			continue
		}
		var found []spanLettersMinutes
		for _, p := range parts {
			cell := l[p[0]:p[1]]
			switch {
			case strings.TrimSpace(cell) == "":
				continue
			case reSignedFor.MatchString(cell) || lexRole(strings.TrimSpace(cell)) != "":
				// "عن الطرف المفصح | عن الطرف المتلقي": signing lines
			case hasArabic(cell):
				if s, e, ok := arName(cell); ok && (arPersonLike(cell[s:e]) || len(strings.Fields(cell[s:e])) >= 3) {
					found = append(found, spanLettersMinutes{at[i] + p[0] + s, at[i] + p[0] + e, "person"})
					continue
				}
			default:
				if s, e, ok := personLettersMinutes(cell); ok {
					found = append(found, spanLettersMinutes{at[i] + p[0] + s, at[i] + p[0] + e, "person"})
					continue
				}
			}
			found = nil // a cell that names no one: no line of names
			break
		}
		out = append(out, found...)
	}
	return out
}

// boardsDefinitionsPartyRoles applies the role families B, F, D, W, T and L after the
// earlier rounds' roles.
func boardsDefinitionsPartyRoles(facts []Fact, cands []candidate, text, docType string) {
	if len(facts) != len(cands) {
		return
	}
	boardIssuer(facts, cands, text)
	definedElsewhere(facts, cands, text, docType)
	facilityLender(facts, cands, text)
	weAndYou(facts, cands, text)
	tenderAuthorBoardsDefinitions(facts, cands, text, docType)
	twoWordLabel(facts, cands, text)
	letterheadSupplier(facts, cands, text, docType)
}

// letterheadSupplier (family S): an invoice's, statement's or
// quotation's letterhead company (the first company, on the text's first
// three lines, of no role) supplies the party labelled its customer, when
// no party supplies (decision on invoices and statements: the addressee
// customer, the sender supplier).
func letterheadSupplier(facts []Fact, cands []candidate, text, docType string) {
	if docType != "invoice" && docType != "quotation" && docType != "other" || !hasRole(facts, "customer") ||
		hasRole(facts, "supplier") || hasRole(facts, "seller") {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first < 0 || facts[first].Role != "" || facts[first].EntityType == "person" || !orgLike(facts[first].Value) && facts[first].EntityType != "company" {
		return
	}
	if strings.Count(text[:cands[first].start], "\n") > 2 {
		return
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && f.EntityType != "person" && (i == first || normalName(f.Value) == normalName(facts[first].Value)) {
			setRole(facts, i, "supplier")
		}
	}
}

// boardIssuer applies family B's role: in a resolution or minutes, the
// company defined as "the Company" is the issuer (each script's name).
func boardIssuer(facts []Fact, cands []candidate, text string) {
	if !resolutionDoc(text) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || f.Role != "company" && f.Role != "" {
			continue
		}
		w := lowerASCII(strings.TrimSpace(definitionAt(text, cands[i].end, hasArabic(f.Value))))
		if f.Role == "company" || w == "company" || w == "الشركة" {
			setRole(facts, i, "issuer")
		}
	}
}

// reArDefWord: an Arabic definition right after a name and its word
// ('(ويشار إليها فيما بعد بـ "المقترض")', '("الضامن")').
var reArDefWord = regexp.MustCompile(`^(?:\s*[،,]\s*\p{Arabic}+(?:\s+\p{Arabic}+)?)?\s*[،,]?\s*\(?\s*(?:(?:` + arTashkeel(arDefCues...) + `)\s*(?:` + arTashkeel("إليها", "إليه", "اليها", "اليه", "لها", "له") + `)?\s*(?:(?:` + arTashkeel("فيما بعد", "فيما يلي", "لاحقاً", "لاحقا") + `)\s*)?(?:بـ|ب)?\s*)?["«“]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”]`)

// reArLaterDef: an Arabic definition cue on a name's line, within its
// particulars, and its quoted word.
var reArLaterDef = regexp.MustCompile(`^[^\n]{0,260}?[،,]\s*((?:` + arTashkeel(arDefCues...) + `)\s*(?:` + arTashkeel("إليها", "إليه", "اليها", "اليه", "لها", "له") + `)?\s*(?:(?:` + arTashkeel("فيما بعد", "فيما يلي", "لاحقاً", "لاحقا") + `)\s*)?(?:بـ|ب)?\s*["«“]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”])`)

// definitionAt is the role word defined right after a name that ends at
// end: the English bracket or hereinafter, the Arabic cue; "" when none.
func definitionAt(text string, end int, arabic bool) string {
	after := text[end:min(len(text), end+400)]
	if arabic {
		if m := reArDefWord.FindStringSubmatch(after); m != nil {
			return m[1]
		}
		// Past the company's particulars on its line ("، شركة مسجلة في
		// النرويج، رقم التسجيل ...، ويشار إليها فيما بعد بـ "الشركة""):
		// no bracket, quote or clause's end in between.
		if m := reArLaterDef.FindStringSubmatchIndex(after); m != nil && !strings.ContainsAny(after[:m[2]], "()\"«»“”؛;\n") {
			return after[m[4]:m[5]]
		}
		return ""
	}
	if !reDefRight.MatchString(after) && !reHereinafter.MatchString(after) {
		return ""
	}
	w, ok := definedRole(after)
	if !ok {
		return ""
	}
	return w
}

// definedElsewhere applies family D: a party of no role takes the role
// word its name is defined by, where it is found or at a later mention;
// "the Company" / "الشركة" in a contract whose other party has a role is
// the role company (decisions as round 14's companyKindRoles).
func definedElsewhere(facts []Fact, cands []candidate, text, docType string) {
	low := lowerASCII(text)
	for i, f := range facts {
		frame := f.Role == "customer" || f.Role == "supplier" || f.Role == "sender" || f.Role == "addressee"
		if f.Type != TypeParty || f.Role != "" && !frame || f.EntityType == "person" || len(f.Value) < 6 || !orgLike(f.Value) && (hasArabic(f.Value) || f.EntityType != "company") {
			continue
		}
		arabic := hasArabic(f.Value)
		ats := []int{cands[i].start}
		for _, at := range occurrences(low, lowerASCII(f.Value)) {
			if at != cands[i].start {
				ats = append(ats, at)
			}
		}
		for _, at := range ats {
			w := definitionAt(text, at+len(f.Value), arabic)
			if w == "" {
				continue
			}
			lw := lowerASCII(strings.TrimSpace(w))
			if frame && (orgKinds[lw] || lw == "الشركة" || lw == "the company") {
				break // a frame's role stands against a kind word
			}
			if orgKinds[lw] || lw == "الشركة" || lw == "the company" {
				if (lw == "company" || lw == "the company" || lw == "الشركة") && (docType == "contract" || docType == "lease") &&
					slices.ContainsFunc(facts, func(g Fact) bool {
						return g.Type == TypeParty && g.Role != "" && g.Role != "company" && g.Role != "issuer"
					}) {
					setRole(facts, i, "company")
				}
				break
			}
			r := definedRoleFor(w, f.Value, text[at+len(f.Value):]) // a short name of its own is no role
			if r == "" || r == "first_party" || r == "second_party" || frame && r == f.Role {
				continue
			}
			if frame && !twinRole(r) {
				continue // a frame's role gives way to a party's role word only
			}
			setRole(facts, i, r)
			break
		}
	}
}

// reOrgEnd23: an organisation's head word or legal form (Arabic).
var (
	reArOrgHeadBoardsDefinitions = regexp.MustCompile(`^(?:بنك|مصرف|وزارة|بلدية|جامعة|مستشفى|مصنع|مطاحن|مجموعة)\s`)
	reArOrgEnd                   = regexp.MustCompile(`(?:^|\s)` + arOrgSuffix + `$`)
)

// orgLike: v names an organisation by a head word or a legal form (not
// a person read as one).
func orgLike(v string) bool {
	return reOrgHead.MatchString(v) || reArOrgHeadBoardsDefinitions.MatchString(v) || reArOrgEnd.MatchString(v) || reFormEnd.MatchString(v)
}

// facilityLender applies family F: where a party is the borrower, the
// company defined as "the Bank" (البنك، المصرف) is the lender.
func facilityLender(facts []Fact, cands []candidate, text string) {
	if !hasRole(facts, "borrower") {
		return
	}
	low := lowerASCII(text)
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || f.Role == "lender" || f.Role == "borrower" || f.Role == "guarantor" {
			continue
		}
		arabic := hasArabic(f.Value)
		for _, at := range occurrences(low, lowerASCII(f.Value)) {
			w := lowerASCII(strings.TrimSpace(definitionAt(text, at+len(f.Value), arabic)))
			if w == "bank" || w == "البنك" || w == "المصرف" {
				setRole(facts, i, "lender")
				break
			}
		}
	}
}

// reUsAs and reYouAs: a letter's words for its writer's and its
// addressee's roles ("between us as the Landlord and you as the Tenant",
// "بيننا بصفتنا "المؤجر" وبينكم بصفتكم "المستأجر"").
var (
	reUsAs  = regexp.MustCompile(`(?i)(?:\b(?:us|we)\s+(?:in\s+our\s+capacity\s+)?as\s+(?:the\s+)?["“]?((?-i:[A-Z][a-z]+))|بصفتنا\s+["«“]?(\p{Arabic}+))`)
	reYouAs = regexp.MustCompile(`(?i)(?:\byou\s+(?:in\s+your\s+capacity\s+)?as\s+(?:the\s+)?["“]?((?-i:[A-Z][a-z]+))|بصفتكم\s+["«“]?(\p{Arabic}+))`)
)

// weAndYou applies family W: the writer is the text's first company,
// the addressee the first other company; each takes the role the letter
// gives it when it has none or a frame's role.
func weAndYou(facts []Fact, cands []candidate, text string) {
	us, you := reUsAs.FindStringSubmatch(text), reYouAs.FindStringSubmatch(text)
	if us == nil || you == nil {
		return
	}
	pick := func(m []string) string { return lexRole(m[1] + m[2]) }
	ru, ry := pick(us), pick(you)
	if ru == "" || ry == "" || ru == ry {
		return
	}
	frame := func(r string) bool {
		return r == "" || r == "supplier" || r == "customer" || r == "sender" || r == "addressee" || r == "issuer"
	}
	var orgs []int
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" {
			orgs = append(orgs, i)
		}
	}
	slices.SortFunc(orgs, func(a, b int) int { return cands[a].start - cands[b].start })
	if len(orgs) < 2 {
		return
	}
	w, a := orgs[0], orgs[1]
	if hasArabic(facts[w].Value) != hasArabic(facts[a].Value) {
		return
	}
	if frame(facts[w].Role) && frame(facts[a].Role) {
		setRole(facts, w, ru)
		setRole(facts, a, ry)
	}
}

// reTenderAuthorWord: the words a tender's author is labelled or
// defined by (decision 36).
var reTenderAuthorWord = map[string]bool{"employer": true, "owner": true, "purchaser": true, "client": true, "company": true}

// tenderAuthorBoardsDefinitions applies family T.
func tenderAuthorBoardsDefinitions(facts []Fact, cands []candidate, text, docType string) {
	if docType != "tender" || hasRole(facts, "issuer") {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		switch {
		case f.Role == "employer" || f.Role == "owner" || f.Role == "purchaser" || f.Role == "client":
		case f.Role == "" || f.Role == "company":
			w := lowerASCII(strings.TrimSpace(definitionAt(text, cands[i].end, hasArabic(f.Value))))
			if !reTenderAuthorWord[strings.TrimPrefix(w, "the ")] && w != "صاحب العمل" && w != "الجهة المالكة" {
				continue
			}
		default:
			continue
		}
		setRole(facts, i, "issuer")
	}
}

// twoWordLabel applies family L: a party whose line labels it by two
// role words joined by a slash ("Engineer / Consultant | X") takes the one
// the guideline names, when it has none or a frame's role.
func twoWordLabel(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || f.Role != "" && f.Role != "supplier" && f.Role != "customer" && f.Role != "issuer" {
			continue
		}
		ls := strings.LastIndexByte(text[:cands[i].start], '\n') + 1
		label := strings.Trim(text[ls:cands[i].start], " *_|:：\t")
		parts := strings.Split(label, "/")
		if len(parts) != 2 || hasArabic(label) {
			continue
		}
		role := ""
		for _, p := range parts {
			if r := lexRole(strings.TrimSpace(p)); r != "" && guidelineRoles[r] {
				role = r
			}
		}
		if role != "" && role != f.Role && lexRole(strings.TrimSpace(parts[0])) != "" && lexRole(strings.TrimSpace(parts[1])) != "" {
			setRole(facts, i, role)
		}
	}
}

// roleQualifiers are the words that qualify a guideline role without
// changing it ("Framework Supplier", "Main Contractor", "Successful
// Bidder"): the role is the guideline's.
var roleQualifiers = map[string]bool{"framework": true, "approved": true, "preferred": true, "nominated": true, "main": true,
	"prime": true, "successful": true, "selected": true, "designated": true, "appointed": true, "winning": true, "awarded": true,
	"lead": false, "sole": true, "local": true}

// qualifiedRole is the guideline role of a qualified role word (family
// Q): "Framework Supplier" is supplier; "" for any other word.
func qualifiedRole(w string) string {
	words := strings.Fields(w)
	if len(words) < 2 || len(words) > 3 || hasArabic(w) {
		return ""
	}
	for _, q := range words[:len(words)-1] {
		if !roleQualifiers[lowerASCII(q)] {
			return ""
		}
	}
	if r := roleOf(words[len(words)-1]); guidelineRoles[r] && r != "first_party" && r != "second_party" {
		return r
	}
	return ""
}

// Family X (the twin under a label, and a signing line's person): a
// labelled party's value continued on the next line by its name in the
// other script ("Buyer / المشتري:   X SAOG, Sohar" over "   مطاحن ...
// ش.م.ع.ع، صحار") is the same party, of the label's role; a closing line
// "X GmbH - Jens Olsen, Export Manager - Bremen, 2 March 2026" names a
// person who signs for X.
var (
	reLabelLine     = regexp.MustCompile(`^[\s*_]*([A-Za-z][A-Za-z ]{1,30}?)\s*/\s*\p{Arabic}[\p{Arabic} ]{1,30}?\s*[:：]\s*\S`)
	reArTwinLine    = regexp.MustCompile(`^(\s*)((?:شركة|مؤسسة|مجموعة|بنك|مصرف|مطاحن|مصنع|مستشفى)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,5}?\s+` + arOrgSuffix + `)\s*(?:[،,]|$)`)
	reSignLineDash  = regexp.MustCompile(`\s+[-–—]\s+`)
	reSignPostWords = regexp.MustCompile(`(?i)\b(?:manager|director|officer|head|chief|president|partner|secretary|engineer|accountant|representative|signatory)\b`)
)

// twinUnderLabel is family X's twin: candidates with the label's role.
func twinUnderLabel(text string) []candidate {
	ls, at := linesLettersMinutes(text)
	var out []candidate
	for i := 1; i < len(ls); i++ {
		m := reArTwinLine.FindStringSubmatchIndex(ls[i])
		if m == nil {
			continue
		}
		lm := reLabelLine.FindStringSubmatchIndex(ls[i-1])
		if lm == nil || hasArabic(ls[i-1][lm[1]-1:]) || !reOrg.MatchString(ls[i-1][lm[1]-1:]) {
			continue // the label's value: a company in Latin letters
		}
		lm = []int{0, 0, lm[2], lm[3]}
		lw := ls[i-1][lm[2]:lm[3]]
		role := lexRole(lw)
		if !twinRole(role) {
			continue
		}
		name := ls[i][m[4]:m[5]]
		f := Fact{Type: TypeParty, Value: name, Normalized: normalName(name), EntityType: "company", Method: "labeled_field", Confidence: 0.8}
		setPartyRole(&f, role)
		out = append(out, candidate{fact: f, start: at[i] + m[4], end: at[i] + m[5], prio: 3, by: "parties23"})
	}
	return out
}

// signLineNames is family X's person: "Company - Person, Post - Place".
func signLineNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		if hasArabic(l) || len(l) > 200 {
			continue
		}
		parts := splitKeep(l, reSignLineDash)
		if len(parts) < 2 || !reFormEnd.MatchString(strings.TrimSpace(l[parts[0][0]:parts[0][1]])) {
			continue
		}
		seg := l[parts[1][0]:parts[1][1]]
		c := strings.IndexByte(seg, ',')
		if c < 0 || !reSignPostWords.MatchString(seg[c:]) {
			continue
		}
		if s, e, ok := personLettersMinutes(seg); ok {
			out = append(out, spanLettersMinutes{at[i] + parts[1][0] + s, at[i] + parts[1][0] + e, "person"})
		}
	}
	return out
}

// reArOtherParty: a second company named after a verb's preposition
// between a name and the definition read for it ("يسر بنك X أن يقدم إلى
// شركة Y (ويشار إليها ...)"): the definition is Y's, not X's (family D).
var reArOtherParty = regexp.MustCompile(`(?:^|\s)(?:إلى|الى|على|مع|لصالح|لدى)\s+(?:شركة|مؤسسة|مجموعة|بنك|مصرف)\s`)
