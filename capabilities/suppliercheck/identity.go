package suppliercheck

import (
	"fmt"
	"math"
	"strings"

	"dalil/capabilities/omanbusiness"
)

// Identity levels and their thresholds on the identity score.
const (
	Strong, Moderate, Weak, Unconfirmed = "strong", "moderate", "weak", "unconfirmed"
	nameMatchMin                        = 0.6
)

func levelFor(score float64) string {
	switch {
	case score >= 0.8:
		return Strong
	case score >= 0.6:
		return Moderate
	case score >= 0.3:
		return Weak
	}
	return Unconfirmed
}

const (
	crOther   = "cr_belongs_to_other_company"
	crDiffers = "registry_cr_differs"
)

// identity is the outcome of the identity check.
type identity struct {
	level, status, explanation string
	score                      float64
	confirmed                  bool
	candidate                  *omanbusiness.Company
	nameScore                  float64
	crConflict, crOwner        string
	ownerMismatch              bool // the name given is not the CR's recorded owner's
	corroborations             []string
	flags                      []Flag
}

// assessIdentity matches the supplier against the company records:
// the company registered under the CR number given (when its name
// matches), else the best name match (score ≥ 0.6). Its score: name
// (≥0.9: 0.40, ≥0.75: 0.25, else 0.10) + CR number equal 0.30 + website,
// email domain or phone equal to the record's 0.10 each (at most 0.20) +
// two or more real sources 0.10, times the trust of the best real source
// (≥0.9: 1.00, ≥0.5: 0.85, other: 0.70; demo only: 0.30, so demo data
// reaches weak at most); capped at 0.30 on a CR conflict and 0.79 when
// sources disagree on the name. Level: ≥0.80 strong, ≥0.60 moderate,
// ≥0.30 weak, else unconfirmed; identityConfirmed only for strong real
// evidence.
// want is what the identity check reads of the company records: the
// companies the supplier's name may name and the one its CR number is
// registered to.
func want(n normalized) omanbusiness.Want {
	w := omanbusiness.Want{Names: []string{n.name}}
	if n.crValid {
		w.CR = n.cr
	}
	return w
}

