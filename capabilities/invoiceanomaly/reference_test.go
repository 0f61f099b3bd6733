package invoiceanomaly

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"dalil"
	"dalil/capability"

	"github.com/google/go-cmp/cmp"
)

// referenceBody is a request as an agent of the reference service sends
// it: every block, history items with every invoice field and a status,
// payment history, lenient values.
const referenceBody = `{
  "invoice": {"invoiceId": "AP-9001", "invoiceNumber": "INV-2026-1043", "supplierName": "ABC Trading LLC", "supplierId": "SUP-291",
    "invoiceDate": "2026-09-21T23:30:00Z", "dueDate": "2026-10-21", "currency": " usd ", "subtotal": "9200.00", "discount": 0,
    "shipping": 0, "tax": 460, "taxRate": 5, "total": " 9660.00 ", "bankAccount": "US-1234 56789", "paymentTermsDays": 30,
    "poNumber": "PO-2026-818", "contractId": "C-9",
    "lineItems": [{"description": "Consulting services", "sku": "CS-1", "quantity": 10, "unitPrice": "920", "discount": 0, "taxRate": 5, "total": 9200}]},
  "historicalInvoices": [
    {"invoiceId": "AP-8001", "invoiceNumber": "INV-2026-0990", "supplierName": "ABC Trading LLC", "supplierId": "SUP-291",
     "supplierTaxId": "T-1", "invoiceDate": "2026-08-20", "dueDate": "2026-09-19", "currency": "usd", "subtotal": 8800, "discount": 0,
     "shipping": 0, "tax": 440, "taxRate": 5, "total": 9240, "bankAccount": "US123456789", "paymentTermsDays": 30,
     "poNumber": "PO-2026-700", "contractId": "C-9", "status": "paid",
     "lineItems": [{"description": "Consulting services", "quantity": 10, "unitPrice": 880, "total": 8800}]}],
  "supplierProfile": {"supplierId": "SUP-291", "supplierName": "ABC Trading LLC", "aliases": ["ABC Trading"],
    "bankAccounts": ["US123456789", {"account": "US999", "verified": false, "addedDate": "2026-01-02T08:00:00Z"}],
    "currencies": ["usd", " EUR"], "paymentTermsDays": 30, "status": "active", "createdDate": "2020-01-01", "country": "United States"},
  "purchaseOrder": {"poNumber": "PO 2026 818", "supplierId": "SUP-291", "supplierName": "ABC Trading LLC", "currency": "Usd",
    "totalAmount": 20000, "invoicedToDate": "0", "remainingAmount": 20000, "amountsIncludeTax": true, "issueDate": "2026-09-01",
    "status": "open", "lineItems": [{"description": "Consulting services", "sku": "CS-1", "quantity": 20, "unitPrice": 920}]},
  "contract": {"contractId": "C-9", "supplierId": "SUP-291", "supplierName": "ABC Trading LLC", "currency": "USD", "maxAmount": 100000,
    "maxInvoiceAmount": 50000, "invoicedToDate": 9240, "startDate": "2026-01-01", "endDate": "2026-12-31", "paymentTermsDays": 30},
  "approvalContext": {"approvalThreshold": 25000, "currency": "usd", "splitWindowDays": 7},
  "paymentHistory": [{"invoiceNumber": "INV-2026-0990", "supplierId": "SUP-291", "supplierName": "ABC Trading LLC",
    "paymentDate": "2026-09-18T10:00:00+04:00", "amount": "9240.00", "currency": "usd", "bankAccount": "US 123456789"}],
  "options": {"asOfDate": "2026-09-23", "roundingTolerance": "0.01", "duplicateWindowDays": 14, "minHistoryForPatterns": 3}
}`

func decode(t *testing.T, body string) (Input, error) {
	t.Helper()
	e := Entry(Deps{})
	v, err := e.Decode([]byte(body))
	if err != nil {
		return Input{}, err
	}
	return v.(Input), nil
}

