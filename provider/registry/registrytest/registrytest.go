// Package registrytest runs local fakes of GLEIF's LEI API, the UK
// Companies House public data API and OpenCorporates, each answering in
// its vendor's documented JSON (and error shapes) from fixture companies,
// with scripted faults (clienttest.Faults) for 429, 5xx, hangs and
// malformed bodies.
package registrytest

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"dalil/provider/client/clienttest"
)

// Company is a fixture company. Each fake shows the companies it would
// hold: GLEIF those with an LEI, Companies House those in GB,
// OpenCorporates all.
type Company struct {
	LEI, Number, Name string
	Country           string // ISO-2
	// Jurisdiction is OpenCorporates' code ("gb", "us_de"); "" uses the
	// lower-cased country.
	Jurisdiction string
	// Status is active, dissolved, liquidation or inactive.
	Status        string
	Incorporated  time.Time
	Dissolved     time.Time
	AddressLines  []string
	City          string
	PostalCode    string
	PreviousNames []string
	SIC           []string
	// Companies House filing facts.
	AccountsOverdue, ConfirmationOverdue, InsolvencyHistory, StrikeOffPending bool
	Officers                                                                  []Officer
	// LEIStatus defaults to ISSUED.
	LEIStatus string
}

// Officer is a fixture officer.
type Officer struct {
	Name, Role          string
	Appointed, Resigned time.Time
}

// Server is a fake register.
type Server struct {
	*httptest.Server
	*clienttest.Faults
	Key  string
	cos  []Company
	base string
}

// BaseURL is the URL to give the client as its BaseURL.
func (s *Server) BaseURL() string { return s.base }

func start(t testing.TB, key string, cos []Company, prefix string, mux *http.ServeMux, s *Server) *Server {
	s.Faults, s.Key, s.cos = &clienttest.Faults{}, key, cos
	s.Server = httptest.NewServer(s.Faults.Wrap(mux))
	s.base = s.Server.URL + prefix
	t.Cleanup(s.Server.Close)
	return s
}

func writeJSON(w http.ResponseWriter, status int, contentType string, v any) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// matches reports whether every word of q is in name (case-insensitive).
func matches(name, q string) bool {
	name = strings.ToLower(name)
	words := strings.Fields(strings.ToLower(q))
	for _, w := range words {
		if !strings.Contains(name, w) {
			return false
		}
	}
	return len(words) > 0
}

func day(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Format("2006-01-02")
}

func size(v string, def, max int) (int, bool) {
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil && n >= 1 && n <= max
}

