package documentfacts

import (
	"bytes"
	"encoding/json"
)

// Input is document_facts_extract's request: the reference service's whole
// input (documentUrl or text, documentType, requestedFacts, mode, language,
// includeSourceEvidence) plus Dalil's factTypes filter.
type Input struct {
	DocumentURL string `json:"documentUrl,omitempty" jsonschema:"An https URL of the document, at most 2,048 bytes (PDF with a text layer, DOCX, HTML, plain text, Markdown or CSV; at most 25 pages, 10 MiB). Exactly one of documentUrl and text."`
	// Text has no maxLength in the schema: a longer text is 413
	// DOCUMENT_TOO_LARGE (ValidateError), as in the reference service.
	Text string `json:"text,omitempty" jsonschema:"The document's text (at most 200,000 characters, else 413 DOCUMENT_TOO_LARGE); a form feed (\\f) is a page break. Exactly one of documentUrl and text."`
	// DocumentType is a hint; auto detects it.
	DocumentType   string   `json:"documentType,omitempty" schema:"enum=auto|contract|invoice|purchase_order|quotation|tender|policy|financial_report|legal_document|lease|resume|company_profile|other|generic" jsonschema:"What the document is, when known (default auto: detected). generic is taken as other."`
	RequestedFacts []string `json:"requestedFacts,omitempty" schema:"maxItems=20" jsonschema:"Facts you need answered (up to 20, 2-200 characters each), in words: \"notice period\", \"monthly rent\", \"governing law\". Each is answered in requestedFacts as found or not_found."`
	Mode           string   `json:"mode,omitempty" schema:"enum=auto|requested_only" jsonschema:"auto (default) returns every fact found; requested_only returns only the facts answering requestedFacts (which it then needs)."`
	Language       string   `json:"language,omitempty" schema:"maxLength=35,pattern=^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$" jsonschema:"ISO 639 language of the document when known (en, ar); detected otherwise."`
	// IncludeSourceEvidence defaults to true.
	IncludeSourceEvidence *bool    `json:"includeSourceEvidence,omitempty" jsonschema:"Attach evidence (excerpt, offsets, section, page) to every fact (default true)."`
	FactTypes             []string `json:"factTypes,omitempty" schema:"maxItems=12" jsonschema:"Only facts of these types: party, date, money, percentage, duration, identifier, bank_account, email, phone, url, governing_law, payment_terms."`

	// textSent: the body had a "text" member, even an empty one (an
	// empty text is EMPTY_DOCUMENT, no text at all MISSING_DOCUMENT).
	textSent bool
}

