package documentfacts

import (
	"regexp"
	"strconv"
	"strings"
)

// Issue 29, session 18, round 16: parties and whom a duty binds, by
// families (docs/documents.md, "round 16, parties and whom a duty binds,
// by families"; the cases are party_roles_by_doctype_test.go). One rule per family of
// how documents introduce their parties, not per document.

// parties16Roles applies the party families of round 16 to the parties
// earlier rules found, in order.
func parties16Roles(facts []Fact, cands []candidate, text, docType, subtype string) {
	if len(facts) != len(cands) {
		return
	}
	employmentRoles16(facts, cands, text, subtype)
	letterFrameRoles16(facts, cands, text, docType, subtype)
	eachAPartyRoles16(facts, cands, text)
	tenderRoles16(facts, cands, text, docType)
	minutesRoles16(facts, cands, text)
	representativeRoles16(facts, cands, text)
	labelTwinRoles16(facts, cands, text)
	twinRoles(facts, text) // a role given here, to the name's other script
}

// setRole16 gives facts[i] role.
func setRole16(facts []Fact, i int, role string) { setPartyRole(&facts[i], role) }

// setPartyRole gives f role, as its key and label too.
func setPartyRole(f *Fact, role string) {
	f.Role, f.Key, f.Label = role, role, strings.ToUpper(role[:1])+strings.ReplaceAll(role[1:], "_", " ")
}

// hasRole16: some party has role.
func hasRole16(facts []Fact, role string) bool {
	for _, f := range facts {
		if f.Type == TypeParty && f.Role == role {
			return true
		}
	}
	return false
}

// Family L (letters): a letter names its writer at the top (the
// letterhead) and its addressee between the letterhead and the
// salutation ("Dear ...", السادة/), with or without "To:". The writer and
// the addressee take the roles the document's kind gives them
// (senderRoles): supplier and customer for invoices, quotations and
// letters about a supply, buyer and supplier for an order, employer and
// employee for an offer of employment, the issuer for a tender or
// policy. Earlier rules read only a labelled "From:" / "To:", so a
// letterhead with no label, or an addressee block of a person's name over
// a company's, kept no role, and "we" and "you" bound no one.
var (
	reSalutation16 = regexp.MustCompile(`(?m)^[ \t]*(?:Dear\s+\S|Dear\s*$|السادة\s*/|السادة\s+|عزيزي|الفاضل|تحية\s+طيبة)`)
	reSubjectLine  = regexp.MustCompile(`(?m)^[ \t]*(?:Re|Subject|الموضوع)\s*:`)
	// reLetterBody16: a letter with no salutation starts its body with
	// the writer speaking ("We are pleased", "We have not received",
	// يسرنا، نود): the addressee block is above it.
	reLetterBody16 = regexp.MustCompile(`(?m)^[ \t]*(?:We\s+(?:are|have|refer|write|thank|confirm|acknowledge|wish)\b|Further\s+to\b|With\s+reference\b|يسرنا|نود|نفيدكم|بالإشارة)`)
	// reArAddresseeAfter16: "المحترمين/ X" (the courtesy before the name).
	reArAddresseeAfter16 = regexp.MustCompile(`^\s*(?:السادة\s+)?(?:المحترمين|المحترم|المحترمة)\s*/\s*(\p{Arabic}.{2,100}?)\s*$`)
)

// reEmploymentWord16: a letter of employment that states the roles
// ("the Employee", "the Company shall", الموظف، صاحب العمل); one that
// states none gives its writer and addressee no role.
var reEmploymentWord16 = regexp.MustCompile(`\b(?:Employee|Employer|Company)\b|الموظف|صاحب\s+العمل|الشركة`)