// TestReferenceInputIsAccepted: the reference service's whole input,
// field by field, decodes, and is read leniently as the reference reads it.
func TestReferenceInputIsAccepted(t *testing.T) {
	in, err := decode(t, referenceBody)
	if err != nil {
		t.Fatalf("the reference's input is refused: %v", err)
	}
	out := Check(in, Options{Now: time.Date(2026, 9, 23, 12, 0, 0, 0, time.UTC)})
	if out.InvoiceSummary.Currency != "USD" || out.InvoiceSummary.InvoiceDate != "2026-09-21" || out.InvoiceSummary.Total != "9660.00" {
		t.Errorf("summary = %+v", out.InvoiceSummary)
	}
	if len(out.Anomalies) != 0 {
		for _, a := range out.Anomalies {
			t.Logf("%s %s %s", a.Code, a.Severity, a.Message)
		}
		t.Errorf("a clean reference request has anomalies: %v", found(out.Anomalies))
	}
	for _, c := range []string{"historicalInvoices", "supplierProfile", "purchaseOrder", "contract", "approvalContext", "paymentHistory"} {
		if !contains(out.ContextUsed, c) {
			t.Errorf("contextUsed %v lacks %s", out.ContextUsed, c)
		}
	}
}

// TestLenientValuesMatchStrictOnes: padded lower-case currencies,
// date-times, signed and padded amount strings give the same result as
// their plain forms.
func TestLenientValuesMatchStrictOnes(t *testing.T) {
	strict, err := decode(t, strings.NewReplacer(`" usd "`, `"USD"`, `"usd"`, `"USD"`, `"Usd"`, `"USD"`, `" EUR"`, `"EUR"`,
		`"2026-09-21T23:30:00Z"`, `"2026-09-21"`, `"2026-09-18T10:00:00+04:00"`, `"2026-09-18"`, `"2026-01-02T08:00:00Z"`, `"2026-01-02"`,
		`" 9660.00 "`, `"9660.00"`).Replace(referenceBody))
	if err != nil {
		t.Fatal(err)
	}
	lenient, err := decode(t, strings.Replace(referenceBody, `" 9660.00 "`, `"+9660.00"`, 1))
	if err != nil {
		t.Fatal(err)
	}
	now := Options{Now: time.Date(2026, 9, 23, 12, 0, 0, 0, time.UTC)}
	a, _ := json.Marshal(Check(strict, now))
	b, _ := json.Marshal(Check(lenient, now))
	if string(a) != string(b) {
		t.Errorf("lenient and strict inputs differ:\n%s\n%s", a, b)
	}
	// A lenient value must still be read: " usd " is USD, not a missing or
	// unknown currency.
	in, _ := decode(t, `{"invoice":{"total":"10","currency":" usd ","invoiceDate":"2026-09-21T23:30:00Z"},"options":{"asOfDate":"2026-09-23"}}`)
	out := Check(in, Options{})
	if codes := codesOf(out); len(codes) != 1 || codes[0] != CodeMissingRequiredField || len(out.DataCompleteness.MissingRequiredFields) != 2 {
		t.Errorf("codes %v, missing %v", codes, out.DataCompleteness.MissingRequiredFields)
	}
}

func TestUnknownFieldsStayRefused(t *testing.T) {
	for _, tt := range []struct{ body, path string }{
		{`{"invoice":{"total":1},"extra":1}`, "extra"},
		{`{"invoice":{"total":1,"vendor":"x"}}`, "invoice.vendor"},
		{`{"invoice":{"total":1},"historicalInvoices":[{"total":1,"paid":true}]}`, "historicalInvoices.0.paid"},
		{`{"invoice":{"total":1},"paymentHistory":[{"amount":1,"method":"wire"}]}`, "paymentHistory.0.method"},
		{`{"invoice":{"total":1},"options":{"strict":true}}`, "options.strict"},
		{`{"invoice":{"total":1,"lineItems":[{"total":1,"unit":"kg"}]}}`, "invoice.lineItems.0.unit"},
	} {
		_, err := decode(t, tt.body)
		var de *dalil.Error
		if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
			t.Errorf("%s: err = %v, want INVALID_INPUT", tt.body, err)
			continue
		}
		if ps, _ := de.Details.([]dalil.Problem); len(ps) != 1 || ps[0].Path != tt.path {
			t.Errorf("%s: details = %v, want the path %s", tt.body, de.Details, tt.path)
		}
	}
}

