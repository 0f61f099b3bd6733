package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 20: parties by families (docs/documents.md, "Issue
// 29, session 20: parties by families"; the cases are party_labelled_names_test.go).
// The families were tallied on development data only; each is written
// in general terms:
//
//   - A: a person named after an Arabic or bilingual signing, approval,
//     witness, copy or contact label ("اعتمده: ...", "المفوض بالتوقيع:",
//     "الشاهد:", "نسخة إلى:", "Authorised signatory / المفوض بالتوقيع:"),
//     or after a post used as a label ("Credit Controller: ...");
//   - B: a contact label with a qualifier ("Contact for notices to X:",
//     "Contact for the Client:", "Supplier contact / ...:");
//   - C: a signing cell ("For the Owners | Name, Post", "عن المالك |
//     Name") and the second signatory of a block;
//   - D: an Arabic company name with its legal form but no head word
//     (شركة، مؤسسة), alone in its line or cell or beside its English twin;
//   - E: a bank named only for payment details;
//   - F: a company or person named in passing (a manufacturer, an
//     auditor, the issuer of a bond, a former post holder).
//
// labelledNames adds the names of A-D to the resolved candidates as lettersMinutesNames
// does; droppedPartiesLabelledNames removes E and F.

// labelledNames adds, to the resolved candidates cs, the people and companies
// of families A-D that no party candidate covers.
func labelledNames(cs []candidate, text string) []candidate {
	var spans []spanLettersMinutes
	spans = append(spans, labelNames(text)...)
	spans = append(spans, contactNamesLabelledNames(text)...)
	spans = append(spans, signCellNamesLabelledNames(text)...)
	spans = append(spans, arFormNames(text)...)
	added := false
	for _, sp := range spans {
		taken := false
		for _, c := range cs {
			if c.fact.Type == TypeParty && sp.s < c.end && c.start < sp.e {
				taken = true
				break
			}
		}
		if taken || sp.s >= sp.e {
			continue
		}
		name := text[sp.s:sp.e]
		f := Fact{Type: TypeParty, Key: "party", Label: "Party", Value: name, Normalized: normalName(name), EntityType: sp.etype,
			Method: "pattern", Confidence: 0.7}
		cs = append(cs, candidate{fact: f, start: sp.s, end: sp.e, prio: 2, by: "parties20"})
		added = true
	}
	if added {
		sortByPosition(cs)
	}
	return cs
}

// rePersonLabelledNames is rePersonLettersMinutes whose words may also start with a letter and
// an apostrophe (D'Souza, O'Brien).
var rePersonLabelledNames = regexp.MustCompile(`^\s*(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng|Prof|Sheikh|Sayyid|Dott|Ing)\.?\s+)?(` +
	strings.ReplaceAll(personName, `[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+`, `(?:[A-Z]['’])?[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+`) +
	`)(?:\s*$|\s*[,|(;/.]|\s{2,}|\s+[-–—]\s)`)

// personLabelledNames is personLettersMinutes with rePersonLabelledNames's names.
func personLabelledNames(s string) (int, int, bool) {
	if strings.HasPrefix(lowerASCII(strings.TrimSpace(s)), "the ") {
		return 0, 0, false
	}
	if a, b, ok := personLettersMinutes(s); ok && !bodyWords(s[a:b]) {
		return a, b, true
	}
	m := rePersonLabelledNames.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, 0, false
	}
	name := s[m[2]:m[3]]
	if roleHeading(name) || strings.HasPrefix(lowerASCII(name), "the ") {
		return 0, 0, false
	}
	if bodyWords(name) {
		return 0, 0, false
	}
	for _, w := range strings.FieldsFunc(lowerASCII(name), func(r rune) bool { return r == ' ' || r == '-' }) {
		if postWords[w] {
			return 0, 0, false
		}
	}
	if titleWords(name) || placeWord(name) || roleOf(name) != "" || labelRole(name) != "" {
		return 0, 0, false
	}
	return m[2], m[3], true
}