// letterFrameRoles16 applies family L.
func letterFrameRoles16(facts []Fact, cands []candidate, text, docType, subtype string) {
	head := -1
	for _, re := range []*regexp.Regexp{reSalutation16, reSubjectLine, reLetterBody16} {
		if m := re.FindStringIndex(text); m != nil && m[0] <= 1500 && (head < 0 || m[0] < head) {
			head = m[0]
		}
	}
	if head < 0 {
		return
	}
	var sender, addressee string
	switch {
	case subtype == "employment_letter" || hasRole16(facts, "employer") && !hasRole16(facts, "employee") && !hasRole16(facts, "contractor"):
		// A works' Employer beside its Contractor (a letter of award,
		// a notice to proceed) employs no one: keys22, family EL.
		if !reEmploymentWord16.MatchString(text) {
			return // the text gives no role (the guideline's "-")
		}
		sender, addressee = "employer", "employee"
	case docType == "invoice" || docType == "quotation" || docType == "other":
		sender, addressee = "supplier", "customer"
	case docType == "purchase_order":
		sender, addressee = "buyer", "supplier"
	case docType == "tender" || docType == "policy":
		sender = "issuer"
	default:
		return
	}
	// The writer: the first party of the text, on its first lines.
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if addressee == "employee" && !hasRole16(facts, "employee") {
		// An offer of employment may open with its addressee, the
		// employer named only in its body: the first person above the
		// salutation is the employee.
		for i, f := range facts {
			if f.Type == TypeParty && f.Role == "" && f.EntityType == "person" && cands[i].start < head &&
				(first < 0 || facts[first].EntityType == "person" || cands[i].start > cands[first].end) {
				setRole16(facts, i, "employee")
				lineTwin16(facts, text, cands[i].start, i)
				break
			}
		}
	}
	if first < 0 || cands[first].start > head || strings.Count(text[:cands[first].start], "\n") > 2 {
		return
	}
	if facts[first].Role == "" && facts[first].EntityType != "person" && !hasRole16(facts, sender) {
		setRole16(facts, first, sender)
	}
	if addressee == "" || hasRole16(facts, addressee) || facts[first].Role != sender {
		return
	}
	// The addressee: the first party after the writer and before the
	// salutation with no role; a company's name over a person's (the
	// person is the contact), a person's alone in an offer of
	// employment.
	pick := -1
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || i == first || cands[i].start < cands[first].end || cands[i].start > head {
			continue
		}
		if (f.EntityType == "person") != (addressee == "employee") {
			continue
		}
		if pick < 0 || cands[i].start < cands[pick].start {
			pick = i
		}
	}
	if pick < 0 {
		return
	}
	setRole16(facts, pick, addressee)
	lineTwin16(facts, text, cands[pick].start, pick)
}

// lineTwin16 gives the role of facts[pick] to its name in the other
// script on the same line (an addressee block "Ms. X / الفاضلة/ س").
func lineTwin16(facts []Fact, text string, at, pick int) {
	line := text[strings.LastIndexByte(text[:at], '\n')+1:]
	if e := strings.IndexByte(line, '\n'); e >= 0 {
		line = line[:e]
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && i != pick && f.EntityType == facts[pick].EntityType &&
			hasArabic(f.Value) != hasArabic(facts[pick].Value) && strings.Contains(line, f.Value) {
			setRole16(facts, i, facts[pick].Role)
		}
	}
}

// Family E (employment): in an offer of employment or an employment
// contract (a party is the employee), the company that employs is the
// employer however it is introduced: the letterhead, 'X LLC (the
// "Company")', الطرف الأول defined as "الشركة". Earlier rules gave such a
// company no role, or first_party, so "The Company shall pay" bound no
// one or the first party.
var reCompanyDef16 = regexp.MustCompile(`^[^\n]{0,200}?(?:\(\s*(?:the\s+)?["“]?\s*Company\s*["”]?\s*\)|(?:hereinafter|referred\s+to\s+as)[^\n]{0,20}["“]Company["”]|(?:يشار|ويشار|يسمى|ويسمى|تسمى|وتسمى)[^\n]{0,30}?["“«]الشركة["”»]|\(\s*["“«]الشركة["”»]\s*\))`)

// employmentRoles16 applies family E: the first company of no role, and
// every company defined as the Company (its name in each script).
func employmentRoles16(facts []Fact, cands []candidate, text, subtype string) {
	if subtype != "employment_letter" && !hasRole16(facts, "employee") || hasRole16(facts, "employer") {
		return
	}
	set := false
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		defined := reCompanyDef16.MatchString(text[cands[i].end:])
		switch {
		case defined && (f.Role == "" || f.Role == "company" || f.Role == "issuer" || f.Role == "first_party"):
		case !set && (f.Role == "company" || f.Role == "" && hasRole16(facts, "employee")):
		default:
			continue // a company with no role in a letter: family L's
		}
		setRole16(facts, i, "employer")
		set = true
	}
}