func TestBoundsFollowTheReference(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	hist := func(n int) string { return `[` + strings.TrimSuffix(strings.Repeat(`{"total":1},`, n), ",") + `]` }
	pays := func(n int) string { return `[` + strings.TrimSuffix(strings.Repeat(`{"amount":1},`, n), ",") + `]` }
	for _, tt := range []struct {
		body string
		ok   bool
	}{
		{`{"invoice":{"total":1},"historicalInvoices":` + hist(1000) + `}`, true},
		{`{"invoice":{"total":1},"historicalInvoices":` + hist(1001) + `}`, false},
		{`{"invoice":{"total":1},"paymentHistory":` + pays(1000) + `}`, true},
		{`{"invoice":{"total":1},"paymentHistory":` + pays(1001) + `}`, false},
		{`{"invoice":{"total":1,"invoiceNumber":"` + long(100) + `"}}`, true},
		{`{"invoice":{"total":1,"invoiceNumber":"` + long(101) + `"}}`, false},
		{`{"invoice":{"total":1},"supplierProfile":{"country":"` + long(60) + `"}}`, true},
		{`{"invoice":{"total":1},"supplierProfile":{"country":"` + long(61) + `"}}`, false},
		{`{"invoice":{"total":1},"historicalInvoices":[{"total":1,"paymentTermsDays":3650}]}`, true},
		{`{"invoice":{"total":1},"historicalInvoices":[{"total":1,"paymentTermsDays":3651}]}`, false},
		{`{"invoice":{"total":1,"taxRate":101}}`, false},
		{`{"invoice":{"total":1},"paymentHistory":[{"bankAccount":"` + long(81) + `"}]}`, false},
		{`{"invoice":{"total":1},"approvalContext":{"splitWindowDays":91}}`, false},
		{`{"invoice":{"total":1},"options":{"duplicateWindowDays":366}}`, false},
		{`{"invoice":{"total":1,"currency":"` + long(11) + `"}}`, false},
	} {
		_, err := decode(t, tt.body)
		if (err == nil) != tt.ok {
			b := tt.body
			if len(b) > 120 {
				b = b[:120] + "..."
			}
			t.Errorf("%s: err = %v, want ok %v", b, err, tt.ok)
		}
	}
}