// bodyWords: name holds a word of a body or a desk, which no person's
// name holds ("Tender Committee Secretariat").
func bodyWords(name string) bool {
	for _, w := range strings.Fields(lowerASCII(name)) {
		switch w {
		case "committee", "secretariat", "commission", "council", "tender", "tenders", "section", "desk", "centre", "center", "ministry", "agency", "bureau":
			return true
		}
	}
	return false
}

// reArHonorific: an Arabic title before a name, the abbreviated ones
// included ("أ." for الأستاذ, "م." and "م/" for المهندس, "د." for
// الدكتور).
var reArHonorific = regexp.MustCompile(`^(?:(?:السيدة|السيد|الفاضلة|الفاضل|الدكتورة|الدكتور|المهندسة|المهندس|الأستاذة|الأستاذ|الاستاذة|الاستاذ|الشيخة|الشيخ)(?:\s*/\s*|\s+)|[أمد]\s*[./]\s*)`)

// arPerson is the Arabic person's name at the start of s, after a
// title, as offsets in s: the words before a comma, a bracket, a bar, a
// dotted or dashed gap or the end, two to five of them, holding no post
// or organisation word.
func arPerson(s string) (int, int, bool) {
	start := len(s) - len(strings.TrimLeft(s, " \t"))
	if m := reArHonorific.FindStringIndex(s[start:]); m != nil {
		start += m[1]
	}
	end := len(s)
	if m := reArNameEnd.FindStringIndex(s[start:]); m != nil {
		end = start + m[0]
	}
	name := strings.TrimSpace(s[start:end])
	if name == "" {
		return 0, 0, false
	}
	start += strings.Index(s[start:], name)
	if !reArPlainName.MatchString(name) || !arPersonLike(name) || arOrgHead(name) || roleOf(name) != "" || labelRole(name) != "" || arRole(name) != "" {
		return 0, 0, false
	}
	for _, w := range strings.Fields(name) {
		if arPostWordsLabelledNames[w] {
			return 0, 0, false
		}
	}
	return start, start + len(name), true
}

var reArNameEnd = regexp.MustCompile(`\s*(?:[،,(|:؛;/]|\.{2,}|…|_{2,}|\s[-–—]\s|\s{3,}|$)`)

// arPostWordsLabelledNames: words of a post, a department or a document that no
// person's name holds.
var arPostWordsLabelledNames = map[string]bool{"قسم": true, "إدارة": true, "ادارة": true, "دائرة": true, "مدير": true, "مديرة": true, "المدير": true,
	"رئيس": true, "رئيسة": true, "مسؤول": true, "مسؤولة": true, "المسؤول": true, "الحسابات": true, "المشتريات": true, "المبيعات": true,
	"الموارد": true, "البشرية": true, "المالية": true, "الشؤون": true, "شؤون": true, "الإدارة": true, "اللجنة": true, "لجنة": true,
	"الشركة": true, "المؤسسة": true, "التوقيع": true, "الختم": true, "التاريخ": true, "الهاتف": true, "هاتف": true, "البريد": true,
	"جميع": true, "كافة": true, "الموظفين": true, "الأعضاء": true, "المورد": true, "العميل": true, "المشتري": true, "البائع": true,
	"فريق": true, "مكتب": true, "وحدة": true, "عضو": true, "عضوا": true, "عضواً": true, "الأول": true, "الثاني": true}