// Family O-L (a duty in a lead-in list): the list under "The Client
// shall:" or "يلتزم المقاول بما يلي:" may be numbered ("1.", "١)", "(2)")
// as well as lettered; a numbered list starts at one and counts up, so a
// clause numbered after a lettered list ("6. WARRANTY") is no item.
var reNumberedItem16 = regexp.MustCompile(`^\s*(?:([0-9٠-٩]{1,2})\s*[.)\-–]|\(\s*([0-9٠-٩]{1,2})\s*\))\s+`)

// numberedItem16 is a numbered item's number and where its text starts.
func numberedItem16(line string) (n, at int, ok bool) {
	m := reNumberedItem16.FindStringSubmatchIndex(line)
	if m == nil {
		return 0, 0, false
	}
	d := ""
	if m[2] >= 0 {
		d = line[m[2]:m[3]]
	} else {
		d = line[m[4]:m[5]]
	}
	n, _ = strconv.Atoi(asciiDigits(d)) // one or two digits: always a number
	return n, m[1], true
}

// Whom a duty binds (round 16): families an earlier rule left with no
// party, or with the wrong one.
var (
	// Family O-W: "نلتزم" / "نتعهد" (we undertake) binds the writer, as
	// "we shall" does.
	// The writer may name itself after نحن ("نتعهد نحن بنك X، ...");
	// a letter whose writer has no role found is its issuer's (the
	// guideline: the author of a letter is the issuer).
	reArWe16 = regexp.MustCompile(`(?:^|[\s،,:؛(])و?ن(?:لتزم|تعهد)(?:\s+نحن((?:\s+[^\s،,]+){0,6}))?[\s،,]*$`)
	// Family O-G (a guarantee's writer): in a guarantee or bond, "we,
	// X Bank, ... irrevocably undertake to pay" / "نتعهد نحن بنك X" binds
	// the guarantor, whatever role the bank's own line is given.
	reGuaranteeTitle16 = regexp.MustCompile(`(?i)\b(?:guarantee|bond)\b|ضمان|كفالة`)
	reWeUndertake16    = regexp.MustCompile(`(?i)\bwe\b[^.;:]{0,200}$`)
	reUndertakeTail16  = regexp.MustCompile(`(?i)\b(?:undertake|guarantee)(?:\s+to)?\s*$`)
	reUndertakeHead16  = regexp.MustCompile(`(?i)^(?:(?:hereby|irrevocably|unconditionally|and)\s*,?\s+)*(?:undertake|guarantee)\b`)
	// Family O-Y: "لا يجوز لكم خصم ..." (you may not) binds the addressee,
	// as "يجب عليكم" does.
	reArYouTo16 = regexp.MustCompile(`^(?:لكم|لك|لكِ|لكما)\s`)
	// Family O-P (Arabic passive with an agent): "يتم جمع النفايات من قبل
	// المقاول", "تدفع التكاليف من قبل المورد": the agent is bound, as
	// "shall be paid by the Buyer" binds the buyer.
	reArAgent16 = regexp.MustCompile(`(?:من\s+قِ?بَ?لِ?|من\s+جانب|بواسطة)\s+(\p{Arabic}+(?:\s+\p{Arabic}+)?)`)
	// Family O-A (a subject, then an aside): "The Contractor, through its
	// site supervisor, shall sign ...", "The Supplier, at its own cost,
	// shall ...": the subject before the aside is bound.
	reAside16 = regexp.MustCompile(`^\s*(?:[0-9٠-٩]+(?:\.[0-9٠-٩]+)*\.?\s+|\([a-z0-9]+\)\s+)?([A-Z][^,;:\n]{1,60}?)\s*,[^,;:\n]{2,80},\s*$`)
	// Family O-T (a role word that is a thing): "The Owner's Manual shall
	// be kept in the cab": a thing of a party's, in a passive that names
	// no agent, binds no one; the party's people ("The Contractor's
	// staff shall") are the party's.
	rePossessiveThing16 = regexp.MustCompile(`(?i)\b[a-z]+['’]s\s+([a-z]+)\s*(?:shall|must|will|is\s+to|are\s+to)?\s*$`)
	// Family O-P2 (a passive whose agent ends the clause): "The contract
	// shall be registered with Seeb Municipality by the First Party".
	rePassiveAgentLate16 = regexp.MustCompile(`(?i)\b(?:shall|must|will|is\s+to|are\s+to)\s+be\s+[a-z]+(?:ed|en|id|t)\b[^.;:]{0,80}?\bby\s+((?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}(?:['’]s\s+[a-z]+(?:\s+[a-z]+)?)?)\s*[.,;]?\s*$`)
	rePeopleWord16       = regexp.MustCompile(`(?i)^(?:staff|personnel|employees|workers|people|team|representatives?|agents?|subcontractors?|officers|drivers|guards|cleaners|engineers|technicians|crew|managers?|supervisors?|director|directors)$`)
)

