package registry

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/provider/client"
)

// CompaniesHouseName is the provider's configuration name.
const CompaniesHouseName = "companies_house"

// DefaultCompaniesHouseURL is the public data API's base URL.
const DefaultCompaniesHouseURL = "https://api.company-information.service.gov.uk"

// companiesHousePage is where a person reads a company's record.
const companiesHousePage = "https://find-and-update.company-information.service.gov.uk/company/"

// CompaniesHouseConfig configures the Companies House client.
type CompaniesHouseConfig struct {
	// APIKey is the REST API key (sent as the basic-auth user name with an
	// empty password); empty leaves the client off.
	APIKey string
	// BaseURL defaults to DefaultCompaniesHouseURL.
	BaseURL string
	// TTL is the cache lifetime (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics; Name, Secrets and ErrorMessage are set
	// by NewCompaniesHouse. Companies House allows 600 requests per 5
	// minutes per key.
	HTTP client.Config
}

// CompaniesHouse is the UK Companies House client. A nil *CompaniesHouse
// is off.
type CompaniesHouse struct {
	base, key string
	ttl       time.Duration
	c         *client.Client
}

// NewCompaniesHouse returns the client, or nil when cfg has no API key.
func NewCompaniesHouse(cfg CompaniesHouseConfig) *CompaniesHouse {
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultCompaniesHouseURL
	}
	h := cfg.HTTP
	h.Name = CompaniesHouseName
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIKey)
	h.ErrorMessage = chError
	return &CompaniesHouse{base: base, key: cfg.APIKey, ttl: ttl(cfg.TTL), c: client.New(h)}
}

// Name is "companies_house".
func (ch *CompaniesHouse) Name() string { return CompaniesHouseName }

// Covers is true for GB (and "" is false: it is one country's register).
func (ch *CompaniesHouse) Covers(country string) bool { return strings.EqualFold(country, "GB") }

// chNumber is a company number: 8 characters, digits or a two-letter
// prefix (SC, NI, OC, …) and six digits.
var chNumber = regexp.MustCompile(`^[A-Z0-9]{2}[0-9]{6}$`)

// NormaliseNumber pads an all-digit number to 8 digits and upper-cases a
// prefixed one; ok is false when it cannot be a company number.
func NormaliseNumber(n string) (string, bool) {
	n = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(n), " ", ""))
	if n == "" || len(n) > 8 {
		return "", false
	}
	if _, err := strconv.Atoi(n); err == nil {
		n = strings.Repeat("0", 8-len(n)) + n
	}
	return n, chNumber.MatchString(n)
}

func (ch *CompaniesHouse) get(ctx context.Context, path string, v any, accept404 bool) (*client.Response, error) {
	h := http.Header{}
	h.Set("Authorization", "Basic "+basic(ch.key))
	req := client.Request{URL: ch.base + path, Header: h, TTL: ch.ttl}
	if accept404 {
		req.Accept = []int{http.StatusNotFound}
	}
	return ch.c.JSON(ctx, req, v)
}