// Family A: a signing, approval, witness, copy or contact label, Arabic
// or bilingual, before a name (or names in a bilingual line, "Eng. X / م.
// Y"); the label may open the line or a cell, and end in a colon or a
// cell bar. A post used as a label ("Credit Controller: Huda ...",
// "المراقب الائتماني: هدى بنت مبارك ...") names a contact too: English
// posts by their last word, Arabic ones only before a name with بن or
// بنت.
var (
	reArLabel     = regexp.MustCompile(`(?:^|\|)\s*(?:[A-Za-z][A-Za-z .'’-]{1,40}/\s*)?(?:اعتمد|اعتمده|اعتمدها|اعتمدته|راجعه|راجعها|راجعته|دققه|دققها|دققته|وقعه|وقعها|(?:ال)?مفوضة?\s+بالتوقيع|(?:ال)?مخولة?\s+بالتوقيع|(?:ال)?شاهد(?:\s+(?:الأول|الثاني))?|(?:نسخة|صورة)\s+(?:إلى|الى|مع\s+التحية\s+إلى)|للتواصل|للاستفسار|للاستفسارات|جهة\s+الاتصال|مسؤول\s+الاتصال|رئيسة?\s+اللجنة|أمينة?\s+السر|أمين\s+سر\s+اللجنة|مقررة?\s+اللجنة|عضوة?\s+اللجنة|الحضور|الحاضرون|الحاضرين)\s*(?:/\s*[A-Za-z][A-Za-z .'’-]{1,40})?\s*([:：|])\s*`)
	reENLabel     = regexp.MustCompile(`(?i)^\s*(?:authori[sz]ed\s+signatory|witness(?:\s+\d)?|copy\s+to|cc\s+to|((?:[a-z]+\s+){0,3}(?:manager|officer|controller|coordinator|co-ordinator|accountant|engineer|secretary|supervisor|executive|representative|administrator|clerk|signatory)))\s*[:：]\s*`)
	reArPostLabel = regexp.MustCompile(`^\s*(ال\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*[:：]\s*`)
	reSigRow      = regexp.MustCompile(`^\s*(?:التوقيعات|التوقيع|signatures)\s*\|`)
)

// labelNames applies family A.
func labelNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	add := func(i, off int, s, e int) {
		out = append(out, spanLettersMinutes{at[i] + off + s, at[i] + off + e, "person"})
	}
	for i, l := range ls {
		if reSigRow.MatchString(l) {
			cells := strings.Split(l, "|")
			off := len(cells[0]) + 1
			for _, c := range cells[1:] {
				if s, e, ok := arPerson(c); ok && hasArabic(c) {
					add(i, off, s, e)
				} else if s, e, ok := personLabelledNames(c + "|"); ok && !hasArabic(c) {
					add(i, off, s, e)
				}
				off += len(c) + 1
			}
			continue
		}
		if hasArabic(l) {
			for _, m := range reArLabel.FindAllStringSubmatchIndex(l, -1) {
				rest := l[m[1]:]
				if l[m[2]:m[3]] != "|" {
					if j := strings.Index(rest, " | "); j >= 0 {
						rest = rest[:j]
					}
				}
				if strings.TrimSpace(rest) == "" && l[m[2]:m[3]] != "|" {
					// A label alone on its line ("Authorised by / اعتمد:"):
					// the name on the next line, and its Arabic twin on the
					// line after it.
					for j, seen := i+1, 0; j < len(ls) && seen < 2; j++ {
						if strings.TrimSpace(ls[j]) == "" {
							continue
						}
						seen++
						if hasArabic(ls[j]) {
							if s, e, ok := arPerson(ls[j]); ok {
								add(j, 0, s, e)
							}
						} else if s, e, ok := personLabelledNames(ls[j]); ok {
							add(j, 0, s, e)
						} else {
							break
						}
					}
					continue
				}
				labelledNamesInPart(rest, func(s, e int) { add(i, m[1], s, e) })
			}
		}
		if m := reENLabel.FindStringSubmatchIndex(l); m != nil {
			if m[2] >= 0 && (roleOf(strings.TrimSpace(l[m[2]:m[3]])) != "" || labelRole(strings.TrimSpace(l[m[2]:m[3]])) != "") {
				continue
			}
			labelledNamesInPart(l[m[1]:], func(s, e int) { add(i, m[1], s, e) })
			continue
		}
		if m := reArPostLabel.FindStringSubmatchIndex(l); m != nil {
			label := l[m[2]:m[3]]
			if roleOf(label) != "" || labelRole(label) != "" || arRole(label) != "" || reArLabel.MatchString(l) {
				continue
			}
			rest := l[m[1]:]
			if s, e, ok := arPerson(rest); ok && reBinWord.MatchString(rest[s:e]) {
				add(i, m[1], s, e)
			}
		}
	}
	return out
}