// NewGLEIF starts a GLEIF LEI API fake (no key), closed with t; its
// BaseURL ends in /api/v1.
func NewGLEIF(t testing.TB, cos ...Company) *Server {
	s := &Server{}
	mux := http.NewServeMux()
	const ct = "application/vnd.api+json"
	record := func(c Company) map[string]any {
		status, reason := "ACTIVE", any(nil)
		if c.Status == "dissolved" || c.Status == "inactive" {
			status = "INACTIVE"
			if c.Status == "dissolved" {
				reason = "DISSOLVED"
			}
		}
		leiStatus := c.LEIStatus
		if leiStatus == "" {
			leiStatus = "ISSUED"
		}
		var other []any
		for _, p := range c.PreviousNames {
			other = append(other, map[string]any{"name": p, "language": "en", "type": "PREVIOUS_LEGAL_NAME"})
		}
		addr := map[string]any{"language": "en", "addressLines": c.AddressLines, "addressNumber": nil,
			"city": c.City, "region": nil, "country": c.Country, "postalCode": c.PostalCode}
		return map[string]any{
			"type": "lei-records", "id": c.LEI,
			"attributes": map[string]any{
				"lei": c.LEI,
				"entity": map[string]any{
					"legalName": map[string]any{"name": c.Name, "language": "en"}, "otherNames": orEmpty(other),
					"transliteratedOtherNames": []any{}, "legalAddress": addr, "headquartersAddress": addr,
					"registeredAt": map[string]any{"id": "RA000585", "other": nil}, "registeredAs": c.Number,
					"jurisdiction": c.Country, "category": "GENERAL", "legalForm": map[string]any{"id": "H0PO", "other": nil},
					"status": status, "expiration": map[string]any{"date": day(c.Dissolved), "reason": reason},
					"creationDate": func() any {
						if c.Incorporated.IsZero() {
							return nil
						}
						return c.Incorporated.Format(time.RFC3339)
					}(),
				},
				"registration": map[string]any{"initialRegistrationDate": "2014-01-01T00:00:00Z", "status": leiStatus,
					"nextRenewalDate": "2027-01-01T00:00:00Z", "managingLou": "5493001KJTIIGC8Y1R12",
					"corroborationLevel": "FULLY_CORROBORATED"},
			},
			"links": map[string]any{"self": s.base + "/lei-records/" + c.LEI},
		}
	}
	mux.HandleFunc("GET /api/v1/lei-records/{lei}", func(w http.ResponseWriter, r *http.Request) {
		for _, c := range s.cos {
			if c.LEI != "" && c.LEI == r.PathValue("lei") {
				writeJSON(w, 200, ct, map[string]any{"meta": map[string]any{}, "data": record(c)})
				return
			}
		}
		writeJSON(w, 404, ct, map[string]any{"errors": []any{map[string]any{"status": "404", "title": "Not Found"}}})
	})
	mux.HandleFunc("GET /api/v1/lei-records", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		n, ok := size(q.Get("page[size]"), 10, 200)
		if !ok {
			writeJSON(w, 400, ct, map[string]any{"errors": []any{map[string]any{"status": "400", "title": "Bad Request",
				"detail": "page[size] must be between 1 and 200"}}})
			return
		}
		data := []any{}
		for _, c := range s.cos {
			if c.LEI == "" || !matches(c.Name, q.Get("filter[entity.legalName]")) {
				continue
			}
			if cc := q.Get("filter[entity.legalAddress.country]"); cc != "" && !strings.EqualFold(cc, c.Country) {
				continue
			}
			if len(data) < n {
				data = append(data, record(c))
			}
		}
		writeJSON(w, 200, ct, map[string]any{
			"meta":  map[string]any{"pagination": map[string]any{"currentPage": 1, "perPage": n, "total": len(data)}},
			"links": map[string]any{"first": r.URL.String()}, "data": data,
		})
	})
	return start(t, "", cos, "/api/v1", mux, s)
}

// chStatus is Companies House's company_status for a fixture status.
func chStatus(c Company) string {
	if c.Status == "" || c.Status == "inactive" {
		return "active"
	}
	return c.Status
}

