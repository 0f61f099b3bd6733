package invoiceanomaly

import (
	"bytes"
	"encoding/json"
	"errors"
	"time"
)

// Input is the request body of invoice_anomaly_check. Only invoice.total is
// required; every context block is optional and an empty one ({} or [])
// counts as not supplied. Field names and bounds follow the reference
// service, field by field, so that its clients need no changes; remember
// and the fields marked "Dalil" are additions of issue 6. A field the
// checks do not read says so in its description.
//
// Conventions (checked by Validate, not by the JSON Schema, so that a bad
// value answers the reference's specific code): amounts and quantities are
// a JSON number or a plain decimal string ("9200.50"; surrounding spaces
// and a leading + are ignored), never negative, at most 10^12 (quantities
// 10^9) with at most 6 decimals, else INVALID_MONETARY_VALUE; dates are
// YYYY-MM-DD or an ISO 8601 date-time, whose UTC date is used, else
// INVALID_DATE; currencies are 3-letter codes, trimmed and upper-cased
// (" usd " is USD), else UNSUPPORTED_CURRENCY_FORMAT.
type Input struct {
	Invoice            Invoice             `json:"invoice" jsonschema:"The invoice to check. Only total is required. Amounts: a JSON number or a plain decimal string (\"9200.50\"), not negative, at most 10^12 with at most 6 decimals. Dates: YYYY-MM-DD or an ISO 8601 date-time (its UTC date is used). Currency: a 3-letter ISO 4217 code, case-insensitive."`
	HistoricalInvoices []HistoricalInvoice `json:"historicalInvoices,omitempty" schema:"maxItems=1000" jsonschema:"Earlier invoices of this supplier and of other suppliers (up to 1,000); used for duplicates, supplier history (amounts, currencies, payment terms, invoice-number format, frequency), bank accounts and split invoices."`
	SupplierProfile    *SupplierProfile    `json:"supplierProfile,omitempty" jsonschema:"What the buyer knows about the supplier: names, known bank accounts, currencies, payment terms, status."`
	PurchaseOrder      *PurchaseOrder      `json:"purchaseOrder,omitempty" jsonschema:"The purchase order the invoice bills against."`
	Contract           *Contract           `json:"contract,omitempty" jsonschema:"The contract the invoice bills under: validity, ceiling, payment terms and agreed rates."`
	ApprovalContext    *ApprovalContext    `json:"approvalContext,omitempty" jsonschema:"Approval limit and purchase-order policy."`
	PaymentHistory     []Payment           `json:"paymentHistory,omitempty" schema:"maxItems=1000" jsonschema:"Past payments of any supplier (up to 1,000): an invoice number already paid is a possible duplicate, and the accounts paid to are the supplier's known accounts."`
	Options            *CheckOptions       `json:"options,omitempty" jsonschema:"Tuning of the checks."`
	Remember           bool                `json:"remember,omitempty" jsonschema:"Keep a salted fingerprint (never the invoice) of this invoice in the caller's account so later checks find duplicates without resending history."`
	RememberDays       int                 `json:"rememberDays,omitempty" schema:"minimum=1,maximum=3650" jsonschema:"How many days a remembered fingerprint is kept (default and upper bound set by the operator)."`
}