// labelledNamesInPart reads the names in a label's rest: one name, or two in a
// bilingual line ("Eng. Talib Hamad Al Maawali / م. طالب بن حمد
// المعولي"), each English or Arabic.
func labelledNamesInPart(rest string, add func(s, e int)) {
	off := 0
	for k, part := range strings.SplitAfter(rest, " / ") {
		if k > 1 {
			break
		}
		p := strings.TrimSuffix(part, " / ")
		if hasArabic(p) {
			if s, e, ok := arPerson(p); ok {
				add(off+s, off+e)
			}
		} else if s, e, ok := personLabelledNames(p + "|"); ok {
			add(off+s, off+e)
		}
		off += len(part)
	}
}

// Family B: a contact label with a qualifier, at a line's or a
// sentence's start: "Contact for notices to ABPD: Khalid ...", "Contact
// for the Client: Fatima Rahimi (Housekeeping Manager).", "Supplier
// contact / مسؤول الاتصال لدى المورد: Vinod Kumar Pillai, +968 ...",
// "Contact: Rohan D'Souza, Procurement Manager".
var reContactLabelledNames = regexp.MustCompile(`(?i)(?:^|[.;|]\s+)(?:[a-z]+\s+)?contact(?:\s+person)?(?:\s+(?:for|of|at|to)\s+[^:：|.]{1,60})?(?:\s*/\s*[^:：|]{1,60})?\s*[:：]\s*`)

// contactNamesLabelledNames applies family B to the lines of text.
func contactNamesLabelledNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		for _, m := range reContactLabelledNames.FindAllStringIndex(l, -1) {
			rest := l[m[1]:]
			if s, e, ok := personLabelledNames(rest); ok {
				out = append(out, spanLettersMinutes{at[i] + m[1] + s, at[i] + m[1] + e, "person"})
			}
		}
	}
	return out
}

// Family C: a signing cell. "For the Owners | Yousef Abdullah Al
// Mutairi, Fleet Director" and "عن المالك | م. عبدالرحمن ...، مدير
// المشاريع": the cell after a signing-for cell names who signs; in a
// block of columns ("For the Client:      For the Contractor:" over
// "Name      Name") each column's name under its heading; and under a
// signatory line "Name, Post" the next lines of the same shape are more
// signatories.
var (
	reForCell                = regexp.MustCompile(`(?i)^\s*(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?(?:the\s+)?[A-Za-z][^|:]{1,80}|on\s+behalf\s+of\s+[^|:]{2,80}|عن\s+[^|:]{2,60}|نيابة\s+عن\s+[^|:]{2,60})\s*$`)
	rePostAfterLabelledNames = regexp.MustCompile(`^\s*[,،]\s*\S`)
)

func signCellNamesLabelledNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		// A row of cells: a signing-for cell, then the name's cell.
		if strings.Contains(l, "|") {
			cells := strings.Split(l, "|")
			off := 0
			for k, c := range cells {
				if k+1 < len(cells) && reForCell.MatchString(c) && !reForCell.MatchString(cells[k+1]) {
					n := cells[k+1]
					noff := off + len(c) + 1
					if hasArabic(n) {
						if s, e, ok := arPerson(n); ok {
							out = append(out, spanLettersMinutes{at[i] + noff + s, at[i] + noff + e, "person"})
						}
					} else if s, e, ok := personLabelledNames(n + "|"); ok {
						out = append(out, spanLettersMinutes{at[i] + noff + s, at[i] + noff + e, "person"})
					}
				}
				off += len(c) + 1
			}
		}
		// Columns of signing headings over columns of names.
		if i+1 < len(ls) && !hasArabic(l) && forHeads(l) >= 2 {
			n := ls[i+1]
			var cols [][2]int
			if strings.Contains(n, " | ") {
				off := 0
				for _, c := range strings.Split(n, " | ") {
					cols = append(cols, [2]int{off, off + len(c)})
					off += len(c) + 3
				}
			} else {
				cols = columns(n)
			}
			if len(cols) >= 2 {
				for _, c := range cols {
					if s, e, ok := personLabelledNames(n[c[0]:c[1]] + "|"); ok {
						out = append(out, spanLettersMinutes{at[i+1] + c[0] + s, at[i+1] + c[0] + e, "person"})
					}
				}
			}
		}
		// More signatories under a signatory line "Name, Post".
		if i > 0 && !hasArabic(strings.SplitN(l, "|", 2)[0]) {
			if _, e, ok := personLabelledNames(ls[i-1] + "|"); ok && rePostAfterLabelledNames.MatchString(ls[i-1][e:]) && signerAbove(ls, i-1) {
				if s2, e2, ok2 := personLabelledNames(l); ok2 && rePostAfterLabelledNames.MatchString(l[e2:]) {
					out = append(out, spanLettersMinutes{at[i] + s2, at[i] + e2, "person"})
					if k := strings.Index(l, "|"); k > 0 {
						if s3, e3, ok3 := arPerson(l[k+1:]); ok3 {
							out = append(out, spanLettersMinutes{at[i] + k + 1 + s3, at[i] + k + 1 + e3, "person"})
						}
					}
				}
			}
		}
	}
	return out
}

