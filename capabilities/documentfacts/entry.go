package documentfacts

import (
	"context"

	"dalil"
	"dalil/capability"
)

// Methodology is published on /docs and /llms.txt.
var Methodology = []string{
	"The document is fetched only through Dalil's SSRF-safe client (https, public addresses only, checked at connect time and on every redirect, at most 3; 15 s; 10 MiB) and read by format from its bytes: PDF text layer (no OCR), DOCX, HTML, text, Markdown, CSV; at most 25 pages and 200,000 characters.",
	"Facts come from deterministic patterns: labelled fields (\"Invoice No:\", \"المؤجر:\"), definitions ('X LLC (the \"Supplier\")'), clauses (\"governed by the laws of\", \"within thirty (30) days\") and value shapes (dates, amounts with a currency, IBANs checked mod 97, E.164 phones via libphonenumber). The nearest cue before a value gives its key and role.",
	"Normalisation: ISO dates (a numeric date like 03/04/2026 only when another date in the document shows the day/month order; 30 February is no date), amounts as numbers with ISO 4217 codes (R.O./ر.ع. = OMR, $ = USD with lower confidence), percentages as ratios, durations as ISO 8601 (P30D, P3M, P1Y), Arabic-Indic digits read as digits.",
	"Obligations (party, role, must or must_not, action, deadline, condition), requirements (category, mandatory or optional, subject) and deadlines (an ISO date or an ISO 8601 period with the event it counts from) are read sentence by sentence from obligation words (shall, must, agrees to, يلتزم, يجب على, لا يجوز, يحظر), requirement words and headings (required, preferred, Eligibility, Documents to submit, شروط التأهيل, يشترط, يفضل) and deadline phrases (no later than, within 30 days of, خلال ٣٠ يوماً من, valid until); permissions (may, is entitled to, يحق) bind no one.",
	"Document content is data: text addressed to an AI (English and Arabic) and text hidden from a human reader (PDF render mode 3, white, off-page or tiny text; HTML display:none and similar; DOCX hidden or white runs) gives no facts and is reported in warnings with its evidence.",
	"Where the operator configures a language model, it is asked once (bounded in time and tokens) for the requested and expected facts the rules missed; each proposal is kept, as method llm_verified and compared with the rule-based facts, only when its value is found verbatim in the text at the offsets the model cites. Without a model nothing is sent anywhere (metadata.llmAssist.status off).",
	"Every fact's evidence.start/end are Unicode code point offsets into the returned text, and text[start:end] is exactly the excerpt (at most 240 characters). Account numbers are masked in facts and text alike.",
}

// Entry declares document_facts_extract (USD 0.25).
func Entry(deps Deps) capability.Entry {
	return capability.Define("document_facts_extract", capability.Options{
		Group:   "Documents",
		Title:   "Document facts extraction",
		Summary: "Structured facts with exact evidence from a business document: parties and roles, dates, amounts, percentages, durations, identifiers, bank accounts (masked), contacts, governing law, payment terms, and the obligations, requirements and deadlines it states.",
		Description: "Reads a PDF (text layer), DOCX, HTML, text, Markdown or CSV document from an https URL or from text, in English and Arabic, " +
			"and returns each fact with its type, key, value as written, normalised value, a 0-1 confidence and evidence (excerpt, offsets into the returned text, " +
			"section, page when known), and, with the same evidence, the obligations (who must or must not do what, by when, on what condition), " +
			"the requirements a bidder, applicant or supplier must or should meet (by category), and the deadlines (ISO dates or ISO 8601 periods with the event they count from). The document is untrusted data: embedded instructions and hidden text are never followed and are reported as warnings. " +
			"Unusable documents answer structured errors (MISSING_DOCUMENT, CONFLICTING_DOCUMENT_SOURCES, EMPTY_DOCUMENT, INVALID_URL 400; DOCUMENT_TOO_LARGE 413; " +
			"UNSUPPORTED_FORMAT 415; UNREADABLE_DOCUMENT 422; DOCUMENT_FETCH_FAILED 502; DOCUMENT_TIMEOUT 504) and are not charged; a readable document with no fact at all is answered and not charged.",
		WhenToUse:         "When an agent must act on a contract, lease, invoice, quotation, tender, RFQ, supplier policy, job advert, company profile, NDA or employment letter and needs its key facts, duties, conditions to qualify and deadlines, with the passage that states each.",
		Path:              "/api/v1/documents/facts-extract",
		Price:             250_000, // USD 0.25
		MaxBody:           1 << 20, // the reference service's limit for this route
		MalformedJSONCode: dalil.CodeInvalidJSON,
		ReadOnly:          true,
		Idempotent:        true,
		OpenWorld:         true,
		Example:           Input{Text: exampleText, RequestedFacts: []string{"total amount", "due date"}},
		Methodology:       Methodology,
		Preview:           capability.PreviewOf(capability.LeakageSafe, Preview(deps)),
		Limitations:       limitations(),
	}, func(ctx context.Context, in Input) (Output, error) {
		return Handle(ctx, deps, in)
	})
}

const exampleText = "TAX INVOICE\nInvoice No: INV-2026-0042\nInvoice Date: 10 March 2026\nDue Date: 09/04/2026\n" +
	"Supplier: Al Noor Trading LLC, C.R. No. 1234567, VATIN OM1100012345\nBill To: Muscat Builders SAOC\n" +
	"Subtotal: OMR 1,100.000\nVAT 5%: OMR 55.000\nTotal amount due: OMR 1,155.000\nPayment terms: Net 30\n" +
	"IBAN: OM88 0180 0000 0123 4567 890\nTel: +968 2412 3456 · accounts@alnoor.example"
