package documentfacts

import (
	"regexp"
	"strings"
)

// Parties and their obligations' roles, session 24 (issue 29,
// docs/documents.md "Issue 29, session 24: obligations, requirements and
// parties (obl24)").

// Family B (convention 68): a bank's facility, loan or offer letter
// names the bank the lender and its customer the borrower, in party
// lines and obligations alike, whatever words the letter uses for them
// ("the Bank", "the Customer", "the Client", البنك، المصرف، العميل).
var (
	reBankName24    = regexp.MustCompile(`(?i)\bbank\b|\bbanque\b|بنك|مصرف`)
	reFacility24    = regexp.MustCompile(`(?i)\b(?:credit\s+)?facilit(?:y|ies)\b|\bloan\b|\bfinancing\b|\bterm\s+finance\b|تسهيلات|قرض|تمويل`)
	bankRoles24     = map[string]bool{"": true, "bank": true, "supplier": true, "issuer": true, "sender": true, "seller": true}
	customerRoles24 = map[string]bool{"customer": true, "client": true, "addressee": true}
)

// bankLetter24: the text is a bank's facility, loan or offer letter: a
// facility word in its opening and a bank among its parties.
func bankLetter24(facts []Fact, text string) bool {
	head := text[:min(len(text), 1500)]
	if !reFacility24.MatchString(head) {
		return false
	}
	for _, f := range facts {
		if f.Type == TypeParty && f.EntityType != "person" && (f.Role == "bank" || f.Role == "lender" || reBankName24.MatchString(f.Value) && bankRoles24[f.Role]) {
			return true
		}
	}
	return false
}

// bankLetterRoles24 applies family B to the party lines.
func bankLetterRoles24(facts []Fact, text string) {
	if !bankLetter24(facts, text) {
		return
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.EntityType == "person" {
			continue
		}
		switch {
		case f.Role == "bank" || reBankName24.MatchString(f.Value) && bankRoles24[f.Role]:
			setRole16(facts, i, "lender")
		case customerRoles24[f.Role] && !reBankName24.MatchString(f.Value):
			setRole16(facts, i, "borrower")
		}
	}
}

// bankLetterDuties24 applies family B to the obligations: the bank's
// are the lender's, the customer's the borrower's.
func (x *clauseExtractor) bankLetterDuties24() {
	if !bankLetter24(x.parties, x.a.text) {
		return
	}
	for i := range x.obls {
		o := &x.obls[i].o
		p := strings.TrimSpace(strings.TrimPrefix(lowerASCII(o.Party), "the "))
		switch {
		case o.PartyRole == "bank" || o.PartyRole == "" && (p == "bank" || p == "البنك" || p == "المصرف"):
			o.PartyRole = "lender"
		case customerRoles24[o.PartyRole] || o.PartyRole == "" && (p == "العميل" || p == "customer" || p == "client"):
			o.PartyRole = "borrower"
		}
	}
}