// signerAbove: the line j of ls is under a signing-for line or a
// sign-off (the line above it).
func signerAbove(ls []string, j int) bool {
	if j == 0 {
		return false
	}
	p := strings.TrimSpace(strings.SplitN(ls[j-1], "|", 2)[0])
	return reSignOffLettersMinutes.MatchString(p) || reForCell.MatchString(p) && strings.HasPrefix(lowerASCII(p), "for ")
}

// columns is the spans of l's columns: runs of text apart by three
// spaces or more, or tabs.
func columns(l string) [][2]int {
	var out [][2]int
	start := -1
	gap := 0
	for k := 0; k < len(l); k++ {
		if l[k] == ' ' || l[k] == '\t' {
			gap++
			if l[k] == '\t' {
				gap += 3
			}
			continue
		}
		if start < 0 {
			start = k
		} else if gap >= 3 {
			out = append(out, [2]int{start, k - gap})
			start = k
		}
		gap = 0
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(strings.TrimRight(l, " \t"))})
	}
	return out
}

// forHeads is the number of signing headings ("For the Client:", "For
// and on behalf of the Contractor:") l is made of, or 0 when l holds
// anything else.
func forHeads(l string) int {
	if strings.TrimSpace(reForHeads.ReplaceAllString(l, "")) != "" {
		return 0
	}
	return len(reForHeads.FindAllString(l, -1))
}

var reForHeads = regexp.MustCompile(`(?i)\s*(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?|on\s+behalf\s+of\s+)(?:the\s+)?[A-Za-z][A-Za-z&.' -]{1,50}?\s*[:|]`)

// Family D: an Arabic company named by its legal form with no head word
// ("الإمارات للطباعة واللافتات ش.ذ.م.م", "مراسي لصناعة الأثاث المكتبي
// ذ.م.م"): alone in its line or cell, or after " / " beside its English
// name ("Al Dafna Medical Supplies W.L.L. / الدفنة للمستلزمات الطبية
// ذ.م.م").
var reArFormName = regexp.MustCompile(`(?:^|\|\s*|\S\s+/\s+)(\p{Arabic}{2,}(?:\s+\p{Arabic}{2,}){1,5}\s+` + arForm + `)\s*(?:$|\|)`)

func arFormNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		l = strings.TrimRight(l, " \t")
		for _, m := range reArFormName.FindAllStringSubmatchIndex(l, -1) {
			name := l[m[2]:m[3]]
			if strings.Contains(l[:m[2]], " / ") && !reOrg.MatchString(l[:m[2]]+" ") {
				continue // beside something that is no English company
			}
			first := strings.Fields(name)[0]
			if arPostWordsLabelledNames[first] || labelRole(first) != "" || roleOf(first) != "" || arRole(first) != "" {
				continue
			}
			out = append(out, spanLettersMinutes{at[i] + m[2], at[i] + m[3], "company"})
		}
	}
	return out
}

// droppedPartiesLabelledNames removes the parties of families E (a bank named only
// for payment details) and F (a company or person named in passing).
func droppedPartiesLabelledNames(facts []Fact, cands []candidate, text string) ([]Fact, []candidate) {
	if len(facts) != len(cands) {
		return facts, cands
	}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type != TypeParty || len(f.Value) < 6 {
			continue
		}
		if paymentBank(f, text) || inPassing(f, cands[i], text) {
			drop[i] = true
		}
	}
	return withoutDropped(facts, cands, drop)
}

