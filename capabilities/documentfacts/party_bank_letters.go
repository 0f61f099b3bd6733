package documentfacts

import (
	"regexp"
	"strings"
)

// Parties and their obligations' roles, session 24 (issue 29,
// docs/documents.md "Issue 29, session 24: obligations, requirements and
// parties (bidListsObligations)").

// Family B (convention 68): a bank's facility, loan or offer letter
// names the bank the lender and its customer the borrower, in party
// lines and obligations alike, whatever words the letter uses for them
// ("the Bank", "the Customer", "the Client", البنك، المصرف، العميل).
var (
	reBankNameBankLetters = regexp.MustCompile(`(?i)\bbank\b|\bbanque\b|بنك|مصرف`)
	reFacility            = regexp.MustCompile(`(?i)\b(?:credit\s+)?facilit(?:y|ies)\b|\bloan\b|\bfinancing\b|\bterm\s+finance\b|تسهيلات|قرض|تمويل`)
	bankRoles             = map[string]bool{"": true, "bank": true, "supplier": true, "issuer": true, "sender": true, "seller": true}
	customerRoles         = map[string]bool{"customer": true, "client": true, "addressee": true}
)

// bankLetter: the text is a bank's facility, loan or offer letter: a
// facility word in its opening and a bank among its parties.
func bankLetter(facts []Fact, text string) bool {
	head := text[:min(len(text), 1500)]
	if !reFacility.MatchString(head) {
		return false
	}
	for _, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && (f.Role == "bank" || f.Role == "lender" || reBankNameBankLetters.MatchString(f.Value) && bankRoles[f.Role]) {
			return true
		}
	}
	return false
}

// bankLetterRoles applies family B to the party lines.
func bankLetterRoles(facts []Fact, text string) {
	if !bankLetter(facts, text) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		switch {
		case f.Role == "bank" || reBankNameBankLetters.MatchString(f.Value) && bankRoles[f.Role]:
			setRole(facts, i, "lender")
		case customerRoles[f.Role] && !reBankNameBankLetters.MatchString(f.Value):
			setRole(facts, i, "borrower")
		}
	}
}

// bankLetterDuties applies family B to the obligations: the bank's
// are the lender's, the customer's the borrower's.
func (x *clauseExtractor) bankLetterDuties() {
	if !bankLetter(x.parties, x.a.text) {
		return
	}
	for i := range x.obls {
		o := &x.obls[i].o
		p := strings.TrimSpace(strings.TrimPrefix(lowerASCII(o.Party), "the "))
		switch {
		case o.PartyRole == "bank" || o.PartyRole == "" && (p == "bank" || p == "البنك" || p == "المصرف"):
			o.PartyRole = "lender"
		case customerRoles[o.PartyRole] || o.PartyRole == "" && (p == "العميل" || p == "customer" || p == "client"):
			o.PartyRole = "borrower"
		}
	}
}

// Family S: a signature cell that signs for a party's role, its lines
// run together (an HTML cell's <br>, a DOCX cell's paragraphs): "For the
// Client Hamad Jassim Al Kuwari Facilities Director Date: 03/05/2026",
// "For and on behalf of the Supplier Priya Nair Sales Manager". The
// person is the capitalised name after the role word, ended by a job
// title's word, a "Date"/"Signature" label or the cell's end.
var (
	reSignCell = regexp.MustCompile(`(?i)(?:^|\|)[ \t]*(?:signed[ \t]+)?for[ \t]+(?:and[ \t]+on[ \t]+behalf[ \t]+of[ \t]+)?the[ \t]+([a-z]+(?:[ \t]+[a-z]+)?)[ \t]+`)
	// reSignEnd: what may follow the name in the cell.
	reSignEnd = regexp.MustCompile(`^(?:[ \t]+(?i:date|signature|signed|sign|title|position|designation|stamp|seal)\b|[ \t]+(?:(?:General|Managing|Senior|Deputy|Assistant|Acting|Executive|Chief|Technical|Commercial|Sales|Operations|Project|Site|Legal|Finance|Financial|Procurement|Facilities|Facility|Human|HR|Country|Regional|Area|Plant|Branch|Contracts?|Operating|Marketing|Information|Technology|Administrative|Purchasing|Quality|Maintenance|Production|Business|Development|Accounts|Resources)[ \t]+)*(?:Director|Manager|Officer|Partner|Chairman|President|Secretary|Engineer|Head|CEO|CFO|COO|Owner|Controller|Representative|Accountant|Supervisor|Coordinator|Administrator|Consultant)\b)`)
	reNameRun = regexp.MustCompile(`^(?:(?:Mr|Mrs|Ms|Dr|Eng|Prof)\.?[ \t]+)?(` + personName + `)`)
)