// duties16 applies the families above to the obligations found.
func (x *clauseExtractor) duties16() {
	text := x.a.text
	for i := range x.obls {
		o := &x.obls[i]
		if o.start < 0 || o.clauseStart < o.start || o.clauseEnd > len(text) {
			continue
		}
		subj := text[o.start:o.clauseStart]
		clause := text[o.start:o.clauseEnd]
		switch {
		case o.o.PartyRole == "" && reArWe16.MatchString(subj):
			m := reArWe16.FindStringSubmatch(subj)
			named := strings.TrimSpace(m[1])
			if named == "" {
				named = strings.TrimSpace(text[o.clauseStart:o.clauseEnd])
			}
			var writer *Fact
			for k, p := range x.parties {
				if len(p.Value) > 3 && strings.HasPrefix(named, p.Value) {
					writer = &x.parties[k]
				}
			}
			if writer != nil {
				if writer.Role != "" {
					o.o.PartyRole, o.o.Party = writer.Role, writer.Value
				} else if reGuaranteeTitle16.MatchString(text[:min(len(text), 300)]) {
					o.o.PartyRole, o.o.Party = "guarantor", writer.Value
				}
			} else if p, ok := x.weParty("", "we"); ok && p.role != "" {
				o.o.PartyRole, o.o.Party = p.role, "نحن"
			} else {
				o.o.PartyRole, o.o.Party = "issuer", "نحن"
			}
		case o.o.PartyRole == "" && reWeUndertake16.MatchString(subj) && reGuaranteeTitle16.MatchString(text[:min(len(text), 300)]) &&
			(reUndertakeHead16.MatchString(o.o.Action) || reUndertakeTail16.MatchString(subj)):
			o.o.PartyRole, o.o.Party = "guarantor", "we"
		case o.o.PartyRole == "" && x.you != "" && reArYouTo16.MatchString(o.o.Action):
			o.o.PartyRole, o.o.Party = x.you, "أنتم"
		case o.o.PartyRole == "" && hasArabic(clause):
			if m := reArAgent16.FindStringSubmatch(clause); m != nil {
				for _, p := range []string{m[1], strings.Fields(m[1])[0]} {
					role := x.arAlias(p)
					if role == "" {
						role = arRole(p)
					}
					if role != "" {
						o.o.PartyRole, o.o.Party = role, p
						break
					}
				}
			}
		case o.o.PartyRole == "":
			if m := reAside16.FindStringSubmatch(subj); m != nil {
				if p, ok := x.partyIn(m[1]); ok && p.role != "" {
					o.o.PartyRole, o.o.Party = p.role, p.text
				}
			} else if m := rePassiveAgentLate16.FindStringSubmatch(clause); m != nil {
				if p, ok := x.partyIn(m[1]); ok && p.role != "" {
					o.o.PartyRole, o.o.Party = p.role, p.text
				}
			}
		default:
			if m := rePossessiveThing16.FindStringSubmatch(subj); m != nil && !rePeopleWord16.MatchString(m[1]) &&
				strings.HasPrefix(strings.ToLower(o.o.Action), "be ") && !strings.Contains(o.o.Action, " by ") {
				o.o.PartyRole, o.o.Party = "", ""
			}
		}
	}
}

// Family N2 (a mutual agreement): 'X and Y (each a "Party" and, when
// receiving information, the "Receiving Party")', "كل منهما طرف": a role
// each party takes in turn is no party's own; the parties named before
// such a definition on its line have no role (the clauses still bind the
// receiving party).
var reEachAParty16 = regexp.MustCompile(`(?i)\(\s*each\s+(?:a|being\s+a|of\s+them\s+a)\s+["“]?party["”]?|\(\s*(?:ويشار\s+)?(?:إلى\s+)?كل\s+منهما\s+(?:بـ\s*)?["“«]?(?:ال)?طرف`)

// eachAPartyRoles16 applies family N2.
func eachAPartyRoles16(facts []Fact, cands []candidate, text string) {
	for _, m := range reEachAParty16.FindAllStringIndex(text, -1) {
		ls := strings.LastIndexByte(text[:m[0]], '\n') + 1
		for i, f := range facts {
			if f.Type == TypeParty && (f.Role == "receiving_party" || f.Role == "disclosing_party") && cands[i].start >= ls && cands[i].end <= m[0] {
				facts[i].Role, facts[i].Key, facts[i].Label = "", "party", "Party"
			}
		}
	}
}