// NewCompaniesHouse starts a Companies House fake accepting key (basic
// auth user name), closed with t.
func NewCompaniesHouse(t testing.TB, key string, cos ...Company) *Server {
	s := &Server{}
	mux := http.NewServeMux()
	const ct = "application/json"
	address := func(c Company) map[string]any {
		m := map[string]any{"locality": c.City, "postal_code": c.PostalCode, "country": "United Kingdom"}
		if len(c.AddressLines) > 0 {
			m["address_line_1"] = c.AddressLines[0]
		}
		if len(c.AddressLines) > 1 {
			m["address_line_2"] = c.AddressLines[1]
		}
		return m
	}
	auth := func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("Authorization") != "Basic "+base64.StdEncoding.EncodeToString([]byte(s.Key+":")) {
			writeJSON(w, 401, ct, map[string]any{"error": "Invalid Authorization", "type": "ch:service"})
			return false
		}
		return true
	}
	find := func(w http.ResponseWriter, r *http.Request) (Company, bool) {
		if !auth(w, r) {
			return Company{}, false
		}
		for _, c := range s.cos {
			if c.Country == "GB" && c.Number == r.PathValue("number") {
				return c, true
			}
		}
		writeJSON(w, 404, ct, map[string]any{"errors": []any{map[string]any{"error": "company-profile-not-found", "type": "ch:service"}}})
		return Company{}, false
	}
	mux.HandleFunc("GET /search/companies", func(w http.ResponseWriter, r *http.Request) {
		if !auth(w, r) {
			return
		}
		n, ok := size(r.URL.Query().Get("items_per_page"), 20, 100)
		if !ok || r.URL.Query().Get("q") == "" {
			writeJSON(w, 400, ct, map[string]any{"errors": []any{map[string]any{"error": "invalid-parameter", "type": "ch:service"}}})
			return
		}
		items := []any{}
		for _, c := range s.cos {
			if c.Country == "GB" && matches(c.Name, r.URL.Query().Get("q")) && len(items) < n {
				items = append(items, map[string]any{
					"kind": "searchresults#company", "title": strings.ToUpper(c.Name), "company_number": c.Number,
					"company_status": chStatus(c), "company_type": "ltd", "date_of_creation": day(c.Incorporated),
					"date_of_cessation": day(c.Dissolved), "address": address(c),
					"address_snippet": strings.Join(append(append([]string{}, c.AddressLines...), c.City, c.PostalCode), ", "),
					"links":           map[string]any{"self": "/company/" + c.Number},
				})
			}
		}
		writeJSON(w, 200, ct, map[string]any{"kind": "search#companies", "items": items, "total_results": len(items),
			"items_per_page": n, "start_index": 0})
	})
	mux.HandleFunc("GET /company/{number}", func(w http.ResponseWriter, r *http.Request) {
		c, ok := find(w, r)
		if !ok {
			return
		}
		var prev []any
		for _, p := range c.PreviousNames {
			prev = append(prev, map[string]any{"name": p, "effective_from": "2001-01-01", "ceased_on": "2010-06-30"})
		}
		detail := any(nil)
		if c.StrikeOffPending {
			detail = "active-proposal-to-strike-off"
		}
		writeJSON(w, 200, ct, map[string]any{
			"company_name": strings.ToUpper(c.Name), "company_number": c.Number, "company_status": chStatus(c),
			"company_status_detail": detail, "type": "ltd", "jurisdiction": "england-wales",
			"date_of_creation": day(c.Incorporated), "date_of_cessation": day(c.Dissolved),
			"registered_office_address": address(c), "sic_codes": c.SIC, "previous_company_names": prev,
			"accounts":               map[string]any{"overdue": c.AccountsOverdue, "next_due": "2027-03-31"},
			"confirmation_statement": map[string]any{"overdue": c.ConfirmationOverdue, "next_due": "2027-01-14"},
			"has_insolvency_history": c.InsolvencyHistory, "has_charges": false, "has_been_liquidated": c.Status == "liquidation",
			"links": map[string]any{"self": "/company/" + c.Number, "officers": "/company/" + c.Number + "/officers"},
		})
	})
	mux.HandleFunc("GET /company/{number}/officers", func(w http.ResponseWriter, r *http.Request) {
		c, ok := find(w, r)
		if !ok {
			return
		}
		items := []any{}
		active := 0
		for _, o := range c.Officers {
			if o.Resigned.IsZero() {
				active++
			}
			items = append(items, map[string]any{"name": strings.ToUpper(o.Name), "officer_role": o.Role,
				"appointed_on": day(o.Appointed), "resigned_on": day(o.Resigned), "nationality": "British",
				"occupation": "Director", "country_of_residence": "United Kingdom"})
		}
		writeJSON(w, 200, ct, map[string]any{"kind": "officer-list", "items": items, "total_results": len(items),
			"active_count": active, "resigned_count": len(items) - active, "items_per_page": 35, "start_index": 0})
	})
	return start(t, key, cos, "", mux, s)
}

