package registry

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"dalil/provider/client"
)

// OpenCorporatesName is the provider's configuration name.
const OpenCorporatesName = "opencorporates"

// DefaultOpenCorporatesURL is the API's base URL, version 0.4.
const DefaultOpenCorporatesURL = "https://api.opencorporates.com/v0.4"

// OpenCorporatesConfig configures the OpenCorporates client.
type OpenCorporatesConfig struct {
	// APIToken is sent as the api_token parameter; empty leaves the client
	// off.
	APIToken string
	// BaseURL defaults to DefaultOpenCorporatesURL.
	BaseURL string
	// TTL is the cache lifetime (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics; Name, Secrets and ErrorMessage are set
	// by NewOpenCorporates. Plans are metered per day and month: set a
	// Budget to stay within yours.
	HTTP client.Config
}

// OpenCorporates is the OpenCorporates client. A nil *OpenCorporates is
// off.
type OpenCorporates struct {
	base, token string
	ttl         time.Duration
	c           *client.Client
}

// NewOpenCorporates returns the client, or nil when cfg has no token.
func NewOpenCorporates(cfg OpenCorporatesConfig) *OpenCorporates {
	if strings.TrimSpace(cfg.APIToken) == "" {
		return nil
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultOpenCorporatesURL
	}
	h := cfg.HTTP
	h.Name = OpenCorporatesName
	h.Secrets = append(slices.Clone(h.Secrets), cfg.APIToken)
	h.ErrorMessage = ocError
	return &OpenCorporates{base: base, token: cfg.APIToken, ttl: ttl(cfg.TTL), c: client.New(h)}
}

// Name is "opencorporates".
func (oc *OpenCorporates) Name() string { return OpenCorporatesName }

// Covers is true for every country (OpenCorporates republishes registers
// of many jurisdictions; coverage varies by country).
func (oc *OpenCorporates) Covers(string) bool { return true }

func (oc *OpenCorporates) get(ctx context.Context, path string, v url.Values, out any, accept404 bool) (*client.Response, error) {
	v.Set("api_token", oc.token)
	req := client.Request{URL: oc.base + path + "?" + v.Encode(), TTL: oc.ttl}
	if accept404 {
		req.Accept = []int{http.StatusNotFound}
	}
	return oc.c.JSON(ctx, req, out)
}