// Invoice is the invoice under check.
type Invoice struct {
	InvoiceID        string     `json:"invoiceId,omitempty" schema:"maxLength=100" jsonschema:"Your record id; a history record with the same id is the same invoice, not a duplicate."`
	InvoiceNumber    string     `json:"invoiceNumber,omitempty" schema:"maxLength=100" jsonschema:"The supplier's invoice number."`
	SupplierName     string     `json:"supplierName,omitempty" schema:"maxLength=200"`
	SupplierID       string     `json:"supplierId,omitempty" schema:"maxLength=100" jsonschema:"Your id of the supplier; matched before names."`
	SupplierTaxID    string     `json:"supplierTaxId,omitempty" schema:"maxLength=50" jsonschema:"The supplier's tax registration number."`
	InvoiceDate      string     `json:"invoiceDate,omitempty" schema:"maxLength=40" jsonschema:"Issue date, YYYY-MM-DD (an ISO 8601 date-time is taken as its UTC date)."`
	DueDate          string     `json:"dueDate,omitempty" schema:"maxLength=40"`
	Currency         string     `json:"currency,omitempty" schema:"maxLength=10" jsonschema:"ISO 4217 code, case-insensitive; sets the rounding tolerance (OMR 0.001, USD 0.01, JPY 1)."`
	Subtotal         Decimal    `json:"subtotal,omitempty" jsonschema:"Sum of the line totals before discount, shipping and tax."`
	Discount         Decimal    `json:"discount,omitempty" jsonschema:"Invoice-level discount, subtracted from the subtotal."`
	Shipping         Decimal    `json:"shipping,omitempty"`
	Tax              Decimal    `json:"tax,omitempty"`
	TaxRate          Decimal    `json:"taxRate,omitempty" schema:"minimum=0,maximum=100" jsonschema:"Tax rate in percent (5 means 5 %)."`
	Total            Decimal    `json:"total" jsonschema:"Amount payable: subtotal - discount + shipping + tax."`
	BankAccount      string     `json:"bankAccount,omitempty" schema:"maxLength=80" jsonschema:"IBAN or account number to pay. Only ever shown masked (last 4 characters)."`
	PaymentTermsDays *int       `json:"paymentTermsDays,omitempty" schema:"minimum=0,maximum=3650" jsonschema:"Payment terms in days (30 for net 30)."`
	PONumber         string     `json:"poNumber,omitempty" schema:"maxLength=100"`
	ContractID       string     `json:"contractId,omitempty" schema:"maxLength=100" jsonschema:"Accepted for your records; not used by the checks."`
	LineItems        []LineItem `json:"lineItems,omitempty" schema:"maxItems=500"`
}

// LineItem is one invoice line. total is the line amount before tax:
// quantity × unitPrice - discount.
type LineItem struct {
	Description string  `json:"description,omitempty" schema:"maxLength=500"`
	SKU         string  `json:"sku,omitempty" schema:"maxLength=100"`
	Quantity    Decimal `json:"quantity,omitempty" jsonschema:"Not negative, at most 10^9."`
	UnitPrice   Decimal `json:"unitPrice,omitempty"`
	Discount    Decimal `json:"discount,omitempty" jsonschema:"Line discount, subtracted from quantity x unitPrice (not used on history lines)."`
	TaxRate     Decimal `json:"taxRate,omitempty" schema:"minimum=0,maximum=100" jsonschema:"Tax rate in percent (not used on history lines)."`
	Total       Decimal `json:"total,omitempty" jsonschema:"Line amount excluding tax (the issue's 'amount')."`
}

// HistoricalInvoice is an earlier invoice, of this supplier or another one:
// every invoice field and its status.
type HistoricalInvoice struct {
	InvoiceID        string     `json:"invoiceId,omitempty" schema:"maxLength=100"`
	InvoiceNumber    string     `json:"invoiceNumber,omitempty" schema:"maxLength=100"`
	SupplierName     string     `json:"supplierName,omitempty" schema:"maxLength=200"`
	SupplierID       string     `json:"supplierId,omitempty" schema:"maxLength=100"`
	SupplierTaxID    string     `json:"supplierTaxId,omitempty" schema:"maxLength=50" jsonschema:"Accepted; not used by the checks."`
	InvoiceDate      string     `json:"invoiceDate,omitempty" schema:"maxLength=40"`
	DueDate          string     `json:"dueDate,omitempty" schema:"maxLength=40" jsonschema:"With invoiceDate, gives the payment terms when paymentTermsDays is absent."`
	Currency         string     `json:"currency,omitempty" schema:"maxLength=10" jsonschema:"Default: the invoice's currency."`
	Subtotal         Decimal    `json:"subtotal,omitempty" jsonschema:"Accepted; not used by the checks."`
	Discount         Decimal    `json:"discount,omitempty" jsonschema:"Accepted; not used by the checks."`
	Shipping         Decimal    `json:"shipping,omitempty" jsonschema:"Accepted; not used by the checks."`
	Tax              Decimal    `json:"tax,omitempty" jsonschema:"Accepted; not used by the checks."`
	TaxRate          Decimal    `json:"taxRate,omitempty" schema:"minimum=0,maximum=100" jsonschema:"Accepted; not used by the checks."`
	Total            Decimal    `json:"total"`
	BankAccount      string     `json:"bankAccount,omitempty" schema:"maxLength=80"`
	PaymentTermsDays *int       `json:"paymentTermsDays,omitempty" schema:"minimum=0,maximum=3650" jsonschema:"Its payment terms; the median over the supplier's invoices is the expected terms when neither contract nor profile states them."`
	PONumber         string     `json:"poNumber,omitempty" schema:"maxLength=100"`
	ContractID       string     `json:"contractId,omitempty" schema:"maxLength=100" jsonschema:"Accepted; not used by the checks."`
	Status           string     `json:"status,omitempty" schema:"enum=paid|approved|pending|disputed|rejected|cancelled|void|unknown" jsonschema:"rejected, cancelled and void records do not count as billed."`
	LineItems        []LineItem `json:"lineItems,omitempty" schema:"maxItems=200"`
}