// NewOpenCorporates starts an OpenCorporates API fake accepting token,
// closed with t; its BaseURL ends in /v0.4.
func NewOpenCorporates(t testing.TB, token string, cos ...Company) *Server {
	s := &Server{}
	mux := http.NewServeMux()
	const ct = "application/json"
	jur := func(c Company) string {
		if c.Jurisdiction != "" {
			return c.Jurisdiction
		}
		return strings.ToLower(c.Country)
	}
	company := func(c Company) map[string]any {
		status := map[string]string{"": "Active", "active": "Active", "dissolved": "Dissolved",
			"liquidation": "Liquidation", "inactive": "Inactive"}[c.Status]
		var prev []any
		for _, p := range c.PreviousNames {
			prev = append(prev, map[string]any{"company_name": p, "start_date": nil, "end_date": "2010-06-30"})
		}
		var codes []any
		for _, sic := range c.SIC {
			codes = append(codes, map[string]any{"industry_code": map[string]any{"code": sic, "description": "Activity " + sic,
				"code_scheme_id": "uk_sic_2007"}})
		}
		return map[string]any{
			"name": c.Name, "company_number": c.Number, "jurisdiction_code": jur(c),
			"incorporation_date": day(c.Incorporated), "dissolution_date": day(c.Dissolved), "company_type": "Private Limited Company",
			"registry_url": nil, "branch": nil, "branch_status": nil, "inactive": c.Status == "dissolved" || c.Status == "inactive",
			"current_status": status, "created_at": "2012-01-01T00:00:00+00:00", "updated_at": "2026-01-01T00:00:00+00:00",
			"retrieved_at":       "2026-01-01T00:00:00+00:00",
			"opencorporates_url": "https://opencorporates.com/companies/" + jur(c) + "/" + c.Number,
			"previous_names":     orEmpty(prev), "source": map[string]any{"publisher": "Fake Registry", "url": nil},
			"registered_address_in_full": strings.Join(append(append([]string{}, c.AddressLines...), c.City, c.PostalCode), ", "),
			"registered_address": map[string]any{"street_address": strings.Join(c.AddressLines, "\n"), "locality": c.City,
				"region": nil, "postal_code": c.PostalCode, "country": c.Country},
			"industry_codes": orEmpty(codes),
		}
	}
	auth := func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Query().Get("api_token") != s.Key {
			writeJSON(w, 401, ct, map[string]any{"error": map[string]any{"message": "Invalid Api Token"}})
			return false
		}
		return true
	}
	mux.HandleFunc("GET /v0.4/companies/search", func(w http.ResponseWriter, r *http.Request) {
		if !auth(w, r) {
			return
		}
		q := r.URL.Query()
		n, ok := size(q.Get("per_page"), 30, 100)
		if !ok {
			writeJSON(w, 400, ct, map[string]any{"error": map[string]any{"message": "per_page must be at most 100"}})
			return
		}
		list := []any{}
		for _, c := range s.cos {
			if !matches(c.Name, q.Get("q")) || (q.Get("country_code") != "" && !strings.EqualFold(q.Get("country_code"), c.Country)) {
				continue
			}
			if len(list) < n {
				list = append(list, map[string]any{"company": company(c)})
			}
		}
		writeJSON(w, 200, ct, map[string]any{"api_version": "0.4", "results": map[string]any{
			"companies": list, "page": 1, "per_page": n, "total_pages": 1, "total_count": len(list)}})
	})
	mux.HandleFunc("GET /v0.4/companies/{jurisdiction}/{number}", func(w http.ResponseWriter, r *http.Request) {
		if !auth(w, r) {
			return
		}
		for _, c := range s.cos {
			if jur(c) == r.PathValue("jurisdiction") && c.Number == r.PathValue("number") {
				writeJSON(w, 200, ct, map[string]any{"api_version": "0.4", "results": map[string]any{"company": company(c)}})
				return
			}
		}
		writeJSON(w, 404, ct, map[string]any{"error": map[string]any{"message": "Couldn't find Company"}})
	})
	return start(t, token, cos, "/v0.4", mux, s)
}

func orEmpty(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}
