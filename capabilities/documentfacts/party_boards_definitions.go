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
// names23 applies J, B (names) and I to the resolved candidates;
// parties23Roles applies B (role), F, D, W, T and L after the earlier
// rounds.

// reTermCaption23: the last word of a data table's caption, which ends no
// person's name ("Subcontract Price", "Defects Notification Period").
var reTermCaption23 = regexp.MustCompile(`(?i)\b(?:date|price|period|security|sum|amount|value|time|fee|fees|rate|retention|damages|law|number|no|deposit|bond|guarantee|insurance|completion|commencement|validity|term|duration|currency|total|payment|penalty|limit|cap)$`)

// reArCaption23: the first word of an Arabic caption over a signing or an
// acceptance ("قبول المقترض", "توقيع المستأجر", "ختم الشركة").
var reArCaption23 = regexp.MustCompile(`^(?:قبول|توقيع|موافقة|اعتماد|ختم|إقرار|اقرار|استلام|تأكيد|مصادقة)\s`)

// reArDescribed23: an Arabic company's description read as a name ("شركة
// مسجلة في النرويج", "شركة قائمة بموجب قوانين").
var reArDescribed23 = regexp.MustCompile(`^(?:شركة|مؤسسة)\s+(?:مسجلة|مسجل|مؤسسة|قائمة|منشأة|تأسست|مساهمة|ذات)\s`)

// reArIssuedFrom23: "شركة صادرة من مجموعة X": a guarantee issued by X
// (كفالة شركة), the name read from شركة.
var reArIssuedFrom23 = regexp.MustCompile(`^\p{Arabic}+\s+(?:صادرة|صادر|مقدمة|مقدم)\s+(?:من|عن)\s+((?:شركة|مجموعة|بنك|مصرف|مؤسسة)\s.+)$`)

