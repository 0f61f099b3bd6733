package documentfacts

import (
	"regexp"
	"strings"
)

// Issue 29, session 17, round 15 (heldout12 as development data):
// parties and the parties of obligations that earlier rounds missed
// (docs/documents.md, "round 15, parties, obligations and requirements
// from heldout12").

// Class P1: the author of a call, RFQ or pre-qualification that defines
// itself by its kind and invites after its address ('X SAOC (the
// "Company"), of P.O. Box 1, Nizwa, invites experienced operators to
// express their interest') is the issuer, as it is when "invites"
// follows its name at once (parties.go's reInvites).
var reKindInvites = regexp.MustCompile(`(?i)^\s*\(\s*(?:the\s+)?["“]\s*(?:the\s+)?[A-Z][A-Za-z]+\s*["”]\s*\)\s*,[^()\n]{0,240}?,\s*(?:hereby\s+)?(?:invites|is\s+inviting|requests|calls\s+(?:upon|for))\s`)

// kindIssuerRoles applies class P1 to the parties no rule gave a role.
func kindIssuerRoles(facts []Fact, cands []candidate, text string) {
	if !requirementContext(text).selecting {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" || i >= len(cands) {
			continue
		}
		after := text[cands[i].end:min(len(text), cands[i].end+400)]
		if j := strings.Index(after, "\n\n"); j >= 0 {
			after = after[:j]
		}
		if reKindInvites.MatchString(strings.ReplaceAll(after, "\n", " ")) {
			facts[i].Role, facts[i].Key, facts[i].Label = "issuer", "issuer", "Issuer"
		}
	}
}

// Class P2: in a contract, a party defined by the kind of body it is
// ('X Co. K.S.C.C. (the "Hospital")', '("the University")') while the
// other party has a role is a party whose role word is that kind, as the
// key specification keeps role words as written (heldout9 keeps hotel
// and school, round 14 company): earlier rules read such a word as a
// name's kind and gave no role.
var (
	reBodyKindDef   = regexp.MustCompile(`^[^()\n]{0,160}?\(\s*(?:the\s+)?["“]\s*(?:the\s+)?(Hospital|Clinic|University|College|Institute|Academy|Club|Association|Society|Foundation|Fund|Bank|Hotel|Museum|Library|Centre|Center|Municipality)\s*["”]\s*\)`)
	reArBodyKindDef = regexp.MustCompile(`^[^()\n]{0,200}?\(\s*(?:ويشار\s+إلي(?:ه|ها)\s+(?:فيما\s+(?:بعد|يلي)\s+)?بـ?\s*)?["“«]\s*(المستشفى|الجامعة|الكلية|المعهد|النادي|الجمعية|الصندوق|البنك|المصرف|الفندق|المتحف)\s*["”»]\s*\)`)
	arBodyKindRole  = map[string]string{"المستشفى": "hospital", "الجامعة": "university", "الكلية": "college", "المعهد": "institute",
		"النادي": "club", "الجمعية": "association", "الصندوق": "fund", "البنك": "bank", "المصرف": "bank", "الفندق": "hotel", "المتحف": "museum"}
)

// bodyKindRoles applies class P2, in the documents companyKindRoles
// reads (a contract, no commercial document).
func bodyKindRoles(facts []Fact, cands []candidate, text string) {
	if !contractWithRoledFirm(facts, text) || requirementContext(text).selecting {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" || i >= len(cands) {
			continue
		}
		after := text[cands[i].end:]
		role := ""
		if m := reBodyKindDef.FindStringSubmatch(after); m != nil && !hasArabic(f.Value) {
			if reDefRoleWordBetween.MatchString(after[:strings.Index(after, m[1])-strings.Index(after[:strings.Index(after, m[1])], "(")]) {
				continue
			}
			role = lowerASCII(m[1])
			if role == "center" {
				role = "centre"
			}
		} else if m := reArBodyKindDef.FindStringSubmatch(after); m != nil && hasArabic(f.Value) {
			role = arBodyKindRole[m[1]]
		}
		if role == "" {
			continue
		}
		facts[i].Role, facts[i].Key, facts[i].Label = role, role, strings.ToUpper(role[:1])+role[1:]
	}
}

// Class P3: a writer that defines itself "we" in its definition
// ('Mansoori Tax Advisers LLC ("we", the "Adviser")', '(hereinafter "we"
// or "us")'): "We shall prepare the return" binds that party, whatever
// the document's kind (weParty otherwise reads a bare "We" as an issuer
// or a guarantor only).
var reWeDefined = regexp.MustCompile(`(?i)^[^()\n]{0,40}\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+)?)?["“]\s*(?:we|us)\s*["”]`)

// weDefinedParty: the party class P3 names, if one.
func (x *clauseExtractor) weDefinedParty() (clauseParty, bool) {
	text := x.a.text
	for _, p := range x.parties {
		if p.Role == "" || len(p.Value) < 4 {
			continue
		}
		for _, at := range occurrences(text, p.Value) {
			if reWeDefined.MatchString(text[at+len(p.Value) : min(len(text), at+len(p.Value)+120)]) {
				return clauseParty{"We", p.Role}, true
			}
		}
	}
	return clauseParty{}, false
}

