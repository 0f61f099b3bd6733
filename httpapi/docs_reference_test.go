package httpapi_test

import (
	"encoding/json"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"dalil/httpapi"
)

// /docs is a reference, not only a per-tool page (issue #12 item 15): it
// has the sections an integrator needs, and each tool's input and output
// schemas are field tables (every property a row, with type, required and
// bounds), never raw JSON.
func TestDocsIsAReference(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: quoteRail{}, Info: map[string]any{}}}
	})
	_, _, body := get(t, e, "/docs")
	page := html.UnescapeString(string(body))
	for _, id := range []string{"calling", "prices", "previews", "accounts", "idempotency", "rate-limits", "spending-ceiling",
		"pay-per-call", "x402", "l402", "mpp", "mcp", "reference", "errors"} {
		if !strings.Contains(page, `id="`+id+`"`) {
			t.Errorf("no section id=%q", id)
		}
	}
	for _, want := range []string{
		// accounts: the three routes and their answers' fields
		"GET /api/v1/account/balance", "GET /api/v1/account/usage", "GET /api/v1/account/transactions",
		"<code>credits.available</code>", "<code>subscription.calls.remaining</code>", "<code>byToolAndRail[].charged</code>",
		"<code>transactions[].creditsAfter</code>", "<code>nextBefore</code>",
		// idempotency and rate limits
		"Idempotent-Replayed: true", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_IN_PROGRESS",
		"RateLimit-Limit", "Retry-After", "<tr><td>developer plan key</td><td>120</td></tr>",
		// the spending ceiling: header, MCP field and the pipeline's own answer
		"X-Max-Price: 0.005", "_meta.maxPrice", "HTTP/1.1 402 Payment Required",
		"analyze_property costs USD 0.01, above your X-Max-Price of USD 0.005",
		// pay per call: each rail's 402 and the retry with the credential
		"PAYMENT-REQUIRED: <base64", "PAYMENT-SIGNATURE:", `"maxAmountRequired":"10000"`, e.srv.URL + "/api/v1/x402/property/analyze",
		`WWW-Authenticate: L402 macaroon=`, "Authorization: L402 ", e.srv.URL + "/api/v1/l402/property/analyze",
		`WWW-Authenticate: Payment id=`, `intent="charge"`, "Authorization: Payment ", e.srv.URL + "/api/v1/mpp/charge/analyze_property",
		`<span class="on">x402 on</span>`, `<span class="off">l402 off</span>`,
		// MCP: desktop and remote set-up against this server
		`"command": "dalil"`, `"DALIL_BASE_URL": "` + e.srv.URL + `"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("/docs lacks %q", want)
		}
	}
	if strings.Contains(page, `"additionalProperties"`) || strings.Contains(page, `"$schema"`) {
		t.Error("/docs still shows raw JSON Schema")
	}

	// Every property of every tool's input and output schema is a row,
	// with its type, whether it is required, and its bounds.
	var caps []struct {
		Name         string `json:"name"`
		InputSchema  schemaDoc
		OutputSchema schemaDoc
	}
	r := e.do("GET", "/api/v1/capabilities", nil, nil)
	raw, _ := json.Marshal(r.Body["data"])
	if err := json.Unmarshal(raw, &caps); err != nil || len(caps) < 3 {
		t.Fatalf("capabilities: %v (%d)", err, len(caps))
	}
	for _, c := range caps {
		section := toolSection(t, page, c.Name)
		for _, s := range []struct {
			what   string
			schema schemaDoc
		}{{"input", c.InputSchema}, {"output", c.OutputSchema}} {
			for name, p := range s.schema.Properties {
				row := regexp.MustCompile(`<tr><td class="d0"><code>` + regexp.QuoteMeta(name) + `</code></td><td>([^<]*)</td><td>(yes|no)</td><td>([^<]*)</td>`).FindStringSubmatch(section)
				if row == nil {
					t.Errorf("%s %s: no row for %s", c.Name, s.what, name)
					continue
				}
				if req := slices.Contains(s.schema.Required, name); (row[2] == "yes") != req {
					t.Errorf("%s %s.%s: required %s, schema says %v", c.Name, s.what, name, row[2], req)
				}
				if typ, _ := p["type"].(string); typ != "" && !strings.HasPrefix(row[1], typ) {
					t.Errorf("%s %s.%s: type %q, schema says %q", c.Name, s.what, name, row[1], typ)
				}
				for _, k := range []string{"minimum", "maximum"} {
					if v, ok := p[k].(float64); ok && !strings.Contains(row[3], strings.Replace(strconv.FormatFloat(v, 'g', -1, 64), "e+", "e", 1)) {
						t.Errorf("%s %s.%s: bounds %q lack the %s %v", c.Name, s.what, name, row[3], k, v)
					}
				}
			}
		}
	}
	// A nested list's fields are rows too.
	if !strings.Contains(toolSection(t, page, "compare_properties"), `<code>properties[].name</code>`) {
		t.Error("compare_properties: no row for properties[].name")
	}
}

type schemaDoc struct {
	Properties map[string]map[string]any `json:"properties"`
	Required   []string                  `json:"required"`
}

func toolSection(t *testing.T, page, id string) string {
	t.Helper()
	start := strings.Index(page, `data-tool="`+id+`"`)
	if start < 0 {
		t.Fatalf("no section for %s", id)
	}
	end := strings.Index(page[start:], "</section>")
	return page[start : start+end]
}

// /openapi.json declares X-Max-Price once, as a reusable header parameter
// that every paid operation (canonical, legacy and pay-per-call routes)
// takes, and its 402 shows PRICE_ABOVE_MAXIMUM; servers is DALIL_BASE_URL
// when set.
func TestOpenAPIMaxPrice(t *testing.T) {
	e := newEnv(t, func(c *httpapi.Config) {
		c.PayPerCall = []httpapi.PayRail{{Rail: quoteRail{}, Info: map[string]any{}}}
		c.BaseURL = "http://dalil.example.com/"
	})
	_, _, body := get(t, e, "/openapi.json")
	var doc struct {
		Servers []struct {
			URL string `json:"url"`
		} `json:"servers"`
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			XPrice      any    `json:"x-price"`
			Parameters  []struct {
				Ref string `json:"$ref"`
			} `json:"parameters"`
			Responses map[string]struct {
				Ref string `json:"$ref"`
			} `json:"responses"`
		} `json:"paths"`
		Components struct {
			Parameters map[string]struct {
				Name, In string
				Schema   struct{ Pattern string }
			} `json:"parameters"`
			Responses map[string]struct {
				Content map[string]struct {
					Examples map[string]struct {
						Value struct {
							Error struct {
								Code    string         `json:"code"`
								Details map[string]any `json:"details"`
							} `json:"error"`
						} `json:"value"`
					} `json:"examples"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"components"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "http://dalil.example.com" {
		t.Errorf("servers = %+v, want DALIL_BASE_URL", doc.Servers)
	}
	p := doc.Components.Parameters["MaxPrice"]
	if p.Name != "X-Max-Price" || p.In != "header" || !regexp.MustCompile(p.Schema.Pattern).MatchString("0.05") || regexp.MustCompile(p.Schema.Pattern).MatchString("-1") {
		t.Errorf("components.parameters.MaxPrice = %+v", p)
	}
	paid := 0
	for path, item := range doc.Paths {
		op, ok := item["post"]
		if !ok || op.XPrice == nil {
			continue // not a paid operation
		}
		paid++
		has := false
		for _, prm := range op.Parameters {
			has = has || prm.Ref == "#/components/parameters/MaxPrice"
		}
		if !has {
			t.Errorf("POST %s (%s) does not take X-Max-Price", path, op.OperationID)
		}
		if op.Responses["402"].Ref != "#/components/responses/PaymentRequired" {
			t.Errorf("POST %s: 402 is %q", path, op.Responses["402"].Ref)
		}
	}
	if paid < 6 { // canonical, legacy and x402 routes of the test registry
		t.Errorf("only %d paid operations", paid)
	}
	ex := doc.Components.Responses["PaymentRequired"].Content["application/json"].Examples["priceAboveMaximum"].Value.Error
	if ex.Code != "PRICE_ABOVE_MAXIMUM" || ex.Details["maxPrice"] == nil || ex.Details["price"] == nil {
		t.Errorf("the 402 has no PRICE_ABOVE_MAXIMUM example: %+v", ex)
	}
}