// Family E: a bank whose every mention is on a line of payment details
// ("Bank details: X B.S.C., Account name: ...", "Bank / البنك: X,
// IBAN ..."): the guideline's "banks named only for payment details".
var (
	reBankNameLabelledNames = regexp.MustCompile(`(?i)\bbank\b|\bbanque\b|بنك|مصرف`)
	rePayDetails            = regexp.MustCompile(`(?i)\biban\b|\bswift\b|\bbic\b|account\s+(?:name|no\b|number)|a/c\b|bank\s+details|banking\s+details|payment\s+details|\bremit|transfer\s+to|payable\s+to|sort\s+code|routing|رقم\s+الحساب|اسم\s+الحساب|آيبان|ايبان|الآيبان|بيانات\s+(?:البنك|الحساب|التحويل)|تفاصيل\s+(?:البنك|الحساب|الدفع)|التحويل\s+(?:إلى|الى|على)|يرجى\s+التحويل|البنك\s*[:：]`)
)

func paymentBank(f Fact, text string) bool {
	if f.Role != "" || !reBankNameLabelledNames.MatchString(f.Value) {
		return false
	}
	ats := occurrences(lowerASCII(text), lowerASCII(f.Value))
	if len(ats) == 0 {
		return false
	}
	for _, a := range ats {
		ls, le := lineBounds(text, a)
		line := text[ls:le]
		// the next line may carry the details ("Bank: X\nIBAN ...")
		next := ""
		if le < len(text) {
			if ne := strings.IndexByte(text[le+1:], '\n'); ne >= 0 {
				next = text[le+1 : le+1+ne]
			} else {
				next = text[le+1:]
			}
		}
		if !rePayDetails.MatchString(line) && !(strings.TrimSpace(line) == strings.TrimSpace(text[a:a+len(f.Value)]) && rePayDetails.MatchString(next)) {
			return false
		}
	}
	return true
}

// Family F: a company or person named once, inside a sentence, as the
// agent of a thing the parties deal in or as a third party set apart by
// an apposition: "Fittings are supplied by X Ltd, the manufacturer",
// "the letter of X LLP, the auditors named in the accounts", "Our bid
// bond has been issued by X Bank PJSC", "previously held by Mr. X",
// "صدر ضمان العطاء من بنك ...". A name defined there by a role ("(the
// "Consultant")") is a party.
var (
	rePassingBefore = regexp.MustCompile(`(?i)(?:\b(?:supplied|made|manufactured|produced|held|audited|imported|distributed|fabricated|previously\s+\w+|formerly\s+\w+)\s+by|\b(?:bond|guarantee|policy|credit|certificate)\b[^.;]{0,40}\b(?:issued|provided|underwritten)\s+by|\bletter\s+of|\bon\s+behalf\s+of\s+our\s+(?:bankers?|insurers?))\s+(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng)\.?\s+)?$|(?:صدر|صدرت|الصادر|الصادرة|صادر|صادرة|مصنعة|المصنعة|مصنوعة)\s.{0,60}(?:من|عن|لدى|بواسطة)\s+$`)
	rePassingAfter  = regexp.MustCompile(`(?i)^\s*,\s*(?:the|our|its|their)\s+(?:\w+\s+)?(?:manufacturer|maker|auditors?|bankers?|insurers?|previous|former|parent|holding\s+company|suppliers?\s+of|producer)\b`)
)

func inPassing(f Fact, c candidate, text string) bool {
	if c.start < 0 || c.end > len(text) || c.start >= c.end {
		return false
	}
	if n := len(occurrences(lowerASCII(text), lowerASCII(f.Value))); n != 1 {
		return false
	}
	after := text[c.end:]
	if reDefRight.MatchString(after) {
		return false
	}
	ls := strings.LastIndexByte(text[:c.start], '\n') + 1
	before := text[ls:c.start]
	if strings.TrimSpace(before) == "" {
		return false // a name that opens its line is a heading, a label or a signatory
	}
	if ae := strings.IndexByte(after, '\n'); ae >= 0 {
		after = after[:ae]
	}
	return rePassingBefore.MatchString(before) || rePassingAfter.MatchString(after)
}