// Search returns the companies whose names match q.Name (search results
// carry name, number, status, type, dates and address; Profile has the
// rest). A q.Country other than GB or "" answers nothing without a call.
func (ch *CompaniesHouse) Search(ctx context.Context, q Query) ([]Company, error) {
	if ch == nil {
		return nil, client.NotConfigured(CompaniesHouseName)
	}
	q = q.normalise()
	if q.Name == "" || (q.Country != "" && !ch.Covers(q.Country)) {
		return nil, nil
	}
	v := url.Values{}
	v.Set("q", q.Name)
	v.Set("items_per_page", strconv.Itoa(q.Max))
	var doc struct {
		Items *[]chCompany `json:"items"`
	}
	r, err := ch.get(ctx, "/search/companies?"+v.Encode(), &doc, false)
	if err != nil {
		return nil, err
	}
	if doc.Items == nil {
		return nil, ch.c.Malformed("search answer without items", nil)
	}
	out := make([]Company, 0, len(*doc.Items))
	for _, it := range *doc.Items {
		if c, ok := it.company(ch.base, r.RetrievedAt); ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// Profile returns the company profile of number (previous names, SIC
// codes, filing and insolvency facts included); found is false when the
// register has no such company or number cannot be one (no call then).
func (ch *CompaniesHouse) Profile(ctx context.Context, number string) (c Company, found bool, err error) {
	if ch == nil {
		return Company{}, false, client.NotConfigured(CompaniesHouseName)
	}
	n, ok := NormaliseNumber(number)
	if !ok {
		return Company{}, false, nil
	}
	var p chCompany
	r, err := ch.get(ctx, "/company/"+n, &p, true)
	if err != nil || r.Status == http.StatusNotFound {
		return Company{}, false, err
	}
	c, ok = p.company(ch.base, r.RetrievedAt)
	if !ok {
		return Company{}, false, ch.c.Malformed("company profile without company_number or company_name", nil)
	}
	return c, true, nil
}

// Officers returns the company's officers, current and resigned (the
// first page, up to 100); found is false as for Profile.
func (ch *CompaniesHouse) Officers(ctx context.Context, number string) (officers []Officer, found bool, err error) {
	if ch == nil {
		return nil, false, client.NotConfigured(CompaniesHouseName)
	}
	n, ok := NormaliseNumber(number)
	if !ok {
		return nil, false, nil
	}
	var doc struct {
		Items *[]struct {
			Name               string `json:"name"`
			OfficerRole        string `json:"officer_role"`
			AppointedOn        string `json:"appointed_on"`
			ResignedOn         string `json:"resigned_on"`
			Nationality        string `json:"nationality"`
			Occupation         string `json:"occupation"`
			CountryOfResidence string `json:"country_of_residence"`
		} `json:"items"`
	}
	r, err := ch.get(ctx, "/company/"+n+"/officers?items_per_page=100", &doc, true)
	if err != nil || r.Status == http.StatusNotFound {
		return nil, false, err
	}
	if doc.Items == nil {
		return nil, false, ch.c.Malformed("officer list without items", nil)
	}
	officers = []Officer{}
	for _, o := range *doc.Items {
		if strings.TrimSpace(o.Name) == "" {
			continue
		}
		officers = append(officers, Officer{Name: strings.TrimSpace(o.Name), Role: o.OfficerRole, Appointed: date(o.AppointedOn),
			Resigned: date(o.ResignedOn), Nationality: o.Nationality, Occupation: o.Occupation,
			CountryOfResidence: o.CountryOfResidence})
	}
	return officers, true, nil
}

// chCompany is both a search item and a company profile (the members
// used here; search items name the company "title").
type chCompany struct {
	CompanyNumber       string    `json:"company_number"`
	CompanyName         string    `json:"company_name"`
	Title               string    `json:"title"`
	CompanyStatus       string    `json:"company_status"`
	CompanyStatusDetail string    `json:"company_status_detail"`
	Type                string    `json:"type"`
	CompanyType         string    `json:"company_type"`
	Jurisdiction        string    `json:"jurisdiction"`
	DateOfCreation      string    `json:"date_of_creation"`
	DateOfCessation     string    `json:"date_of_cessation"`
	RegisteredOffice    chAddress `json:"registered_office_address"`
	Address             chAddress `json:"address"`
	SICCodes            []string  `json:"sic_codes"`
	PreviousNames       []struct {
		Name          string `json:"name"`
		EffectiveFrom string `json:"effective_from"`
		CeasedOn      string `json:"ceased_on"`
	} `json:"previous_company_names"`
	Accounts *struct {
		Overdue bool `json:"overdue"`
	} `json:"accounts"`
	ConfirmationStatement *struct {
		Overdue bool `json:"overdue"`
	} `json:"confirmation_statement"`
	HasInsolvencyHistory *bool `json:"has_insolvency_history"`
	HasBeenLiquidated    bool  `json:"has_been_liquidated"`
	HasCharges           bool  `json:"has_charges"`
}

type chAddress struct {
	Premises     string `json:"premises"`
	AddressLine1 string `json:"address_line_1"`
	AddressLine2 string `json:"address_line_2"`
	Locality     string `json:"locality"`
	Region       string `json:"region"`
	PostalCode   string `json:"postal_code"`
	Country      string `json:"country"`
}

func (p chCompany) company(base string, at time.Time) (Company, bool) {
	number := strings.TrimSpace(p.CompanyNumber)
	name := strings.TrimSpace(firstNonEmpty(p.CompanyName, p.Title))
	if number == "" || name == "" {
		return Company{}, false
	}
	c := Company{
		Source: CompaniesHouseName, URL: companiesHousePage + url.PathEscape(number),
		APIURL: base + "/company/" + url.PathEscape(number), RetrievedAt: at,
		Name: name, Number: number, Jurisdiction: p.Jurisdiction, Country: "GB",
		Status: chStatus(p.CompanyStatus), StatusDetail: firstNonEmpty(p.CompanyStatusDetail, p.CompanyStatus),
		LegalForm: firstNonEmpty(p.Type, p.CompanyType), Incorporated: date(p.DateOfCreation),
		Dissolved: date(p.DateOfCessation), Activities: p.SICCodes,
	}
	addr := p.RegisteredOffice
	if addr == (chAddress{}) {
		addr = p.Address
	}
	if addr != (chAddress{}) {
		c.Addresses = []Address{{Type: "registered_office",
			Lines: nonEmpty(strings.TrimSpace(addr.Premises+" "+addr.AddressLine1), addr.AddressLine2),
			City:  addr.Locality, Region: addr.Region, PostalCode: addr.PostalCode, Country: addr.Country}}
	}
	for _, pn := range p.PreviousNames {
		if strings.TrimSpace(pn.Name) != "" {
			c.PreviousNames = append(c.PreviousNames, PreviousName{Name: strings.TrimSpace(pn.Name),
				From: date(pn.EffectiveFrom), Until: date(pn.CeasedOn)})
		}
	}
	// Only a profile states filing facts (search items carry none).
	if p.Accounts != nil || p.ConfirmationStatement != nil || p.HasInsolvencyHistory != nil {
		f := &Filings{HasBeenLiquidated: p.HasBeenLiquidated, HasCharges: p.HasCharges,
			StrikeOffPending: p.CompanyStatusDetail == "active-proposal-to-strike-off"}
		if p.Accounts != nil {
			f.AccountsOverdue = p.Accounts.Overdue
		}
		if p.ConfirmationStatement != nil {
			f.ConfirmationOverdue = p.ConfirmationStatement.Overdue
		}
		if p.HasInsolvencyHistory != nil {
			f.InsolvencyHistory = *p.HasInsolvencyHistory
		}
		c.Filings = f
	}
	return c, true
}

// chStatus maps Companies House's company_status enumeration.
func chStatus(s string) string {
	switch s {
	case "active", "open", "registered":
		return StatusActive
	case "dissolved", "closed", "converted-closed", "removed":
		return StatusDissolved
	case "liquidation", "receivership", "administration", "insolvency-proceedings", "voluntary-arrangement":
		return StatusLiquidation
	}
	return StatusUnknown
}

// chError reads Companies House error bodies: {"errors":[{"error":…}]}
// or {"error":…,"type":…}.
func chError(_ int, body []byte) string {
	var e struct {
		Error  string `json:"error"`
		Errors []struct {
			Error string `json:"error"`
		} `json:"errors"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	if len(e.Errors) > 0 {
		return e.Errors[0].Error
	}
	return e.Error
}
