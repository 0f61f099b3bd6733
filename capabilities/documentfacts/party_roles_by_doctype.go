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

// rolesByDoctypePartyRoles applies the party families of round 16 to the parties
// earlier rules found, in order.
func rolesByDoctypePartyRoles(facts []Fact, cands []candidate, text, docType, subtype string) {
	if len(facts) != len(cands) {
		return
	}
	employmentRoles(facts, cands, text, subtype)
	letterFrameRoles(facts, cands, text, docType, subtype)
	eachAPartyRoles(facts, cands, text)
	tenderRoles(facts, cands, text, docType)
	minutesRoles(facts, cands, text)
	representativeRoles(facts, cands, text)
	labelTwinRoles(facts, cands, text)
	twinRoles(facts, text) // a role given here, to the name's other script
}

// setRole gives facts[i] role.
func setRole(facts []Fact, i int, role string) { setPartyRole(&facts[i], role) }

// setPartyRole gives f role, as its key and label too.
func setPartyRole(f *Fact, role string) {
	f.Role, f.Key, f.Label = role, role, strings.ToUpper(role[:1])+strings.ReplaceAll(role[1:], "_", " ")
}

// hasRole: some party has role.
func hasRole(facts []Fact, role string) bool {
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
	reSalutation  = regexp.MustCompile(`(?m)^[ \t]*(?:Dear\s+\S|Dear\s*$|السادة\s*/|السادة\s+|عزيزي|الفاضل|تحية\s+طيبة)`)
	reSubjectLine = regexp.MustCompile(`(?m)^[ \t]*(?:Re|Subject|الموضوع)\s*:`)
	// reLetterBody: a letter with no salutation starts its body with
	// the writer speaking ("We are pleased", "We have not received",
	// يسرنا، نود): the addressee block is above it.
	reLetterBody = regexp.MustCompile(`(?m)^[ \t]*(?:We\s+(?:are|have|refer|write|thank|confirm|acknowledge|wish)\b|Further\s+to\b|With\s+reference\b|يسرنا|نود|نفيدكم|بالإشارة)`)
	// reArAddresseeAfter: "المحترمين/ X" (the courtesy before the name).
	reArAddresseeAfter = regexp.MustCompile(`^\s*(?:السادة\s+)?(?:المحترمين|المحترم|المحترمة)\s*/\s*(\p{Arabic}.{2,100}?)\s*$`)
)

// reEmploymentWord: a letter of employment that states the roles
// ("the Employee", "the Company shall", الموظف، صاحب العمل); one that
// states none gives its writer and addressee no role.
var reEmploymentWord = regexp.MustCompile(`\b(?:Employee|Employer|Company)\b|الموظف|صاحب\s+العمل|الشركة`)