// UnmarshalJSON decodes as encoding/json does (unknown members refused)
// and notes whether "text" was sent.
func (in *Input) UnmarshalJSON(b []byte) error {
	type plain Input
	var w struct {
		plain
		Text *string `json:"text"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return err
	}
	*in = Input(w.plain)
	if w.Text != nil {
		in.Text, in.textSent = *w.Text, true
	}
	return nil
}

// Fact types.
const (
	TypeParty        = "party"
	TypeDate         = "date"
	TypeMoney        = "money"
	TypePercentage   = "percentage"
	TypeDuration     = "duration"
	TypeIdentifier   = "identifier"
	TypeBankAccount  = "bank_account"
	TypeEmail        = "email"
	TypePhone        = "phone"
	TypeURL          = "url"
	TypeGoverningLaw = "governing_law"
	TypePaymentTerms = "payment_terms"
)

// FactTypes lists every fact type, in the order documented.
var FactTypes = []string{TypeParty, TypeDate, TypeMoney, TypePercentage, TypeDuration, TypeIdentifier, TypeBankAccount,
	TypeEmail, TypePhone, TypeURL, TypeGoverningLaw, TypePaymentTerms}

// Output is the answer: the reference service's fields, plus the returned
// text that every evidence offset points into.
type Output struct {
	DocumentType           string  `json:"documentType" jsonschema:"contract, invoice, purchase_order, quotation, tender, policy, financial_report, legal_document, lease, resume, company_profile or other."`
	DocumentSubtype        string  `json:"documentSubtype,omitempty" jsonschema:"A finer kind when recognised: tax_invoice, supply_agreement, nda, employment_letter, residential_lease, ..."`
	DocumentTypeConfidence float64 `json:"documentTypeConfidence" schema:"minimum=0,maximum=1"`
	DocumentTypeSource     string  `json:"documentTypeSource" schema:"enum=detected|caller"`
	Language               string  `json:"language" jsonschema:"en, ar, or mixed (detected), or the caller's language."`
	Title                  string  `json:"title,omitempty"`
	// Text is the document's visible text as read: every evidence offset
	// is a Unicode code point index into it. Bank account numbers are
	// masked here as in the facts.
	Text           string          `json:"text" jsonschema:"The document's visible text as read (blocks separated by newlines, pages by a blank line); evidence start/end are Unicode code point offsets into it. Hidden text is not included; account numbers are masked."`
	Facts          []Fact          `json:"facts"`
	RequestedFacts []RequestedFact `json:"requestedFacts"`
	Entities       []Entity        `json:"entities"`
	Dates          []Fact          `json:"dates" jsonschema:"The date facts again, on their own (the same entries as in facts)."`
	Amounts        []Fact          `json:"amounts" jsonschema:"The money facts again."`
	Percentages    []Fact          `json:"percentages" jsonschema:"The percentage facts again."`
	// Obligations, Requirements and Deadlines are read from the
	// document's sentences and list items (reference service Part 2 §6).
	Obligations  []Obligation  `json:"obligations" jsonschema:"Clauses binding a party to do (must) or not to do (must_not) something, with the party, the action, its deadline and condition as written."`
	Requirements []Requirement `json:"requirements" jsonschema:"Conditions a bidder, applicant, candidate or supplier must (mandatory) or should (optional) meet, by category."`
	Deadlines    []Deadline    `json:"deadlines" jsonschema:"Times by which something must be done: due dates, submission deadlines, offer validity, no-later-than dates, and periods such as within 30 days of receipt of the invoice."`
	RiskFlags    []RiskFlag    `json:"riskFlags"`
	Warnings     []Warning     `json:"warnings"`
	// UntrustedContent states that the document is data.
	UntrustedContent  UntrustedContent `json:"untrustedContent"`
	Metadata          Metadata         `json:"metadata"`
	OverallConfidence float64          `json:"overallConfidence" schema:"minimum=0,maximum=0.95"`
	Limitations       []string         `json:"limitations"`
}

// Fact is one extracted fact.
type Fact struct {
	Type  string `json:"type" jsonschema:"party, date, money, percentage, duration, identifier, bank_account, email, phone, url, governing_law or payment_terms."`
	Key   string `json:"key" jsonschema:"What the fact is in this document: landlord, effective_date, total_amount, notice_period, invoice_number, iban, ..."`
	Label string `json:"label"`
	// Role: a party's role (buyer, seller, landlord, tenant, employer,
	// ..., else the role word the text defines for it: caterer,
	// charterers; rolelexicon.go) or a date's (issue, effective, expiry,
	// due, signature), when the text says so.
	Role  string `json:"role,omitempty"`
	Value string `json:"value" jsonschema:"As written in the text (account numbers masked)."`
	// Normalized is the canonical form: YYYY-MM-DD, "1250.5 OMR", a ratio
	// ("0.05"), an ISO 8601 duration (P30D), E.164, an upper-cased
	// identifier, an ISO 3166 code for a governing law. Empty when the
	// value cannot be normalised unambiguously.
	Normalized      string   `json:"normalized,omitempty"`
	NormalizedValue string   `json:"normalizedValue,omitempty" jsonschema:"The same as normalized, under a second name some clients read."`
	Amount          *float64 `json:"amount,omitempty" jsonschema:"Money: the amount as a number."`
	Currency        string   `json:"currency,omitempty" jsonschema:"Money: the ISO 4217 code, when the text makes it unambiguous."`
	CurrencySymbol  string   `json:"currencySymbol,omitempty" jsonschema:"Money: the symbol or word as written."`
	// Frequency: money stated per period ("OMR 450.000 per month").
	Frequency string `json:"frequency,omitempty" schema:"enum=daily|weekly|monthly|quarterly|semiannual|annual" jsonschema:"Money: how often the amount is due, when the text says (per month, annually, شهرياً)."`
	// NormalizedDate and Precision: dates (the reference's names).
	NormalizedDate string `json:"normalizedDate,omitempty" jsonschema:"Date: YYYY-MM-DD, only when the date is unambiguous (the same as normalized)."`
	Precision      string `json:"precision,omitempty" schema:"enum=day|month" jsonschema:"Date: day, or month for a date written without its day (normalizedDate is then YYYY-MM)."`
	// Ratio: percentages as a number (5 % is 0.05).
	Ratio      *float64 `json:"ratio,omitempty" jsonschema:"Percentage: the ratio as a number (5 % is 0.05)."`
	EntityType string   `json:"entityType,omitempty" schema:"enum=person|company|organization|government|other"`
	Confidence float64  `json:"confidence" schema:"minimum=0,maximum=1"`
	Method     string   `json:"method" schema:"enum=labeled_field|pattern|clause|table|definition|llm_verified" jsonschema:"How the fact was read. llm_verified: proposed by a language model (where the operator configured one) and kept because its value is found verbatim in the text at the offsets the model cited; the others come from deterministic rules."`
	// Evidence is where the fact was read (omitted when
	// includeSourceEvidence is false); SourceEvidence is the same in the
	// reference service's field names.
	Evidence       *Evidence       `json:"evidence,omitempty"`
	SourceEvidence *SourceEvidence `json:"sourceEvidence,omitempty"`
	// Assist is set when the language-model pass ran and touched this
	// fact: an llm_verified fact is new or disagrees with rule-based
	// facts; a rule-based fact is confirmed or contradicted by it.
	Assist *FactAssist `json:"assist,omitempty" jsonschema:"Where the language-model pass ran: new or disagrees (an llm_verified fact), confirmed or contradicted (a rule-based fact), with relatedFacts, the indexes in facts of the facts of the other source."`

	ref int // links facts across the assist pass (resolveAssistRefs)
}

// Obligation is a sentence or clause that binds a party.
type Obligation struct {
	// Party is who is bound as the text names them ("The Tenant",
	// "المستأجر", "Each party", a company's name); empty for a passive
	// sentence that names no one ("Payment shall be made within 30 days").
	Party     string `json:"party" jsonschema:"Who is bound, as written; empty when a passive sentence names no one."`
	PartyRole string `json:"partyRole,omitempty" jsonschema:"The role bound, normalised: tenant, landlord, buyer, seller, supplier, customer, employer, employee, contractor, consultant, bidder, disclosing_party, receiving_party, first_party, second_party, each_party; else the role word the text defines, lowercased (caterer, charterers); empty when unknown."`
	Modality  string `json:"modality" schema:"enum=must|must_not" jsonschema:"must: an obligation (shall, must, agrees to, يلتزم, يجب على); must_not: a prohibition (shall not, may not, لا يجوز, يحظر)."`
	Action    string `json:"action" jsonschema:"What must (not) be done, as written (the rest of the clause after the obligation word)."`
	// Deadline and DeadlineNormalized: the time limit in the clause.
	Deadline           string  `json:"deadline,omitempty" jsonschema:"The clause's time limit as written (\"within 30 days of receipt\", \"no later than 30 April 2026\")."`
	DeadlineNormalized string  `json:"deadlineNormalized,omitempty" jsonschema:"The time limit as YYYY-MM-DD or an ISO 8601 duration (P30D, PT48H)."`
	Condition          string  `json:"condition,omitempty" jsonschema:"The condition attached, as written (\"if ...\", \"unless ...\", \"upon ...\", \"في حال ...\")."`
	Confidence         float64 `json:"confidence" schema:"minimum=0,maximum=1"`
	Method             string  `json:"method" schema:"enum=clause"`
	// Evidence is the sentence (omitted when includeSourceEvidence is
	// false); SourceEvidence the same in the reference's names.
	Evidence       *Evidence       `json:"evidence,omitempty"`
	SourceEvidence *SourceEvidence `json:"sourceEvidence,omitempty"`
}

// Requirement is a condition to meet (tenders, RFQs, vacancies, supplier
// policies).
type Requirement struct {
	Category       string          `json:"category" schema:"enum=eligibility|documentation|financial|technical|experience|insurance|compliance|other"`
	Mandatory      bool            `json:"mandatory" jsonschema:"true for must, shall, required, mandatory, essential (يجب، يشترط); false for should, preferred, desirable, an advantage (يفضل)."`
	Requirement    string          `json:"requirement" jsonschema:"The requirement as written (its sentence or list item)."`
	Subject        string          `json:"subject,omitempty" jsonschema:"Who must meet it, as written (Bidders, Applicants, Suppliers, مقدم العطاء), when the text says."`
	Confidence     float64         `json:"confidence" schema:"minimum=0,maximum=1"`
	Method         string          `json:"method" schema:"enum=clause|list_item" jsonschema:"clause: a sentence with a requirement word; list_item: an item under a requirements heading."`
	Evidence       *Evidence       `json:"evidence,omitempty"`
	SourceEvidence *SourceEvidence `json:"sourceEvidence,omitempty"`
}

// Deadline is a time by which something must be done.
type Deadline struct {
	Key   string `json:"key" jsonschema:"due_date, submission_deadline, valid_until, payment_deadline, delivery_deadline, notice_deadline, response_deadline, return_deadline or deadline."`
	Label string `json:"label"`
	Value string `json:"value" jsonschema:"As written: a date, or a period with its event (\"within 30 days of receipt of a valid invoice\")."`
	// NormalizedValue is NormalizedDate or Period, whichever applies.
	NormalizedValue string          `json:"normalizedValue,omitempty"`
	NormalizedDate  string          `json:"normalizedDate,omitempty" jsonschema:"YYYY-MM-DD for a deadline on a date, when unambiguous."`
	Period          string          `json:"period,omitempty" jsonschema:"ISO 8601 duration for a deadline counted from an event (P30D, P2M, PT48H)."`
	RelativeTo      string          `json:"relativeTo,omitempty" jsonschema:"The event a period counts from, as written (receipt of a valid invoice, delivery, the purchase order)."`
	Party           string          `json:"party,omitempty" jsonschema:"The role that must act (the obligation's partyRole), when known."`
	Confidence      float64         `json:"confidence" schema:"minimum=0,maximum=1"`
	Method          string          `json:"method" schema:"enum=labeled_field|clause|pattern"`
	Evidence        *Evidence       `json:"evidence,omitempty"`
	SourceEvidence  *SourceEvidence `json:"sourceEvidence,omitempty"`
}

// Evidence locates a fact: text[start:end] (code points) == excerpt.
type Evidence struct {
	Excerpt string `json:"excerpt" jsonschema:"The passage the fact was read from, at most 240 characters, exactly text[start:end]."`
	Start   int    `json:"start" schema:"minimum=0"`
	End     int    `json:"end" schema:"minimum=0"`
	Section string `json:"section,omitempty" jsonschema:"The heading the passage falls under."`
	Page    int    `json:"page,omitempty" jsonschema:"1-based page, only when the format has pages (PDF, or text with form feeds)."`
}

// SourceEvidence is Evidence in the reference service's field names.
type SourceEvidence struct {
	Text        string `json:"text"`
	StartOffset int    `json:"startOffset"`
	EndOffset   int    `json:"endOffset"`
	Section     string `json:"section,omitempty"`
	Page        int    `json:"page,omitempty"`
}

// RequestedFact answers one requestedFacts entry.
type RequestedFact struct {
	Request         string          `json:"request"`
	Status          string          `json:"status" schema:"enum=found|not_found"`
	Key             string          `json:"key,omitempty"`
	Value           string          `json:"value,omitempty"`
	NormalizedValue string          `json:"normalizedValue,omitempty"`
	Confidence      *float64        `json:"confidence"`
	Method          string          `json:"method,omitempty"`
	SourceEvidence  *SourceEvidence `json:"sourceEvidence,omitempty"`
	Note            string          `json:"note,omitempty"`
}

// Entity is a party named in the document.
type Entity struct {
	Name       string  `json:"name"`
	Type       string  `json:"type" schema:"enum=person|company|organization|government|location|other"`
	Role       string  `json:"role,omitempty"`
	Confidence float64 `json:"confidence" schema:"minimum=0,maximum=1"`
}

// RiskFlag is a property of the document worth attention.
type RiskFlag struct {
	Code     string `json:"code"`
	Severity string `json:"severity" schema:"enum=low|medium|high"`
	Message  string `json:"message"`
}

// Warning reports content that was not acted on (embedded instructions,
// hidden text) or a property of the reading, with its evidence.
type Warning struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Evidence: for text in the returned text, its offsets; for hidden
	// text (not in the returned text), the excerpt, page and why it is
	// hidden, without offsets.
	Evidence *WarningEvidence `json:"evidence,omitempty"`
}

// WarningEvidence is a warning's excerpt; Start/End are present only when
// the excerpt is in the returned text.
type WarningEvidence struct {
	Excerpt string `json:"excerpt"`
	Start   *int   `json:"start,omitempty"`
	End     *int   `json:"end,omitempty"`
	Section string `json:"section,omitempty"`
	Page    int    `json:"page,omitempty"`
	Reason  string `json:"reason,omitempty" jsonschema:"Why the text is hidden from a reader (render mode 3, white, off-page, tiny, display:none, ...)."`
}

// UntrustedContent is the result's statement about the document.
type UntrustedContent struct {
	ContentIsData        bool   `json:"contentIsData" jsonschema:"Always true: the document was read as data; nothing in it was followed."`
	Statement            string `json:"statement"`
	InstructionsDetected int    `json:"instructionsDetected" schema:"minimum=0"`
	HiddenTextDetected   int    `json:"hiddenTextDetected" schema:"minimum=0"`
}

// Metadata describes the reading.
type Metadata struct {
	PageCount        *int   `json:"pageCount" jsonschema:"Pages, when the format has them; null otherwise."`
	CharacterCount   int    `json:"characterCount"`
	WordCount        int    `json:"wordCount"`
	Format           string `json:"format" schema:"enum=pdf|docx|html|text|markdown|csv"`
	Source           string `json:"source" schema:"enum=url|text"`
	FinalURL         string `json:"finalUrl,omitempty" jsonschema:"The URL read after redirects (documentUrl only)."`
	PageProvenance   string `json:"pageProvenance" schema:"enum=pdf_pages|form_feeds|docx_page_breaks|none"`
	ExtractionMode   string `json:"extractionMode" schema:"enum=auto|requested_only"`
	ExtractionMethod string `json:"extractionMethod"`
	// LLMAssist reports the language-model pass (assist.go).
	LLMAssist        LLMAssist `json:"llmAssist"`
	OffsetUnit       string    `json:"offsetUnit" jsonschema:"unicode_code_point: evidence offsets count code points (equal to UTF-16 units for text without characters outside the Basic Multilingual Plane)."`
	ExtractorVersion string    `json:"extractorVersion"`
}

// LLMAssist is metadata.llmAssist: the language-model pass. off: no
// model is configured (nothing is sent anywhere); not_needed: the rules
// found what was requested and expected; used: the model was asked and
// its proposals verified; failed: it was asked and failed (the answer is
// the rules' alone, with a warning).
type LLMAssist struct {
	Status string `json:"status" schema:"enum=off|not_needed|used|failed"`
	// VerifiedFacts are the proposals kept (confirmed, disagreeing or
	// new); RejectedFacts those refused.
	VerifiedFacts int `json:"verifiedFacts" schema:"minimum=0"`
	RejectedFacts int `json:"rejectedFacts" schema:"minimum=0"`
	// Dalil's additions.
	Provider         string            `json:"provider,omitempty" jsonschema:"The model's provider (anthropic), when one is configured."`
	Model            string            `json:"model,omitempty"`
	Wanted           []string          `json:"wanted,omitempty" jsonschema:"What the model was asked for: the requested facts and the facts expected for this type of document that the rules did not find."`
	ProposedFacts    int               `json:"proposedFacts,omitempty" schema:"minimum=0"`
	ConfirmedFacts   int               `json:"confirmedFacts,omitempty" schema:"minimum=0" jsonschema:"Proposals equal to a rule-based fact (that fact is marked confirmed; no second fact is added)."`
	DisagreeingFacts int               `json:"disagreeingFacts,omitempty" schema:"minimum=0" jsonschema:"Proposals that differ from a rule-based fact of the same key or passage (both are given, each naming the other)."`
	NewFacts         int               `json:"newFacts,omitempty" schema:"minimum=0" jsonschema:"Proposals the rules did not find at all."`
	Rejections       []AssistRejection `json:"rejections,omitempty" jsonschema:"Up to 20 refused proposals with the reason (not_found_at_cited_offsets, unreadable_value, ...)."`
	Note             string            `json:"note,omitempty"`
}

// unanswered is why nothing can be charged for: a readable document in
// which nothing at all was found (no fact, obligation, requirement,
// deadline or answered request) is answered, as no_facts_found.
func (o Output) unanswered() string {
	if len(o.Facts)+len(o.Obligations)+len(o.Requirements)+len(o.Deadlines) > 0 {
		return ""
	}
	for _, r := range o.RequestedFacts {
		if r.Status == "found" {
			return ""
		}
	}
	return "no_facts_found"
}