// names23 applies families J, B and I to the resolved candidates cs; the
// result is in text order.
func names23(cs []candidate, text string) []candidate {
	cs = slices.DeleteFunc(cs, func(c candidate) bool {
		f := c.fact
		if f.Type != TypeParty {
			return false
		}
		v := strings.TrimSpace(f.Value)
		switch {
		case f.EntityType == "person" && !hasArabic(v) && reTermCaption23.MatchString(v) && termRow23(text, c.start):
			return true
		case hasArabic(v) && reArCaption23.MatchString(v):
			return true
		case hasArabic(v) && reArDescribed23.MatchString(v):
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
		if m := reArIssuedFrom23.FindStringSubmatchIndex(f.Value); m != nil {
			if c.end <= len(text) && text[c.start:c.end] == f.Value {
				c.start += m[2]
			}
			f.Value = f.Value[m[2]:m[3]]
			f.Normalized = normalName(f.Value)
		}
	}
	var spans []span19
	if resolutionDoc23(text) {
		spans = append(spans, boardNames23(text)...)
	}
	spans = append(spans, incorporatedNames23(text)...)
	spans = append(spans, contactRowNames23(text)...)
	spans = append(spans, signColumnNames23(text)...)
	spans = append(spans, signCellNames24(text)...)    // party_bank_letters.go
	spans = append(spans, arSignatureNames24(text)...) // party_bank_letters.go
	spans = append(spans, signLineNames23(text)...)
	added := false
	for _, c := range twinUnderLabel23(text) {
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

// termRow23: the name at start opens a key/value line whose value is a
// date, a sum, a period or a rate (a data table's caption, not a person).
func termRow23(text string, start int) bool {
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

// reResolutionTitle23: the title of a resolution or minutes in either
// script ("قرار مجلس الإدارة", "قرار الشركاء", "محضر اجتماع").
var reResolutionTitle23 = regexp.MustCompile(`(?i)^[\s#*_]*(?:(?:written\s+|board\s+|shareholders'?\s+|partners'?\s+)?resolutions?\s+(?:of|passed\s+by)\s+the\s+(?:board|shareholders|general|partners|members|directors)|(?:extract\s+(?:of|from)\s+(?:the\s+)?)?minutes\s+of\b|قرار\s+(?:مجلس|الشركاء|الجمعية|المساهمين)|محضر\s+(?:اجتماع|الاجتماع))`)

// resolutionDoc23: a resolution's or minutes' title on the text's first
// six lines, in either script or in a bilingual line's column.
func resolutionDoc23(text string) bool {
	if minutesDoc19(text) {
		return true
	}
	ls, _ := lines19(text)
	for i, l := range ls {
		if i >= 6 {
			break
		}
		for _, cell := range strings.Split(l, " | ") {
			if reResolutionTitle23.MatchString(cell) {
				return true
			}
		}
	}
	return false
}

var (
	// reArAttend23: an Arabic attendance label and its list.
	reArAttend23 = regexp.MustCompile(`^[\s*_]*(?:الحضور|الحاضرون|الأعضاء\s+الحاضرون|بحضور|حضر|حضور|الغائبون|اعتذر|أمين\s+السر|أمينة\s+السر|أمين\s+سر\s+المجلس|أمينة\s+سر\s+المجلس|رئيس\s+الاجتماع)\s*[:：]\s*(.+)$`)
	// reAuthorised23: the persons a resolution authorises to sign, listed
	// after a colon ("The following persons are authorised to sign ...:",
	// "يفوض الأشخاص التالية أسماؤهم ...:").
	reAuthorised23 = regexp.MustCompile(`(?i)(?:authori[sz]ed\s+(?:signator(?:y|ies)|to\s+sign)|signing\s+authority|يفوض|تفويض|المفوضين|المخولين\s+بالتوقيع)[^:：]{0,160}[:：]\s*(.+)$`)
	// reCategory23: a class label inside such a list ("Category A:",
	// "Class B:", "الفئة (أ):").
	reCategory23 = regexp.MustCompile(`(?i)(?:\b(?:category|class|group|panel)\s+[A-Z0-9]{1,2}|الفئة\s*\(?\s*\p{Arabic}\s*\)?|المجموعة\s*\(?\s*\p{Arabic}\s*\)?)\s*[:：]\s*`)
	// reArListSep23: the separators of an Arabic list of names.
	reArListSep23 = regexp.MustCompile(`\s*[،,؛;]\s*`)
	// reArAnd23: "و" joining two names ("سلطان خليفة المزروعي وعمر سعيد
	// الكتبي"), read where the next word is no name that starts with و.
	reArAnd23 = regexp.MustCompile(`\s+و(\p{Arabic}{2,})`)
)

// arWawNames23 are first names that start with و (not the conjunction).
var arWawNames23 = map[string]bool{"وليد": true, "وائل": true, "وفاء": true, "وداد": true, "وسام": true, "وضاح": true, "وجدي": true,
	"وهيب": true, "وحيد": true, "ولاء": true, "وعد": true, "ورود": true, "وصال": true, "وديع": true, "وديعة": true, "وجيه": true, "وسيم": true}

// arPostWords23 are words of a post, a body or a department, which an
// Arabic person's name never holds ("أمينة سر المجلس", "المدير المالي").
var arPostWords23 = map[string]bool{"رئيس": true, "رئيسة": true, "نائب": true, "أمين": true, "أمينة": true, "سر": true, "مدير": true,
	"مديرة": true, "المدير": true, "المديرة": true, "عضو": true, "عضوة": true, "المجلس": true, "مجلس": true, "الإدارة": true,
	"المالي": true, "المالية": true, "التنفيذي": true, "التنفيذية": true, "العام": true, "العامة": true, "الخزينة": true,
	"مسؤول": true, "مسؤولة": true, "ممثل": true, "ممثلة": true, "الفئة": true, "المفوض": true, "المفوضين": true, "الشركة": true,
	"قسم": true, "إدارة": true, "الحسابات": true, "القانوني": true, "المستشار": true, "الضمانات": true, "الفرع": true, "فرع": true}

// arName23 is the Arabic person's name in part (its offsets), its title
// and a leading conjunction left out; ok false for a post or a phrase.
func arName23(part string) (int, int, bool) {
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
		if !arWawNames23[first] && len(first) > len("و")+4 {
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
		if arPostWords23[w] || roleOf(w) != "" {
			return 0, 0, false
		}
	}
	return s, e, true
}

// boardNames23 applies family B's names: in each column of the text's
// lines, an attendance label's list and a resolution's list of persons
// authorised to sign.
func boardNames23(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		off := 0
		for _, cell := range strings.Split(l, " | ") {
			base := at[i] + off
			off += len(cell) + len(" | ")
			var rest string
			var restAt int
			if hasArabic(cell) {
				if m := reArAttend23.FindStringSubmatchIndex(cell); m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				} else if m := reAuthorised23.FindStringSubmatchIndex(cell); m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				}
			} else {
				if m := reAttendLabel19.FindStringSubmatchIndex(cell); m != nil && !strings.Contains(l, " | ") {
					continue // attendeeNames19 reads a line of one column
				} else if m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				} else if m := reAuthorised23.FindStringSubmatchIndex(cell); m != nil {
					rest, restAt = cell[m[2]:m[3]], base+m[2]
				}
			}
			if rest == "" {
				continue
			}
			out = append(out, listNames23(rest, restAt)...)
		}
	}
	return out
}

// listNames23 reads the persons of a list (its class labels left out),
// in either script, at offset at.
func listNames23(rest string, at int) []span19 {
	var out []span19
	// Blank the class labels (same length: offsets hold).
	b := []byte(rest)
	for _, m := range reCategory23.FindAllStringIndex(rest, -1) {
		for k := m[0]; k < m[1]; k++ {
			b[k] = ';'
		}
	}
	rest = string(b)
	for _, part := range splitKeep19(rest, regexp.MustCompile(`\s*(?:;|؛)\s*`)) {
		seg := rest[part[0]:part[1]]
		segAt := at + part[0]
		if !hasArabic(seg) {
			for _, p := range splitKeep19(seg, reListSep19) {
				if s, e, ok := person19(seg[p[0]:p[1]]); ok {
					out = append(out, span19{segAt + p[0] + s, segAt + p[0] + e, "person"})
				}
			}
			continue
		}
		for _, p := range splitKeep19(seg, reArListSep23) {
			piece := seg[p[0]:p[1]]
			pieceAt := segAt + p[0]
			if !hasArabic(piece) {
				if s, e, ok := person19(piece); ok {
					out = append(out, span19{pieceAt + s, pieceAt + e, "person"})
				}
				continue
			}
			// Two names joined by و.
			cuts := []int{0}
			for _, m := range reArAnd23.FindAllStringSubmatchIndex(piece, -1) {
				if !arWawNames23[piece[m[2]-len("و"):m[3]]] {
					cuts = append(cuts, m[2]-len("و"))
				}
			}
			cuts = append(cuts, len(piece))
			for k := 0; k+1 < len(cuts); k++ {
				sub := piece[cuts[k]:cuts[k+1]]
				if s, e, ok := arName23(sub); ok {
					out = append(out, span19{pieceAt + cuts[k] + s, pieceAt + cuts[k] + e, "person"})
				}
			}
		}
	}
	return out
}

// reIncorporated23: a name, then its description as a company formed
// under a country's law ("Nordic Hydrotech AS, a company incorporated in
// Norway", "X, a limited liability company registered in Oman").
var reIncorporated23 = regexp.MustCompile(`(?m)(?:^|\bbetween[ \t]+|\band[ \t]+)[ \t*_#>\-]*(?:\(?\d{1,2}[.)][ \t]*|\([a-z]\)[ \t]*)?[ \t*_]*([A-Z][A-Za-zÀ-ÖØ-öø-ÿ&'.-]*(?:[ \t]+[A-Z][A-Za-zÀ-ÖØ-öø-ÿ&'.-]*){1,6})[ \t*_]*,[ \t]+an?[ \t]+(?:[a-z-]+\s+){0,4}(?:company|corporation|entity|firm|partnership)\s+(?:duly\s+)?(?:incorporated|registered|organi[sz]ed|established|existing)\s+(?:in|under)\b`)

// incorporatedNames23 applies family I.
func incorporatedNames23(text string) []span19 {
	var out []span19
	for _, m := range reIncorporated23.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		if roleOf(name) != "" || labelRole(name) != "" || strings.HasPrefix(name, "The ") {
			continue
		}
		out = append(out, span19{m[2], m[3], "company"})
	}
	return out
}

