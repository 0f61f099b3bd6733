package registry

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"dalil/provider/client"
)

// GLEIFName is the provider's configuration name.
const GLEIFName = "gleif"

// DefaultGLEIFURL is GLEIF's API base URL (no key needed).
const DefaultGLEIFURL = "https://api.gleif.org/api/v1"

// GLEIFConfig configures the GLEIF client.
type GLEIFConfig struct {
	// BaseURL switches the client on (GLEIF needs no key, so an operator
	// opts in by naming the URL, normally DefaultGLEIFURL); empty leaves
	// it off.
	BaseURL string
	// TTL is the cache lifetime (0: DefaultTTL; negative: not cached).
	TTL time.Duration
	// HTTP is the call mechanics; Name and ErrorMessage are set by
	// NewGLEIF. GLEIF allows 60 requests a minute: a Budget of 60 per
	// minute keeps within it.
	HTTP client.Config
}

// GLEIF is the LEI API client. A nil *GLEIF is off.
type GLEIF struct {
	base string
	ttl  time.Duration
	c    *client.Client
}

// NewGLEIF returns the client, or nil when cfg has no BaseURL.
func NewGLEIF(cfg GLEIFConfig) *GLEIF {
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if base == "" {
		return nil
	}
	h := cfg.HTTP
	h.Name = GLEIFName
	h.ErrorMessage = jsonAPIError
	return &GLEIF{base: base, ttl: ttl(cfg.TTL), c: client.New(h)}
}

// Name is "gleif".
func (g *GLEIF) Name() string { return GLEIFName }

// Covers is true for every country: LEIs are issued worldwide.
func (g *GLEIF) Covers(string) bool { return true }

// leiPattern is ISO 17442: 18 alphanumerics and two check digits.
var leiPattern = regexp.MustCompile(`^[A-Z0-9]{18}[0-9]{2}$`)

// ValidLEI reports whether s has the form of an LEI and its ISO 7064
// MOD 97-10 check digits are right.
func ValidLEI(s string) bool {
	if !leiPattern.MatchString(s) {
		return false
	}
	rem := 0
	for _, r := range s {
		var v int
		if r >= '0' && r <= '9' {
			v = int(r - '0')
		} else {
			v = int(r-'A') + 10
		}
		if v >= 10 {
			rem = (rem*100 + v) % 97
		} else {
			rem = (rem*10 + v) % 97
		}
	}
	return rem == 1
}

// Search returns the LEI records whose legal name matches q.Name
// (GLEIF's filter[entity.legalName]), restricted to legal addresses in
// q.Country when given. Errors are *client.Error.
func (g *GLEIF) Search(ctx context.Context, q Query) ([]Company, error) {
	if g == nil {
		return nil, client.NotConfigured(GLEIFName)
	}
	q = q.normalise()
	if q.Name == "" {
		return nil, nil
	}
	v := url.Values{}
	v.Set("filter[entity.legalName]", q.Name)
	if q.Country != "" {
		v.Set("filter[entity.legalAddress.country]", q.Country)
	}
	v.Set("page[size]", strconv.Itoa(q.Max))
	v.Set("page[number]", "1")
	var doc struct {
		Data *[]gleifRecord `json:"data"`
	}
	r, err := g.c.JSON(ctx, client.Request{URL: g.base + "/lei-records?" + v.Encode(), Header: jsonAPIHeader(), TTL: g.ttl}, &doc)
	if err != nil {
		return nil, err
	}
	if doc.Data == nil {
		return nil, g.c.Malformed("lei-records answer without data", nil)
	}
	out := make([]Company, 0, len(*doc.Data))
	for _, rec := range *doc.Data {
		if c, ok := rec.company(g.base, r.RetrievedAt); ok {
			out = append(out, c)
		}
	}
	return out, nil
}

// ByLEI returns the record of lei; found is false when GLEIF holds none
// (404) or lei is not a valid LEI (then no call is made).
func (g *GLEIF) ByLEI(ctx context.Context, lei string) (c Company, found bool, err error) {
	if g == nil {
		return Company{}, false, client.NotConfigured(GLEIFName)
	}
	lei = strings.ToUpper(strings.TrimSpace(lei))
	if !ValidLEI(lei) {
		return Company{}, false, nil
	}
	var doc struct {
		Data *gleifRecord `json:"data"`
	}
	r, err := g.c.JSON(ctx, client.Request{URL: g.base + "/lei-records/" + lei, Header: jsonAPIHeader(), TTL: g.ttl,
		Accept: []int{http.StatusNotFound}}, &doc)
	if err != nil {
		return Company{}, false, err
	}
	if r.Status == http.StatusNotFound {
		return Company{}, false, nil
	}
	if doc.Data == nil {
		return Company{}, false, g.c.Malformed("lei-record answer without data", nil)
	}
	c, ok := doc.Data.company(g.base, r.RetrievedAt)
	if !ok {
		return Company{}, false, g.c.Malformed("lei-record without an LEI or legal name", nil)
	}
	return c, true, nil
}