// TestReferenceErrorCodes: the reference's codes, 400, details.path, the
// value never echoed; everything else INVALID_INPUT.
func TestReferenceErrorCodes(t *testing.T) {
	tests := []struct {
		name, body string
		code       dalil.Code
		path       string // details.path (specific codes) or the first problem's path
		secret     string // a value that must not appear in the error
	}{
		{"malformed JSON", `{"invoice":{"total":1,}`, dalil.CodeInvalidJSON, "invoice", ""},
		{"truncated", `{"invoice":{"total":1`, dalil.CodeInvalidJSON, "invoice", ""},
		{"not JSON", `invoice=1`, dalil.CodeInvalidJSON, "", ""},
		{"trailing data", `{"invoice":{"total":1}} {}`, dalil.CodeInvalidJSON, "", ""},
		{"empty body", ``, dalil.CodeInvalidJSON, "", ""},
		{"thousands separator", `{"invoice":{"total":"1,000.00"}}`, dalil.CodeInvalidMonetaryValue, "invoice.total", "1,000.00"},
		{"currency symbol", `{"invoice":{"total":"$77.10"}}`, dalil.CodeInvalidMonetaryValue, "invoice.total", "77.10"},
		{"exponent string", `{"invoice":{"total":"1e5"}}`, dalil.CodeInvalidMonetaryValue, "invoice.total", "1e5"},
		{"negative amount", `{"invoice":{"total":-5}}`, dalil.CodeInvalidMonetaryValue, "invoice.total", ""},
		{"amount too large", `{"invoice":{"total":10000000000000}}`, dalil.CodeInvalidMonetaryValue, "invoice.total", "10000000000000"},
		{"quantity in words", `{"invoice":{"total":10,"lineItems":[{"quantity":"two"}]}}`, dalil.CodeInvalidMonetaryValue, "invoice.lineItems.0.quantity", "two"},
		{"payment amount", `{"invoice":{"total":10},"paymentHistory":[{"amount":"12 OMR"}]}`, dalil.CodeInvalidMonetaryValue, "paymentHistory.0.amount", "12 OMR"},
		{"February 30th", `{"invoice":{"total":10,"invoiceDate":"2026-02-30"}}`, dalil.CodeInvalidDate, "invoice.invoiceDate", "2026-02-30"},
		{"day first", `{"invoice":{"total":10,"invoiceDate":"20/09/2026"}}`, dalil.CodeInvalidDate, "invoice.invoiceDate", "20/09/2026"},
		{"history date in words", `{"invoice":{"total":10},"historicalInvoices":[{"total":5,"invoiceDate":"yesterday"}]}`, dalil.CodeInvalidDate, "historicalInvoices.0.invoiceDate", "yesterday"},
		{"payment date", `{"invoice":{"total":10},"paymentHistory":[{"paymentDate":"2026-13-01"}]}`, dalil.CodeInvalidDate, "paymentHistory.0.paymentDate", "2026-13-01"},
		{"as-of date", `{"invoice":{"total":10},"options":{"asOfDate":"today"}}`, dalil.CodeInvalidDate, "options.asOfDate", "today"},
		{"currency in words", `{"invoice":{"total":10,"currency":"US Dollars"}}`, dalil.CodeUnsupportedCurrencyFormat, "invoice.currency", "US Dollars"},
		{"currency symbol", `{"invoice":{"total":10,"currency":"$"}}`, dalil.CodeUnsupportedCurrencyFormat, "invoice.currency", ""},
		{"profile currency", `{"invoice":{"total":10},"supplierProfile":{"currencies":["USD","US$"]}}`, dalil.CodeUnsupportedCurrencyFormat, "supplierProfile.currencies.1", "US$"},
		{"the account is never echoed", `{"invoice":{"total":10,"bankAccount":"GB29NWBK60161331926819","invoiceDate":"bad"}}`, dalil.CodeInvalidDate, "invoice.invoiceDate", "GB29NWBK"},
		{"the first problem in the reference's order decides", `{"invoice":{"total":"x","invoiceDate":"2026-02-30"},"historicalInvoices":[{"total":5,"currency":"$$"}]}`, dalil.CodeInvalidDate, "invoice.invoiceDate", ""},
		{"a schema problem makes it INVALID_INPUT", `{"invoice":{"total":10,"invoiceDate":"2026-02-30"},"extra":1}`, dalil.CodeInvalidInput, "extra", "2026-02-30"},
		{"a missing total", `{"invoice":{"invoiceDate":"2026-02-30"}}`, dalil.CodeInvalidInput, "invoice.invoiceDate", ""},
		{"a tax rate is no amount", `{"invoice":{"total":10,"taxRate":"5%"}}`, dalil.CodeInvalidInput, "invoice.taxRate", "5%"},
		{"duplicate keys are well-formed JSON", `{"invoice":{"total":1,"total":2}}`, dalil.CodeInvalidInput, "invoice.total", ""},
		{"a number beyond float64", `{"invoice":{"total":1e400}}`, dalil.CodeInvalidInput, "invoice.total", ""},
		{"a date that is not a string", `{"invoice":{"total":10,"invoiceDate":20260920}}`, dalil.CodeInvalidInput, "invoice.invoiceDate", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decode(t, tt.body)
			var de *dalil.Error
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want %s", err, tt.code)
			}
			if de.Code != tt.code {
				t.Fatalf("code = %s (%v), want %s", de.Code, de, tt.code)
			}
			var path string
			switch d := de.Details.(type) {
			case capability.FieldErrors:
				path = d.Path
				if len(d.Problems) == 0 || d.Problems[0].Path != d.Path {
					t.Errorf("details = %+v: the first problem must be at details.path", d)
				}
			case []dalil.Problem:
				if tt.code != dalil.CodeInvalidInput && tt.code != dalil.CodeInvalidJSON {
					t.Errorf("details are a list, want {path, problems}")
				}
				if len(d) > 0 {
					path = d[0].Path
				}
			default:
				t.Fatalf("details = %#v", de.Details)
			}
			if path != tt.path {
				t.Errorf("path = %q, want %q (details %+v)", path, tt.path, de.Details)
			}
			body, _ := json.Marshal(map[string]any{"code": de.Code, "message": de.Message, "details": de.Details})
			if tt.secret != "" && strings.Contains(string(body), tt.secret) {
				t.Errorf("the error echoes the value %q: %s", tt.secret, body)
			}
			if tt.code != dalil.CodeInvalidInput && tt.code != dalil.CodeInvalidJSON && !strings.Contains(de.Message, "Nothing was charged") {
				t.Errorf("message %q does not say nothing was charged", de.Message)
			}
		})
	}
}