// Search returns the companies matching q.Name, restricted to q.Country
// (the country_code parameter) when given.
func (oc *OpenCorporates) Search(ctx context.Context, q Query) ([]Company, error) {
	if oc == nil {
		return nil, client.NotConfigured(OpenCorporatesName)
	}
	q = q.normalise()
	if q.Name == "" {
		return nil, nil
	}
	v := url.Values{}
	v.Set("q", q.Name)
	v.Set("per_page", strconv.Itoa(q.Max))
	if q.Country != "" {
		v.Set("country_code", strings.ToLower(q.Country))
	}
	var doc struct {
		Results *struct {
			Companies []struct {
				Company ocCompany `json:"company"`
			} `json:"companies"`
		} `json:"results"`
	}
	r, err := oc.get(ctx, "/companies/search", v, &doc, false)
	if err != nil {
		return nil, err
	}
	if doc.Results == nil {
		return nil, oc.c.Malformed("search answer without results", nil)
	}
	out := make([]Company, 0, len(doc.Results.Companies))
	for _, it := range doc.Results.Companies {
		if c, ok := it.Company.company(oc.base, r.RetrievedAt); ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// Company returns the company numbered number in jurisdiction (an
// OpenCorporates code such as "gb" or "us_de"); found is false when it
// holds none.
func (oc *OpenCorporates) Company(ctx context.Context, jurisdiction, number string) (c Company, found bool, err error) {
	if oc == nil {
		return Company{}, false, client.NotConfigured(OpenCorporatesName)
	}
	jurisdiction = strings.ToLower(strings.TrimSpace(jurisdiction))
	number = strings.TrimSpace(number)
	if jurisdiction == "" || number == "" {
		return Company{}, false, nil
	}
	var doc struct {
		Results *struct {
			Company *ocCompany `json:"company"`
		} `json:"results"`
	}
	r, err := oc.get(ctx, "/companies/"+url.PathEscape(jurisdiction)+"/"+url.PathEscape(number), url.Values{}, &doc, true)
	if err != nil || r.Status == http.StatusNotFound {
		return Company{}, false, err
	}
	if doc.Results == nil || doc.Results.Company == nil {
		return Company{}, false, oc.c.Malformed("company answer without results.company", nil)
	}
	c, ok := doc.Results.Company.company(oc.base, r.RetrievedAt)
	if !ok {
		return Company{}, false, oc.c.Malformed("company without name or number", nil)
	}
	return c, true, nil
}

// ocCompany is the documented company object (the members used here).
type ocCompany struct {
	Name              string `json:"name"`
	CompanyNumber     string `json:"company_number"`
	JurisdictionCode  string `json:"jurisdiction_code"`
	IncorporationDate string `json:"incorporation_date"`
	DissolutionDate   string `json:"dissolution_date"`
	CompanyType       string `json:"company_type"`
	Inactive          *bool  `json:"inactive"`
	CurrentStatus     string `json:"current_status"`
	OpenCorporatesURL string `json:"opencorporates_url"`
	RegistryURL       string `json:"registry_url"`
	PreviousNames     []struct {
		CompanyName string `json:"company_name"`
		StartDate   string `json:"start_date"`
		EndDate     string `json:"end_date"`
	} `json:"previous_names"`
	RegisteredAddressInFull string `json:"registered_address_in_full"`
	RegisteredAddress       *struct {
		StreetAddress string `json:"street_address"`
		Locality      string `json:"locality"`
		Region        string `json:"region"`
		PostalCode    string `json:"postal_code"`
		Country       string `json:"country"`
	} `json:"registered_address"`
	IndustryCodes []struct {
		IndustryCode struct {
			Code        string `json:"code"`
			Description string `json:"description"`
		} `json:"industry_code"`
	} `json:"industry_codes"`
}

func (o ocCompany) company(base string, at time.Time) (Company, bool) {
	name, number := strings.TrimSpace(o.Name), strings.TrimSpace(o.CompanyNumber)
	if name == "" || number == "" {
		return Company{}, false
	}
	j := strings.ToLower(o.JurisdictionCode)
	c := Company{
		Source: OpenCorporatesName, URL: o.OpenCorporatesURL,
		APIURL: base + "/companies/" + url.PathEscape(j) + "/" + url.PathEscape(number), RetrievedAt: at,
		Name: name, Number: number, Jurisdiction: j, Country: strings.ToUpper(strings.SplitN(j, "_", 2)[0]),
		Status: ocStatus(o.CurrentStatus, o.Inactive), StatusDetail: o.CurrentStatus, LegalForm: o.CompanyType,
		Incorporated: date(o.IncorporationDate), Dissolved: date(o.DissolutionDate),
	}
	if c.URL == "" {
		c.URL = "https://opencorporates.com/companies/" + url.PathEscape(j) + "/" + url.PathEscape(number)
	}
	if len(c.Country) != 2 {
		c.Country = ""
	}
	if a := o.RegisteredAddress; a != nil && (a.StreetAddress != "" || a.Locality != "") {
		c.Addresses = []Address{{Type: "registered_office", Lines: nonEmpty(strings.Split(a.StreetAddress, "\n")...),
			City: a.Locality, Region: a.Region, PostalCode: a.PostalCode, Country: a.Country}}
	} else if full := strings.TrimSpace(o.RegisteredAddressInFull); full != "" {
		c.Addresses = []Address{{Type: "registered_office", Lines: []string{full}}}
	}
	for _, p := range o.PreviousNames {
		if strings.TrimSpace(p.CompanyName) != "" {
			c.PreviousNames = append(c.PreviousNames, PreviousName{Name: strings.TrimSpace(p.CompanyName),
				From: date(p.StartDate), Until: date(p.EndDate)})
		}
	}
	for _, ic := range o.IndustryCodes {
		if s := strings.TrimSpace(strings.TrimSpace(ic.IndustryCode.Code) + " " + ic.IndustryCode.Description); s != "" {
			c.Activities = append(c.Activities, s)
		}
	}
	return c, true
}

// ocStatus reads OpenCorporates' free-text current_status and inactive
// flag.
func ocStatus(status string, inactive *bool) string {
	s := strings.ToLower(status)
	switch {
	case strings.Contains(s, "liquidation"), strings.Contains(s, "insolven"), strings.Contains(s, "administration"),
		strings.Contains(s, "receivership"), strings.Contains(s, "bankrupt"):
		return StatusLiquidation
	case strings.Contains(s, "dissolved"), strings.Contains(s, "struck off"), strings.Contains(s, "closed"),
		strings.Contains(s, "removed"), strings.Contains(s, "cancelled"), strings.Contains(s, "revoked"):
		return StatusDissolved
	case strings.Contains(s, "inactive"), strings.Contains(s, "dormant"):
		return StatusInactive
	case s == "active", s == "live", strings.HasPrefix(s, "active"), s == "registered", s == "good standing",
		s == "in good standing", s == "current":
		return StatusActive
	}
	if inactive != nil {
		if *inactive {
			return StatusInactive
		}
		if s == "" {
			return StatusActive
		}
	}
	return StatusUnknown
}

// ocError reads OpenCorporates' error body: {"error":{"message":…}}.
func ocError(_ int, body []byte) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	return e.Error.Message
}

// basic is the HTTP basic credential of user with an empty password.
func basic(user string) string { return base64.StdEncoding.EncodeToString([]byte(user + ":")) }
