package invoiceanomaly

import (
	"context"
	"reflect"
	"slices"
	"strings"

	"dalil/capability"
)

// PreviewSignals are the free preview's own signals: counts and booleans
// about the context the caller sent, so an agent can judge whether the
// paid check is worth it. Nothing here is a check's result.
type PreviewSignals struct {
	// Mode is the mode the paid check would run in: context_aware with any
	// context block, else standalone.
	Mode string `json:"mode" schema:"enum=standalone|context_aware"`
	// ContextSupplied names the non-empty context blocks.
	ContextSupplied []string `json:"contextSupplied" schema:"maxItems=10"`
	// ActiveFamilies are the optional check families the context lets run
	// (duplicates, supplier_patterns, payment, po_contract, split);
	// InactiveFamilies the others. Arithmetic, dates, line items and data
	// quality run on the invoice alone and are not counted.
	ActiveFamilies   []string `json:"activeFamilies" schema:"maxItems=5"`
	InactiveFamilies []string `json:"inactiveFamilies" schema:"maxItems=5"`
	// LineItemCount is the number of invoice lines.
	LineItemCount int `json:"lineItemCount" schema:"minimum=0"`
	// HistoricalInvoiceCount counts historicalInvoices;
	// SameSupplierHistoryCount those of the invoice's supplier (matched
	// by id, else by normalised name, as the paid check does).
	HistoricalInvoiceCount   int `json:"historicalInvoiceCount" schema:"minimum=0"`
	SameSupplierHistoryCount int `json:"sameSupplierHistoryCount" schema:"minimum=0"`
	// MinHistoryForPatterns is the same-supplier count the supplier
	// history checks need (options.minHistoryForPatterns, default 3).
	MinHistoryForPatterns int  `json:"minHistoryForPatterns" schema:"minimum=2,maximum=50"`
	HasBankAccount        bool `json:"hasBankAccount"`
	HasSupplierProfile    bool `json:"hasSupplierProfile"`
	HasPurchaseOrder      bool `json:"hasPurchaseOrder"`
	HasContract           bool `json:"hasContract"`
	HasApprovalThreshold  bool `json:"hasApprovalThreshold"`
	// Currency is the invoice currency, upper-cased; empty when not sent.
	Currency string `json:"currency,omitempty" schema:"maxLength=3"`
	// RememberIgnored is true when the body asks to remember: a preview
	// has no account, so it neither stores nor recalls fingerprints.
	RememberIgnored bool `json:"rememberIgnored,omitempty"`
}

// Preview families, in the order they are listed.
const (
	familyDuplicates       = "duplicates"
	familySupplierPatterns = "supplier_patterns"
	familyPayment          = "payment"
	familyPOContract       = "po_contract"
	familySplit            = "split"
)

// previewSections are the paid result's top-level sections, read from
// Output's JSON field names: the same list for every input.
var previewSections = func() []string {
	t := reflect.TypeFor[Output]()
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}()

// Preview is invoice_anomaly_check's free preview (reference service, Part
// 2 §4): validation and normalisation only. The input has passed the paid
// call's decoding and validation; the preview then normalises the invoice
// and its context as the paid check does and reports which optional check
// families the context lets run. Status is available with any context
// block and limited without; coverage is active families / 5. It never
// runs a check, so it can return no score, level, decision or anomaly, and
// it never reads the caller's remembered fingerprints (there is no
// account).
func Preview(_ context.Context, in Input) (capability.PreviewReport[PreviewSignals], error) {
	e := newEnv(in, Options{})
	used := contextUsed(in, Options{})
	sig := PreviewSignals{
		Mode:                   "standalone",
		ContextSupplied:        used,
		ActiveFamilies:         []string{},
		InactiveFamilies:       []string{},
		LineItemCount:          len(in.Invoice.LineItems),
		HistoricalInvoiceCount: len(in.HistoricalInvoices),
		// e.same holds this supplier's history only: there are no
		// remembered fingerprints without an account.
		SameSupplierHistoryCount: len(e.same),
		MinHistoryForPatterns:    e.minHistory,
		HasBankAccount:           e.inv.bank != "",
		HasSupplierProfile:       in.SupplierProfile != nil && !isEmptyProfile(in.SupplierProfile),
		HasPurchaseOrder:         in.PurchaseOrder != nil && !isEmptyPO(in.PurchaseOrder),
		HasContract:              in.Contract != nil && !isEmptyContract(in.Contract),
		HasApprovalThreshold:     in.ApprovalContext != nil && amt(in.ApprovalContext.ApprovalThreshold).ok,
		Currency:                 e.inv.currency,
		RememberIgnored:          in.Remember,
	}
	if len(used) > 0 {
		sig.Mode = "context_aware"
	}
	profile := sig.HasSupplierProfile && e.profileMatches(in.SupplierProfile)
	_, noThreshold := e.threshold() // a reason when the approval limit does not apply
	for _, f := range []struct {
		name   string
		active bool
	}{
		{familyDuplicates, len(in.HistoricalInvoices)+len(in.PaymentHistory) > 0},
		{familySupplierPatterns, len(e.same) >= e.minHistory || profile},
		{familyPayment, sig.HasBankAccount && (profile || len(e.same) > 0 || len(e.other) > 0 || len(e.paid)+len(e.paidOther) > 0)},
		{familyPOContract, sig.HasPurchaseOrder || sig.HasContract},
		{familySplit, noThreshold == "" && len(in.HistoricalInvoices) > 0},
	} {
		if f.active {
			sig.ActiveFamilies = append(sig.ActiveFamilies, f.name)
		} else {
			sig.InactiveFamilies = append(sig.InactiveFamilies, f.name)
		}
	}
	rep := capability.PreviewReport[PreviewSignals]{
		Status:            capability.PreviewLimited,
		Entity:            strings.TrimSpace(in.Invoice.InvoiceNumber),
		EntityType:        "invoice",
		SourcesFound:      len(used),
		CoverageScore:     float64(len(sig.ActiveFamilies)) / 5,
		AvailableSections: slices.Clone(previewSections),
		Signals:           sig,
	}
	if len(used) > 0 {
		rep.Status = capability.PreviewAvailable
	}
	var newest optDay
	for _, h := range in.HistoricalInvoices {
		if d := date(h.InvoiceDate); d.ok && (!newest.ok || d.d > newest.d) {
			newest = d
		}
	}
	if newest.ok {
		rep.FreshestSourceDate = newest.d.String()
	}
	return rep, nil
}
