package suppliercheck

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"dalil/capabilities/omanbusiness"
	"dalil/internal/names"
	"dalil/internal/oman"
)

func bptr(b bool) *bool { return &b }

// website is the outcome of the website check.
type website struct {
	WebsiteCheck
	flags []Flag
}

// assessWebsite judges the inspected site (the one supplied, else the
// company record's). A site not supplied or not inspected is unknown and
// adds no risk.
func assessWebsite(n normalized, url, source string, site *Website, inspectErr error, inspected bool, cand *omanbusiness.Company, names []string) website {
	w := website{WebsiteCheck: WebsiteCheck{Status: Unknown, URL: opt(url), URLSource: opt(source)}}
	w.Execution = NotChecked
	switch {
	case url == "":
		w.Signals.WebsiteExists = bptr(false)
		w.Explanation = "No website was supplied or found in the company records. Many legitimate Omani suppliers have none; it is not a risk on its own."
		return w
	case !inspected:
		w.Explanation = fmt.Sprintf("A website (%s) was %s, but website inspection is not enabled on this server.", url, map[string]string{"supplied": "supplied", "registry": "found in the company records"}[source])
		return w
	case inspectErr != nil:
		w.Execution = Unavailable
		w.Explanation = "The website could not be inspected: " + inspectErr.Error() + "."
		w.flags = append(w.flags, Flag{"WEBSITE_UNREACHABLE", "low", "The website could not be reached during screening. This can be temporary and is not evidence of wrongdoing."})
		return w
	}
	w.Execution = Performed
	if site.Refused != "" {
		w.Explanation = "The website was not fetched: " + site.Refused + "."
		if !site.Insecure {
			// Never asked: nothing is known of the site, so no finding
			// and no evidence (the check is not_checked, status unknown).
			w.Execution, w.Status = NotChecked, Unknown
			return w
		}
		w.Status, w.Signals.HTTPS = Partial, bptr(false)
		w.flags = append(w.flags, Flag{"WEBSITE_NO_HTTPS", "low", "The website left HTTPS (a plain-http address or redirect), which was not followed."})
		return w
	}
	siteDomain := omanbusiness.RegistrableDomain(site.FinalDomain)
	requested := omanbusiness.RegistrableDomain(omanbusiness.Domain(url))
	var regDomain string
	if cand != nil {
		regDomain = omanbusiness.RegistrableDomain(omanbusiness.Domain(cand.Merged.Website))
	}
	s := &w.Signals
	s.WebsiteExists, s.HTTPS = bptr(site.Reachable), bptr(site.HTTPS)
	if siteDomain != "" {
		s.DomainMatchesCompanyName = bptr(slices.ContainsFunc(names, func(nm string) bool { return domainResembles(siteDomain, nm) }))
		if regDomain != "" {
			s.DomainMatchesRegistry = bptr(regDomain == siteDomain)
		}
		if requested != "" {
			s.RedirectedToDifferentDomain = bptr(siteDomain != requested)
		}
	}
	if !site.Reachable {
		w.Status = Partial
		w.flags = append(w.flags, Flag{"WEBSITE_UNREACHABLE", "low", fmt.Sprintf("The website answered with HTTP status %d.", site.Status)})
		w.Explanation = fmt.Sprintf("The website answered with HTTP status %d; its content could not be assessed.", site.Status)
		return w
	}
	s.CompanyNameOnWebsite = bptr(nameOnSite(site, names))
	s.CorporateEmailOnWebsite = bptr(slices.ContainsFunc(site.Emails, func(e string) bool {
		at := strings.LastIndexByte(e, '@')
		return at >= 0 && siteDomain != "" && omanbusiness.RegistrableDomain(strings.ToLower(e[at+1:])) == siteDomain
	}))
	s.PhoneOnWebsite = bptr(len(site.Phones) > 0)
	s.PhysicalAddressOnWebsite = bptr(mentionsOman(site.Title + " " + site.Text))
	domainOK := is(s.DomainMatchesCompanyName) || is(s.DomainMatchesRegistry)
	identityOK := is(s.CompanyNameOnWebsite) || is(s.DomainMatchesRegistry)
	offDomain := is(s.RedirectedToDifferentDomain) && !domainOK
	if (!is(s.CompanyNameOnWebsite) && !domainOK) || offDomain {
		w.Status = Fail
		msg := "The website neither presents the submitted company name nor uses a domain that corresponds to it."
		if offDomain {
			msg = "The supplied website redirects to a different domain that does not correspond to the company name."
		}
		w.flags = append(w.flags, Flag{"WEBSITE_IDENTITY_CONFLICT", "medium", msg})
		w.Explanation = "The website was reachable, but its content or domain does not correspond to the submitted company."
		return w
	}
	var found []string
	for _, f := range []struct {
		ok   *bool
		what string
	}{{s.CompanyNameOnWebsite, "company name"}, {s.CorporateEmailOnWebsite, "corporate email"}, {s.PhoneOnWebsite, "phone number"}, {s.PhysicalAddressOnWebsite, "Oman address or location"}} {
		if is(f.ok) {
			found = append(found, f.what)
		}
	}
	if identityOK && domainOK && (is(s.CorporateEmailOnWebsite) || is(s.PhoneOnWebsite)) && site.HTTPS {
		w.Status = Pass
	} else {
		w.Status = Partial
	}
	scheme := "HTTP"
	if site.HTTPS {
		scheme = "HTTPS"
	}
	if len(found) > 0 {
		w.Explanation = fmt.Sprintf("Website %s is reachable over %s and shows: %s.", siteDomain, scheme, strings.Join(found, ", "))
	} else {
		w.Explanation = fmt.Sprintf("Website %s is reachable over %s but shows little identifying or contact information.", siteDomain, scheme)
	}
	return w
}