func assessIdentity(n normalized, cat *omanbusiness.Catalog, site *Website) identity {
	id := identity{corroborations: []string{}}
	var owner *omanbusiness.Company
	ownerScore := 0.0
	if n.crValid {
		if co, ok := cat.ByCR(n.cr); ok {
			owner = co
			ownerScore, _ = cat.MatchName(n.name, co)
		}
	}
	var best *omanbusiness.Company
	bestScore := 0.0
	for _, s := range cat.Search(omanbusiness.Query{Text: n.name}) {
		if s.MatchedBy == "cr_number" {
			continue
		}
		if s.NameScore >= nameMatchMin && s.NameScore > bestScore {
			best, bestScore = s.Company, s.NameScore
		}
	}
	switch {
	case owner != nil && ownerScore >= nameMatchMin:
		id.candidate, id.nameScore = owner, ownerScore
	case owner != nil:
		id.crConflict, id.crOwner, id.ownerMismatch = crOther, owner.Merged.Name(), true
		if best != nil && best.ID != owner.ID {
			id.candidate, id.nameScore = best, bestScore
		}
	default:
		id.candidate, id.nameScore = best, bestScore
		if best != nil && n.cr != "" && best.Merged.CRNumber != "" && best.Merged.CRNumber != n.cr {
			id.crConflict = crDiffers
		}
	}
	switch id.crConflict {
	case crOther:
		id.flags = append(id.flags,
			Flag{"CR_NUMBER_CONFLICT", "high", fmt.Sprintf("The company records hold CR number %s under a different company name (%q), not %q.", n.cr, id.crOwner, n.name)},
			Flag{"COMPANY_NAME_MISMATCH", "medium", "The submitted company name does not match the name recorded for the supplied CR number."})
	case crDiffers:
		id.flags = append(id.flags, Flag{"CR_NUMBER_CONFLICT", "medium", fmt.Sprintf("The matched company %q is recorded with a different CR number from the one supplied.", id.candidate.Merged.Name())})
	}
	selfDeclared := site != nil && site.Reachable && nameOnSite(site, []string{n.name})
	if id.candidate == nil {
		if id.crConflict == "" && selfDeclared {
			id.score = 0.3
			id.corroborations = append(id.corroborations, "company name published on its own website (self-declared)")
		}
		id.level = levelFor(id.score)
		sev := "low"
		if id.crConflict != "" {
			sev = "medium"
		}
		id.flags = append(id.flags, Flag{"IDENTITY_NOT_CONFIRMED", sev, "No company record could be confidently matched to the submitted company."})
		switch {
		case id.crConflict != "":
			id.status, id.explanation = Fail, "The supplied CR number belongs to a different company in the records, and no record matches the submitted name."
		case id.score > 0:
			id.status, id.explanation = Partial, "No company record matched; the only identity evidence is the supplier's own website presenting the submitted name (self-declared)."
		default:
			id.status, id.explanation = Unknown, "No company record matched the submitted name"+map[bool]string{true: " or CR number", false: ""}[n.cr != ""]+". This is not evidence that the company does not exist: the records cover only what the operator imported."
		}
		return id
	}
	co := id.candidate
	m := &co.Merged
	switch {
	case id.nameScore >= 0.9:
		id.score = 0.4
	case id.nameScore >= 0.75:
		id.score = 0.25
	default:
		id.score = 0.1
	}
	if n.crValid && m.CRNumber == n.cr {
		id.score += 0.3
		id.corroborations = append(id.corroborations, "CR number matches the company record")
	}
	regDomains := registryDomains(co)
	contact := 0.0
	if n.siteDomain != "" && regDomains[omanbusiness.RegistrableDomain(n.siteDomain)] {
		contact += 0.1
		id.corroborations = append(id.corroborations, "website domain matches the company record")
	}
	if n.emailDomain != "" && !n.freeEmail && regDomains[omanbusiness.RegistrableDomain(n.emailDomain)] {
		contact += 0.1
		id.corroborations = append(id.corroborations, "email domain matches the company record")
	}
	if n.phone != nil && n.phone.isOman && m.Phone != "" && m.Phone == n.phone.e164 {
		contact += 0.1
		id.corroborations = append(id.corroborations, "phone matches the company record")
	}
	id.score += math.Min(0.2, contact)
	if real, _ := co.Sources(); real >= 2 {
		id.score += 0.1
		id.corroborations = append(id.corroborations, fmt.Sprintf("%d independent real sources", real))
	}
	trust, trustLabel := 0.7, "lower-trust source"
	switch auth := co.MaxAuthority(); {
	case m.DemoOnly:
		trust, trustLabel = 0.3, "synthetic demo data only"
	case auth >= 0.9:
		trust, trustLabel = 1, "registry-grade source"
	case auth >= 0.5:
		trust, trustLabel = 0.85, "directory-grade source"
	}
	id.score *= trust
	if id.crConflict != "" {
		id.score = math.Min(id.score, 0.3)
	}
	if m.IdentityConflict {
		id.score = math.Min(id.score, 0.79)
		id.flags = append(id.flags, Flag{"REGISTRY_IDENTITY_CONFLICT", "low", "Sources of the matched company record its name differently; confirm it from the commercial registration certificate."})
	}
	id.score = math.Round(math.Min(1, id.score)*100) / 100
	id.level = levelFor(id.score)
	id.confirmed = id.level == Strong && !m.DemoOnly
	if m.DemoOnly {
		id.flags = append(id.flags, Flag{"DEMO_DATA_ONLY", "low", "The only record of this company is synthetic demo data, which is not a real source and confirms nothing."})
	}
	if m.Status == omanbusiness.StatusInactive || m.Status == omanbusiness.StatusSuspended {
		id.flags = append(id.flags, Flag{"SUPPLIER_STATUS_NOT_ACTIVE", "medium", fmt.Sprintf("The company records give the matched company's status as %q.", m.Status)})
	}
	if id.level == Weak || id.level == Unconfirmed {
		sev := "low"
		if id.crConflict != "" {
			sev = "medium"
		}
		id.flags = append(id.flags, Flag{"IDENTITY_NOT_CONFIRMED", sev, "The evidence does not confirm the supplier's identity strongly enough to rely on it for procurement."})
	}
	switch {
	case id.crConflict == crOther:
		id.status = Fail
	case id.level == Strong:
		id.status = Pass
	default:
		id.status = Partial
	}
	corr := "; no independent corroborating identifiers"
	if len(id.corroborations) > 0 {
		corr = "; corroborated by: " + strings.Join(id.corroborations, ", ")
	}
	id.explanation = fmt.Sprintf("Matched company %q (name-match score %.2f, %s)%s. Identity evidence is %s.", m.Name(), id.nameScore, trustLabel, corr, id.level)
	return id
}

// registryDomains are the registrable domains of a company's website and
// (non-free) email.
func registryDomains(co *omanbusiness.Company) map[string]bool {
	out := map[string]bool{}
	if co == nil {
		return out
	}
	if d := omanbusiness.Domain(co.Merged.Website); d != "" {
		out[omanbusiness.RegistrableDomain(d)] = true
	}
	if e := co.Merged.Email; e != "" {
		if at := strings.LastIndexByte(e, '@'); at >= 0 {
			d := strings.ToLower(e[at+1:])
			if !freeEmailDomains[d] {
				out[omanbusiness.RegistrableDomain(d)] = true
			}
		}
	}
	return out
}

// nameOnSite reports whether one of names appears on the website (its
// normalised form in the normalised page text).
func nameOnSite(site *Website, candidates []string) bool {
	return nameIn(site.Title+" "+site.Text, candidates)
}