func jsonAPIHeader() http.Header {
	h := http.Header{}
	h.Set("Accept", "application/vnd.api+json")
	return h
}

// gleifRecord is one JSON:API resource of type lei-records (the fields
// used here).
type gleifRecord struct {
	Type       string `json:"type"`
	ID         string `json:"id"`
	Attributes struct {
		LEI    string `json:"lei"`
		Entity struct {
			LegalName           gleifName    `json:"legalName"`
			OtherNames          []gleifName  `json:"otherNames"`
			LegalAddress        gleifAddress `json:"legalAddress"`
			HeadquartersAddress gleifAddress `json:"headquartersAddress"`
			RegisteredAs        string       `json:"registeredAs"`
			Jurisdiction        string       `json:"jurisdiction"`
			Category            string       `json:"category"`
			LegalForm           struct {
				ID    string `json:"id"`
				Other string `json:"other"`
			} `json:"legalForm"`
			Status       string `json:"status"`
			CreationDate string `json:"creationDate"`
			Expiration   struct {
				Date   string `json:"date"`
				Reason string `json:"reason"`
			} `json:"expiration"`
		} `json:"entity"`
		Registration struct {
			Status          string `json:"status"`
			NextRenewalDate string `json:"nextRenewalDate"`
		} `json:"registration"`
	} `json:"attributes"`
}

type gleifName struct {
	Name     string `json:"name"`
	Language string `json:"language"`
	Type     string `json:"type"`
}

type gleifAddress struct {
	AddressLines []string `json:"addressLines"`
	City         string   `json:"city"`
	Region       string   `json:"region"`
	Country      string   `json:"country"`
	PostalCode   string   `json:"postalCode"`
}

func (rec gleifRecord) company(base string, at time.Time) (Company, bool) {
	a := rec.Attributes
	lei := a.LEI
	if lei == "" {
		lei = rec.ID
	}
	e := a.Entity
	if lei == "" || strings.TrimSpace(e.LegalName.Name) == "" {
		return Company{}, false
	}
	c := Company{
		Source: GLEIFName, URL: "https://search.gleif.org/#/record/" + url.PathEscape(lei),
		APIURL: base + "/lei-records/" + url.PathEscape(lei), RetrievedAt: at,
		Name: strings.TrimSpace(e.LegalName.Name), Number: strings.TrimSpace(e.RegisteredAs), LEI: lei,
		Jurisdiction: e.Jurisdiction, StatusDetail: e.Status, LegalForm: firstNonEmpty(e.LegalForm.Other, e.LegalForm.ID),
		Incorporated: date(e.CreationDate), LEIStatus: a.Registration.Status,
		LEINextRenewal: date(a.Registration.NextRenewalDate),
	}
	c.Country = strings.ToUpper(firstNonEmpty(e.LegalAddress.Country, strings.SplitN(e.Jurisdiction, "-", 2)[0]))
	if len(c.Country) != 2 {
		c.Country = ""
	}
	switch strings.ToUpper(e.Status) {
	case "ACTIVE":
		c.Status = StatusActive
	case "INACTIVE":
		c.Status = StatusInactive
		if r := strings.ToUpper(e.Expiration.Reason); r == "DISSOLVED" || r == "CORPORATE_ACTION" {
			c.Status = StatusDissolved
		}
		c.Dissolved = date(e.Expiration.Date)
	default:
		c.Status = StatusUnknown
	}
	for _, addr := range []struct {
		typ string
		a   gleifAddress
	}{{"legal", e.LegalAddress}, {"headquarters", e.HeadquartersAddress}} {
		if len(nonEmpty(addr.a.AddressLines...)) == 0 && addr.a.City == "" {
			continue
		}
		c.Addresses = append(c.Addresses, Address{Type: addr.typ, Lines: nonEmpty(addr.a.AddressLines...), City: addr.a.City,
			Region: addr.a.Region, PostalCode: addr.a.PostalCode, Country: addr.a.Country})
	}
	for _, n := range e.OtherNames {
		if n.Name = strings.TrimSpace(n.Name); n.Name == "" {
			continue
		}
		if n.Type == "PREVIOUS_LEGAL_NAME" {
			c.PreviousNames = append(c.PreviousNames, PreviousName{Name: n.Name})
		} else {
			c.OtherNames = append(c.OtherNames, n.Name)
		}
	}
	return c, true
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// jsonAPIError reads a JSON:API error document: {"errors":[{"title":…,"detail":…}]}.
func jsonAPIError(_ int, body []byte) string {
	var e struct {
		Errors []struct {
			Title  string `json:"title"`
			Detail string `json:"detail"`
		} `json:"errors"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Errors) == 0 {
		return ""
	}
	return strings.TrimSpace(e.Errors[0].Title + " " + e.Errors[0].Detail)
}