// TestSchemaAndValueProblemsTogether: a body the schema refuses still has
// its unreadable values listed, in one INVALID_INPUT answer.
func TestSchemaAndValueProblemsTogether(t *testing.T) {
	_, err := decode(t, `{"invoice":{"total":"1,5","invoiceDate":"2026-02-30","currency":true},"extra":1}`)
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
		t.Fatalf("err = %v", err)
	}
	var paths []string
	for _, p := range de.Details.([]dalil.Problem) {
		paths = append(paths, p.Path)
	}
	if diff := cmp.Diff([]string{"extra", "invoice.currency", "invoice.invoiceDate", "invoice.total"}, paths); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
}

func TestValidateErrorListsEveryProblem(t *testing.T) {
	in := Input{Invoice: Invoice{Total: "x", InvoiceDate: "2026-02-30", Currency: "$$"}, HistoricalInvoices: []HistoricalInvoice{{Total: "5", DueDate: "soon"}}}
	de := in.ValidateError()
	if de == nil || de.Code != dalil.CodeInvalidDate {
		t.Fatalf("err = %v", de)
	}
	fe := de.Details.(capability.FieldErrors)
	var got []string
	for _, p := range fe.Problems {
		got = append(got, p.Path)
	}
	if diff := cmp.Diff([]string{"invoice.invoiceDate", "invoice.currency", "invoice.total", "historicalInvoices.0.dueDate"}, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if !strings.Contains(de.Message, "4 problems") || !strings.HasPrefix(de.Message, "invoice.invoiceDate ") {
		t.Errorf("message = %q", de.Message)
	}
	if (Input{Invoice: Invoice{Total: "1"}}).ValidateError() != nil {
		t.Error("a valid input has an error")
	}
}

// TestPreviewCountsPayments: payment history is a context block for the
// free preview, and turns on the families whose checks it feeds, as the
// paid check runs them.
func TestPreviewCountsPayments(t *testing.T) {
	status, rep, _ := previewOf(t, `{`+previewInvoice+`,"paymentHistory":[{"invoiceNumber":"INV-400","supplierId":"S-1","amount":240,"bankAccount":"OM810180000001299123456"}]}`)
	if status != capability.PreviewAvailable {
		t.Errorf("status = %s", status)
	}
	sig := rep["signals"].(map[string]any)
	active, _ := json.Marshal(sig["activeFamilies"])
	if string(active) != `["duplicates","payment"]` || !strings.Contains(fmtJSON(sig["contextSupplied"]), "paymentHistory") {
		t.Errorf("signals = %v", sig)
	}
	in, err := decode(t, `{`+previewInvoice+`,"paymentHistory":[{"invoiceNumber":"INV-400","supplierId":"S-1","amount":240,"bankAccount":"OM810180000001299123456"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	out := Check(in, Options{Now: testNow})
	if !contains(out.ChecksRun, "duplicates") || !contains(out.ChecksRun, "bank_account") {
		t.Errorf("the paid check skipped %v", out.ChecksSkipped)
	}
}

func fmtJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
