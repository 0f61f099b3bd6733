// Package invoiceanomaly implements invoice_anomaly_check: pre-payment
// invoice anomaly detection (issue 6). Everything here is pure and
// deterministic Go: Check takes an Input and Options (the clock) and returns
// an Output whose JSON is byte-identical for the same input. Handle adds
// the account's remembered fingerprints (remember: true) around Check.
//
// # Input and errors
//
// Input takes the reference service's request field by field (issue 13):
// the invoice, history items with every invoice field and a status, the
// supplier profile, purchase order, contract, approval context, payment
// history and options, with the reference's bounds, read as leniently as
// the reference reads them (" usd " is USD; a date-time is its UTC date).
// Unknown fields are refused. Refused input answers the reference's codes
// (Input.ValidateError, Options.MalformedJSONCode): INVALID_JSON,
// INVALID_MONETARY_VALUE, INVALID_DATE, UNSUPPORTED_CURRENCY_FORMAT, else
// INVALID_INPUT; all 400, details.path names the field and the value is
// never echoed.
//
// # Money
//
// Amounts, quantities and rates are Decimal: a JSON number or a plain
// decimal string, kept as text and parsed into exact int64 counts of 10^-6
// units. No float takes part in any amount comparison. Tolerances come
// from the ISO 4217 minor unit of the invoice currency (OMR, BHD, KWD, JOD,
// IQD, LYD, TND: 0.001; JPY, KRW and other zero-decimal currencies: 1;
// otherwise 0.01), one unit per rounding step.
//
// # Checks
//
// data_quality, arithmetic, duplicates (history, remembered fingerprints
// and numbers already paid in paymentHistory), supplier_history (amounts,
// currencies, unit prices, new items, invoice-number format and sequence,
// frequency bursts), supplier_profile, payment_terms, bank_account (known
// accounts: profile, billed history, accounts paid to), bank_account_format,
// purchase_order, contract, approval_limits, split_invoices, dates and
// line_items. Each is a small function over the normalized input with its
// own table tests; a check that lacks its context is listed in
// checksSkipped with the reason.
//
// # Scoring
//
// Each anomaly scores weight × confidence, with weights by severity
//
//	info 0, low 5, medium 20, high 35, critical 60
//
// and per-code overrides BANK_ACCOUNT_CHANGED high 40 / critical 70,
// POSSIBLE_DUPLICATE high 40, SPLIT_INVOICE_PATTERN high 40,
// MISSING_REQUIRED_FIELD low 3 / medium 8. Low and info points together are
// capped at 10 and medium points at 45. Each anomaly family beyond the
// first with a medium or worse anomaly adds 8 (at most 24); a high or
// critical payment-detail anomaly together with a medium or worse
// duplicate, PO/contract or split anomaly adds 10. The score is then held
// between a floor and a ceiling set by the worst severity (critical 65-100,
// high 40-100, medium 15-64, low or info 0-14) and capped at 100. Levels:
// 0-14 low, 15-39 medium, 40-64 high, 65-100 critical.
//
// # Decision
//
// Any critical anomaly, or a critical level, means hold; a low level means
// continue; anything else review. Critical anomalies are an exact duplicate
// (same supplier, normalized number, amount, currency and date), a bank
// account that is not among the supplier's known ones on a large invoice
// (at least approvalContext.largeInvoiceAmount, else the approval
// threshold), and an account that another supplier's invoices carry. Unlike
// the reference service, an exact duplicate alone therefore holds.
//
// Bank accounts leave the package only masked ("****1234").
package invoiceanomaly