// Class P4: role words heldout12's writer defines that no lexicon had:
// a subscriber (المشترك, defined as such: the bare word is also the
// adjective "joint"), a valuer (المقيّم), an exhibitor. They join
// lexiconRoles through partyRoles (keywords.go) as the rounds before.
var rolesIssuerKindRoles = []struct {
	words []string
	role  string
}{
	{[]string{"subscriber", "المشترك"}, "subscriber"},
	{[]string{"valuer", "appraiser", "المقيم", "المثمن"}, "valuer"},
	{[]string{"exhibitor", "العارض"}, "exhibitor"},
}

// Class P5: an Arabic definition with no bracket read across line ends
// (wrappedDefinitions) is the name's only when no other organisation is
// named and no paragraph ends before it: a letter's addressee ("السادة/
// بنك X ش.م.ب" over its address) does not take the definition of the
// writer in the next paragraph ('يسر مكتب Y ذ.م.م (ويشار إليه فيما يلي
// بـ "المقيّم")'), which is Y's (the English rule's reOrg test).
func paragraphBetween(after string, at int) bool {
	before := after[:min(at, len(after))]
	return strings.Contains(before, "\n\n") || reArOrg.MatchString(before)
}

// Class P6: a letter that defines its reader ('شروط تكليفه من قبلكم
// (ويشار إليكم بـ "العميل")', '(referred to as "you" or the "Client")')
// gives that role to its addressee, the organisation named after السادة/
// or "To" at its head.
var (
	reYouDefinedAR  = regexp.MustCompile(`(?:ويشار|يشار|والمشار|المشار)\s+إليكم\s+(?:فيما\s+(?:يلي|بعد)\s+)?(?:بـ|ب)?\s*["“«]\s*(\p{Arabic}+(?:\s+\p{Arabic}+)?)\s*["”»]`)
	reYouDefinedEN  = regexp.MustCompile(`(?i)\(\s*(?:hereinafter\s+)?(?:referred\s+to\s+as\s+)?["“]you["”]\s*(?:,|or)\s*(?:the\s+)?["“](?:the\s+)?([A-Z][A-Za-z]+)["”]`)
	reAddresseeHead = regexp.MustCompile(`(?i)(?:^|\n)\s*(?:(?:إلى\s+)?(?:السادة|السيد|السيدة|الفاضل|الفاضلة)\s*/|to\s*:|messrs\.?)\s*$`)
)

// addresseeRoles applies class P6.
func addresseeRoles(facts []Fact, cands []candidate, text string) {
	role := ""
	if m := reYouDefinedAR.FindStringSubmatch(text); m != nil {
		role = roleOf(arRolePrefix(stripTashkeel(m[1])))
	} else if m := reYouDefinedEN.FindStringSubmatch(text); m != nil {
		role = lexRole(m[1])
	}
	if role == "" {
		return
	}
	for _, f := range facts {
		if f.Type == TypeParty && f.Role == role {
			return // the role is another party's already
		}
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType == "person" || i >= len(cands) {
			continue
		}
		if reAddresseeHead.MatchString(text[max(0, cands[i].start-40):cands[i].start]) {
			facts[i].Role, facts[i].Key, facts[i].Label = role, role, strings.ToUpper(role[:1])+role[1:]
			return
		}
	}
}

// Class O1: a sentence that opens with a prohibition joined by و ("ولا
// يجوز للمقيّم الإفصاح عن النتائج", "ولا يحق للمشترك") is a prohibition
// of its own, as one opening with لا يجوز is; reOblAR wants a space
// before لا, so the و is read as one (two spaces keep the offsets).
var reWaProhibition = regexp.MustCompile(`^(\s*(?:[0-9٠-٩]+[.\-)]\s*)?)و(لا\s+(?:يجوز|يحق)\s)`)

// waProhibition: t with class O1's opening و blanked.
func waProhibition(t string) string {
	if m := reWaProhibition.FindStringSubmatchIndex(t); m != nil {
		return t[:m[3]] + "  " + t[m[4]:]
	}
	return t
}

// Class O3: in a selecting document, those who will bid once chosen
// ("Each grantee shall sign the grant agreement", "Pre-qualified
// contractors shall provide a bid bond", "يلتزم المقاولون المؤهلون
// بتقديم ضمان عطاء", "shortlisted applicants") are bidders, as the
// applicants and the successful bidder are (heldout11's and heldout12's
// READMEs); a rule that read the sentence bound no one or the contractor.
var reLaterBidder = regexp.MustCompile(`(?i)\b(?:grantees?|awardees?|(?:pre-?qualified|shortlisted|short-listed)\s+(?:contractors|applicants|firms|companies|bidders|suppliers|consultants))\b|(?:ال)?(?:مقاولون|مقاولين|متقدمون|متقدمين|شركات)\s+(?:ال)?(?:مؤهلون|مؤهلين|مؤهلة)|(?:ال)?مستفيدون\s+من\s+(?:ال)?منح`)

// laterBidders applies class O3.
func (x *clauseExtractor) laterBidders() {
	if !requirementContext(x.a.text).selecting {
		return
	}
	for i := range x.obls {
		o := &x.obls[i]
		if o.o.PartyRole != "" && o.o.PartyRole != "contractor" {
			continue
		}
		from := max(o.start, min(o.focus, o.clauseStart))
		if m := reLaterBidder.FindStringIndex(x.a.text[from:o.clauseEnd]); m != nil && from+m[0] <= o.clauseStart+60 {
			o.o.PartyRole = "bidder"
		}
	}
}