// Payment is a past payment, of this supplier or another one.
type Payment struct {
	InvoiceNumber string  `json:"invoiceNumber,omitempty" schema:"maxLength=100" jsonschema:"The invoice number the payment settled."`
	SupplierID    string  `json:"supplierId,omitempty" schema:"maxLength=100"`
	SupplierName  string  `json:"supplierName,omitempty" schema:"maxLength=200"`
	PaymentDate   string  `json:"paymentDate,omitempty" schema:"maxLength=40"`
	Amount        Decimal `json:"amount,omitempty"`
	Currency      string  `json:"currency,omitempty" schema:"maxLength=10" jsonschema:"Default: the invoice's currency."`
	BankAccount   string  `json:"bankAccount,omitempty" schema:"maxLength=80" jsonschema:"The account paid to: a known account of the payment's supplier."`
}

// SupplierProfile is the buyer's master data about the supplier.
type SupplierProfile struct {
	SupplierID       string         `json:"supplierId,omitempty" schema:"maxLength=100"`
	SupplierName     string         `json:"supplierName,omitempty" schema:"maxLength=200"`
	Aliases          []string       `json:"aliases,omitempty" schema:"maxItems=10,items.maxLength=200"`
	TaxID            string         `json:"taxId,omitempty" schema:"maxLength=50" jsonschema:"Tax registration number."`
	BankAccounts     []KnownAccount `json:"bankAccounts,omitempty" schema:"maxItems=20" jsonschema:"Known accounts: a string, or {account, verified, addedDate}."`
	Currencies       []string       `json:"currencies,omitempty" schema:"maxItems=10,items.maxLength=10"`
	PaymentTermsDays *int           `json:"paymentTermsDays,omitempty" schema:"minimum=0,maximum=3650" jsonschema:"Agreed standard payment terms."`
	Status           string         `json:"status,omitempty" schema:"enum=active|inactive|blocked|suspended|pending_verification"`
	CreatedDate      string         `json:"createdDate,omitempty" schema:"maxLength=40"`
	Country          string         `json:"country,omitempty" schema:"maxLength=60" jsonschema:"Accepted for your records; not used by the checks."`
}

// KnownAccount is a bank account on the supplier's record. On the wire it is
// either a plain string or an object; see KnownAccountSchema.
type KnownAccount struct {
	Account   string `json:"account" schema:"maxLength=80"`
	Verified  *bool  `json:"verified,omitempty" jsonschema:"false marks an account nobody has confirmed with the supplier."`
	AddedDate string `json:"addedDate,omitempty" schema:"maxLength=40"`
}

// KnownAccountSchema is the JSON Schema of KnownAccount (string or object),
// which the core maps onto the type.
const KnownAccountSchema = `{"oneOf":[{"type":"string","maxLength":80},{"type":"object","properties":{"account":{"type":"string","maxLength":80},"verified":{"type":"boolean"},"addedDate":{"type":"string","maxLength":40}},"required":["account"],"additionalProperties":false}]}`

// UnmarshalJSON accepts a string or an object with unknown fields refused.
func (k *KnownAccount) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*k = KnownAccount{}
		return json.Unmarshal(b, &k.Account)
	}
	if len(b) == 0 || b[0] != '{' {
		return errors.New("a bank account must be a string or an object")
	}
	type plain KnownAccount
	var p plain
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	*k = KnownAccount(p)
	return nil
}