// signCellNamesBankLetters reads family S's names.
func signCellNamesBankLetters(text string) []spanLettersMinutes {
	var out []spanLettersMinutes
	at := 0
	for _, ln := range strings.SplitAfter(text, "\n") {
		for _, m := range reSignCell.FindAllStringSubmatchIndex(ln, -1) {
			role, restAt := ln[m[2]:m[3]], m[1]
			if f := strings.Fields(role); len(f) == 2 && roleOf(role) == "" {
				if !isRole(f[0]) {
					continue
				}
				restAt = m[2] + strings.Index(ln[m[2]:], f[1]) // "the Client Hamad ...": one role word
			} else if !isRole(role) {
				continue
			}
			rest := strings.TrimRight(ln[restAt:], "\n")
			n := reNameRun.FindStringSubmatchIndex(rest)
			if n == nil {
				continue
			}
			// The shortest run of two words or more that a title, a
			// label or the cell's end follows ("Suresh Babu Pillai" of
			// "Suresh Babu Pillai General Manager").
			s, e := n[2], -1
			for k := n[2]; k <= n[3]; k++ {
				if k < n[3] && rest[k] != ' ' {
					continue
				}
				if len(strings.Fields(rest[s:k])) < 2 || !reSignEnd.MatchString(rest[k:]) {
					continue
				}
				if _, _, ok := personLettersMinutes(rest[s:k]); ok {
					e = k
				}
				break
			}
			if e < 0 {
				continue
			}
			out = append(out, spanLettersMinutes{at + restAt + s, at + restAt + e, "person"})
		}
		at += len(ln)
	}
	return out
}

// isRole: w is a party's role word ("Client", "Main Contractor").
func isRole(w string) bool { return lexRole(w) != "" || roleOf(w) != "" }

// Family T: a bilingual tender's author is the issuer in both languages
// (decision 36): where its English name is the issuer, the Arabic name
// that defines itself by an author's word (المشتري، صاحب العمل، المالك،
// الجهة المالكة، العميل) and took that word's role is the issuer too.
var authorRoles = map[string]bool{"buyer": true, "purchaser": true, "employer": true, "owner": true, "client": true, "customer": true}

func tenderAuthorTwins(facts []Fact, docType string) {
	if docType != "tender" {
		return
	}
	english := false
	for _, f := range facts {
		if f.Type == TypeParty && f.Role == "issuer" && !hasArabic(f.Value) {
			english = true
		}
	}
	if !english {
		return
	}
	var twins []int
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && hasArabic(f.Value) && authorRoles[f.Role] {
			twins = append(twins, i)
		}
	}
	if len(twins) == 1 && !hasArabicIssuer(facts) {
		setRole(facts, twins[0], "issuer")
	}
}

// hasArabicIssuer: an Arabic name is the issuer already.
func hasArabicIssuer(facts []Fact) bool {
	for _, f := range facts {
		if f.Type == TypeParty && f.Role == "issuer" && hasArabic(f.Value) {
			return true
		}
	}
	return false
}

// Family R: an Arabic letter's or notice's signature, under its
// sign-off ("مع خالص التحية،", "وتفضلوا بقبول فائق الاحترام") or its
// signer's title ("المدير التنفيذي للمشاريع"): the name is the first cell
// of a "name | title | company" line, or a line of its own after an
// honorific ("م. ناصر بن خلفان البوسعيدي").
var (
	reArSignOff = regexp.MustCompile(`^\s*(?:مع\s+(?:خالص|أطيب|فائق)\s+(?:التحية|التحيات|الاحترام|التقدير)|وتفضلوا\s+بقبول|وتقبلوا\s|مع\s+التحية|والسلام\s+عليكم|وشكرا|وشكراً)`)
	reArTitle   = regexp.MustCompile(`^\s*(?:ال)?(?:مدير|مديرة|رئيس|رئيسة|نائب|الرئيس|المدير|أمين|مساعد)\s+\p{Arabic}`)
	reArCellSep = regexp.MustCompile(`\s*[|،]\s*`)
)