// Family B2 (a bilingual label line): "First Party / الطرف الأول: Hamdan
// Al Siyabi / حمدان بن خلفان السيابي": the label gives its role to the
// name in one script; the name in the other script, after the same
// label on the same line, is the same party and takes the same role.
func labelTwinRoles16(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" {
			continue
		}
		ls := strings.LastIndexByte(text[:cands[i].start], '\n') + 1
		le := strings.IndexByte(text[cands[i].start:], '\n')
		if le < 0 {
			le = len(text)
		} else {
			le += cands[i].start
		}
		colon := strings.IndexAny(text[ls:le], ":：")
		if colon < 0 || ls+colon > cands[i].start {
			continue
		}
		twin := -1
		for j, g := range facts {
			if j == i || g.Type != TypeParty || cands[j].start < ls+colon || cands[j].end > le || hasArabic(g.Value) == hasArabic(f.Value) {
				continue
			}
			if g.Role == "" || twin >= 0 {
				twin = -2 // no role, or two named in the other script
				break
			}
			twin = j
		}
		if twin >= 0 && strings.Count(text[ls:le], ":")+strings.Count(text[ls:le], "：") == 1 {
			setRole16(facts, i, facts[twin].Role)
		}
	}
}

// Family I2 (a tender or RFQ sent to one bidder): the company named at
// the head, under the title, is the issuer (also when it defines itself
// "the Company"), and the company after "To:" is the bidder it invites.
var reToLabel16 = regexp.MustCompile(`(?i)(?:^|\n)[ \t*_]*(?:to|إلى)[ \t*_]*[:：][ \t*_]*$`)

// tenderRoles16 applies family I2.
func tenderRoles16(facts []Fact, cands []candidate, text, docType string) {
	if docType != "tender" {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first >= 0 && facts[first].Role == "" && facts[first].EntityType != "person" && !hasRole16(facts, "issuer") &&
		strings.Count(text[:cands[first].start], "\n") <= 2 {
		setRole16(facts, first, "issuer")
	}
	if !hasRole16(facts, "issuer") {
		return
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && f.EntityType != "person" && reToLabel16.MatchString(text[max(0, cands[i].start-40):cands[i].start]) {
			setRole16(facts, i, "bidder")
		}
	}
}

// Family M (minutes): the body that meets, named at the head of minutes
// ("MINUTES OF THE BOARD MEETING" over "Bahja Foods SAOG", "الجهة: شركة
// X"), is their issuer; the people present, and the posts they hold in
// brackets ("(Director)", "(عضو)"), have no role.
var reMinutesTitle16 = regexp.MustCompile(`(?i)^[\s#*_]*(?:minutes\b|extract\s+of\s+(?:the\s+)?minutes\b|محضر\s+(?:اجتماع|الاجتماع))`)

// minutesRoles16 applies family M.
func minutesRoles16(facts []Fact, cands []candidate, text string) {
	if !reMinutesTitle16.MatchString(text) {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first >= 0 && facts[first].Role == "" && !hasRole16(facts, "issuer") && strings.Count(text[:cands[first].start], "\n") <= 3 {
		setRole16(facts, first, "issuer")
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType == "person" && f.Role != "" && !guidelineRoles[f.Role] {
			facts[i].Role, facts[i].Key, facts[i].Label = "", "party", "Party"
		}
	}
}

// Family PE-R (a representative in a preamble): "X LLC, represented by
// its General Manager Mr. R (the "Supplier")", "شركة X ويمثلها السيد ر":
// the definition after the representative is the company's; the person
// who represents it has no role.
var reRepresentedBy16 = regexp.MustCompile(`(?i)(?:\brepresented\s+(?:herein\s+)?by\b|\bacting\s+through\b|ويمثلها|ويمثله)[^()\n]{0,60}$`)

// representativeRoles16 applies family PE-R.
func representativeRoles16(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType != "person" || f.Role == "" || guidelineRoles[f.Role] && f.Role == "employee" {
			continue
		}
		if reRepresentedBy16.MatchString(text[max(0, cands[i].start-80):cands[i].start]) {
			facts[i].Role, facts[i].Key, facts[i].Label = "", "party", "Party"
		}
	}
}