// PurchaseOrder is the PO the invoice bills against.
type PurchaseOrder struct {
	PONumber          string      `json:"poNumber,omitempty" schema:"maxLength=100"`
	SupplierID        string      `json:"supplierId,omitempty" schema:"maxLength=100"`
	SupplierName      string      `json:"supplierName,omitempty" schema:"maxLength=200"`
	Currency          string      `json:"currency,omitempty" schema:"maxLength=10"`
	TotalAmount       Decimal     `json:"totalAmount,omitempty"`
	InvoicedToDate    Decimal     `json:"invoicedToDate,omitempty"`
	RemainingAmount   Decimal     `json:"remainingAmount,omitempty"`
	AmountsIncludeTax *bool       `json:"amountsIncludeTax,omitempty" jsonschema:"Whether PO amounts include tax (default true); when false the invoice subtotal is compared."`
	IssueDate         string      `json:"issueDate,omitempty" schema:"maxLength=40"`
	ExpiryDate        string      `json:"expiryDate,omitempty" schema:"maxLength=40" jsonschema:"Last date the PO may be invoiced."`
	Status            string      `json:"status,omitempty" schema:"enum=open|partially_invoiced|closed|cancelled"`
	LineItems         []PriceLine `json:"lineItems,omitempty" schema:"maxItems=500"`
}

// PriceLine is an ordered or agreed line: what may be billed and at what price.
type PriceLine struct {
	Description string  `json:"description,omitempty" schema:"maxLength=500"`
	SKU         string  `json:"sku,omitempty" schema:"maxLength=100"`
	Quantity    Decimal `json:"quantity,omitempty"`
	UnitPrice   Decimal `json:"unitPrice,omitempty"`
}

// Contract is the framework agreement the invoice bills under.
type Contract struct {
	ContractID       string      `json:"contractId,omitempty" schema:"maxLength=100" jsonschema:"Accepted for your records; not used by the checks."`
	SupplierID       string      `json:"supplierId,omitempty" schema:"maxLength=100"`
	SupplierName     string      `json:"supplierName,omitempty" schema:"maxLength=200"`
	Currency         string      `json:"currency,omitempty" schema:"maxLength=10"`
	MaxAmount        Decimal     `json:"maxAmount,omitempty" jsonschema:"Ceiling over the contract's life."`
	MaxInvoiceAmount Decimal     `json:"maxInvoiceAmount,omitempty"`
	InvoicedToDate   Decimal     `json:"invoicedToDate,omitempty" jsonschema:"Billed so far; when absent, this supplier's history within the contract period is summed."`
	StartDate        string      `json:"startDate,omitempty" schema:"maxLength=40"`
	EndDate          string      `json:"endDate,omitempty" schema:"maxLength=40"`
	PaymentTermsDays *int        `json:"paymentTermsDays,omitempty" schema:"minimum=0,maximum=3650"`
	Rates            []PriceLine `json:"rates,omitempty" schema:"maxItems=200" jsonschema:"Agreed unit prices."`
}

// ApprovalContext is the buyer's approval policy.
type ApprovalContext struct {
	ApprovalThreshold  Decimal `json:"approvalThreshold,omitempty" jsonschema:"Amount above which an invoice needs higher approval."`
	Currency           string  `json:"currency,omitempty" schema:"maxLength=10" jsonschema:"Currency of the threshold; the limit checks are skipped when it differs from the invoice's."`
	SplitWindowDays    int     `json:"splitWindowDays,omitempty" schema:"minimum=1,maximum=90" jsonschema:"Days around the invoice date searched for split invoices (default 7)."`
	PORequired         bool    `json:"poRequired,omitempty" jsonschema:"Every invoice must cite a purchase order."`
	PORequiredAbove    Decimal `json:"poRequiredAbove,omitempty" jsonschema:"Invoices above this total must cite a purchase order."`
	LargeInvoiceAmount Decimal `json:"largeInvoiceAmount,omitempty" jsonschema:"From this total up a changed bank account is critical (Dalil; default: the approval threshold)."`
}

// CheckOptions tunes the checks; every field has a documented default.
type CheckOptions struct {
	AsOfDate              string   `json:"asOfDate,omitempty" schema:"maxLength=40" jsonschema:"The date the check is made for (default today, UTC). Fixes the result for replays."`
	RoundingTolerance     Decimal  `json:"roundingTolerance,omitempty" jsonschema:"Overrides the per-step tolerance of one minor unit (at most 1000000)."`
	DuplicateWindowDays   int      `json:"duplicateWindowDays,omitempty" schema:"minimum=1,maximum=365" jsonschema:"Near-duplicates must be this close in date (default 14)."`
	MinHistoryForPatterns int      `json:"minHistoryForPatterns,omitempty" schema:"minimum=2,maximum=50" jsonschema:"Same-supplier invoices needed before supplier-history checks run (default 3)."`
	WeekendDays           []string `json:"weekendDays,omitempty" schema:"maxItems=7" jsonschema:"Weekday names (monday..sunday); default Friday and Saturday for Gulf currencies, else Saturday and Sunday."`
	PublicHolidays        []string `json:"publicHolidays,omitempty" schema:"maxItems=100,items.maxLength=40" jsonschema:"Public holidays (YYYY-MM-DD) for the weak holiday signal; none are built in."`
}