func arSignatureNames(text string) []spanLettersMinutes {
	ls, at := linesLettersMinutes(text)
	var out []spanLettersMinutes
	for i, l := range ls {
		if !reArSignOff.MatchString(l) && !(reArTitle.MatchString(l) && len(strings.Fields(l)) <= 6 && !strings.ContainsAny(l, "|:.")) {
			continue
		}
		for j, seen := i+1, 0; j < len(ls) && seen < 3; j++ {
			t := ls[j]
			if strings.TrimSpace(t) == "" {
				continue
			}
			seen++
			if !hasArabic(t) || strings.HasPrefix(strings.TrimSpace(t), "#") {
				break
			}
			cells := splitKeep(t, reArCellSep)
			c := cells[0]
			cell := t[c[0]:c[1]]
			alone := len(cells) == 1
			if alone && !honorific.MatchString(strings.TrimSpace(cell)) {
				continue // a title or a company on its own line
			}
			if s, e, ok := arName(cell); ok && (arPersonLike(cell[s:e]) || len(strings.Fields(cell[s:e])) >= 3) && !orgLike(cell[s:e]) {
				out = append(out, spanLettersMinutes{at[j] + c[0] + s, at[j] + c[0] + e, "person"})
				break
			}
		}
	}
	return out
}

// Family U: a public body's letterhead names it, then its unit on the
// next line ("بلدية ظفار" / "المديرية العامة لصحة البيئة", "Ministry of
// Health" / "Directorate General of Procurement"): the unit is part of
// the body, no party of its own, when it has no role and its lines are
// the letterhead's (the text's first lines, the body's right above).
var reUnitHead = regexp.MustCompile(`(?i)^\s*(?:(?:ال)?(?:مديرية|مديريه|إدارة|ادارة|دائرة|قسم|الإدارة|المديرية|الدائرة)\s|(?:the\s+)?(?:directorate|department|division|section|unit|office)\s+(?:general\s+)?(?:of|for)\s)`)

func letterheadUnits(facts []Fact, cands []candidate, text string) ([]Fact, []candidate) {
	if len(facts) != len(cands) {
		return facts, cands
	}
	ls, _ := linesLettersMinutes(text)
	var head []string // the letterhead: the first non-empty lines
	for _, l := range ls {
		if strings.TrimSpace(l) != "" {
			head = append(head, l)
		}
		if len(head) == 4 {
			break
		}
	}
	drop := map[int]bool{}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" {
			continue
		}
		for k := 1; k < len(head); k++ {
			if !strings.Contains(head[k], f.Value) || !reUnitHead.MatchString(head[k]) {
				continue
			}
			// The line above names another party (the body).
			for j, g := range facts {
				if j != i && g.Type == TypeParty && g.EntityType != "person" && strings.Contains(head[k-1], g.Value) {
					drop[i] = true
				}
			}
		}
	}
	return withoutDropped(facts, cands, drop)
}

// Family S2: an address block's lines run together (an HTML <br>, a
// DOCX cell): "Salalah Cold Chain Logistics SAOC Raysut Industrial
// Area". A company's name ends at its legal form when address words
// follow it.
var reFormThenAddress = regexp.MustCompile(`^(.{3,120}?\s` + orgSuffix + `)\s+(?:[A-Z][A-Za-z'-]*\s+){0,3}(?:Industrial\s+(?:Area|Estate|Zone)|Free\s+Zone|Street|St\.|Road|Rd\.|Building|Bldg\.?|Tower|Floor|Block|Avenue|District|P\.?\s?O\.?\s+Box|Plot|Way)\b`)

func addressTails(facts []Fact) {
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		if m := reFormThenAddress.FindStringSubmatch(f.Value); m != nil {
			facts[i].Value, facts[i].Normalized = m[1], normalName(m[1])
		}
	}
}
