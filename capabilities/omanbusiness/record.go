package omanbusiness

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"regexp"
	"strings"
	"time"

	"dalil/internal/names"
)

// SourceType says what kind of source stated a record. Its trust
// (Authority) follows from it and from nothing else.
type SourceType string

// Source types (reference service, Part 2 §2a). Demo is only ever given
// to synthetic rows: the importer refuses it for real data and forces it
// on rows imported as synthetic.
const (
	SourceGovernment            SourceType = "government"
	SourcePublicRegistry        SourceType = "public_registry"
	SourceTaxAuthority          SourceType = "tax_authority"
	SourceGovernmentProcurement SourceType = "government_procurement"
	SourceCompanyWebsite        SourceType = "company_website"
	SourceLicensedFeed          SourceType = "licensed_feed"
	SourceDirectory             SourceType = "directory"
	SourceNews                  SourceType = "news"
	SourceOther                 SourceType = "other"
	SourceAdminManual           SourceType = "admin_manual"
	SourceDemo                  SourceType = "demo"
)

// SourceTypes lists every source type, most trusted first.
var SourceTypes = []SourceType{SourceGovernment, SourcePublicRegistry, SourceTaxAuthority, SourceGovernmentProcurement,
	SourceCompanyWebsite, SourceLicensedFeed, SourceDirectory, SourceNews, SourceOther, SourceAdminManual, SourceDemo}

// Authority is a source type's trust, 0 to 1 (reference §2a): registries
// and the tax authority 1.00, government procurement 0.95, the company's
// own website 0.80, licensed feeds 0.75, directories 0.50, news and other
// 0.40, manual entry 0.20, demo 0.10. Unknown types count as other.
func Authority(t SourceType) float64 {
	switch t {
	case SourceGovernment, SourcePublicRegistry, SourceTaxAuthority:
		return 1.00
	case SourceGovernmentProcurement:
		return 0.95
	case SourceCompanyWebsite:
		return 0.80
	case SourceLicensedFeed:
		return 0.75
	case SourceDirectory:
		return 0.50
	case SourceAdminManual:
		return 0.20
	case SourceDemo:
		return 0.10
	}
	return 0.40
}

// Verification statuses of a source or a merged record.
const (
	VerVerified    = "verified"
	VerReported    = "reported"
	VerEstimated   = "estimated"
	VerInferred    = "inferred"
	VerStale       = "stale"
	VerConflicting = "conflicting"
	VerUnknown     = "unknown"
)

// StaleAfter is the age past which a source's statement is stale (and
// the record earns the STALE_SOURCE_DATA flag).
const StaleAfter = 365 * 24 * time.Hour

// Verification is a source's verification status at now: demo is
// unknown (never evidence), older than StaleAfter is stale, otherwise by
// authority: ≥0.9 verified, ≥0.6 reported, ≥0.3 estimated, else inferred.
func Verification(t SourceType, observed, now time.Time) string {
	if t == SourceDemo {
		return VerUnknown
	}
	if now.Sub(observed) > StaleAfter {
		return VerStale
	}
	switch a := Authority(t); {
	case a >= 0.9:
		return VerVerified
	case a >= 0.6:
		return VerReported
	case a >= 0.3:
		return VerEstimated
	}
	return VerInferred
}

// Company statuses.
const (
	StatusActive    = "active"
	StatusInactive  = "inactive"
	StatusSuspended = "suspended"
	StatusUnknown   = "unknown"
)

// Activity is one registered activity: a code (ISIC rev. 4 or the
// registry's own) and its description, either of which may be empty.
type Activity struct {
	Code        string `json:"code,omitempty"`
	Description string `json:"description,omitempty"`
}

// String is "code description".
func (a Activity) String() string { return strings.TrimSpace(a.Code + " " + a.Description) }

// Record is what one source states about one company: one row of an
// imported file. Empty strings are "not stated".
type Record struct {
	Source     string     // the import's source name (--source)
	RecordID   string     // the row's id in that source
	Batch      string     // the import that wrote it
	License    string     // the terms of that import
	SourceType SourceType // what kind of source
	SourceURL  string
	ObservedAt time.Time // when the source stated it
	Synthetic  bool      // demo data: never evidence

	CRNumber         string // digits only (NormalizeCR)
	NameEn, NameAr   string
	LegalForm        string
	Status           string // active, inactive, suspended, unknown or ""
	RegistrationDate string // YYYY-MM-DD
	Industry         string
	Activities       []Activity
	Governorate      string // gazetteer English name
	Wilayat          string // gazetteer English name
	Address          string
	Website          string
	Email            string
	Phone            string // E.164
}

// Name is the record's display name: English, else Arabic.
func (r *Record) Name() string {
	if r.NameEn != "" {
		return r.NameEn
	}
	return r.NameAr
}

// CompanyID is the id of the company a record belongs to. Records with
// the same CR number are one company ("OM-CR-" + the number); a record
// without one is a company of its own ("OM-R-" + a hash of its source
// and record id). Two records are never joined by name: two companies
// with one name and different CR numbers stay apart.
func (r *Record) CompanyID() string {
	if r.CRNumber != "" {
		return "OM-CR-" + r.CRNumber
	}
	h := sha256.Sum256([]byte(r.Source + "\x00" + r.RecordID))
	return "OM-R-" + hex.EncodeToString(h[:6])
}

var crPunct = strings.NewReplacer(" ", "", "-", "", ".", "", "/", "", "\u00a0", "")
var crDigits = regexp.MustCompile(`^[0-9]{4,10}$`)

// NormalizeCR returns a commercial registration number as digits, with
// spaces, dashes, dots and slashes removed and Arabic-Indic (and other
// decimal) digits read as ASCII (names.FoldDigits), and whether it has the
// shape of an Omani CR number: 4 to 10 digits (the Ministry of Commerce,
// Industry and Investment Promotion issues 7-digit numbers today; older
// registrations are shorter).
func NormalizeCR(s string) (string, bool) {
	s = names.FoldDigits(crPunct.Replace(strings.TrimSpace(s)))
	return s, crDigits.MatchString(s)
}

// Domain is the host of a website given as a URL or a bare domain, lower
// case, without "www."; "" when it is neither.
func Domain(website string) string {
	s := strings.TrimSpace(website)
	if s == "" {
		return ""
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, err := url.Parse(s)
	if err != nil || u.Hostname() == "" || !strings.Contains(u.Hostname(), ".") {
		return ""
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return ""
	}
	h := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	return strings.TrimPrefix(h, "www.")
}

// RegistrableDomain is a domain without its subdomains: the last two
// labels, or three under a two-letter country's second level (co.om,
// com.om, gov.om, net.om, org.om, co.uk ...).
func RegistrableDomain(domain string) string {
	labels := strings.Split(strings.ToLower(domain), ".")
	if len(labels) <= 2 {
		return strings.Join(labels, ".")
	}
	n := len(labels)
	if len(labels[n-1]) == 2 && (len(labels[n-2]) <= 3 || labels[n-2] == "gov") {
		return strings.Join(labels[n-3:], ".")
	}
	return strings.Join(labels[n-2:], ".")
}