func is(b *bool) bool { return b != nil && *b }

// domainResembles reports whether a domain's first label is made of the
// name's words (or their initials): alnoor-trading.om ~ Al Noor Trading.
func domainResembles(domain, name string) bool {
	label := strings.ReplaceAll(strings.SplitN(domain, ".", 2)[0], "-", "")
	words := strings.Fields(strings.ToLower(names.Normalize(name).String()))
	if len(label) < 3 || len(words) == 0 {
		return false
	}
	joined, initials := "", ""
	for _, w := range words {
		joined += w
		initials += w[:1]
	}
	if strings.Contains(joined, label) || strings.Contains(label, joined) || label == initials {
		return true
	}
	// the longest distinctive word (4+ letters) in the label
	for _, w := range words {
		if len(w) >= 4 && strings.Contains(label, w) {
			return true
		}
	}
	return false
}

var omanWords = regexp.MustCompile(`(?i)\boman\b|sultanate|سلطنة عمان|عُمان|\bp\.?\s?o\.?\s?box\b|\bpc\s?\d{3}\b`)

func mentionsOman(text string) bool {
	return omanWords.MatchString(text) || len(oman.Mentions(text)) > 0
}

// lookalike reports whether domain a imitates b: same length give or
// take one and at most two edits, or b's label inside a's with extra
// characters.
func lookalike(a, b string) bool {
	if a == b || a == "" || b == "" {
		return false
	}
	la, lb := strings.SplitN(a, ".", 2)[0], strings.SplitN(b, ".", 2)[0]
	if la == lb {
		return true // same name, another top-level domain
	}
	if d := editDistance(la, lb); d > 0 && d <= 2 && len(lb) >= 5 {
		return true
	}
	return len(lb) >= 5 && strings.Contains(la, lb) && len(la) <= len(lb)+8
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// contact is the outcome of the contact check.
type contact struct {
	status, explanation string
	flags               []Flag
	lookalike           string
	compared            int
}

// assessContacts compares the supplied email domain, phone and website
// with the company record's and the inspected website's.
func assessContacts(n normalized, cand *omanbusiness.Company, site *Website) contact {
	var c contact
	var notes []string
	consistent, mismatched := 0, 0
	refs := map[string]string{} // registrable domain -> where it came from
	if n.siteDomain != "" {
		refs[omanbusiness.RegistrableDomain(n.siteDomain)] = "the supplied website"
	}
	if site != nil && site.Reachable && site.FinalDomain != "" {
		refs[omanbusiness.RegistrableDomain(site.FinalDomain)] = "the inspected website"
	}
	for d := range registryDomains(cand) {
		refs[d] = "the company record"
	}
	var refList []string
	for d := range refs {
		refList = append(refList, d)
	}
	slices.Sort(refList)
	if n.emailDomain != "" {
		ed := omanbusiness.RegistrableDomain(n.emailDomain)
		switch {
		case n.freeEmail:
			c.flags = append(c.flags, Flag{"FREE_EMAIL_PROVIDER", "low", "The email uses a free mailbox provider, so it cannot corroborate a company domain. Common for small businesses; not a risk on its own."})
			notes = append(notes, "the email is a free mailbox")
		case len(refs) == 0:
			notes = append(notes, "no website or recorded domain to compare the email domain with")
		case refs[ed] != "":
			consistent++
			notes = append(notes, "the email domain matches "+refs[ed])
		default:
			mismatched++
			for _, d := range refList {
				if lookalike(ed, d) {
					c.lookalike = ed
					c.flags = append(c.flags, Flag{"LOOKALIKE_DOMAIN", "medium", fmt.Sprintf("The email domain %q closely resembles, but differs from, %q (%s). Confirm the right domain with the supplier directly.", ed, d, refs[d])})
					break
				}
			}
			c.flags = append(c.flags, Flag{"EMAIL_DOMAIN_MISMATCH", "medium", fmt.Sprintf("The email domain %q is not among the supplier's known domains (%s).", ed, strings.Join(refList, ", "))})
			notes = append(notes, "the email domain differs from the known domains")
		}
	}
	if p := n.phone; p != nil {
		switch {
		case !p.isOman && p.explicitForeign && len(digits(p.input)) >= 8:
			c.flags = append(c.flags, Flag{"PHONE_NOT_OMAN", "low", "The supplied phone number is not an Oman number."})
			notes = append(notes, "the phone is not an Oman number")
		case !p.isOman:
			notes = append(notes, "the phone number could not be read as a valid Oman number")
		default:
			known := map[string]bool{}
			if cand != nil && cand.Merged.Phone != "" {
				known[cand.Merged.Phone] = true
			}
			if site != nil {
				for _, ph := range site.Phones {
					known[ph] = true
				}
			}
			switch {
			case len(known) == 0:
				notes = append(notes, "no recorded or website phone to compare")
			case known[p.e164]:
				consistent++
				notes = append(notes, "the phone matches the company record or website")
			default:
				mismatched++
				c.flags = append(c.flags, Flag{"PHONE_MISMATCH", "low", "The supplied phone number is not in the company record or on the website. Companies often have several numbers; confirm through an independently sourced one."})
				notes = append(notes, "the phone differs from the recorded numbers")
			}
		}
	}
	if n.siteDomain != "" && cand != nil {
		if reg := omanbusiness.RegistrableDomain(omanbusiness.Domain(cand.Merged.Website)); reg != "" {
			sd := omanbusiness.RegistrableDomain(n.siteDomain)
			if reg == sd {
				consistent++
				notes = append(notes, "the supplied website matches the recorded website")
			} else {
				mismatched++
				if lookalike(sd, reg) && c.lookalike == "" {
					c.lookalike = sd
					c.flags = append(c.flags, Flag{"LOOKALIKE_DOMAIN", "medium", fmt.Sprintf("The supplied website domain closely resembles, but differs from, the recorded website %q.", reg)})
				}
				notes = append(notes, "the supplied website differs from the recorded website")
			}
		}
	}
	c.compared = consistent + mismatched
	switch {
	case c.compared == 0 && n.freeEmail:
		c.status = Partial
	case c.compared == 0:
		c.status = Unknown
	case mismatched == 0:
		c.status = Pass
	case consistent == 0:
		c.status = Fail
	default:
		c.status = Partial
	}
	if len(notes) == 0 {
		c.explanation = "No contact details were supplied to compare."
	} else {
		c.explanation = strings.ToUpper(notes[0][:1]) + strings.Join(notes, "; ")[1:] + "."
	}
	return c
}

// foreignPlaces are places outside Oman an address may name.
var foreignPlaces = regexp.MustCompile(`(?i)\b(dubai|abu dhabi|sharjah|ajman|united arab emirates|uae|saudi|riyadh|jeddah|dammam|qatar|doha|kuwait|bahrain|manama|india|pakistan|china|egypt|iran|yemen|united kingdom|usa|united states)\b|دبي|أبوظبي|الشارقة|الإمارات|السعودية|الرياض|قطر|الدوحة|الكويت|البحرين|اليمن`)

// address is the outcome of the address check.
type address struct {
	status, explanation string
	gov, wil            string
	flags               []Flag
}

// assessAddress places the supplied address in the gazetteer and compares
// it with the company record: same wilayat pass, same governorate
// partial, other governorate conflict (ADDRESS_MISMATCH), abroad
// conflict (ADDRESS_OUTSIDE_OMAN).
func assessAddress(n normalized, cand *omanbusiness.Company, site *Website) address {
	var a address
	if n.address == "" {
		a.status, a.explanation = Unknown, "No address was supplied, so address consistency was not assessed."
		return a
	}
	ms := oman.Mentions(n.address)
	govs := map[string]bool{}
	for _, m := range ms {
		g, _ := oman.LookupGovernorate(m.Governorate)
		govs[g.NameEn] = true
		if a.gov == "" {
			a.gov = g.NameEn
		}
		if m.Wilayat != "" && a.wil == "" {
			w, _ := oman.LookupWilayat(m.Governorate, m.Wilayat)
			a.wil, a.gov = w.NameEn, g.NameEn
		}
	}
	if len(ms) == 0 && foreignPlaces.MatchString(n.address) && !regexp.MustCompile(`(?i)\boman\b|عمان`).MatchString(n.address) {
		a.status, a.explanation = Conflict, "The supplied address appears to be outside Oman."
		a.flags = append(a.flags, Flag{"ADDRESS_OUTSIDE_OMAN", "low", "The supplied address appears to be outside Oman. The supplier may contract through a foreign entity; confirm which legal entity will sign."})
		return a
	}
	if cand != nil && (cand.Merged.Governorate != "" || cand.Merged.Wilayat != "") {
		m := &cand.Merged
		if m.Wilayat != "" && a.wil == m.Wilayat {
			a.status, a.explanation = Pass, fmt.Sprintf("The supplied address is in %s (%s), as the company record is.", m.Wilayat, m.Governorate)
			return a
		}
		if m.Governorate != "" && govs[m.Governorate] {
			a.status, a.explanation = Partial, fmt.Sprintf("The supplied address is in the same governorate (%s) as the company record, but the wilayat could not be matched.", m.Governorate)
			return a
		}
		if len(govs) > 0 && m.Governorate != "" {
			a.status, a.explanation = Conflict, "The supplied address and the company record point to different governorates."
			var list []string
			for g := range govs {
				list = append(list, g)
			}
			slices.Sort(list)
			a.flags = append(a.flags, Flag{"ADDRESS_MISMATCH", "medium", fmt.Sprintf("The supplied address (%s) is in a different governorate from the company record (%s). The supplier may have moved or have several branches.", strings.Join(list, ", "), m.Governorate)})
			return a
		}
	}
	if site != nil && site.Reachable {
		siteGovs := oman.GovernoratesIn(site.Title + " " + site.Text)
		for _, m := range ms {
			if slices.Contains(siteGovs, m.Governorate) {
				a.status, a.explanation = Partial, "The supplied address's governorate also appears on the supplier's website (self-declared, not a registry record)."
				return a
			}
		}
	}
	a.status, a.explanation = Unknown, "No independent address evidence was available to compare with the supplied address."
	return a
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
