package suppliercheck

import (
	"strings"

	"dalil/capabilities/omanbusiness"
	"dalil/internal/names"

	"github.com/nyaruka/phonenumbers"
)

// normalized is the input as the checks read it.
type normalized struct {
	name, normName       string
	variants             []string
	cr                   string // digits, when it has a CR's shape; else as given
	crValid              bool
	website, siteDomain  string
	email, emailDomain   string
	freeEmail            bool
	phone                *phone
	address, requirement string
}

type phone struct {
	input, e164, national string
	isOman                bool
	lineType              string
	explicitForeign       bool
}

// freeEmailDomains are consumer mailbox providers: an address there says
// nothing about the company's domain.
var freeEmailDomains = map[string]bool{
	"gmail.com": true, "googlemail.com": true, "yahoo.com": true, "yahoo.co.uk": true, "hotmail.com": true, "outlook.com": true,
	"live.com": true, "msn.com": true, "icloud.com": true, "me.com": true, "aol.com": true, "proton.me": true, "protonmail.com": true,
	"gmx.com": true, "mail.com": true, "yandex.com": true, "zoho.com": true, "omantel.net.om": true,
}

func normalize(in Input) normalized {
	n := normalized{name: strings.TrimSpace(in.CompanyName)}
	n.normName = names.Normalize(n.name).String()
	n.variants = []string{n.normName}
	if cr := strings.TrimSpace(in.CRNumber); cr != "" {
		n.cr, n.crValid = omanbusiness.NormalizeCR(cr)
		if !n.crValid {
			n.cr = cr
		}
	}
	if w := strings.TrimSpace(in.Website); w != "" {
		n.siteDomain = omanbusiness.Domain(w)
		n.website = w
		if !strings.Contains(w, "://") {
			n.website = "https://" + w
		}
	}
	if e := strings.ToLower(strings.TrimSpace(in.Email)); e != "" {
		n.email = e
		if at := strings.LastIndexByte(e, '@'); at >= 0 {
			n.emailDomain = strings.TrimPrefix(e[at+1:], "www.")
			n.freeEmail = freeEmailDomains[n.emailDomain]
		}
	}
	if p := strings.TrimSpace(in.Phone); p != "" {
		n.phone = parsePhone(p)
	}
	n.address = strings.TrimSpace(in.Address)
	n.requirement = strings.TrimSpace(in.RequiredProductOrService)
	return n
}

// parsePhone reads a phone number written the Omani way (8 digits, +968,
// 00968) or internationally; placeholder X and * are not digits.
func parsePhone(s string) *phone {
	p := &phone{input: s, lineType: "unknown"}
	t := s
	if strings.HasPrefix(t, "00") {
		t = "+" + t[2:]
	}
	p.explicitForeign = strings.HasPrefix(t, "+") && !strings.HasPrefix(strings.ReplaceAll(t, " ", ""), "+968")
	num, err := phonenumbers.Parse(t, "OM")
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return p
	}
	p.e164 = phonenumbers.Format(num, phonenumbers.E164)
	p.national = phonenumbers.GetNationalSignificantNumber(num)
	p.isOman = phonenumbers.GetRegionCodeForNumber(num) == "OM"
	switch phonenumbers.GetNumberType(num) {
	case phonenumbers.MOBILE:
		p.lineType = "mobile"
	case phonenumbers.FIXED_LINE:
		p.lineType = "landline"
	}
	return p
}