// Options are the server-side inputs of Check that do not come from the
// request body.
type Options struct {
	// Now is the time of the check. options.asOfDate overrides its date. A
	// zero Now without asOfDate skips the checks that need today's date.
	Now time.Time
	// Remembered are fingerprints recalled from the caller's account; they
	// act as extra history for duplicate detection.
	Remembered []Fingerprint
	// Secret keys the fingerprints (HMAC-SHA256); needed to match Remembered.
	Secret []byte
}

// Output is the result of invoice_anomaly_check.
type Output struct {
	RiskScore         int               `json:"riskScore" schema:"minimum=0,maximum=100" jsonschema:"0 (no risk indicator) to 100; weights in the methodology."`
	RiskLevel         string            `json:"riskLevel" schema:"enum=low|medium|high|critical"`
	Decision          string            `json:"decision" schema:"enum=continue|review|hold" jsonschema:"Advisory: continue with payment, review first, or hold payment."`
	AnomalyCount      int               `json:"anomalyCount" schema:"minimum=0"`
	Anomalies         []Anomaly         `json:"anomalies" schema:"maxItems=1000"`
	FinancialChecks   FinancialChecks   `json:"financialChecks"`
	ChecksRun         []string          `json:"checksRun" schema:"maxItems=20"`
	ChecksSkipped     []SkippedCheck    `json:"checksSkipped" schema:"maxItems=20"`
	RecommendedAction []string          `json:"recommendedAction" schema:"maxItems=3"`
	Summary           string            `json:"summary" schema:"maxLength=1000"`
	Mode              string            `json:"mode" schema:"enum=standalone|context_aware"`
	ContextUsed       []string          `json:"contextUsed" schema:"maxItems=10"`
	InvoiceSummary    InvoiceSummary    `json:"invoiceSummary"`
	DataCompleteness  DataCompleteness  `json:"dataCompleteness"`
	Scoring           Scoring           `json:"scoring"`
	Limitations       []string          `json:"limitations" schema:"maxItems=20"`
	Disclaimer        string            `json:"disclaimer" schema:"maxLength=1000"`
	AsOfDate          string            `json:"asOfDate,omitempty" schema:"maxLength=10"`
	CheckedAt         string            `json:"checkedAt,omitempty" schema:"maxLength=40"`
	Remembered        *RememberedResult `json:"remembered,omitempty"`
}

// Anomaly is one risk indicator with the evidence behind it.
type Anomaly struct {
	Code        string   `json:"code" schema:"maxLength=40"`
	Severity    string   `json:"severity" schema:"enum=info|low|medium|high|critical"`
	Confidence  float64  `json:"confidence" schema:"minimum=0,maximum=1"`
	Field       string   `json:"field" schema:"maxLength=200" jsonschema:"Dotted path of the main input field concerned."`
	Message     string   `json:"message" schema:"maxLength=1000"`
	Explanation string   `json:"explanation" schema:"maxLength=1000" jsonschema:"Why this matters (reference-service field)."`
	Evidence    Evidence `json:"evidence"`
}

// Evidence shows what was compared. Amounts are decimal strings in the
// invoice currency; bank accounts are masked.
type Evidence struct {
	Fields         []string        `json:"fields" schema:"maxItems=20"`
	Expected       string          `json:"expected,omitempty" schema:"maxLength=300"`
	Actual         string          `json:"actual,omitempty" schema:"maxLength=300"`
	RelatedInvoice *RelatedInvoice `json:"relatedInvoice,omitempty"`
}