// letterFrameRoles applies family L.
func letterFrameRoles(facts []Fact, cands []candidate, text, docType, subtype string) {
	head := -1
	for _, re := range []*regexp.Regexp{reSalutation, reSubjectLine, reLetterBody} {
		if m := re.FindStringIndex(text); m != nil && m[0] <= 1500 && (head < 0 || m[0] < head) {
			head = m[0]
		}
	}
	if head < 0 {
		return
	}
	var sender, addressee string
	switch {
	case subtype == "employment_letter" || hasRole(facts, "employer") && !hasRole(facts, "employee") && !hasRole(facts, "contractor"):
		// A works' Employer beside its Contractor (a letter of award,
		// a notice to proceed) employs no one: keys22, family EL.
		if !reEmploymentWord.MatchString(text) {
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
	if addressee == "employee" && !hasRole(facts, "employee") {
		// An offer of employment may open with its addressee, the
		// employer named only in its body: the first person above the
		// salutation is the employee.
		for i, f := range facts {
			if f.Type == TypeParty && f.Role == "" && f.EntityType == "person" && cands[i].start < head &&
				(first < 0 || facts[first].EntityType == "person" || cands[i].start > cands[first].end) {
				setRole(facts, i, "employee")
				lineTwin(facts, text, cands[i].start, i)
				break
			}
		}
	}
	if first < 0 || cands[first].start > head || strings.Count(text[:cands[first].start], "\n") > 2 {
		return
	}
	if facts[first].Role == "" && facts[first].EntityType != "person" && !hasRole(facts, sender) {
		setRole(facts, first, sender)
	}
	if addressee == "" || hasRole(facts, addressee) || facts[first].Role != sender {
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
	setRole(facts, pick, addressee)
	lineTwin(facts, text, cands[pick].start, pick)
}

// lineTwin gives the role of facts[pick] to its name in the other
// script on the same line (an addressee block "Ms. X / الفاضلة/ س").
func lineTwin(facts []Fact, text string, at, pick int) {
	line := text[strings.LastIndexByte(text[:at], '\n')+1:]
	if e := strings.IndexByte(line, '\n'); e >= 0 {
		line = line[:e]
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && i != pick && f.EntityType == facts[pick].EntityType &&
			hasArabic(f.Value) != hasArabic(facts[pick].Value) && strings.Contains(line, f.Value) {
			setRole(facts, i, facts[pick].Role)
		}
	}
}

// Family E (employment): in an offer of employment or an employment
// contract (a party is the employee), the company that employs is the
// employer however it is introduced: the letterhead, 'X LLC (the
// "Company")', الطرف الأول defined as "الشركة". Earlier rules gave such a
// company no role, or first_party, so "The Company shall pay" bound no
// one or the first party.
var reCompanyDef = regexp.MustCompile(`^[^\n]{0,200}?(?:\(\s*(?:the\s+)?["“]?\s*Company\s*["”]?\s*\)|(?:hereinafter|referred\s+to\s+as)[^\n]{0,20}["“]Company["”]|(?:يشار|ويشار|يسمى|ويسمى|تسمى|وتسمى)[^\n]{0,30}?["“«]الشركة["”»]|\(\s*["“«]الشركة["”»]\s*\))`)

// employmentRoles applies family E: the first company of no role, and
// every company defined as the Company (its name in each script).
func employmentRoles(facts []Fact, cands []candidate, text, subtype string) {
	if subtype != "employment_letter" && !hasRole(facts, "employee") || hasRole(facts, "employer") {
		return
	}
	set := false
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		defined := reCompanyDef.MatchString(text[cands[i].end:])
		switch {
		case defined && (f.Role == "" || f.Role == "company" || f.Role == "issuer" || f.Role == "first_party"):
		case !set && (f.Role == "company" || f.Role == "" && hasRole(facts, "employee")):
		default:
			continue // a company with no role in a letter: family L's
		}
		setRole(facts, i, "employer")
		set = true
	}
}

// Family O-L (a duty in a lead-in list): the list under "The Client
// shall:" or "يلتزم المقاول بما يلي:" may be numbered ("1.", "١)", "(2)")
// as well as lettered; a numbered list starts at one and counts up, so a
// clause numbered after a lettered list ("6. WARRANTY") is no item.
var reNumberedItem = regexp.MustCompile(`^\s*(?:([0-9٠-٩]{1,2})\s*[.)\-–]|\(\s*([0-9٠-٩]{1,2})\s*\))\s+`)

// numberedItem is a numbered item's number and where its text starts.
func numberedItem(line string) (n, at int, ok bool) {
	m := reNumberedItem.FindStringSubmatchIndex(line)
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
	reArWe = regexp.MustCompile(`(?:^|[\s،,:؛(])و?ن(?:لتزم|تعهد)(?:\s+نحن((?:\s+[^\s،,]+){0,6}))?[\s،,]*$`)
	// Family O-G (a guarantee's writer): in a guarantee or bond, "we,
	// X Bank, ... irrevocably undertake to pay" / "نتعهد نحن بنك X" binds
	// the guarantor, whatever role the bank's own line is given.
	reGuaranteeTitleRolesByDoctype = regexp.MustCompile(`(?i)\b(?:guarantee|bond)\b|ضمان|كفالة`)
	reWeUndertake                  = regexp.MustCompile(`(?i)\bwe\b[^.;:]{0,200}$`)
	reUndertakeTail                = regexp.MustCompile(`(?i)\b(?:undertake|guarantee)(?:\s+to)?\s*$`)
	reUndertakeHead                = regexp.MustCompile(`(?i)^(?:(?:hereby|irrevocably|unconditionally|and)\s*,?\s+)*(?:undertake|guarantee)\b`)
	// Family O-Y: "لا يجوز لكم خصم ..." (you may not) binds the addressee,
	// as "يجب عليكم" does.
	reArYouTo = regexp.MustCompile(`^(?:لكم|لك|لكِ|لكما)\s`)
	// Family O-P (Arabic passive with an agent): "يتم جمع النفايات من قبل
	// المقاول", "تدفع التكاليف من قبل المورد": the agent is bound, as
	// "shall be paid by the Buyer" binds the buyer.
	reArAgent = regexp.MustCompile(`(?:من\s+قِ?بَ?لِ?|من\s+جانب|بواسطة)\s+(\p{Arabic}+(?:\s+\p{Arabic}+)?)`)
	// Family O-A (a subject, then an aside): "The Contractor, through its
	// site supervisor, shall sign ...", "The Supplier, at its own cost,
	// shall ...": the subject before the aside is bound.
	reAside = regexp.MustCompile(`^\s*(?:[0-9٠-٩]+(?:\.[0-9٠-٩]+)*\.?\s+|\([a-z0-9]+\)\s+)?([A-Z][^,;:\n]{1,60}?)\s*,[^,;:\n]{2,80},\s*$`)
	// Family O-T (a role word that is a thing): "The Owner's Manual shall
	// be kept in the cab": a thing of a party's, in a passive that names
	// no agent, binds no one; the party's people ("The Contractor's
	// staff shall") are the party's.
	rePossessiveThingRolesByDoctype = regexp.MustCompile(`(?i)\b[a-z]+['’]s\s+([a-z]+)\s*(?:shall|must|will|is\s+to|are\s+to)?\s*$`)
	// Family O-P2 (a passive whose agent ends the clause): "The contract
	// shall be registered with Seeb Municipality by the First Party".
	rePassiveAgentLate = regexp.MustCompile(`(?i)\b(?:shall|must|will|is\s+to|are\s+to)\s+be\s+[a-z]+(?:ed|en|id|t)\b[^.;:]{0,80}?\bby\s+((?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}(?:['’]s\s+[a-z]+(?:\s+[a-z]+)?)?)\s*[.,;]?\s*$`)
	rePeopleWord       = regexp.MustCompile(`(?i)^(?:staff|personnel|employees|workers|people|team|representatives?|agents?|subcontractors?|officers|drivers|guards|cleaners|engineers|technicians|crew|managers?|supervisors?|director|directors)$`)
)

// duties applies the families above to the obligations found.
func (x *clauseExtractor) duties() {
	text := x.a.text
	for i := range x.obls {
		o := &x.obls[i]
		if o.start < 0 || o.clauseStart < o.start || o.clauseEnd > len(text) {
			continue
		}
		subj := text[o.start:o.clauseStart]
		clause := text[o.start:o.clauseEnd]
		switch {
		case o.o.PartyRole == "" && reArWe.MatchString(subj):
			m := reArWe.FindStringSubmatch(subj)
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
				} else if reGuaranteeTitleRolesByDoctype.MatchString(text[:min(len(text), 300)]) {
					o.o.PartyRole, o.o.Party = "guarantor", writer.Value
				}
			} else if p, ok := x.weParty("", "we"); ok && p.role != "" {
				o.o.PartyRole, o.o.Party = p.role, "نحن"
			} else {
				o.o.PartyRole, o.o.Party = "issuer", "نحن"
			}
		case o.o.PartyRole == "" && reWeUndertake.MatchString(subj) && reGuaranteeTitleRolesByDoctype.MatchString(text[:min(len(text), 300)]) &&
			(reUndertakeHead.MatchString(o.o.Action) || reUndertakeTail.MatchString(subj)):
			o.o.PartyRole, o.o.Party = "guarantor", "we"
		case o.o.PartyRole == "" && x.you != "" && reArYouTo.MatchString(o.o.Action):
			o.o.PartyRole, o.o.Party = x.you, "أنتم"
		case o.o.PartyRole == "" && hasArabic(clause):
			if m := reArAgent.FindStringSubmatch(clause); m != nil {
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
			if m := reAside.FindStringSubmatch(subj); m != nil {
				if p, ok := x.partyIn(m[1]); ok && p.role != "" {
					o.o.PartyRole, o.o.Party = p.role, p.text
				}
			} else if m := rePassiveAgentLate.FindStringSubmatch(clause); m != nil {
				if p, ok := x.partyIn(m[1]); ok && p.role != "" {
					o.o.PartyRole, o.o.Party = p.role, p.text
				}
			}
		default:
			if m := rePossessiveThingRolesByDoctype.FindStringSubmatch(subj); m != nil && !rePeopleWord.MatchString(m[1]) &&
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
var reEachAParty = regexp.MustCompile(`(?i)\(\s*each\s+(?:a|being\s+a|of\s+them\s+a)\s+["“]?party["”]?|\(\s*(?:ويشار\s+)?(?:إلى\s+)?كل\s+منهما\s+(?:بـ\s*)?["“«]?(?:ال)?طرف`)

// eachAPartyRoles applies family N2.
func eachAPartyRoles(facts []Fact, cands []candidate, text string) {
	for _, m := range reEachAParty.FindAllStringIndex(text, -1) {
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
func labelTwinRoles(facts []Fact, cands []candidate, text string) {
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
			setRole(facts, i, facts[twin].Role)
		}
	}
}

// Family I2 (a tender or RFQ sent to one bidder): the company named at
// the head, under the title, is the issuer (also when it defines itself
// "the Company"), and the company after "To:" is the bidder it invites.
var reToLabel = regexp.MustCompile(`(?i)(?:^|\n)[ \t*_]*(?:to|إلى)[ \t*_]*[:：][ \t*_]*$`)

// tenderRoles applies family I2.
func tenderRoles(facts []Fact, cands []candidate, text, docType string) {
	if docType != "tender" {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first >= 0 && facts[first].Role == "" && facts[first].EntityType != "person" && !hasRole(facts, "issuer") &&
		strings.Count(text[:cands[first].start], "\n") <= 2 {
		setRole(facts, first, "issuer")
	}
	if !hasRole(facts, "issuer") {
		return
	}
	for i, f := range facts {
		if f.Type == TypeParty && f.Role == "" && f.EntityType != "person" && reToLabel.MatchString(text[max(0, cands[i].start-40):cands[i].start]) {
			setRole(facts, i, "bidder")
		}
	}
}

// Family M (minutes): the body that meets, named at the head of minutes
// ("MINUTES OF THE BOARD MEETING" over "Bahja Foods SAOG", "الجهة: شركة
// X"), is their issuer; the people present, and the posts they hold in
// brackets ("(Director)", "(عضو)"), have no role.
var reMinutesTitle = regexp.MustCompile(`(?i)^[\s#*_]*(?:minutes\b|extract\s+of\s+(?:the\s+)?minutes\b|محضر\s+(?:اجتماع|الاجتماع))`)

// minutesRoles applies family M.
func minutesRoles(facts []Fact, cands []candidate, text string) {
	if !reMinutesTitle.MatchString(text) {
		return
	}
	first := -1
	for i, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && (first < 0 || cands[i].start < cands[first].start) {
			first = i
		}
	}
	if first >= 0 && facts[first].Role == "" && !hasRole(facts, "issuer") && strings.Count(text[:cands[first].start], "\n") <= 3 {
		setRole(facts, first, "issuer")
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
var reRepresentedByDef = regexp.MustCompile(`(?i)(?:\brepresented\s+(?:herein\s+)?by\b|\bacting\s+through\b|ويمثلها|ويمثله)[^()\n]{0,60}$`)

// representativeRoles applies family PE-R.
func representativeRoles(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType != "person" || f.Role == "" || guidelineRoles[f.Role] && f.Role == "employee" {
			continue
		}
		if reRepresentedByDef.MatchString(text[max(0, cands[i].start-80):cands[i].start]) {
			facts[i].Role, facts[i].Key, facts[i].Label = "", "party", "Party"
		}
	}
}