// reContactRow23: a key/value line naming a party's contact ("Buyer
// contact | X, Senior Buyer", "Contact person: X", "Supplier's
// representative | X").
var reContactRow23 = regexp.MustCompile(`(?im)^[\s*_|]*(?:[A-Z][A-Za-z']*\s+){0,2}(?:contact(?:\s+person)?|representative|focal\s+point|point\s+of\s+contact)[\s*_]*(?:\||:)\s*`)

// contactRowNames23 reads the person after such a label.
func contactRowNames23(text string) []span19 {
	var out []span19
	for _, m := range reContactRow23.FindAllStringIndex(text, -1) {
		rest := text[m[1]:]
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			rest = rest[:j]
		}
		if s, e, ok := person19(rest); ok {
			out = append(out, span19{m[1] + s, m[1] + e, "person"})
		}
	}
	return out
}

// reSignColumns23: the cells of a line of signature columns (apart by a
// bar, a tab or three spaces or more).
var reSignColumns23 = regexp.MustCompile(`\s*\|\s*|\t+|\s{3,}`)

// signColumnNames23 reads the names of a line of two or more signature
// columns ("سالم بن راشد الحوسني | منى بنت أحمد البلوشية") right under a
// line that signs for someone ("عن بنك X", "For X LLC").
func signColumnNames23(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		parts := splitKeep19(l, reSignColumns23)
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
		var found []span19
		for _, p := range parts {
			cell := l[p[0]:p[1]]
			switch {
			case strings.TrimSpace(cell) == "":
				continue
			case reSignedFor.MatchString(cell) || lexRole(strings.TrimSpace(cell)) != "":
				// "عن الطرف المفصح | عن الطرف المتلقي": signing lines
			case hasArabic(cell):
				if s, e, ok := arName23(cell); ok && (arPersonLike(cell[s:e]) || len(strings.Fields(cell[s:e])) >= 3) {
					found = append(found, span19{at[i] + p[0] + s, at[i] + p[0] + e, "person"})
					continue
				}
			default:
				if s, e, ok := person19(cell); ok {
					found = append(found, span19{at[i] + p[0] + s, at[i] + p[0] + e, "person"})
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

// parties23Roles applies the role families B, F, D, W, T and L after the
// earlier rounds' roles.
func parties23Roles(facts []Fact, cands []candidate, text, docType string) {
	if len(facts) != len(cands) {
		return
	}
	boardIssuer23(facts, cands, text)
	definedElsewhere23(facts, cands, text, docType)
	facilityLender23(facts, cands, text)
	weAndYou23(facts, cands, text)
	tenderAuthor23(facts, cands, text, docType)
	twoWordLabel23(facts, cands, text)
	letterheadSupplier23(facts, cands, text, docType)
}

// letterheadSupplier23 (family S): an invoice's, statement's or
// quotation's letterhead company (the first company, on the text's first
// three lines, of no role) supplies the party labelled its customer, when
// no party supplies (decision on invoices and statements: the addressee
// customer, the sender supplier).
func letterheadSupplier23(facts []Fact, cands []candidate, text, docType string) {
	if docType != "invoice" && docType != "quotation" && docType != "other" || !hasRole16(facts, "customer") ||
		hasRole16(facts, "supplier") || hasRole16(facts, "seller") {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first < 0 || facts[first].Role != "" || facts[first].EntityType == "person" || !orgLike23(facts[first].Value) && facts[first].EntityType != "company" {
		return
	}
	if strings.Count(text[:cands[first].start], "\n") > 2 {
		return
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && f.EntityType != "person" && (i == first || normalName(f.Value) == normalName(facts[first].Value)) {
			setRole16(facts, i, "supplier")
		}
	}
}

// boardIssuer23 applies family B's role: in a resolution or minutes, the
// company defined as "the Company" is the issuer (each script's name).
func boardIssuer23(facts []Fact, cands []candidate, text string) {
	if !resolutionDoc23(text) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || f.Role != "company" && f.Role != "" {
			continue
		}
		w := lowerASCII(strings.TrimSpace(definitionAt23(text, cands[i].end, hasArabic(f.Value))))
		if f.Role == "company" || w == "company" || w == "الشركة" {
			setRole16(facts, i, "issuer")
		}
	}
}

// reArDefWord23: an Arabic definition right after a name and its word
// ('(ويشار إليها فيما بعد بـ "المقترض")', '("الضامن")').
var reArDefWord23 = regexp.MustCompile(`^(?:\s*[،,]\s*\p{Arabic}+(?:\s+\p{Arabic}+)?)?\s*[،,]?\s*\(?\s*(?:(?:` + arTashkeel(arDefCues...) + `)\s*(?:` + arTashkeel("إليها", "إليه", "اليها", "اليه", "لها", "له") + `)?\s*(?:(?:` + arTashkeel("فيما بعد", "فيما يلي", "لاحقاً", "لاحقا") + `)\s*)?(?:بـ|ب)?\s*)?["«“]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”]`)

// reArLaterDef23: an Arabic definition cue on a name's line, within its
// particulars, and its quoted word.
var reArLaterDef23 = regexp.MustCompile(`^[^\n]{0,260}?[،,]\s*((?:` + arTashkeel(arDefCues...) + `)\s*(?:` + arTashkeel("إليها", "إليه", "اليها", "اليه", "لها", "له") + `)?\s*(?:(?:` + arTashkeel("فيما بعد", "فيما يلي", "لاحقاً", "لاحقا") + `)\s*)?(?:بـ|ب)?\s*["«“]\s*(\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*["»”])`)

// definitionAt23 is the role word defined right after a name that ends at
// end: the English bracket or hereinafter, the Arabic cue; "" when none.
func definitionAt23(text string, end int, arabic bool) string {
	after := text[end:min(len(text), end+400)]
	if arabic {
		if m := reArDefWord23.FindStringSubmatch(after); m != nil {
			return m[1]
		}
		// Past the company's particulars on its line ("، شركة مسجلة في
		// النرويج، رقم التسجيل ...، ويشار إليها فيما بعد بـ "الشركة""):
		// no bracket, quote or clause's end in between.
		if m := reArLaterDef23.FindStringSubmatchIndex(after); m != nil && !strings.ContainsAny(after[:m[2]], "()\"«»“”؛;\n") {
			return after[m[4]:m[5]]
		}
		return ""
	}
	if !reDefRight19.MatchString(after) && !reHereinafter.MatchString(after) {
		return ""
	}
	w, ok := definedRole(after)
	if !ok {
		return ""
	}
	return w
}

// definedElsewhere23 applies family D: a party of no role takes the role
// word its name is defined by, where it is found or at a later mention;
// "the Company" / "الشركة" in a contract whose other party has a role is
// the role company (decisions as round 14's companyKindRoles).
func definedElsewhere23(facts []Fact, cands []candidate, text, docType string) {
	low := lowerASCII(text)
	for i, f := range facts {
		frame := f.Role == "customer" || f.Role == "supplier" || f.Role == "sender" || f.Role == "addressee"
		if f.Type != TypeParty || f.Role != "" && !frame || f.EntityType == "person" || len(f.Value) < 6 || !orgLike23(f.Value) && (hasArabic(f.Value) || f.EntityType != "company") {
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
			w := definitionAt23(text, at+len(f.Value), arabic)
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
					setRole16(facts, i, "company")
				}
				break
			}
			r := definedRoleFor(w, f.Value, text[at+len(f.Value):]) // a short name of its own is no role
			if r == "" || r == "first_party" || r == "second_party" || frame && r == f.Role {
				continue
			}
			if frame && !twinRole21(r) {
				continue // a frame's role gives way to a party's role word only
			}
			setRole16(facts, i, r)
			break
		}
	}
}

// reOrgEnd23: an organisation's head word or legal form (Arabic).
var (
	reArOrgHead23 = regexp.MustCompile(`^(?:بنك|مصرف|وزارة|بلدية|جامعة|مستشفى|مصنع|مطاحن|مجموعة)\s`)
	reArOrgEnd23  = regexp.MustCompile(`(?:^|\s)` + arOrgSuffix + `$`)
)

// orgLike23: v names an organisation by a head word or a legal form (not
// a person read as one).
func orgLike23(v string) bool {
	return reOrgHead22.MatchString(v) || reArOrgHead23.MatchString(v) || reArOrgEnd23.MatchString(v) || reFormEnd19.MatchString(v)
}

// facilityLender23 applies family F: where a party is the borrower, the
// company defined as "the Bank" (البنك، المصرف) is the lender.
func facilityLender23(facts []Fact, cands []candidate, text string) {
	if !hasRole16(facts, "borrower") {
		return
	}
	low := lowerASCII(text)
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" || f.Role == "lender" || f.Role == "borrower" || f.Role == "guarantor" {
			continue
		}
		arabic := hasArabic(f.Value)
		for _, at := range occurrences(low, lowerASCII(f.Value)) {
			w := lowerASCII(strings.TrimSpace(definitionAt23(text, at+len(f.Value), arabic)))
			if w == "bank" || w == "البنك" || w == "المصرف" {
				setRole16(facts, i, "lender")
				break
			}
		}
	}
}

