package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"dalil/capability"
	"dalil/ratelimit"
)

// docsPage is the human API reference: rendered on the server from the
// registry, with inline CSS and no scripts, so it works offline.
var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Name}} API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2330}
h1{margin-bottom:.2rem}code,pre{font:13px ui-monospace,monospace;background:#f3f4f7;border-radius:4px}
pre{padding:.8rem;overflow:auto}code{padding:.1rem .3rem}.tool{border:1px solid #dde1ea;border-radius:8px;padding:1rem 1.2rem;margin:1rem 0}
.price{float:right;font-weight:600;color:#0a6b3d}.muted{color:#5b6475}table{border-collapse:collapse}td,th{padding:.25rem .7rem;border-bottom:1px solid #eee;text-align:left}
details summary{cursor:pointer;color:#324fb3}
</style></head><body>
<h1>{{.Name}} API reference</h1>
<p class="muted">Version {{.Version}} · <a href="/openapi.json">OpenAPI 3.1</a> · <a href="/llms.txt">llms.txt</a> · <a href="/api/v1/payment-methods">payment methods</a></p>
<p>{{.Description}}</p>
<h2>Calling a tool</h2>
<p>Every tool is <code>POST</code> with a JSON body. Pay with an account API key in <code>X-API-Key</code> (or <code>Authorization: Bearer</code>):
prepaid credits or a subscription allowance. Each successful call is charged its price once; errors are never charged.
Responses use the envelope <code>{"success":true,"data":…,"meta":{"requestId","tool","price","currency","paymentMethod"}}</code>;
errors <code>{"success":false,"error":{"code","message","details"}}</code>.</p>
<h2>Tools and prices</h2>
<table id="prices"><tr><th>Tool</th><th>Route</th><th>Price (USD)</th><th>Status</th><th>Free preview</th></tr>
{{range .Tools}}<tr><td><a href="#{{.ID}}">{{.ID}}</a></td><td><code>POST {{.Path}}</code></td><td>{{.Price}}</td><td>{{.Status}}</td><td>{{if .Preview}}<code>POST {{.Preview}}</code>{{else}}none{{end}}</td></tr>
{{end}}</table>
<p>A free preview takes the same body as the paid call, needs no key and is never charged ({{.PreviewLimit}}). It says whether the
paid call would find what it needs (status <code>available</code> or <code>limited</code>, coverage, counts), never the paid result.
A capability without one answers status <code>unavailable</code>; an unknown one 404 <code>CAPABILITY_NOT_FOUND</code>.</p>
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
<details><summary>Input schema</summary><pre>{{.Input}}</pre></details>
<details><summary>Output schema</summary><pre>{{.Output}}</pre></details>
</section>
{{end}}
{{if .Roadmap}}<h2>Roadmap</h2><p>Planned, not yet available:</p><ul>{{range .Roadmap}}<li><code>{{.}}</code></li>{{end}}</ul>{{end}}
<h2>Errors</h2>
<table><tr><th>Status</th><th>Code</th></tr>
<tr><td>400</td><td>INVALID_INPUT, PAYMENT_METHOD_UNSUPPORTED; INVALID_JSON, INVALID_MONETARY_VALUE, INVALID_DATE, UNSUPPORTED_CURRENCY_FORMAT (invoice_anomaly_check, as the reference service; <code>details.path</code> names the field)</td></tr><tr><td>401</td><td>UNAUTHORIZED</td></tr>
<tr><td>402</td><td>INSUFFICIENT_CREDITS, PAYMENT_REQUIRED, PAYMENT_INVALID</td></tr><tr><td>404</td><td>NOT_FOUND, CAPABILITY_NOT_FOUND (preview)</td></tr>
<tr><td>405</td><td>METHOD_NOT_ALLOWED</td></tr>
<tr><td>409</td><td>IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_IN_PROGRESS</td></tr><tr><td>413</td><td>PAYLOAD_TOO_LARGE</td></tr>
<tr><td>415</td><td>UNSUPPORTED_MEDIA_TYPE</td></tr><tr><td>429</td><td>RATE_LIMITED, QUOTA_EXCEEDED</td></tr>
<tr><td>500</td><td>INTERNAL_ERROR</td></tr><tr><td>503</td><td>SERVICE_UNAVAILABLE, PROVIDER_NOT_CONFIGURED</td></tr></table>
</body></html>`))

type docsTool struct {
	ID, Title, Group, Path, Legacy, Price, Status, Summary, Description, WhenToUse, Curl, Input, Output string
	// Preview is the free preview route, empty when there is none;
	// Unconfigured names what an unconfigured capability waits for.
	Preview, Unconfigured    string
	Limitations, Methodology []string
}

func indent(raw []byte) string {
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}

// curlExample is the one-line call shown in /docs and /llms.txt.
func curlExample(base, path string, example any) string {
	body, _ := json.Marshal(example)
	return fmt.Sprintf("curl -s %s%s \\\n  -H 'Content-Type: application/json' \\\n  -H \"X-API-Key: $DALIL_API_KEY\" \\\n  -d '%s'", base, path, strings.ReplaceAll(string(body), "'", `'\''`))
}

func (s *Server) handleDocs(w http.ResponseWriter, r *http.Request) {
	base := s.baseURL(r)
	data := struct {
		Name, Version, Description, PreviewLimit string
		Tools                                    []docsTool
		Roadmap                                  []string
	}{Name: Name, Version: Version, Description: Description, PreviewLimit: s.previewLimit()}
	for _, e := range s.reg.Callable() {
		t := docsTool{
			ID: e.ID, Title: e.Title, Group: e.Group, Path: e.Path, Legacy: e.LegacyPath, Price: e.Price.Decimal(), Status: string(e.Status),
			Summary: e.Summary, Description: e.Description, WhenToUse: e.WhenToUse, Limitations: e.Limitations, Methodology: e.Methodology,
			Curl: curlExample(base, e.Path, e.Example), Input: indent(e.InputJSON), Output: indent(e.OutputJSON),
			Unconfigured: e.Provider,
		}
		if e.Previewable() {
			t.Preview = previewPath(e.ID)
		}
		data.Tools = append(data.Tools, t)
	}
	for _, e := range s.reg.Planned() {
		data.Roadmap = append(data.Roadmap, e.ID)
	}
	var buf bytes.Buffer
	if err := docsPage.Execute(&buf, data); err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
	writeRaw(w, http.StatusOK, "text/html; charset=utf-8", buf.Bytes())
}

func (s *Server) handleLLMs(w http.ResponseWriter, r *http.Request) {
	base := s.baseURL(r)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n> %s\n\n", Name, Description)
	fmt.Fprintf(&b, "Base URL: %s\n\n## How to call\n\n", base)
	b.WriteString("- Every tool is `POST <path>` with a JSON body (`Content-Type: application/json`, at most 32 KiB unless stated).\n")
	b.WriteString("- Pay with an account API key: `X-API-Key: <key>` or `Authorization: Bearer <key>`. The subscription allowance pays first, then prepaid credits.\n")
	b.WriteString("- Choose a rail with `X-Service-Payment-Method: " + strings.Join(s.enabledMethods(), "|") + "` (default auto).\n")
	b.WriteString("- Retry safely with `Idempotency-Key: <unique string>`: the same key and body replay the first answer without a second charge.\n")
	b.WriteString("- Success: `{\"success\":true,\"data\":{...},\"meta\":{\"requestId\",\"tool\",\"price\",\"currency\",\"paymentMethod\"}}`. Failure: `{\"success\":false,\"error\":{\"code\",\"message\",\"details\"}}`; `details` lists every input problem with its dotted `path`. Fix the input and retry.\n")
	b.WriteString("- You are charged only for a 2xx answer. 401: send a valid key. 402 INSUFFICIENT_CREDITS: the account's operator must add credits (or pay per call where offered). 429: wait for `Retry-After`.\n")
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
		fmt.Fprintf(&b, "- Route: `POST %s`\n- Price: $%s USD per call.\n- Status: %s\n- MCP tool: `%s`\n", e.Path, e.Price.Decimal(), e.Status, e.ID)
		if e.Status == capability.StatusUnconfigured {
			fmt.Fprintf(&b, "- Unavailable here: needs %s, which the operator has not configured (calls answer 503 PROVIDER_NOT_CONFIGURED, not charged).\n", e.Provider)
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
