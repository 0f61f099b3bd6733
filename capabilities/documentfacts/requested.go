package documentfacts

import "strings"

// requestSynonyms map words of a request to the fact keys that answer it;
// the longest phrase found in a request decides.
var requestSynonyms = map[string][]string{
	"effective date": {"effective_date"}, "start date": {"effective_date"}, "commencement": {"effective_date"}, "start": {"effective_date"},
	"expiry": {"expiry_date"}, "expiration": {"expiry_date"}, "end date": {"expiry_date"}, "termination date": {"expiry_date"},
	"agreement date": {"agreement_date"}, "contract date": {"agreement_date"}, "date of agreement": {"agreement_date"},
	"invoice date": {"invoice_date", "issue_date"}, "issue date": {"issue_date", "invoice_date", "document_date"},
	"due date": {"due_date"}, "payment due": {"due_date", "payment_terms"},
	"submission deadline": {"submission_deadline"}, "closing date": {"submission_deadline"}, "deadline": {"submission_deadline", "due_date"},
	"bid deadline": {"submission_deadline"}, "valid until": {"valid_until"}, "validity": {"valid_until"}, "quotation validity": {"valid_until"},
	"offer validity": {"valid_until"}, "delivery date": {"delivery_date"}, "bid bond": {"bid_bond"}, "bid security": {"bid_bond"},
	"performance bond": {"performance_bond"}, "fee": {"fee"}, "fees": {"fee"},
	"آخر موعد": {"submission_deadline"}, "صلاحية العرض": {"valid_until"}, "الضمان الابتدائي": {"bid_bond"},
	"signature date": {"signature_date"}, "signing date": {"signature_date"},
	"notice": {"notice_period"}, "notice period": {"notice_period"}, "termination notice": {"notice_period"},
	"term": {"term"}, "duration": {"term"}, "lease term": {"term"}, "contract term": {"term"}, "length": {"term"},
	"probation": {"probation_period"}, "renewal": {"renewal_term"}, "warranty": {"warranty_period"},
	"governing law": {"governing_law"}, "jurisdiction": {"governing_law"}, "applicable law": {"governing_law"}, "law": {"governing_law"},
	"payment terms": {"payment_terms", "payment_period"}, "payment period": {"payment_period", "payment_terms"},
	"total": {"total_amount"}, "amount due": {"total_amount"}, "invoice total": {"total_amount"}, "total amount": {"total_amount"},
	"subtotal": {"subtotal"}, "vat": {"tax_amount", "tax_rate"}, "tax": {"tax_amount", "tax_rate"}, "vat rate": {"tax_rate"}, "tax rate": {"tax_rate"},
	"rent": {"rent"}, "monthly rent": {"rent"}, "annual rent": {"rent"}, "deposit": {"security_deposit"}, "security deposit": {"security_deposit"},
	"salary": {"salary"}, "contract value": {"contract_value"}, "price": {"contract_value", "total_amount"},
	"late payment": {"late_payment_interest"}, "interest": {"late_payment_interest"},
	"invoice number": {"invoice_number"}, "po": {"po_number"}, "purchase order": {"po_number"}, "contract number": {"contract_number"},
	"commercial registration": {"cr_number"}, "cr number": {"cr_number"}, "vat number": {"vat_number"}, "tax number": {"vat_number"}, "trn": {"vat_number"},
	"iban": {"iban"}, "bank account": {"iban", "account_number"}, "account number": {"account_number", "iban"}, "swift": {"swift_code"}, "bic": {"swift_code"},
	"email": {"email"}, "phone": {"phone"}, "telephone": {"phone"}, "contact number": {"phone"}, "fax": {"fax"}, "website": {"url"}, "url": {"url"},
	"landlord": {"landlord"}, "lessor": {"landlord"}, "tenant": {"tenant"}, "lessee": {"tenant"}, "buyer": {"buyer"}, "seller": {"seller"},
	"supplier": {"supplier"}, "vendor": {"supplier"}, "customer": {"customer"}, "client": {"customer"}, "employer": {"employer"}, "employee": {"employee"},
	"parties": {"landlord", "tenant", "buyer", "seller", "supplier", "customer", "employer", "employee", "disclosing_party", "receiving_party", "party"},
	"party":   {"party"},
	// Arabic
	"تاريخ السريان": {"effective_date"}, "تاريخ البدء": {"effective_date"}, "تاريخ الانتهاء": {"expiry_date"}, "مدة الإشعار": {"notice_period"},
	"الإشعار": {"notice_period"}, "المدة": {"term"}, "مدة العقد": {"term"}, "القانون": {"governing_law"}, "الإيجار": {"rent"}, "الراتب": {"salary"},
	"المؤجر": {"landlord"}, "المستأجر": {"tenant"}, "صاحب العمل": {"employer"}, "الإجمالي": {"total_amount"}, "رقم الفاتورة": {"invoice_number"},
	"تاريخ الاستحقاق": {"due_date"}, "الضريبة": {"tax_amount", "tax_rate"},
}

func answerRequest(req string, facts []Fact) RequestedFact {
	out := RequestedFact{Request: req, Status: "not_found", Note: "No fact in the document answers this request."}
	r := " " + strings.Join(strings.Fields(lowerASCII(strings.NewReplacer("_", " ", "-", " ", "?", " ", ".", " ", ",", " ").Replace(req))), " ") + " "
	var keys []string
	bestLen := 0
	for phrase, ks := range requestSynonyms {
		if strings.Contains(r, " "+phrase+" ") && len(phrase) > bestLen {
			keys, bestLen = ks, len(phrase)
		}
	}
	if keys == nil {
		// A request naming a key directly ("notice_period").
		for _, f := range facts {
			if strings.Contains(r, " "+strings.ReplaceAll(f.Key, "_", " ")+" ") || strings.Contains(r, " "+lowerASCII(f.Label)+" ") {
				keys = []string{f.Key}
				break
			}
		}
	}
	for _, k := range keys {
		var best *Fact
		for i := range facts {
			if facts[i].Key == k && (best == nil || facts[i].Confidence > best.Confidence) {
				best = &facts[i]
			}
		}
		if best == nil {
			continue
		}
		c := best.Confidence
		out = RequestedFact{Request: req, Status: "found", Key: best.Key, Value: best.Value, NormalizedValue: best.Normalized,
			Confidence: &c, Method: best.Method, SourceEvidence: best.SourceEvidence}
		if strings.Contains(r, " annual ") && best.Key == "rent" && strings.Contains(lowerASCII(best.SourceEvidence.Text), "month") {
			out.Note = "The document states a monthly rent; the annual figure is not computed."
		}
		return out
	}
	if keys != nil {
		out.Key = keys[0]
	}
	return out
}
