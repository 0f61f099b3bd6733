package invoiceanomaly

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"dalil"
	"dalil/capability"
)

// JSONSchema publishes Decimal as a number or a plain decimal string.
func (Decimal) JSONSchema() string { return DecimalSchema }

// JSONSchema publishes KnownAccount as a string or an object.
func (KnownAccount) JSONSchema() string { return KnownAccountSchema }

// Methodology is how the score and decision are made, as published on
// /docs and /llms.txt; doc.go says the same for readers of the code.
var Methodology = []string{
	"Amounts are parsed exactly (no floats); tolerances come from the currency's ISO 4217 minor unit (OMR, BHD, KWD, JOD, IQD, LYD, TND 0.001; JPY, KRW 1; otherwise 0.01), one unit per rounding step.",
	"Checks: data quality, arithmetic, duplicates and near-duplicates (history, payments already made, remembered fingerprints), supplier history (median and MAD, invoice-number format and sequence, invoice frequency), supplier profile, payment terms, bank account (changed, unknown, IBAN mod 97; accounts of earlier invoices and payments are known), purchase order, contract, approval limits, split invoices, dates, line items. A check without its context is listed in checksSkipped with the reason.",
	"Each anomaly scores weight x confidence. Weights: info 0, low 5, medium 20, high 35, critical 60; BANK_ACCOUNT_CHANGED high 40 / critical 70; POSSIBLE_DUPLICATE high 40; SPLIT_INVOICE_PATTERN high 40; MISSING_REQUIRED_FIELD low 3 / medium 8.",
	"Low and info points together are capped at 10, medium points at 45. Each further anomaly family with a medium or worse anomaly adds 8 (at most 24); a high or critical payment-detail anomaly together with a medium or worse duplicate, PO/contract or split anomaly adds 10.",
	"The worst severity sets a floor and a ceiling (critical 65-100, high 40-100, medium 15-64, low or info 0-14); the score is capped at 100. Levels: 0-14 low, 15-39 medium, 40-64 high, 65-100 critical.",
	"Decision: hold on any critical anomaly (an exact duplicate; a bank account unknown to the supplier on a large invoice; an account another supplier uses) or a critical level; continue on a low level; otherwise review.",
}

// Forgotten is the answer of DELETE .../remembered.
type Forgotten struct {
	Deleted int `json:"deleted" jsonschema:"number of remembered fingerprints deleted"`
}

