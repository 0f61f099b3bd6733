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
// names20 adds the names of A-D to the resolved candidates as names19
// does; droppedParties20 removes E and F.

// names20 adds, to the resolved candidates cs, the people and companies
// of families A-D that no party candidate covers.
func names20(cs []candidate, text string) []candidate {
	var spans []span19
	spans = append(spans, labelNames20(text)...)
	spans = append(spans, contactNames20(text)...)
	spans = append(spans, signCellNames20(text)...)
	spans = append(spans, arFormNames20(text)...)
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

// rePerson20 is rePerson19 whose words may also start with a letter and
// an apostrophe (D'Souza, O'Brien).
var rePerson20 = regexp.MustCompile(`^\s*(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng|Prof|Sheikh|Sayyid|Dott|Ing)\.?\s+)?(` +
	strings.ReplaceAll(personName, `[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+`, `(?:[A-Z]['’])?[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+`) +
	`)(?:\s*$|\s*[,|(;/.]|\s{2,}|\s+[-–—]\s)`)

// person20 is person19 with rePerson20's names.
func person20(s string) (int, int, bool) {
	if strings.HasPrefix(lowerASCII(strings.TrimSpace(s)), "the ") {
		return 0, 0, false
	}
	if a, b, ok := person19(s); ok && !bodyWords20(s[a:b]) {
		return a, b, true
	}
	m := rePerson20.FindStringSubmatchIndex(s)
	if m == nil {
		return 0, 0, false
	}
	name := s[m[2]:m[3]]
	if roleHeading(name) || strings.HasPrefix(lowerASCII(name), "the ") {
		return 0, 0, false
	}
	if bodyWords20(name) {
		return 0, 0, false
	}
	for _, w := range strings.FieldsFunc(lowerASCII(name), func(r rune) bool { return r == ' ' || r == '-' }) {
		if postWords19[w] {
			return 0, 0, false
		}
	}
	if titleWords(name) || placeWord(name) || roleOf(name) != "" || labelRole(name) != "" {
		return 0, 0, false
	}
	return m[2], m[3], true
}

// bodyWords20: name holds a word of a body or a desk, which no person's
// name holds ("Tender Committee Secretariat").
func bodyWords20(name string) bool {
	for _, w := range strings.Fields(lowerASCII(name)) {
		switch w {
		case "committee", "secretariat", "commission", "council", "tender", "tenders", "section", "desk", "centre", "center", "ministry", "agency", "bureau":
			return true
		}
	}
	return false
}

// reArHonorific20: an Arabic title before a name, the abbreviated ones
// included ("أ." for الأستاذ, "م." and "م/" for المهندس, "د." for
// الدكتور).
var reArHonorific20 = regexp.MustCompile(`^(?:(?:السيدة|السيد|الفاضلة|الفاضل|الدكتورة|الدكتور|المهندسة|المهندس|الأستاذة|الأستاذ|الاستاذة|الاستاذ|الشيخة|الشيخ)(?:\s*/\s*|\s+)|[أمد]\s*[./]\s*)`)

// arPerson20 is the Arabic person's name at the start of s, after a
// title, as offsets in s: the words before a comma, a bracket, a bar, a
// dotted or dashed gap or the end, two to five of them, holding no post
// or organisation word.
func arPerson20(s string) (int, int, bool) {
	start := len(s) - len(strings.TrimLeft(s, " \t"))
	if m := reArHonorific20.FindStringIndex(s[start:]); m != nil {
		start += m[1]
	}
	end := len(s)
	if m := reArNameEnd20.FindStringIndex(s[start:]); m != nil {
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
		if arPostWords20[w] {
			return 0, 0, false
		}
	}
	return start, start + len(name), true
}

var reArNameEnd20 = regexp.MustCompile(`\s*(?:[،,(|:؛;/]|\.{2,}|…|_{2,}|\s[-–—]\s|\s{3,}|$)`)

// arPostWords20: words of a post, a department or a document that no
// person's name holds.
var arPostWords20 = map[string]bool{"قسم": true, "إدارة": true, "ادارة": true, "دائرة": true, "مدير": true, "مديرة": true, "المدير": true,
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
	reArLabel20     = regexp.MustCompile(`(?:^|\|)\s*(?:[A-Za-z][A-Za-z .'’-]{1,40}/\s*)?(?:اعتمد|اعتمده|اعتمدها|اعتمدته|راجعه|راجعها|راجعته|دققه|دققها|دققته|وقعه|وقعها|(?:ال)?مفوضة?\s+بالتوقيع|(?:ال)?مخولة?\s+بالتوقيع|(?:ال)?شاهد(?:\s+(?:الأول|الثاني))?|(?:نسخة|صورة)\s+(?:إلى|الى|مع\s+التحية\s+إلى)|للتواصل|للاستفسار|للاستفسارات|جهة\s+الاتصال|مسؤول\s+الاتصال|رئيسة?\s+اللجنة|أمينة?\s+السر|أمين\s+سر\s+اللجنة|مقررة?\s+اللجنة|عضوة?\s+اللجنة|الحضور|الحاضرون|الحاضرين)\s*(?:/\s*[A-Za-z][A-Za-z .'’-]{1,40})?\s*([:：|])\s*`)
	reENLabel20     = regexp.MustCompile(`(?i)^\s*(?:authori[sz]ed\s+signatory|witness(?:\s+\d)?|copy\s+to|cc\s+to|((?:[a-z]+\s+){0,3}(?:manager|officer|controller|coordinator|co-ordinator|accountant|engineer|secretary|supervisor|executive|representative|administrator|clerk|signatory)))\s*[:：]\s*`)
	reArPostLabel20 = regexp.MustCompile(`^\s*(ال\p{Arabic}+(?:\s+\p{Arabic}+){0,2})\s*[:：]\s*`)
	reSigRow20      = regexp.MustCompile(`^\s*(?:التوقيعات|التوقيع|signatures)\s*\|`)
)

// labelNames20 applies family A.
func labelNames20(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	add := func(i, off int, s, e int) { out = append(out, span19{at[i] + off + s, at[i] + off + e, "person"}) }
	for i, l := range ls {
		if reSigRow20.MatchString(l) {
			cells := strings.Split(l, "|")
			off := len(cells[0]) + 1
			for _, c := range cells[1:] {
				if s, e, ok := arPerson20(c); ok && hasArabic(c) {
					add(i, off, s, e)
				} else if s, e, ok := person20(c + "|"); ok && !hasArabic(c) {
					add(i, off, s, e)
				}
				off += len(c) + 1
			}
			continue
		}
		if hasArabic(l) {
			for _, m := range reArLabel20.FindAllStringSubmatchIndex(l, -1) {
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
							if s, e, ok := arPerson20(ls[j]); ok {
								add(j, 0, s, e)
							}
						} else if s, e, ok := person20(ls[j]); ok {
							add(j, 0, s, e)
						} else {
							break
						}
					}
					continue
				}
				names20InPart(rest, func(s, e int) { add(i, m[1], s, e) })
			}
		}
		if m := reENLabel20.FindStringSubmatchIndex(l); m != nil {
			if m[2] >= 0 && (roleOf(strings.TrimSpace(l[m[2]:m[3]])) != "" || labelRole(strings.TrimSpace(l[m[2]:m[3]])) != "") {
				continue
			}
			names20InPart(l[m[1]:], func(s, e int) { add(i, m[1], s, e) })
			continue
		}
		if m := reArPostLabel20.FindStringSubmatchIndex(l); m != nil {
			label := l[m[2]:m[3]]
			if roleOf(label) != "" || labelRole(label) != "" || arRole(label) != "" || reArLabel20.MatchString(l) {
				continue
			}
			rest := l[m[1]:]
			if s, e, ok := arPerson20(rest); ok && reBinWord.MatchString(rest[s:e]) {
				add(i, m[1], s, e)
			}
		}
	}
	return out
}