// reUsAs23 and reYouAs23: a letter's words for its writer's and its
// addressee's roles ("between us as the Landlord and you as the Tenant",
// "بيننا بصفتنا "المؤجر" وبينكم بصفتكم "المستأجر"").
var (
	reUsAs23  = regexp.MustCompile(`(?i)(?:\b(?:us|we)\s+(?:in\s+our\s+capacity\s+)?as\s+(?:the\s+)?["“]?((?-i:[A-Z][a-z]+))|بصفتنا\s+["«“]?(\p{Arabic}+))`)
	reYouAs23 = regexp.MustCompile(`(?i)(?:\byou\s+(?:in\s+your\s+capacity\s+)?as\s+(?:the\s+)?["“]?((?-i:[A-Z][a-z]+))|بصفتكم\s+["«“]?(\p{Arabic}+))`)
)

// weAndYou23 applies family W: the writer is the text's first company,
// the addressee the first other company; each takes the role the letter
// gives it when it has none or a frame's role.
func weAndYou23(facts []Fact, cands []candidate, text string) {
	us, you := reUsAs23.FindStringSubmatch(text), reYouAs23.FindStringSubmatch(text)
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
		setRole16(facts, w, ru)
		setRole16(facts, a, ry)
	}
}

// reTenderAuthorWord23: the words a tender's author is labelled or
// defined by (decision 36).
var reTenderAuthorWord23 = map[string]bool{"employer": true, "owner": true, "purchaser": true, "client": true, "company": true}

