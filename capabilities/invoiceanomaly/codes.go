package invoiceanomaly

// Anomaly codes. The reference service's codes keep their meaning; the
// codes marked "Dalil" are additions of issue 6.
const (
	CodeLineTotalMismatch     = "LINE_TOTAL_MISMATCH"
	CodeSubtotalMismatch      = "SUBTOTAL_MISMATCH"
	CodeTaxMismatch           = "TAX_MISMATCH"
	CodeTotalMismatch         = "TOTAL_MISMATCH"
	CodeDuplicateInvoice      = "DUPLICATE_INVOICE"
	CodePossibleDuplicate     = "POSSIBLE_DUPLICATE"
	CodeUnusualAmount         = "UNUSUAL_AMOUNT"
	CodeUnitPriceIncrease     = "UNIT_PRICE_INCREASE" // Dalil
	CodeNewLineItem           = "NEW_LINE_ITEM"       // Dalil
	CodeUnusualCurrency       = "UNUSUAL_CURRENCY"
	CodeSupplierDeviation     = "SUPPLIER_PATTERN_DEVIATION"
	CodeInvoiceNumberAnomaly  = "INVOICE_NUMBER_ANOMALY"
	CodeUnusualPaymentTerms   = "UNUSUAL_PAYMENT_TERMS"
	CodeBankAccountChanged    = "BANK_ACCOUNT_CHANGED"
	CodeUnknownBankAccount    = "UNKNOWN_BANK_ACCOUNT"
	CodeInvalidBankAccount    = "INVALID_BANK_ACCOUNT" // Dalil
	CodePOMissing             = "PO_MISSING"           // Dalil
	CodePOMismatch            = "PO_MISMATCH"
	CodePOAmountExceeded      = "PO_AMOUNT_EXCEEDED"
	CodeContractLimitExceeded = "CONTRACT_LIMIT_EXCEEDED"
	CodeContractRateExceeded  = "CONTRACT_RATE_EXCEEDED" // Dalil
	CodeApprovalExceeded      = "APPROVAL_THRESHOLD_EXCEEDED"
	CodeApprovalProximity     = "APPROVAL_THRESHOLD_PROXIMITY" // Dalil
	CodeSplitInvoice          = "SPLIT_INVOICE_PATTERN"
	CodeDateAnomaly           = "DATE_ANOMALY"
	CodeDueDateAnomaly        = "DUE_DATE_ANOMALY"
	CodeWeekendOrHoliday      = "WEEKEND_OR_HOLIDAY_DATE" // Dalil
	CodeDuplicateLineItem     = "DUPLICATE_LINE_ITEM"
	CodeMissingRequiredField  = "MISSING_REQUIRED_FIELD"
)

// Families group codes for the scoring bonuses.
const (
	famArithmetic = "arithmetic"
	famDuplicate  = "duplicate"
	famSupplier   = "supplier"
	famPayment    = "payment"
	famPOContract = "po_contract"
	famApproval   = "approval"
	famSplit      = "split"
	famDates      = "dates"
	famLines      = "line_items"
	famData       = "data_quality"
)

// codeInfo is what the output says about every code: its family and why
// it matters (the anomaly's explanation).
var codeInfo = map[string]struct{ family, why string }{
	CodeLineTotalMismatch:     {famArithmetic, "A line amount that does not equal quantity times unit price is either an error or a way to inflate the bill."},
	CodeSubtotalMismatch:      {famArithmetic, "The subtotal should be the sum of the line amounts; a gap means something is billed that is not itemised, or the reverse."},
	CodeTaxMismatch:           {famArithmetic, "The tax does not follow from the stated rate and base; overcharged tax is paid to the supplier, not the tax authority."},
	CodeTotalMismatch:         {famArithmetic, "The amount payable should be subtotal minus discount plus shipping plus tax."},
	CodeDuplicateInvoice:      {famDuplicate, "The same invoice appears to have been submitted before; paying it again is the most common avoidable loss."},
	CodePossibleDuplicate:     {famDuplicate, "An earlier invoice is close enough in number, amount and date to be the same bill resubmitted."},
	CodeUnusualAmount:         {famSupplier, "The amount is far outside what this supplier usually bills (median and median absolute deviation)."},
	CodeUnitPriceIncrease:     {famSupplier, "An item is billed at a higher unit price than the supplier charged before."},
	CodeNewLineItem:           {famSupplier, "The supplier has not billed this item before; worth a look when it is unexpected."},
	CodeUnusualCurrency:       {famSupplier, "The currency is not one this supplier, its profile or its contract uses; payment diversion often comes with a currency change."},
	CodeSupplierDeviation:     {famSupplier, "The supplier's record (status, name, tax id, age) or its sudden burst of invoices does not fit a routine payment."},
	CodeInvoiceNumberAnomaly:  {famData, "A placeholder, or a number out of the supplier's numbering (another format, or lower than earlier numbers on a later date), defeats duplicate detection or points to an invoice the supplier did not issue."},
	CodeUnusualPaymentTerms:   {famSupplier, "Payment terms much shorter than agreed or usual push for a payment before anyone looks closely."},
	CodeBankAccountChanged:    {famPayment, "The invoice asks for payment to an account the supplier has not used before; the classic invoice-fraud pattern. Confirm by calling the supplier on a known number."},
	CodeUnknownBankAccount:    {famPayment, "The account to be paid cannot be tied to this supplier."},
	CodeInvalidBankAccount:    {famPayment, "The IBAN fails its check digits or has the wrong length for its country; the payment would fail or go elsewhere."},
	CodePOMissing:             {famPOContract, "The buyer's policy requires a purchase order for this invoice and none is cited."},
	CodePOMismatch:            {famPOContract, "The invoice does not match its purchase order (number, supplier, currency, status, validity, quantities or prices)."},
	CodePOAmountExceeded:      {famPOContract, "The invoice bills more than is left on the purchase order."},
	CodeContractLimitExceeded: {famPOContract, "The invoice takes billing under the contract above its ceiling or per-invoice maximum."},
	CodeContractRateExceeded:  {famPOContract, "An item is billed above the rate agreed in the contract."},
	CodeApprovalExceeded:      {famApproval, "The amount is above the approval threshold; it needs the higher approval level."},
	CodeApprovalProximity:     {famApproval, "The amount is just under the approval threshold, a common way to avoid the higher approval."},
	CodeSplitInvoice:          {famSplit, "Several invoices from this supplier close together, each under the approval threshold, exceed it together."},
	CodeDateAnomaly:           {famDates, "The invoice date is implausible: in the future, very old, or outside its purchase order or contract."},
	CodeDueDateAnomaly:        {famDates, "The due date does not fit the invoice date or the agreed payment terms; pressure to pay early is a fraud pattern."},
	CodeWeekendOrHoliday:      {famDates, "Issued on a weekend or public holiday; a weak signal on its own."},
	CodeDuplicateLineItem:     {famLines, "The same item, quantity and price is billed twice, on this invoice or on a recent one."},
	CodeMissingRequiredField:  {famData, "Fields needed to check the invoice are missing, so some checks are weaker or could not run."},
}

// Severities, weakest first.
const (
	sevInfo     = "info"
	sevLow      = "low"
	sevMedium   = "medium"
	sevHigh     = "high"
	sevCritical = "critical"
)

var severityRank = map[string]int{sevInfo: 0, sevLow: 1, sevMedium: 2, sevHigh: 3, sevCritical: 4}