// names20InPart reads the names in a label's rest: one name, or two in a
// bilingual line ("Eng. Talib Hamad Al Maawali / م. طالب بن حمد
// المعولي"), each English or Arabic.
func names20InPart(rest string, add func(s, e int)) {
	off := 0
	for k, part := range strings.SplitAfter(rest, " / ") {
		if k > 1 {
			break
		}
		p := strings.TrimSuffix(part, " / ")
		if hasArabic(p) {
			if s, e, ok := arPerson20(p); ok {
				add(off+s, off+e)
			}
		} else if s, e, ok := person20(p + "|"); ok {
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
var reContact20 = regexp.MustCompile(`(?i)(?:^|[.;|]\s+)(?:[a-z]+\s+)?contact(?:\s+person)?(?:\s+(?:for|of|at|to)\s+[^:：|.]{1,60})?(?:\s*/\s*[^:：|]{1,60})?\s*[:：]\s*`)

// contactNames20 applies family B to the lines of text.
func contactNames20(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		for _, m := range reContact20.FindAllStringIndex(l, -1) {
			rest := l[m[1]:]
			if s, e, ok := person20(rest); ok {
				out = append(out, span19{at[i] + m[1] + s, at[i] + m[1] + e, "person"})
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
	reForCell20   = regexp.MustCompile(`(?i)^\s*(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?(?:the\s+)?[A-Za-z][^|:]{1,80}|on\s+behalf\s+of\s+[^|:]{2,80}|عن\s+[^|:]{2,60}|نيابة\s+عن\s+[^|:]{2,60})\s*$`)
	rePostAfter20 = regexp.MustCompile(`^\s*[,،]\s*\S`)
)

func signCellNames20(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		// A row of cells: a signing-for cell, then the name's cell.
		if strings.Contains(l, "|") {
			cells := strings.Split(l, "|")
			off := 0
			for k, c := range cells {
				if k+1 < len(cells) && reForCell20.MatchString(c) && !reForCell20.MatchString(cells[k+1]) {
					n := cells[k+1]
					noff := off + len(c) + 1
					if hasArabic(n) {
						if s, e, ok := arPerson20(n); ok {
							out = append(out, span19{at[i] + noff + s, at[i] + noff + e, "person"})
						}
					} else if s, e, ok := person20(n + "|"); ok {
						out = append(out, span19{at[i] + noff + s, at[i] + noff + e, "person"})
					}
				}
				off += len(c) + 1
			}
		}
		// Columns of signing headings over columns of names.
		if i+1 < len(ls) && !hasArabic(l) && forHeads20(l) >= 2 {
			n := ls[i+1]
			var cols [][2]int
			if strings.Contains(n, " | ") {
				off := 0
				for _, c := range strings.Split(n, " | ") {
					cols = append(cols, [2]int{off, off + len(c)})
					off += len(c) + 3
				}
			} else {
				cols = columns20(n)
			}
			if len(cols) >= 2 {
				for _, c := range cols {
					if s, e, ok := person20(n[c[0]:c[1]] + "|"); ok {
						out = append(out, span19{at[i+1] + c[0] + s, at[i+1] + c[0] + e, "person"})
					}
				}
			}
		}
		// More signatories under a signatory line "Name, Post".
		if i > 0 && !hasArabic(strings.SplitN(l, "|", 2)[0]) {
			if _, e, ok := person20(ls[i-1] + "|"); ok && rePostAfter20.MatchString(ls[i-1][e:]) && signerAbove20(ls, i-1) {
				if s2, e2, ok2 := person20(l); ok2 && rePostAfter20.MatchString(l[e2:]) {
					out = append(out, span19{at[i] + s2, at[i] + e2, "person"})
					if k := strings.Index(l, "|"); k > 0 {
						if s3, e3, ok3 := arPerson20(l[k+1:]); ok3 {
							out = append(out, span19{at[i] + k + 1 + s3, at[i] + k + 1 + e3, "person"})
						}
					}
				}
			}
		}
	}
	return out
}

// signerAbove20: the line j of ls is under a signing-for line or a
// sign-off (the line above it).
func signerAbove20(ls []string, j int) bool {
	if j == 0 {
		return false
	}
	p := strings.TrimSpace(strings.SplitN(ls[j-1], "|", 2)[0])
	return reSignOff19.MatchString(p) || reForCell20.MatchString(p) && strings.HasPrefix(lowerASCII(p), "for ")
}

// columns20 is the spans of l's columns: runs of text apart by three
// spaces or more, or tabs.
func columns20(l string) [][2]int {
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

// forHeads20 is the number of signing headings ("For the Client:", "For
// and on behalf of the Contractor:") l is made of, or 0 when l holds
// anything else.
func forHeads20(l string) int {
	if strings.TrimSpace(reForHeads20.ReplaceAllString(l, "")) != "" {
		return 0
	}
	return len(reForHeads20.FindAllString(l, -1))
}

var reForHeads20 = regexp.MustCompile(`(?i)\s*(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?|on\s+behalf\s+of\s+)(?:the\s+)?[A-Za-z][A-Za-z&.' -]{1,50}?\s*[:|]`)

// Family D: an Arabic company named by its legal form with no head word
// ("الإمارات للطباعة واللافتات ش.ذ.م.م", "مراسي لصناعة الأثاث المكتبي
// ذ.م.م"): alone in its line or cell, or after " / " beside its English
// name ("Al Dafna Medical Supplies W.L.L. / الدفنة للمستلزمات الطبية
// ذ.م.م").
var reArFormName20 = regexp.MustCompile(`(?:^|\|\s*|\S\s+/\s+)(\p{Arabic}{2,}(?:\s+\p{Arabic}{2,}){1,5}\s+` + arForm + `)\s*(?:$|\|)`)

func arFormNames20(text string) []span19 {
	ls, at := lines19(text)
	var out []span19
	for i, l := range ls {
		l = strings.TrimRight(l, " \t")
		for _, m := range reArFormName20.FindAllStringSubmatchIndex(l, -1) {
			name := l[m[2]:m[3]]
			if strings.Contains(l[:m[2]], " / ") && !reOrg.MatchString(l[:m[2]]+" ") {
				continue // beside something that is no English company
			}
			first := strings.Fields(name)[0]
			if arPostWords20[first] || labelRole(first) != "" || roleOf(first) != "" || arRole(first) != "" {
				continue
			}
			out = append(out, span19{at[i] + m[2], at[i] + m[3], "company"})
		}
	}
	return out
}

// droppedParties20 removes the parties of families E (a bank named only
// for payment details) and F (a company or person named in passing).
func droppedParties20(facts []Fact, cands []candidate, text string) ([]Fact, []candidate) {
	if len(facts) != len(cands) {
		return facts, cands
	}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type != TypeParty || len(f.Value) < 6 {
			continue
		}
		if paymentBank20(f, text) || inPassing20(f, cands[i], text) {
			drop[i] = true
		}
	}
	return withoutDropped(facts, cands, drop)
}

// Family E: a bank whose every mention is on a line of payment details
// ("Bank details: X B.S.C., Account name: ...", "Bank / البنك: X,
// IBAN ..."): the guideline's "banks named only for payment details".
var (
	reBankName20   = regexp.MustCompile(`(?i)\bbank\b|\bbanque\b|بنك|مصرف`)
	rePayDetails20 = regexp.MustCompile(`(?i)\biban\b|\bswift\b|\bbic\b|account\s+(?:name|no\b|number)|a/c\b|bank\s+details|banking\s+details|payment\s+details|\bremit|transfer\s+to|payable\s+to|sort\s+code|routing|رقم\s+الحساب|اسم\s+الحساب|آيبان|ايبان|الآيبان|بيانات\s+(?:البنك|الحساب|التحويل)|تفاصيل\s+(?:البنك|الحساب|الدفع)|التحويل\s+(?:إلى|الى|على)|يرجى\s+التحويل|البنك\s*[:：]`)
)

func paymentBank20(f Fact, text string) bool {
	if f.Role != "" || !reBankName20.MatchString(f.Value) {
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
		if !rePayDetails20.MatchString(line) && !(strings.TrimSpace(line) == strings.TrimSpace(text[a:a+len(f.Value)]) && rePayDetails20.MatchString(next)) {
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
	rePassingBefore20 = regexp.MustCompile(`(?i)(?:\b(?:supplied|made|manufactured|produced|held|audited|imported|distributed|fabricated|previously\s+\w+|formerly\s+\w+)\s+by|\b(?:bond|guarantee|policy|credit|certificate)\b[^.;]{0,40}\b(?:issued|provided|underwritten)\s+by|\bletter\s+of|\bon\s+behalf\s+of\s+our\s+(?:bankers?|insurers?))\s+(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng)\.?\s+)?$|(?:صدر|صدرت|الصادر|الصادرة|صادر|صادرة|مصنعة|المصنعة|مصنوعة)\s.{0,60}(?:من|عن|لدى|بواسطة)\s+$`)
	rePassingAfter20  = regexp.MustCompile(`(?i)^\s*,\s*(?:the|our|its|their)\s+(?:\w+\s+)?(?:manufacturer|maker|auditors?|bankers?|insurers?|previous|former|parent|holding\s+company|suppliers?\s+of|producer)\b`)
)

func inPassing20(f Fact, c candidate, text string) bool {
	if c.start < 0 || c.end > len(text) || c.start >= c.end {
		return false
	}
	if n := len(occurrences(lowerASCII(text), lowerASCII(f.Value))); n != 1 {
		return false
	}
	after := text[c.end:]
	if reDefRight19.MatchString(after) {
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
	return rePassingBefore20.MatchString(before) || rePassingAfter20.MatchString(after)
}
