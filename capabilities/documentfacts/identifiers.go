package documentfacts

import (
	"regexp"
	"strings"
)

// Identifiers: invoice, purchase order, contract, commercial registration
// and VAT numbers after their labels.

var (
	reInvoiceNo  = regexp.MustCompile(`(?i)(?:invoice\s*(?:no\.?|number|num\.?|#)|inv\.?\s*(?:no\.?|#)|رقم الفاتورة|فاتورة رقم|فاتورة ضريبية رقم)\s*[:：#.]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30}[A-Z0-9\x{0660}-\x{0669}])`)
	rePONo       = regexp.MustCompile(`(?i)(?:purchase\s+order|\bP\.?O\.?)\s*(?:no\.?|number|ref\.?|#)?\s*[:：#.]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30}[A-Z0-9\x{0660}-\x{0669}])|(?:أمر الشراء|امر الشراء|أمر شراء)\s*(?:رقم)?\s*[:：]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30})`)
	reContractNo = regexp.MustCompile(`(?i)(?:(?:contract|agreement|lease)\s*(?:no\.?|number|ref(?:erence)?\.?|#)|رقم العقد|عقد رقم|رقم عقد الإيجار)\s*[:：#.]?\s*([A-Z0-9\x{0660}-\x{0669}][A-Z0-9\x{0660}-\x{0669}/_.-]{1,30}[A-Z0-9\x{0660}-\x{0669}])`)
	reCRNo       = regexp.MustCompile(`(?i)(?:\bC\.?\s?R\.?\s*(?:no\.?|number|#)?|commercial\s+reg(?:istration|\.)?\s*(?:no\.?|number|#)?|السجل التجاري\s*(?:رقم)?|سجل تجاري\s*(?:رقم)?|س\.ت\.?)\s*[:：#.]?\s*(` + D + `{5,10})(?:$|[^\p{N}])`)
	reVATNo      = regexp.MustCompile(`(?i)(?:\bVATIN\b|\bVAT\s*(?:reg(?:istration)?\.?\s*)?(?:no\.?|number|#|id)|\bTRN\b|tax\s+(?:registration|identification|card)\s*(?:no\.?|number|#)?|tax\s+id|الرقم الضريبي|رقم التسجيل الضريبي|رقم التعريف الضريبي)\s*[:：#.]?\s*((?:OM|AE|SA|om|ae|sa)?` + D + `{6,15})(?:$|[^\p{N}])`)
)

func (x *extractor) identifiers(t string, base int) {
	kinds := []struct {
		re    *regexp.Regexp
		key   string
		label string
	}{
		{reInvoiceNo, "invoice_number", "Invoice number"},
		{rePONo, "po_number", "Purchase order number"},
		{reContractNo, "contract_number", "Contract number"},
		{reCRNo, "cr_number", "Commercial registration number (Oman)"},
		{reVATNo, "vat_number", "VAT / tax registration number"},
	}
	for _, k := range kinds {
		for _, m := range findAllAt(k.re, t) { // findat.go
			g := 2
			for g < len(m) && m[g] < 0 {
				g += 2
			}
			if g >= len(m) {
				continue
			}
			id := t[m[g]:m[g+1]]
			norm := strings.ToUpper(asciiDigits(id))
			if !strings.ContainsAny(norm, "0123456789") || dateShaped(norm) && dateLabelLapsesTwins(t[max(0, m[0]-16):m[g]]) {
				continue // (date_lapses_twins.go: a date is no reference number)
			}
			f := Fact{Type: TypeIdentifier, Key: k.key, Label: k.label, Value: id, Normalized: norm, Method: "labeled_field", Confidence: 0.9}
			x.add(candidate{fact: f, start: base + m[g], end: base + m[g+1], prio: 4})
		}
	}
}