// RelatedInvoice is the earlier invoice an anomaly points at.
type RelatedInvoice struct {
	Source        string `json:"source" schema:"enum=history|remembered|payment" jsonschema:"history: historicalInvoices[index]; payment: paymentHistory[index] (its paymentDate and amount as invoiceDate and total); remembered: a fingerprint from an earlier call."`
	Index         *int   `json:"index,omitempty" jsonschema:"Position in historicalInvoices or paymentHistory."`
	InvoiceID     string `json:"invoiceId,omitempty" schema:"maxLength=100"`
	InvoiceNumber string `json:"invoiceNumber,omitempty" schema:"maxLength=100"`
	InvoiceDate   string `json:"invoiceDate,omitempty" schema:"maxLength=10"`
	Total         string `json:"total,omitempty" schema:"maxLength=40"`
	Currency      string `json:"currency,omitempty" schema:"maxLength=3"`
	Status        string `json:"status,omitempty" schema:"maxLength=20"`
}

// FinancialChecks reports the arithmetic. A nil validity means the check
// could not be made (missing figures).
type FinancialChecks struct {
	SubtotalValid   *bool    `json:"subtotalValid"`
	TaxValid        *bool    `json:"taxValid"`
	TotalValid      *bool    `json:"totalValid"`
	LineTotalsValid *bool    `json:"lineTotalsValid"`
	Computed        Computed `json:"computed"`
}

// Computed holds the recomputed amounts (absent when not computable).
type Computed struct {
	LineItemsSum  Decimal `json:"lineItemsSum,omitempty"`
	ExpectedTax   Decimal `json:"expectedTax,omitempty"`
	ExpectedTotal Decimal `json:"expectedTotal,omitempty"`
	Tolerance     Decimal `json:"tolerance"`
}

// SkippedCheck names a check that did not run and why.
type SkippedCheck struct {
	Check  string `json:"check" schema:"maxLength=40"`
	Reason string `json:"reason" schema:"maxLength=300"`
}

// InvoiceSummary echoes the invoice's key facts, bank account masked.
type InvoiceSummary struct {
	InvoiceNumber     string  `json:"invoiceNumber,omitempty" schema:"maxLength=100"`
	SupplierName      string  `json:"supplierName,omitempty" schema:"maxLength=200"`
	SupplierID        string  `json:"supplierId,omitempty" schema:"maxLength=100"`
	InvoiceDate       string  `json:"invoiceDate,omitempty" schema:"maxLength=10"`
	DueDate           string  `json:"dueDate,omitempty" schema:"maxLength=10"`
	Currency          string  `json:"currency,omitempty" schema:"maxLength=3"`
	Total             Decimal `json:"total,omitempty"`
	LineItemCount     int     `json:"lineItemCount"`
	BankAccountMasked string  `json:"bankAccountMasked,omitempty" schema:"maxLength=8" jsonschema:"****1234: last 4 characters only."`
	BankAccountType   string  `json:"bankAccountType,omitempty" schema:"enum=iban|account_number"`
}

// DataCompleteness lists missing fields by importance.
type DataCompleteness struct {
	MissingRequiredFields    []string `json:"missingRequiredFields" schema:"maxItems=20"`
	MissingRecommendedFields []string `json:"missingRecommendedFields" schema:"maxItems=20"`
}

// Scoring explains the risk score.
type Scoring struct {
	AnomalyPoints    float64     `json:"anomalyPoints" jsonschema:"Sum of capped per-anomaly points."`
	FamilyBonus      int         `json:"familyBonus"`
	CorrelationBonus int         `json:"correlationBonus"`
	Floor            int         `json:"floor" jsonschema:"Minimum score implied by the worst severity."`
	Ceiling          int         `json:"ceiling" jsonschema:"Maximum score allowed by the worst severity."`
	Breakdown        []ScoreItem `json:"breakdown" schema:"maxItems=1000"`
	Method           string      `json:"method"`
}

// ScoreItem is one anomaly's contribution.
type ScoreItem struct {
	Code     string  `json:"code" schema:"maxLength=40"`
	Severity string  `json:"severity" schema:"enum=info|low|medium|high|critical"`
	Points   float64 `json:"points"`
}

// RememberedResult reports what remember: true did.
type RememberedResult struct {
	Stored       bool   `json:"stored"`
	Fingerprints int    `json:"fingerprints"`
	ExpiresAt    string `json:"expiresAt,omitempty" schema:"maxLength=40"`
	Reason       string `json:"reason,omitempty" schema:"maxLength=300"`
	Recalled     int    `json:"recalled" jsonschema:"Fingerprints from earlier calls used as history."`
}
