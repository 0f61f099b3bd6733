package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"dalil"
	"dalil/capability"
	"dalil/ops"
	"dalil/ratelimit"
)

// docsPage is the human API reference: rendered on the server from the
// registry and the server's configuration, with inline CSS and no scripts,
// so it works offline. It reads at 1280 px without sideways scrolling:
// the body is at most 64rem wide, tables take the full width and wrap
// inside their cells, and code blocks wrap instead of scrolling.
var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Name}} API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1d2330}
h1{margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:1px solid #dde1ea;padding-bottom:.2rem}h3{margin-bottom:.3rem}
code,pre{font:13px ui-monospace,monospace;background:#f3f4f7;border-radius:4px}
pre{padding:.8rem;white-space:pre-wrap;overflow-wrap:anywhere}code{padding:.1rem .3rem;overflow-wrap:anywhere}
.tool{border:1px solid #dde1ea;border-radius:8px;padding:1rem 1.2rem;margin:1rem 0}
.price{float:right;font-weight:600;color:#0a6b3d}.muted{color:#5b6475}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{padding:.25rem .6rem;border-bottom:1px solid #eee;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f7f8fa;white-space:nowrap;overflow-wrap:normal}table.fields{font-size:14px}table.fields td:first-child{white-space:nowrap}
table.fields td.d1{padding-left:1.6rem}table.fields td.d2{padding-left:2.6rem}table.fields td.d3{padding-left:3.6rem}table.fields td.d4{padding-left:4.6rem}
nav.toc{columns:2;background:#f7f8fa;border-radius:8px;padding:.6rem 1.2rem}nav.toc a{display:block}
.on{color:#0a6b3d;font-weight:600}.off{color:#8a5a00;font-weight:600}
</style></head><body>
<h1>{{.Name}} API reference</h1>
<p class="muted">Version {{.Version}} · base URL <code>{{.Base}}</code> · <a href="/openapi.json">OpenAPI 3.1</a> · <a href="/llms.txt">llms.txt</a> · <a href="/api/v1/payment-methods">payment methods</a> · <a href="/api/v1/capabilities">capabilities (JSON)</a></p>
<p>{{.Description}}</p>
<nav class="toc" aria-label="Contents">
<a href="#calling">Calling a tool</a><a href="#prices">Tools and prices</a><a href="#previews">Free previews</a><a href="#accounts">Your account: balance, usage, transactions</a>
<a href="#idempotency">Retrying safely: Idempotency-Key</a><a href="#rate-limits">Rate limits</a><a href="#spending-ceiling">Spending ceiling: X-Max-Price</a><a href="#pay-per-call">Pay per call: x402, L402, MPP</a>
<a href="#mcp">MCP setup</a><a href="#reference">Tool reference</a><a href="#errors">Errors</a>{{if .Roadmap}}<a href="#roadmap">Roadmap</a>{{end}}
</nav>

<h2 id="calling">Calling a tool</h2>
<p>Every tool is <code>POST</code> with a JSON body (<code>Content-Type: application/json</code>, at most 32 KiB unless stated). Pay with an account API key in
<code>X-API-Key</code> (or <code>Authorization: Bearer</code>): the subscription allowance pays first, then prepaid credits. Or pay one call without an
account (<a href="#pay-per-call">pay per call</a>). Choose the rail with <code>X-Service-Payment-Method: {{.Methods}}</code> (default <code>auto</code>).
Each successful call is charged its price once; errors are never charged.</p>
<pre>{{.FirstCurl}}</pre>
<p>Success: <code>{"success":true,"data":{…},"meta":{"requestId","tool","price","currency","paymentMethod"}}</code>.
Failure: <code>{"success":false,"error":{"code","message","details"},"meta":{"requestId"}}</code>; for <code>INVALID_INPUT</code>, <code>details</code>
lists every problem as <code>{path, message}</code> with a dotted path (<code>properties.2.name</code>). Lists in answers are <code>[]</code> when empty, never <code>null</code>.
Every response carries <code>X-Request-Id</code> (yours is kept when it is 1–128 of <code>[A-Za-z0-9._-]</code>).</p>

<h2 id="prices">Tools and prices</h2>
<table id="prices"><tr><th>Tool</th><th>Route</th><th>Price (USD)</th><th>Status</th><th>Free preview</th></tr>
{{range .Tools}}<tr><td><a href="#{{.ID}}">{{.ID}}</a></td><td><code>POST {{.Path}}</code></td><td>{{.Price}}</td><td>{{.Status}}</td><td>{{if .Preview}}<code>POST {{.Preview}}</code>{{else}}none{{end}}</td></tr>
{{end}}</table>

<h2 id="previews">Free previews</h2>
<p>A free preview takes the same body as the paid call, needs no key and is never charged ({{.PreviewLimit}}). It says whether the
paid call would find what it needs (status <code>available</code> or <code>limited</code>, coverage, counts), never the paid result, and how to pay for it
(<code>fullResult</code>). A capability without one answers status <code>unavailable</code>; an unknown one 404 <code>CAPABILITY_NOT_FOUND</code>.
Over MCP the same is the free tool <code>preview_capability {capability, input}</code>. The preview report of each previewable tool is in its
<a href="#reference">reference</a> section.</p>

<h2 id="accounts">Your account: balance, usage, transactions</h2>
<p>Three free <code>GET</code> routes show the key's own account; they need the key and count against its rate limit.</p>
<h3><code>GET /api/v1/account/balance</code></h3>
<pre>curl -s {{.Base}}/api/v1/account/balance -H "X-API-Key: $DALIL_API_KEY"</pre>
<p>USD amounts are JSON numbers. <code>subscription</code> is <code>null</code> on the free plan.</p>
{{template "fields" .Balance}}
<h3><code>GET /api/v1/account/usage</code></h3>
<pre>curl -s {{.Base}}/api/v1/account/usage -H "X-API-Key: $DALIL_API_KEY"</pre>
<p>What the account has been charged, per tool and rail, and in total: net of refunds (a voice call's unused maximum comes back as a refund), with the refunds beside.</p>
{{template "fields" .Usage}}
<h3><code>GET /api/v1/account/transactions?limit=&amp;before=</code></h3>
<pre>curl -s '{{.Base}}/api/v1/account/transactions?limit=20' -H "X-API-Key: $DALIL_API_KEY"</pre>
<p>The account's ledger, newest first: <code>limit</code> 1–200 (default 50); for the next page pass <code>before=</code> the answer's <code>nextBefore</code>
(absent on the last page). A bad <code>limit</code> or <code>before</code> is 400 <code>INVALID_INPUT</code> naming the query parameter.</p>
{{template "fields" .Transactions}}

<h2 id="idempotency">Retrying safely: Idempotency-Key</h2>
<p>Send <code>Idempotency-Key: &lt;1–255 printable ASCII characters&gt;</code> with a paid call. Scope: your account and the tool, kept 24 hours.</p>
<table><tr><th>You send</th><th>You get</th></tr>
<tr><td>the same key and the same body again</td><td>the first answer replayed with its status (202 for a queued voice call), header <code>Idempotent-Replayed: true</code>, charged nothing</td></tr>
<tr><td>the same key with another body</td><td>409 <code>IDEMPOTENCY_KEY_REUSED</code></td></tr>
<tr><td>the same key while the first request still runs</td><td>409 <code>IDEMPOTENCY_IN_PROGRESS</code>; retry shortly</td></tr>
<tr><td>the same key after a failed (non-2xx) answer</td><td>the call runs again: failures are not stored</td></tr></table>
<p>A key left by a request that died (crash, timeout) is free again after one minute; the retry then replays the paid answer if it was charged, or runs once.
Key order and spacing in the body do not make a "different" body. Over MCP: <code>params._meta["dalil/idempotency-key"]</code>.</p>
<pre>{{.IdemCurl}}</pre>

<h2 id="rate-limits">Rate limits</h2>
<p>Per key (per client address where there is no key), per minute, by plan{{if not .LimitsOn}} (not enforced on this server: it runs without a limiter){{end}}:</p>
<table id="limits"><tr><th>Who</th><th>Requests a minute</th></tr>
{{range .Limits}}<tr><td>{{.Who}}</td><td>{{.PerMinute}}</td></tr>
{{end}}</table>
<p>Every limited response carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds). Over the limit:
429 <code>RATE_LIMITED</code> with <code>Retry-After</code>; wait that many seconds. A plan's monthly allowance used up, with credits that do not cover the call
and a next period's allowance that would, is 429 <code>QUOTA_EXCEEDED</code> with <code>Retry-After</code> = the exact seconds to the period's end: add credits or
wait. When neither the allowance left nor the credits cover the price, the answer is 402 <code>INSUFFICIENT_CREDITS</code>, whose <code>details</code> give the
price, the credits, <code>creditsNeeded</code> and the allowance left: add that much credit (or move to a larger plan); it carries <code>Retry-After</code> only when
the next period's allowance would cover the call. Refused calls are not charged.</p>

<h2 id="spending-ceiling">Spending ceiling: X-Max-Price</h2>
<p>Send <code>X-Max-Price: &lt;USD&gt;</code> (a non-negative decimal, at most 6 decimals, such as <code>0.05</code>) with any paid call, on any rail. A tool priced
above it is refused with 402 <code>PRICE_ABOVE_MAXIMUM</code> (<code>details</code>: tool, price, maxPrice, currency) before anything else happens:
nothing is run, charged or counted against your rate limit. A ceiling that cannot be read is 400 <code>INVALID_INPUT</code> naming the header.
Over MCP put the same value in <code>params._meta.maxPrice</code> of <code>tools/call</code>, as a number (<code>0.05</code>) or a decimal string (<code>"0.05"</code>).</p>
<pre>{{.CeilingCurl}}</pre>
<pre>{{.CeilingAnswer}}</pre>

<h2 id="pay-per-call">Pay per call: x402, L402, MPP</h2>
<p>An agent without an account pays for one call with a pay-per-call credential. Call the dedicated route of a rail (or the canonical route with
<code>X-Service-Payment-Method</code> naming it). Without a credential the answer is 402 <code>PAYMENT_REQUIRED</code> carrying the rail's challenge in
its headers and body (<code>Cache-Control: no-store</code>); pay it and send the same request again with the credential. Credentials are single-use, the
payment is settled before the result is sent, and a call that fails is not settled. The body is validated first: invalid input is 400 before any challenge.
On this server: {{range .Rails}}<span class="{{if .On}}on{{else}}off{{end}}">{{.ID}} {{if .On}}on{{else}}off{{end}}</span> · {{end}}details in
<a href="/api/v1/payment-methods">/api/v1/payment-methods</a>. A rail that is off has no routes (404), and naming it is 400 <code>PAYMENT_METHOD_UNSUPPORTED</code>.</p>
{{range .Rails}}
<h3 id="{{.ID}}">{{.Title}}{{if not .On}} <span class="off">(off on this server)</span>{{end}}</h3>
<p>{{.About}}</p>
<pre>{{.Example}}</pre>
{{end}}

<h2 id="mcp">MCP setup</h2>
<p>Every tool is also a Model Context Protocol tool with the same name, input and output schemas and price; a tool call goes through the same
checks and charges as REST. A failed call is a tool result with <code>isError: true</code> whose text is the error object
<code>{code, message, details, requestId}</code> as JSON. <code>params._meta["dalil/idempotency-key"]</code> and <code>params._meta.maxPrice</code> work as above.</p>
<p><b>Desktop clients</b> (Claude Desktop's <code>claude_desktop_config.json</code> and others that start a local server): run <code>dalil mcp</code> on stdio,
forwarding every call to this service:</p>
<pre>{{.MCPDesktop}}</pre>
<p>With a local database instead of a service, set <code>DALIL_DB</code> (a file path) and leave out <code>DALIL_BASE_URL</code>.</p>
{{if .MCPRemote}}<p><b>Remote</b> (clients that speak streamable HTTP): <code>POST {{.Base}}/mcp</code>, stateless, JSON answers; listing tools needs no key,
each call uses the <code>X-API-Key</code> (or <code>Authorization: Bearer</code>) header of its HTTP request. Field names vary by client:</p>
<pre>{{.MCPRemote}}</pre>{{else}}<p>This server does not mount the remote transport (<code>/mcp</code>).</p>{{end}}

<h2 id="reference">Tool reference</h2>
{{range .Tools}}
<section class="tool" id="{{.ID}}" data-tool="{{.ID}}" data-price="{{.Price}}" data-status="{{.Status}}" data-preview="{{if .Preview}}yes{{else}}no{{end}}">
<span class="price">USD {{.Price}} per call</span>
<h3>{{.Title}} <code>{{.ID}}</code></h3>
<p><code>POST {{.Path}}</code>{{if .Legacy}} <span class="muted">(deprecated twin: <code>{{.Legacy}}</code>)</span>{{end}} · group {{.Group}} · status {{.Status}}</p>
{{if .Unconfigured}}<p><b>Unavailable here:</b> it needs {{.Unconfigured}}, which the operator has not configured; calls answer 503 PROVIDER_NOT_CONFIGURED and are not charged.</p>{{end}}
{{if .Preview}}<p><b>Free preview:</b> <code>POST {{.Preview}}</code> with the same body, no key.</p>{{end}}
<p>{{.Summary}} {{.Description}}</p>
{{if .WhenToUse}}<p><b>When to use:</b> {{.WhenToUse}}</p>{{end}}
{{if .Limitations}}<p><b>Limits:</b></p><ul>{{range .Limitations}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .Methodology}}<p><b>Method, weights and thresholds:</b></p><ul class="method">{{range .Methodology}}<li>{{.}}</li>{{end}}</ul>{{end}}
<p><b>Example</b></p><pre>{{.Curl}}</pre>
<h4>Input</h4>
{{template "fields" .Input}}
<h4>Output (<code>data</code>)</h4>
{{template "fields" .Output}}
{{if .Report}}<h4>Preview report (<code>data.preview</code> of the free preview)</h4>
{{template "fields" .Report}}{{end}}
</section>
{{end}}
{{if .Roadmap}}<h2 id="roadmap">Roadmap</h2><p>Planned, not yet available:</p><ul>{{range .Roadmap}}<li><code>{{.}}</code></li>{{end}}</ul>{{end}}
<h2 id="errors">Errors</h2>
<table><tr><th>Status</th><th>Code</th></tr>
<tr><td>400</td><td>INVALID_INPUT, PAYMENT_METHOD_UNSUPPORTED; INVALID_JSON, INVALID_MONETARY_VALUE, INVALID_DATE, UNSUPPORTED_CURRENCY_FORMAT (invoice_anomaly_check; <code>details.path</code> names the field)</td></tr><tr><td>401</td><td>UNAUTHORIZED</td></tr>
<tr><td>402</td><td>INSUFFICIENT_CREDITS, PAYMENT_REQUIRED, PAYMENT_INVALID, PRICE_ABOVE_MAXIMUM</td></tr><tr><td>404</td><td>NOT_FOUND, CAPABILITY_NOT_FOUND (preview)</td></tr>
<tr><td>405</td><td>METHOD_NOT_ALLOWED</td></tr>
<tr><td>409</td><td>IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS</td></tr><tr><td>413</td><td>PAYLOAD_TOO_LARGE</td></tr>
<tr><td>415</td><td>UNSUPPORTED_MEDIA_TYPE</td></tr><tr><td>429</td><td>RATE_LIMITED, QUOTA_EXCEEDED</td></tr>
<tr><td>500</td><td>INTERNAL_ERROR; VALUATION_FAILED, ANALYSIS_FAILED, EXTRACTION_FAILED (vehicle_value_estimate, invoice_anomaly_check, document_facts_extract); never charged</td></tr><tr><td>503</td><td>SERVICE_UNAVAILABLE, PROVIDER_NOT_CONFIGURED</td></tr></table>
</body></html>
{{define "fields"}}{{if .Rows}}<table class="fields"><tr><th>Field</th><th>Type</th><th>{{if .Output}}Always present{{else}}Required{{end}}</th><th>Bounds</th><th>Description</th></tr>
{{range .Rows}}<tr><td class="d{{.Depth}}"><code>{{.Path}}</code></td><td>{{.Type}}</td><td>{{if .Required}}yes{{else}}no{{end}}</td><td>{{.Bounds}}</td><td>{{.Description}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No fields.</p>{{end}}{{end}}`))

// docsTable is one field table: an input schema's (Required) or an
// answer's (Always present).
type docsTable struct {
	Rows   []docsField
	Output bool
}

type docsTool struct {
	ID, Title, Group, Path, Legacy, Price, Status, Summary, Description, WhenToUse, Curl string
	// Preview is the free preview route, empty when there is none;
	// Unconfigured names what an unconfigured capability waits for.
	Preview, Unconfigured    string
	Limitations, Methodology []string
	Input, Output            docsTable
	// Report is the preview report's table; nil rows without a preview.
	Report *docsTable
}

// docsRail is one pay-per-call rail's section of /docs.
type docsRail struct {
	ID, Title, Example string
	About              template.HTML // fixed text of this file, with <code> marks
	On                 bool
}

type docsLimit struct {
	Who       string
	PerMinute int
}

// curlExample is the one-line call shown in /docs and /llms.txt.
func curlExample(base, path string, example any) string {
	return curlWith(base, path, example, "-H \"X-API-Key: $DALIL_API_KEY\"")
}

// curlWith is curlExample with other headers than the key.
func curlWith(base, path string, example any, headers ...string) string {
	body, _ := json.Marshal(example)
	var b strings.Builder
	fmt.Fprintf(&b, "curl -s %s%s \\\n  -H 'Content-Type: application/json' \\\n", base, path)
	for _, h := range headers {
		fmt.Fprintf(&b, "  %s \\\n", h)
	}
	fmt.Fprintf(&b, "  -d '%s'", strings.ReplaceAll(string(body), "'", `'\''`))
	return b.String()
}

func (s *Server) handleDocs(w http.ResponseWriter, r *http.Request) {
	base := s.baseURL(r)
	if base == "" {
		base = "$DALIL_URL" // in-process callers have no address; a reader substitutes it
	}
	data := struct {
		Name, Version, Description, PreviewLimit, Base, Methods string
		FirstCurl, IdemCurl, CeilingCurl, CeilingAnswer         string
		MCPDesktop, MCPRemote                                   string
		Balance, Usage, Transactions                            docsTable
		Limits                                                  []docsLimit
		LimitsOn                                                bool
		Rails                                                   []docsRail
		Tools                                                   []docsTool
		Roadmap                                                 []string
	}{Name: Name, Version: Version, Description: Description, PreviewLimit: s.previewLimit(), Base: base,
		Methods: strings.Join(s.enabledMethods(), "|"), LimitsOn: s.cfg.Limiter != nil}
	for _, e := range s.reg.Callable() {
		t := docsTool{
			ID: e.ID, Title: e.Title, Group: e.Group, Path: e.Path, Legacy: e.LegacyPath, Price: e.Price.Decimal(), Status: string(e.Status()),
			Summary: e.Summary, Description: e.Description, WhenToUse: e.WhenToUse, Limitations: e.Limitations, Methodology: e.Methodology,
			Curl: curlExample(base, e.Path, e.Example), Unconfigured: e.State().Needs(),
			Input:  docsTable{Rows: schemaFields(e.InputSchema)},
			Output: docsTable{Rows: schemaFields(e.OutputSchema), Output: true},
		}
		if e.Previewable() {
			t.Preview = previewPath(e.ID)
			t.Report = &docsTable{Rows: schemaFieldsJSON(e.Preview.JSON), Output: true}
		}
		data.Tools = append(data.Tools, t)
	}
	for _, e := range s.reg.Planned() {
		data.Roadmap = append(data.Roadmap, e.ID)
	}
	data.Balance, data.Usage, data.Transactions = accountTables()
	data.Limits = s.docsLimits()
	if e := s.docsExample(); e != nil {
		data.FirstCurl = curlExample(base, e.Path, e.Example)
		data.IdemCurl = curlWith(base, e.Path, e.Example, "-H \"X-API-Key: $DALIL_API_KEY\"", "-H 'Idempotency-Key: order-7f3a-analysis-1'")
		data.CeilingCurl, data.CeilingAnswer = s.ceilingExample(base, e)
		data.Rails = s.docsRails(base, e)
	}
	data.MCPDesktop, data.MCPRemote = s.mcpConfigs(base)
	var buf bytes.Buffer
	if err := docsPage.Execute(&buf, data); err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
	writeRaw(w, http.StatusOK, "text/html; charset=utf-8", buf.Bytes())
}

// docsExample is the tool the general examples of /docs call: the first
// available one with an example input.
func (s *Server) docsExample() *capability.Entry {
	for _, e := range s.reg.Callable() {
		if e.Example != nil && e.Status() == capability.StatusAvailable {
			return e
		}
	}
	return nil
}

// accountTables are the field tables of the three account answers,
// derived from the types that are encoded.
func accountTables() (balance, usage, transactions docsTable) {
	balance = docsTable{Output: true, Rows: typeFields(reflect.TypeFor[ops.Balance](), map[string]string{
		"accountId": "the key's account", "plan": "free, developer, growth or enterprise",
		"credits": "prepaid credits", "credits.available": "USD left", "credits.currency": "always USD",
		"subscription":                "the plan's monthly allowance; null on the free plan",
		"subscription.plan":           "the plan id",
		"subscription.periodStartsAt": "start of the current period, RFC 3339 UTC (a period is one month from the plan's start)",
		"subscription.periodEndsAt":   "end of the current period, RFC 3339 UTC; the allowance renews on the first call after it",
		"subscription.included":       "USD the plan includes per period", "subscription.used": "USD used this period",
		"subscription.remaining": "USD left this period", "subscription.currency": "always USD",
		"subscription.calls": "calls the plan includes per period", "subscription.calls.included": "calls per period",
		"subscription.calls.used": "calls made this period", "subscription.calls.remaining": "calls left this period",
	})}
	usage = docsTable{Output: true, Rows: typeFields(reflect.TypeFor[usageView](), map[string]string{
		"accountId": "the key's account", "currency": "always USD",
		"byToolAndRail": "one row per tool and rail that charged the account", "byToolAndRail[].tool": "tool id",
		"byToolAndRail[].rail": "subscription or api_credits", "byToolAndRail[].calls": "charged calls",
		"byToolAndRail[].charged": "USD charged, net of refunds", "byToolAndRail[].refunded": "USD refunded of those calls (a voice call's unused maximum)",
		"total": "over every tool and rail", "total.calls": "charged calls", "total.charged": "USD charged, net of refunds",
		"total.refunded": "USD refunded",
	})}
	transactions = docsTable{Output: true, Rows: typeFields(reflect.TypeFor[ops.LedgerPage](), map[string]string{
		"accountId": "the key's account", "transactions": "ledger entries, newest first",
		"transactions[].id": "entry id (pass it as before= to page)", "transactions[].kind": "charge, credit, refund, ...",
		"transactions[].rail": "what paid or was paid into", "transactions[].tool": "the tool of a charge",
		"transactions[].amount": "USD; negative for a charge", "transactions[].creditsAfter": "prepaid credits after this entry",
		"transactions[].currency": "always USD", "transactions[].requestId": "the request a charge paid for (X-Request-Id)",
		"transactions[].note": "free text, such as who added credits", "transactions[].createdAt": "when, RFC 3339 UTC",
		"nextBefore": "pass as before= for the next page; absent on the last page",
	})}
	return balance, usage, transactions
}

// docsLimits lists the per-minute limits by plan, as configured
// (DALIL_RATE_LIMITS), else the defaults of contract §8.
func (s *Server) docsLimits() []docsLimit {
	limits := s.cfg.Limits
	if limits == nil {
		limits = ratelimit.Defaults()
	}
	var out []docsLimit
	for _, l := range []struct{ who, key string }{
		{"free plan key", ratelimit.Free}, {"developer plan key", ratelimit.Developer}, {"growth plan key", ratelimit.Growth},
		{"enterprise plan key", ratelimit.Enterprise}, {"pay per call, no key (per client address)", ratelimit.PayG},
		{"free previews (per client address)", ratelimit.Preview},
	} {
		if n, ok := limits[l.key]; ok {
			out = append(out, docsLimit{l.who, n})
		}
	}
	return out
}

// ceilingExample is a call of e with a ceiling below its price and the
// very answer the pipeline gives it (checkMaxPrice).
func (s *Server) ceilingExample(base string, e *capability.Entry) (curl, answer string) {
	ceiling := (e.Price / 2).Decimal()
	curl = curlWith(base, e.Path, e.Example, "-H \"X-API-Key: $DALIL_API_KEY\"", "-H '"+MaxPriceHeader+": "+ceiling+"'")
	r, _ := http.NewRequest(http.MethodPost, e.Path, nil)
	r.Header.Set(MaxPriceHeader, ceiling)
	err := checkMaxPrice(r, e)
	de := publicError(err)
	if err == nil || de == nil {
		return curl, ""
	}
	body, _ := json.MarshalIndent(errorEnvelope{Error: errorBody{Code: string(de.Code), Message: de.Message, Details: de.Details}, Meta: Meta{RequestID: "req_…"}}, "", "  ")
	return curl, fmt.Sprintf("HTTP/1.1 %d %s\n\n%s", Status(de.Code), http.StatusText(Status(de.Code)), body)
}

// docsRails describes the three pay-per-call rails with a worked example
// each, calling e on its dedicated route. Amounts are e's price in each
// rail's unit; network, asset and payee are this server's (GET
// /api/v1/<rail>), so the examples show them as placeholders.
func (s *Server) docsRails(base string, e *capability.Entry) []docsRail {
	body, _ := json.Marshal(e.Example)
	micro := strconv.FormatInt(int64(e.Price), 10)
	price := e.Price.Decimal()
	call := func(path string, headers ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "$ curl -si %s%s \\\n    -H 'Content-Type: application/json' \\\n", base, path)
		for _, h := range headers {
			fmt.Fprintf(&b, "    -H '%s' \\\n", h)
		}
		fmt.Fprintf(&b, "    -d '%s'", strings.ReplaceAll(string(body), "'", `'\''`))
		return b.String()
	}
	x402, l402, mpp := dedicatedPath(dalil.RailX402, e), dedicatedPath(dalil.RailL402, e), dedicatedPath(dalil.RailMPP, e)
	return []docsRail{
		{ID: dalil.RailX402, Title: "x402 (USDC, EIP-3009)", On: s.payRails[dalil.RailX402] != nil,
			About: `Pay in USDC on Base with a signed EIP-3009 <code>TransferWithAuthorization</code> that an x402 facilitator executes. One 402 serves both
protocol versions: header <code>PAYMENT-REQUIRED</code> (v2, base64 JSON) and the body fields <code>x402Version</code> and <code>accepts</code> (v1).
Amounts are USDC atomic units (6 decimals: 1 unit is USD 0.000001). Retry with <code>PAYMENT-SIGNATURE</code> (v2) or <code>X-PAYMENT</code> (v1);
the answer carries <code>PAYMENT-RESPONSE</code> (or <code>X-PAYMENT-RESPONSE</code>). Clients: <code>@x402/fetch</code> (v2), <code>x402-fetch</code> (v1).
Network, asset and payee: <a href="/api/v1/x402">/api/v1/x402</a> and <a href="/.well-known/x402.json">/.well-known/x402.json</a>.`,
			Example: call(x402) + fmt.Sprintf(`
HTTP/1.1 402 Payment Required
Cache-Control: no-store
PAYMENT-REQUIRED: <base64 of
    {"x402Version":2,
     "resource":{"url":"%[1]s%[2]s","mimeType":"application/json",...},
     "accepts":[{"scheme":"exact","network":"eip155:8453","amount":"%[3]s",
                 "asset":"<USDC>","payTo":"<payee>","maxTimeoutSeconds":60,
                 "extra":{"name":"USD Coin","version":"2"}}]}>

{"x402Version":1,
 "accepts":[{"scheme":"exact","network":"base","maxAmountRequired":"%[3]s",
             "resource":"%[1]s%[2]s",...}],
 "success":false,"error":{"code":"PAYMENT_REQUIRED",...},"meta":{...}}

# Sign TransferWithAuthorization(from: you, to: <payee>, value: %[3]s,
#   validBefore: now + 60 s, nonce: 32 random bytes) in USDC's EIP-712 domain,
# then send the same request with the payload:
`, base, x402, micro) + call(x402, `PAYMENT-SIGNATURE: <base64 of {"x402Version":2,"accepted":{...},"payload":{"signature":"0x…","authorization":{...}}}>`) + fmt.Sprintf(`
HTTP/1.1 200 OK
PAYMENT-RESPONSE: <base64 of {"success":true,"transaction":"0x…","network":"eip155:8453","payer":"0x…"}>

{"success":true,"data":{...},"meta":{"paymentMethod":"x402","price":%s,...}}`, price)},
		{ID: dalil.RailL402, Title: "L402 (Lightning)", On: s.payRails[dalil.RailL402] != nil,
			About: `Pay a Lightning invoice from Dalil's own node. The 402 carries a macaroon bound to the tool and an invoice for the price in satoshis
(at the operator's configured BTC/USD rate, rounded up), in two <code>WWW-Authenticate</code> lines (<code>LSAT</code> first for older clients,
then <code>L402</code>) and in the body field <code>l402</code>. Pay the invoice with any Lightning wallet; its preimage is the proof. Retry with
<code>Authorization: L402 &lt;macaroon&gt;:&lt;preimage&gt;</code>; one token pays one call of the tool it was minted for. Client:
<code>lsat-js</code>, or any wallet and the header. Network and rate: <a href="/api/v1/l402">/api/v1/l402</a>.`,
			Example: call(l402) + fmt.Sprintf(`
HTTP/1.1 402 Payment Required
Cache-Control: no-store
WWW-Authenticate: LSAT macaroon="AgEFZGFsaWw…", invoice="lnbc…"
WWW-Authenticate: L402 macaroon="AgEFZGFsaWw…", invoice="lnbc…"

{"l402":{"macaroon":"AgEFZGFsaWw…","invoice":"lnbc…","paymentHash":"…",
         "amountSats":<sats>,"priceUsd":%[1]s,"currency":"BTC","btcUsdRate":<rate>,
         "rateSource":"configured","invoiceExpiresAt":"…","expiresAt":"…",
         "authorization":"L402 <macaroon>:<preimage>"},
 "success":false,"error":{"code":"PAYMENT_REQUIRED",...},"meta":{...}}

# Pay the invoice (lncli payinvoice lnbc…, or any wallet): it gives the
# 64-hex preimage. Then send the same request with the token:
`, price) + call(l402, "Authorization: L402 AgEFZGFsaWw…:<preimage>") + fmt.Sprintf(`
HTTP/1.1 200 OK
X-L402-Receipt: …

{"success":true,"data":{...},"meta":{"paymentMethod":"l402","price":%s,...}}`, price)},
		{ID: dalil.RailMPP, Title: "MPP (Machine Payments Protocol, Tempo)", On: s.payRails[dalil.RailMPP] != nil,
			About: `Pay with the HTTP <code>Payment</code> authentication scheme, method <code>tempo</code>, intent <code>charge</code>: the 402's
<code>WWW-Authenticate: Payment</code> challenge names the amount (token base units, 6 decimals), currency, recipient and chain in its
<code>request</code> parameter (base64url JSON). Sign a Tempo transaction <code>transferWithMemo(recipient, amount, memo)</code> whose memo binds
it to the challenge, and retry with <code>Authorization: Payment &lt;credential&gt;</code>; Dalil broadcasts it and answers with
<code>Payment-Receipt</code>. Client: <code>mppx</code>. Budget sessions and payment channels: <a href="/api/v1/mpp">/api/v1/mpp</a>.`,
			Example: call(mpp) + fmt.Sprintf(`
HTTP/1.1 402 Payment Required
Cache-Control: no-store
WWW-Authenticate: Payment id="…", realm="<realm>", method="tempo", intent="charge",
    expires="…", opaque="…",
    request="<base64url of {"amount":"%[1]s","currency":"<token>","recipient":"<payee>",
                            "methodDetails":{"chainId":42431},"description":"…"}>"

{"challenges":[{...the same challenge as JSON...}],
 "problem":{"type":"…/payment-required",...},
 "success":false,"error":{"code":"PAYMENT_REQUIRED",...},"meta":{...}}

# mppx signs the transfer and sends the same request with the credential:
`, micro) + call(mpp, `Authorization: Payment <base64url of {"challenge":{...},"payload":{"type":"transaction","signature":"0x76…"},"source":"did:pkh:…"}>`) + fmt.Sprintf(`
HTTP/1.1 200 OK
Payment-Receipt: <base64url of {"method":"tempo","reference":"0x<tx hash>","status":"success",...}>

{"success":true,"data":{...},"meta":{"paymentMethod":"mpp","price":%s,...}}`, price)},
	}
}

// mcpConfigs are the client configurations /docs shows: dalil mcp on
// stdio forwarding to this service, and the remote /mcp when mounted.
func (s *Server) mcpConfigs(base string) (desktop, remote string) {
	d, _ := json.MarshalIndent(map[string]any{"mcpServers": map[string]any{"dalil": map[string]any{
		"command": "dalil", "args": []string{"mcp"},
		"env": map[string]string{"DALIL_API_KEY": "dk_live_your_key_here", "DALIL_BASE_URL": base},
	}}}, "", "  ")
	if s.cfg.MCP == nil {
		return string(d), ""
	}
	rm, _ := json.MarshalIndent(map[string]any{"mcpServers": map[string]any{"dalil": map[string]any{
		"type": "http", "url": base + "/mcp", "headers": map[string]string{"X-API-Key": "dk_live_your_key_here"},
	}}}, "", "  ")
	return string(d), string(rm)
}

func (s *Server) handleLLMs(w http.ResponseWriter, r *http.Request) {
	base := s.baseURL(r)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n> %s\n\n", Name, Description)
	if base != "" { // in-process callers have no address: links stay relative
		fmt.Fprintf(&b, "Base URL: %s\n\n", base)
	}
	b.WriteString("## How to call\n\n")
	b.WriteString("- Every tool is `POST <path>` with a JSON body (`Content-Type: application/json`, at most 32 KiB unless stated).\n")
	b.WriteString("- Pay with an account API key: `X-API-Key: <key>` or `Authorization: Bearer <key>`. The subscription allowance pays first, then prepaid credits.\n")
	b.WriteString("- Choose a rail with `X-Service-Payment-Method: " + strings.Join(s.enabledMethods(), "|") + "` (default auto).\n")
	b.WriteString("- Retry safely with `Idempotency-Key: <unique string>`: the same key and body replay the first answer without a second charge.\n")
	b.WriteString("- Cap what one call may cost with `" + MaxPriceHeader + ": <USD>` (e.g. 0.05): a tool priced above it answers 402 PRICE_ABOVE_MAXIMUM and nothing is run or charged. MCP: `params._meta.maxPrice`.\n")
	b.WriteString("- Success: `{\"success\":true,\"data\":{...},\"meta\":{\"requestId\",\"tool\",\"price\",\"currency\",\"paymentMethod\"}}`. Failure: `{\"success\":false,\"error\":{\"code\",\"message\",\"details\"}}`; `details` lists every input problem with its dotted `path`. Fix the input and retry.\n")
	b.WriteString("- You are charged only for a 2xx answer. 401: send a valid key. 402 INSUFFICIENT_CREDITS: neither the allowance left nor the credits cover the price; `details.creditsNeeded` is what the account's operator must add (or pay per call where offered), and a `Retry-After`, when present, is when the next period's allowance would cover it. 429 QUOTA_EXCEEDED: the monthly allowance is used up; add credits or wait `Retry-After` seconds (the period's end). 429 RATE_LIMITED: wait `Retry-After` seconds.\n")
	b.WriteString("- Free preview: `POST /api/v1/preview/<tool>` with the same body and no key (" + s.previewLimit() + ") says whether the paid call would find what it needs (status available or limited, coverage, counts), never the paid result. Tools without one answer status unavailable.\n")
	b.WriteString("- Machine-readable: /openapi.json, /api/v1/capabilities, /api/v1/pricing. MCP: run `dalil mcp` (stdio)")
	if s.cfg.MCP != nil {
		b.WriteString(" or connect to /mcp (streamable HTTP)")
	}
	b.WriteString(".\n\n## Tools\n\n")
	for _, e := range s.reg.Callable() {
		fmt.Fprintf(&b, "### %s\n\n%s %s\n\n", e.ID, e.Summary, e.Description)
		if e.WhenToUse != "" {
			fmt.Fprintf(&b, "When to use: %s\n\n", e.WhenToUse)
		}
		st := e.State()
		fmt.Fprintf(&b, "- Route: `POST %s`\n- Price: $%s USD per call.\n- Status: %s\n- MCP tool: `%s`\n", e.Path, e.Price.Decimal(), st.Status, e.ID)
		switch st.Status {
		case capability.StatusUnconfigured:
			fmt.Fprintf(&b, "- Unavailable here: needs %s, which the operator has not configured (calls answer 503 PROVIDER_NOT_CONFIGURED, not charged).\n", st.Needs())
		case capability.StatusDemo:
			b.WriteString("- Demo only here: it answers from synthetic demo data, says so, and does not charge for what rests on it alone.\n")
		}
		if e.Previewable() {
			fmt.Fprintf(&b, "- Free preview: `POST %s` with the same body, no key (MCP: `%s`).\n", previewPath(e.ID), capability.PreviewTool)
		} else {
			b.WriteString("- Free preview: none.\n")
		}
		for _, l := range e.Limitations {
			fmt.Fprintf(&b, "- Limit: %s\n", l)
		}
		for _, m := range e.Methodology {
			fmt.Fprintf(&b, "- Method: %s\n", m)
		}
		fmt.Fprintf(&b, "\n```sh\n%s\n```\n\n", curlExample(base, e.Path, e.Example))
	}
	if planned := s.reg.Planned(); len(planned) > 0 {
		b.WriteString("## Planned (not available yet; do not call)\n\n")
		for _, e := range planned {
			fmt.Fprintf(&b, "- `%s`: %s\n", e.ID, e.Summary)
		}
		b.WriteString("\n")
	}
	writeRaw(w, http.StatusOK, "text/plain; charset=utf-8", []byte(b.String()))
}

// previewLimit words the per-IP limit on previews for the documents.
func (s *Server) previewLimit() string {
	if n := s.cfg.Limits[ratelimit.Preview]; s.cfg.Limiter != nil && n > 0 {
		return "at most " + strconv.Itoa(n) + " a minute per client address"
	}
	return "limited per client address"
}