// tenderAuthor23 applies family T.
func tenderAuthor23(facts []Fact, cands []candidate, text, docType string) {
	if docType != "tender" || hasRole16(facts, "issuer") {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		switch {
		case f.Role == "employer" || f.Role == "owner" || f.Role == "purchaser" || f.Role == "client":
		case f.Role == "" || f.Role == "company":
			w := lowerASCII(strings.TrimSpace(definitionAt23(text, cands[i].end, hasArabic(f.Value))))
			if !reTenderAuthorWord23[strings.TrimPrefix(w, "the ")] && w != "صاحب العمل" && w != "الجهة المالكة" {
				continue
			}
		default:
			continue
		}
		setRole16(facts, i, "issuer")
	}
}

// twoWordLabel23 applies family L: a party whose line labels it by two
// role words joined by a slash ("Engineer / Consultant | X") takes the one
// the guideline names, when it has none or a frame's role.
func twoWordLabel23(facts []Fact, cands []candidate, text string) {
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
			setRole16(facts, i, role)
		}
	}
}

// roleQualifiers23 are the words that qualify a guideline role without
// changing it ("Framework Supplier", "Main Contractor", "Successful
// Bidder"): the role is the guideline's.
var roleQualifiers23 = map[string]bool{"framework": true, "approved": true, "preferred": true, "nominated": true, "main": true,
	"prime": true, "successful": true, "selected": true, "designated": true, "appointed": true, "winning": true, "awarded": true,
	"lead": false, "sole": true, "local": true}