// Entry declares invoice_anomaly_check (USD 0.25).
func Entry(deps Deps) capability.Entry {
	return capability.Define("invoice_anomaly_check", capability.Options{
		Group:   "Finance",
		Title:   "Invoice anomaly check",
		Summary: "Pre-payment risk indicators for one invoice: a 0-100 risk score, a risk level, an advisory decision (continue, review, hold) and evidence-backed anomalies.",
		Description: "Checks arithmetic, duplicates and near-duplicates (also invoice numbers already paid), supplier-history deviations (amounts, currencies, " +
			"payment terms, invoice-number format and sequence, invoice frequency), changed or unknown bank accounts (shown masked), " +
			"purchase-order, contract and approval-limit issues, split-invoice patterns, date anomalies and repeated line items. " +
			"Every check that lacks the context it needs is listed in checksSkipped with the reason. With remember: true a salted fingerprint " +
			"(never the invoice) is kept in your account so later checks find duplicates without resending history. Risk indicators only. " +
			"A body that is not JSON answers 400 INVALID_JSON, an unreadable amount " +
			"INVALID_MONETARY_VALUE, date INVALID_DATE or currency code UNSUPPORTED_CURRENCY_FORMAT (details.path names the field, the value " +
			"is never echoed), anything else INVALID_INPUT; an unexpected failure answers 500 ANALYSIS_FAILED; nothing is charged for any of them.",
		WhenToUse: "Before approving or paying an invoice, to decide whether it can go ahead, needs review, or should be held.",
		Path:      "/api/v1/finance/invoice-anomaly-check",
		Price:     250_000, // USD 0.25
		// 1 MiB, the reference service's limit for this route: 1,000
		// history invoices and 1,000 payments without line items fit (about
		// 400 KB); bodies with long itemised histories may not (see
		// docs/invoice-anomaly.md, "Limits").
		MaxBody:           1 << 20,
		MalformedJSONCode: dalil.CodeInvalidJSON,
		ReadOnly:          true,
		Idempotent:        true,
		Example:           exampleInput(),
		Methodology:       Methodology,
		Preview:           capability.PreviewOf(capability.LeakageSafe, Preview),
		Limitations:       []string{Disclaimer, "Only as good as the context supplied: checks without their context are skipped and listed.", "No public-holiday calendar is built in; pass options.publicHolidays."},
		Operations: []capability.Operation{{
			ID: "forget_invoice_fingerprints", Method: "DELETE", Path: "/api/v1/finance/invoice-anomaly-check/remembered",
			Summary: "Delete every invoice fingerprint remembered for your account.",
			Run: func(ctx context.Context) (any, error) {
				n, err := Forget(ctx, deps, capability.CallFrom(ctx).AccountID)
				return Forgotten{Deleted: n}, err
			},
		}},
	}, func(ctx context.Context, in Input) (out Output, err error) {
		defer func() {
			if r := recover(); r != nil {
				out, err = Output{}, fmt.Errorf("invoiceanomaly: panic: %v\n%s", r, debug.Stack())
			}
			err = analysisFailed(err)
		}()
		call := capability.CallFrom(ctx)
		d := deps
		if d.Now == nil {
			d.Now = func() time.Time { return call.Now }
		}
		return Handle(ctx, d, call.AccountID, in)
	})
}

// CodeAnalysisFailed is the reference service's 500 for an unexpected
// failure of the check (Part 2 §4); never charged.
const CodeAnalysisFailed = dalil.CodeAnalysisFailed

// analysisFailed answers an unexpected failure (or a panic) with the
// reference service's 500 ANALYSIS_FAILED, its cause kept for the log
// only; errors with a code of their own, storage outages (503) and
// deadlines keep theirs.
func analysisFailed(err error) error {
	var de *dalil.Error
	switch {
	case err == nil, errors.As(err, &de), errors.Is(err, dalil.ErrStorageUnavailable),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return err
	}
	return &dalil.Error{Code: CodeAnalysisFailed, Message: "The invoice check failed unexpectedly. Nothing was charged; retry shortly.", Err: err}
}

// exampleJSON is a small invoice with its supplier's history and known
// bank account, as an agent would send it.
const exampleJSON = `{
  "invoice": {
    "invoiceNumber": "INV-2024-0042", "supplierName": "Al Noor Trading LLC", "supplierId": "SUP-001",
    "invoiceDate": "2026-03-10", "dueDate": "2026-04-09", "currency": "OMR",
    "lineItems": [{"description": "Cement bags 50kg", "quantity": 400, "unitPrice": 2.75, "total": 1100}],
    "subtotal": 1100, "taxRate": 5, "tax": 55, "total": 1155, "bankAccount": "OM880180000001234567890"
  },
  "supplierProfile": {"supplierId": "SUP-001", "supplierName": "Al Noor Trading LLC", "bankAccounts": ["OM880180000001234567890"]},
  "historicalInvoices": [
    {"invoiceNumber": "INV-2024-0031", "supplierId": "SUP-001", "invoiceDate": "2026-01-12", "currency": "OMR", "total": 990, "status": "paid"},
    {"invoiceNumber": "INV-2024-0036", "supplierId": "SUP-001", "invoiceDate": "2026-02-09", "currency": "OMR", "total": 1045, "status": "paid"}
  ]
}`

func exampleInput() Input {
	var in Input
	if err := json.Unmarshal([]byte(exampleJSON), &in); err != nil {
		panic("invoiceanomaly: example: " + err.Error())
	}
	return in
}