// qualifiedRole23 is the guideline role of a qualified role word (family
// Q): "Framework Supplier" is supplier; "" for any other word.
func qualifiedRole23(w string) string {
	words := strings.Fields(w)
	if len(words) < 2 || len(words) > 3 || hasArabic(w) {
		return ""
	}
	for _, q := range words[:len(words)-1] {
		if !roleQualifiers23[lowerASCII(q)] {
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
	reLabelLine23   = regexp.MustCompile(`^[\s*_]*([A-Za-z][A-Za-z ]{1,30}?)\s*/\s*\p{Arabic}[\p{Arabic} ]{1,30}?\s*[:：]\s*\S`)
	reArTwinLine23  = regexp.MustCompile(`^(\s*)((?:شركة|مؤسسة|مجموعة|بنك|مصرف|مطاحن|مصنع|مستشفى)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,5}?\s+` + arOrgSuffix + `)\s*(?:[،,]|$)`)
	reSignLineDash  = regexp.MustCompile(`\s+[-–—]\s+`)
	reSignPostWords = regexp.MustCompile(`(?i)\b(?:manager|director|officer|head|chief|president|partner|secretary|engineer|accountant|representative|signatory)\b`)
)

// twinUnderLabel23 is family X's twin: candidates with the label's role.
func twinUnderLabel23(text string) []candidate {
	ls, at := lines19(text)
	var out []candidate
	for i := 1; i < len(ls); i++ {
		m := reArTwinLine23.FindStringSubmatchIndex(ls[i])
		if m == nil {
			continue
		}
		lm := reLabelLine23.FindStringSubmatchIndex(ls[i-1])
		if lm == nil || hasArabic(ls[i-1][lm[1]-1:]) || !reOrg.MatchString(ls[i-1][lm[1]-1:]) {
			continue // the label's value: a company in Latin letters
		}
		lm = []int{0, 0, lm[2], lm[3]}
		lw := ls[i-1][lm[2]:lm[3]]
		role := lexRole(lw)
		if !twinRole21(role) {
			continue
		}
		name := ls[i][m[4]:m[5]]
		f := Fact{Type: TypeParty, Value: name, Normalized: normalName(name), EntityType: "company", Method: "labeled_field", Confidence: 0.8}
		setPartyRole(&f, role)
		out = append(out, candidate{fact: f, start: at[i] + m[4], end: at[i] + m[5], prio: 3, by: "parties23"})
	}
	return out
}

// signLineNames23 is family X's person: "Company - Person, Post - Place".
func signLineNames23(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		if hasArabic(l) || len(l) > 200 {
			continue
		}
		parts := splitKeep19(l, reSignLineDash)
		if len(parts) < 2 || !reFormEnd19.MatchString(strings.TrimSpace(l[parts[0][0]:parts[0][1]])) {
			continue
		}
		seg := l[parts[1][0]:parts[1][1]]
		c := strings.IndexByte(seg, ',')
		if c < 0 || !reSignPostWords.MatchString(seg[c:]) {
			continue
		}
		if s, e, ok := person19(seg); ok {
			out = append(out, span19{at[i] + parts[1][0] + s, at[i] + parts[1][0] + e, "person"})
		}
	}
	return out
}

// reArOtherParty23: a second company named after a verb's preposition
// between a name and the definition read for it ("يسر بنك X أن يقدم إلى
// شركة Y (ويشار إليها ...)"): the definition is Y's, not X's (family D).
var reArOtherParty23 = regexp.MustCompile(`(?:^|\s)(?:إلى|الى|على|مع|لصالح|لدى)\s+(?:شركة|مؤسسة|مجموعة|بنك|مصرف)\s`)
