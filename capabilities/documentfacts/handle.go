package documentfacts

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"path"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"dalil"
	"dalil/capabilities/documentfacts/read"
)

// Version names the extractor in metadata.extractorVersion.
const Version = "dalil-documentfacts/1"

// Deps are document_facts_extract's ports and limits.
type Deps struct {
	// Fetcher downloads documentUrl; nil answers 503 for URL input.
	Fetcher Fetcher
	// Limits of the readers (zero: 25 pages, 200,000 characters, 20 s).
	Limits read.Limits
	// CheckURL, when set, is the preview's network-free URL check.
	CheckURL func(string) error
	// Extract, when set, replaces the built-in extractor (deterministic
	// patterns) on a read document; tests inject a failing one. Its
	// failures are answered as the built-in's are (see Handle).
	Extract func(ctx context.Context, doc *read.Document, in Input) (Output, error)
	// Logger receives the panics of single extractors, which cost their
	// facts and not the answer, and the language-model pass's failures
	// (nil: slog.Default()).
	Logger *slog.Logger
	// Assist is the language model that proposes the facts the rules
	// missed (assist.go); nil: no model, metadata.llmAssist.status off.
	Assist Assistant
	// AssistTimeout bounds the model call (0: DefaultAssistTimeout),
	// within the call's own deadline less 2 s; AssistMaxTokens caps its
	// answer (0: DefaultAssistMaxTokens).
	AssistTimeout   time.Duration
	AssistMaxTokens int
}

const contentStatement = "The document was read as untrusted data. Instructions, requests or prompts in it were not followed; " +
	"text addressed to an AI and text hidden from a human reader are reported in warnings and give no facts."

// Handle reads the document and extracts its facts. Refused and unusable
// documents answer the reference service's codes (see codes.go); an
// unexpected failure of reading or extraction — an error without a code
// of its own, or a panic — is 500 EXTRACTION_FAILED, its cause logged and
// never shown; a deadline reached while extracting is 504
// DOCUMENT_TIMEOUT {stage: extract}. None of them is charged (non-2xx).
func Handle(ctx context.Context, deps Deps, in Input) (out Output, err error) {
	if err := in.ValidateError(); err != nil {
		return Output{}, err
	}
	defer func() {
		if x := recover(); x != nil {
			out, err = Output{}, extractionFailed(fmt.Errorf("panic: %v\n%s", x, debug.Stack()))
		}
	}()
	doc, src, err := obtain(ctx, deps, in)
	if err != nil {
		return Output{}, extractionFailed(err)
	}
	if deps.Extract == nil {
		out, failures, err := extractDocument(ctx, doc, src, in, deps)
		logFailures(ctx, deps.Logger, failures)
		if err != nil {
			return Output{}, err // the caller left or the call's deadline passed
		}
		return out, nil
	}
	out, err = deps.Extract(ctx, doc, in)
	if err != nil {
		return Output{}, extractionFailed(err)
	}
	return out, nil
}

type source struct {
	kind     string // url | text
	finalURL string
}

func obtain(ctx context.Context, deps Deps, in Input) (*read.Document, source, error) {
	if in.Text != "" {
		doc, err := read.Text(in.Text, deps.Limits)
		if err != nil {
			return nil, source{}, readError(err)
		}
		return doc, source{kind: "text"}, nil
	}
	if deps.Fetcher == nil {
		return nil, source{}, dalil.Errorf(dalil.CodeServiceUnavailable, "Fetching document URLs is not configured on this server; send the text instead."+notCharged)
	}
	dl, err := deps.Fetcher.Fetch(ctx, strings.TrimSpace(in.DocumentURL))
	if err != nil {
		return nil, source{}, fetchError(err)
	}
	name := ""
	if u, err := url.Parse(dl.FinalURL); err == nil {
		name = path.Base(u.Path)
	}
	doc, err := read.Read(ctx, dl.Body, dl.ContentType, name, deps.Limits)
	if err != nil {
		return nil, source{}, readError(err)
	}
	return doc, source{kind: "url", finalURL: dl.FinalURL}, nil
}

// extractAll turns a read document into the answer.
func extractAll(doc *read.Document, src source, in Input) Output {
	out, _, _ := extractDocument(context.Background(), doc, src, in, Deps{})
	return out
}

// extractDocument turns a read document into the answer; failures are
// the extractors that panicked, whose facts the answer leaves out and
// whose warnings it carries (see guard.go). Once ctx is done (the caller
// left, or the call's deadline passed) no further block is read and the
// error is ctx's: the work stops instead of running on for no one, also
// within one block (stop.go).
func extractDocument(ctx context.Context, doc *read.Document, src source, in Input, deps Deps) (Output, []extractorFailure, error) {
	return extractStopping(&stopper{ctx: ctx}, doc, src, in, deps)
}

// extractStopping is extractDocument under st; a step outside guard that
// sees st's context done ends the extraction here.
func extractStopping(st *stopper, doc *read.Document, src source, in Input, deps Deps) (out Output, failures []extractorFailure, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopped); !ok {
				panic(r)
			}
			out, err = Output{}, st.ctx.Err()
		}
	}()
	return extractWith(st, doc, src, in, deps)
}

// extractWith is extractDocument, its items counted and stopped by st.
func extractWith(st *stopper, doc *read.Document, src source, in Input, deps Deps) (Output, []extractorFailure, error) {
	ctx := st.ctx
	a := assemble(doc)
	x := &extractor{a: &a, ctx: ctx, stop: st}
	x.run()
	failures := x.failures
	if err := ctx.Err(); err != nil {
		return Output{}, failures, err
	}
	st.pass(len(a.text)) // stop.go: each whole-text pass
	injections := findInjections(&a)
	st.pass(len(a.text))
	resolved := dropInjected(resolve(x.cands), injections)
	resolved = lettersMinutesNames(resolved, a.text)    // party_letters_minutes.go
	resolved = labelledNames(resolved, a.text)          // party_labelled_names.go
	resolved = rolesBilingualNames(resolved, a.text)    // party_roles_bilingual.go
	resolved = sendersCopiesNames(resolved, a.text)     // party_senders_copies.go
	resolved = signatureColumnsNames(resolved, a.text)  // party_signature_columns.go
	resolved = boardsDefinitionsNames(resolved, a.text) // party_boards_definitions.go
	cands := dedupe(wrappedNames(resolved, a.text))

	// Mask account numbers in the returned text (same length: offsets hold).
	masked := []byte(a.text)
	for _, c := range cands {
		if c.fact.Type == TypeBankAccount && c.fact.Key != "swift_code" {
			copy(masked[c.start:c.end], c.fact.Value)
		}
	}
	a.text = string(masked)
	ri := newRuneIndex(a.text)
	withEvidence := in.IncludeSourceEvidence == nil || *in.IncludeSourceEvidence

	out := Output{
		Text:           a.text,
		Facts:          []Fact{},
		RequestedFacts: []RequestedFact{},
		Entities:       []Entity{},
		Dates:          []Fact{},
		Amounts:        []Fact{},
		Percentages:    []Fact{},
		Obligations:    []Obligation{},
		Requirements:   []Requirement{},
		Deadlines:      []Deadline{},
		RiskFlags:      []RiskFlag{},
		Warnings:       []Warning{},
		Limitations:    limitations(),
	}
	var all []Fact
	for _, c := range cands {
		f := c.fact
		f.NormalizedValue = f.Normalized
		f.Confidence = round2(f.Confidence)
		switch f.Type {
		case TypeDate:
			f.NormalizedDate = f.Normalized
			switch len(f.Normalized) {
			case len("2006-01-02"):
				f.Precision = "day"
			case len("2006-01"):
				f.Precision = "month"
			}
		case TypePercentage:
			if r, err := strconv.ParseFloat(f.Normalized, 64); err == nil {
				f.Ratio = &r
			}
		}
		es, ee := a.excerptSpan(c.start, c.end)
		seg := a.segmentAt(c.start)
		ev := Evidence{Excerpt: a.text[es:ee], Start: ri.at(es), End: ri.at(ee), Section: seg.section, Page: seg.page}
		f.Evidence = &ev
		f.SourceEvidence = &SourceEvidence{Text: ev.Excerpt, StartOffset: ev.Start, EndOffset: ev.End, Section: ev.Section, Page: ev.Page}
		all = append(all, f)
	}

	// Type, language, title.
	st.pass(len(a.text))
	out.DocumentType, out.DocumentSubtype, out.DocumentTypeConfidence = detectType(a.text)
	if out.DocumentType != "tender" && reTenderTitle.MatchString(firstHeading(&a, doc.Title)) {
		// A request for quotations or proposals is a tender, however
		// often it says "quotation".
		out.DocumentType, out.DocumentSubtype = "tender", ""
	} else if t := titleType(&a, doc.Title); t != "" && t != out.DocumentType {
		// A document calls itself what it is: a quotation that
		// mentions a lease is a quotation.
		out.DocumentType, out.DocumentSubtype, out.DocumentTypeConfidence = t, "", max(out.DocumentTypeConfidence, 0.8)
		if t == "invoice" && strings.Contains(lowerASCII(a.text), "tax invoice") {
			out.DocumentSubtype = "tax_invoice"
		}
	}
	out.DocumentTypeSource = "detected"
	if t := in.DocumentType; t != "" && t != "auto" {
		if t == "generic" {
			t = "other"
		}
		if t != out.DocumentType && out.DocumentTypeConfidence >= 0.7 && out.DocumentType != "other" {
			out.RiskFlags = append(out.RiskFlags, RiskFlag{"document_type_mismatch", "low",
				fmt.Sprintf("The caller says %s; the text reads like %s.", t, out.DocumentType)})
		}
		out.DocumentType, out.DocumentTypeSource, out.DocumentTypeConfidence = t, "caller", 1
	}
	out.Language = in.Language
	if out.Language == "" {
		out.Language = detectLanguage(a.text)
	}
	out.Title = clip(doc.Title, 200)
	if out.Title == "" {
		for _, s := range a.segs {
			if s.heading {
				out.Title = clip(a.text[s.start:s.end], 200)
				break
			}
		}
	}

	st.pass(len(a.text))
	senderRoles(all, out.DocumentType, out.DocumentSubtype, buyerSide(a.text))
	definedLaterRoles(all, cands, a.text) // party_roles_defined_later.go
	jobAdvertEmployer(all, cands, a.text)
	policyIssuer(all, a.text)              // party_tables.go
	companyKindRoles(all, cands, a.text)   // party_tables.go
	definedIssuerRoles(all, cands, a.text) // party_tables.go
	kindIssuerRoles(all, cands, a.text)    // party_roles_issuer_kind.go
	bodyKindRoles(all, cands, a.text)      // party_roles_issuer_kind.go
	addresseeRoles(all, cands, a.text)     // party_roles_issuer_kind.go
	st.pass(len(a.text))
	periodicKeys(all, cands, a.text, out.DocumentType, out.DocumentSubtype)
	subtotalBeforeTax(all)
	netAfterDiscount(all)
	balanceAfterAdvance(all)
	specKeys(all, cands, a.text)
	clauseContextMoneyKeys(all, cands, a.text, out.DocumentType)
	bondsParentDatesConventionParentDates(all, cands, &a)            // convention_bonds_parent_dates.go
	parentDate(all, cands, a.text, out.DocumentType)                 // key_tender_days.go
	subjectContractDates(all, cands, a.text)                         // requirement_staff_head_rows.go
	all, cands = signingBondsConventionSigningDates(all, cands, &a)  // convention_signing_bonds.go
	otherDocumentsKeysFacts(all, cands, &a)                          // key_other_documents.go
	all, cands = twinDates(all, cands, x.dateKeysByStart)            // date_lapses_twins.go
	all, cands = sameDates(all, cands)                               // key_tender_days.go
	all, cands = dueTablesMoneyKeys(all, cands, &a)                  // money_due_tables.go
	sharesTwinsMoneyKeys(all, cands, a.text)                         // money_shares_twins.go
	considerationDuesMoneyKeys(all, cands, a.text, out.DocumentType) // money_consideration_dues.go
	taxableAmounts(all, cands, a.text)                               // money_vat.go
	totalRowsMoneyKeys(all, cands, a.text)                           // money_total_rows.go
	all, cands = arabicTwins(all, cands)                             // money_shares_twins.go, MB3 of money_total_rows.go too
	keyConventionsFacts(all, cands, &a)                              // key_conventions.go
	rejectionsOfferRolesConventionFacts(all, cands, &a)              // convention_rejections_offer_roles.go
	totalRowsMoneyFacts(all, cands, a.text)                          // money_total_rows.go
	moneyConventionsFacts(all, cands, a.text)                        // money_conventions.go
	tableHeadersMoneyFacts(all, cands, a.text)                       // money_table_headers.go
	claimsCapsMoneyFacts(all, cands, a.text, out.DocumentType)       // money_claims_caps.go
	vatMoneyFacts(all, cands, a.text)                                // money_vat.go
	all, cands = arabicTwins(all, cands)                             // again: twins tableHeadersMoneyFacts re-keyed alike
	// The date, duration and money keys' last word: the learned models
	// where they are confident (datemodel.go, moneymodel.go; the duration
	// model is off); an Arabic amount and its English twin are keyed
	// alike again. Under guard: a panic there leaves the rules' keys of
	// the facts not yet re-keyed, and a warning.
	learned := false // a model re-keyed a fact: the answer says so
	var kd *keyDoc   // the document as the key and role models read it, once
	if fail := guard("key_models", func() {
		kd = newKeyDoc(&a, out.DocumentType)
		learned = modelDateKeys(all, cands, kd)
		learned = modelDurationKeys(all, cands, kd) || learned
		if modelMoneyKeys(all, cands, kd) {
			learned = true
			all, cands = arabicTwins(all, cands)
		}
	}); fail != nil {
		failures = append(failures, *fail)
	}
	if out.DocumentType == "invoice" || out.DocumentType == "quotation" || out.DocumentType == "purchase_order" {
		issuerRole(all, &a, out.DocumentType)
	}
	st.pass(len(a.text))
	translationRoles(all, cands, a.text)
	twinRoles(all, a.text)
	rolesByDoctypePartyRoles(all, cands, a.text, out.DocumentType, out.DocumentSubtype) // party_roles_by_doctype.go
	lettersMinutesPartyRoles(all, cands, a.text, out.DocumentType, out.DocumentSubtype) // party_letters_minutes.go
	rejectionsOfferRolesConventionParties(all, cands, a.text, out.DocumentType)         // convention_rejections_offer_roles.go
	all, cands = droppedParties(all, cands, a.text)                                     // party_tables.go
	all, cands = droppedPartiesLabelledNames(all, cands, a.text)                        // party_labelled_names.go
	rolesBilingualPartyRoles(all, cands, a.text)                                        // party_roles_bilingual.go
	sendersCopiesPartyRoles(all, cands, a.text)                                         // party_senders_copies.go
	boardsDefinitionsPartyRoles(all, cands, a.text, out.DocumentType)                   // party_boards_definitions.go
	bankLetterRoles(all, a.text)                                                        // party_bank_letters.go
	tenderAuthorTwins(all, out.DocumentType)                                            // party_bank_letters.go
	all, cands = letterheadUnits(all, cands, a.text)                                    // party_bank_letters.go
	addressTails(all)                                                                   // party_bank_letters.go

	// Obligations, requirements and deadlines, read by sentence (the
	// requested_only mode answers the requested facts alone).
	if in.Mode != "requested_only" {
		failures = append(failures, readClauses(st, &a, injections, all, cands, resolved, ri, withEvidence, &out)...)
		if err := ctx.Err(); err != nil {
			return Output{}, failures, err // the caller left while the clauses were read
		}
	}
	// The parties' roles' last word: the learned role model where it is
	// confident (rolemodel.go), after the clauses, which read the rules'
	// roles. Under guard: a panic there leaves the rules' roles of the
	// parties not yet re-assigned, and a warning.
	learnedRoles := false
	ruled := make([]string, len(all)) // the rules' roles, before the model
	for i, f := range all {
		ruled[i] = f.Role
	}
	if fail := guard("role_model", func() {
		before := make([]string, len(all))
		for i, f := range all {
			before[i] = f.Role
		}
		if kd == nil { // the key models failed before reading it
			kd = newKeyDoc(&a, out.DocumentType)
		}
		learnedRoles = modelPartyRoles(all, cands, kd)
		if learnedRoles {
			followPartyRoles(all, cands, a.text, before, out.Obligations) // obligation_role_modality.go
		}
	}); fail != nil {
		failures = append(failures, *fail)
	}
	// Parties of no role or of a number take the role of the word the
	// document defines for them, and their duties follow; obligations of
	// defined parties take their party's final role. Rules, under a guard
	// of their own: a failure of the model above does not cost them.
	if fail := guard("defined_roles", func() {
		before := make([]string, len(all))
		for i, f := range all {
			before[i] = f.Role
		}
		defs := definedWordsOnce(a.text, all, cands)
		if partyDefinedWordRoles(all, cands, &a, defs, ruled) { // party_defined_words.go
			followPartyRoles(all, cands, a.text, before, out.Obligations)
		}
		definedPartyObligationRoles(all, cands, &a, out.Obligations, defs) // obligation_defined_parties.go
		// A parties table's Role column, an engagement letter's sides, and the
		// duties given a role only now (obligation_consortia.go,
		// obligation_letters.go, obligation_subjects.go).
		tablePartyRoles(all, cands, a.text)
		letterEngagementParties(all, cands, a.text)
		splitRoledSubjects(out.Obligations)
	}); fail != nil {
		failures = append(failures, *fail)
	}

	// Requested facts; then the language-model pass for what the rules
	// did not find, and the requests again with its facts.
	var unresolved []string
	for _, r := range in.RequestedFacts {
		if answerRequest(strings.TrimSpace(r), all).Status != "found" {
			unresolved = append(unresolved, strings.TrimSpace(r))
		}
	}
	factTypes := FactTypes
	if len(in.FactTypes) > 0 {
		factTypes = in.FactTypes
	}
	pass := assistPass{deps: deps, a: &a, ri: ri, injections: injections, docType: out.DocumentType, language: out.Language, factTypes: factTypes}
	nextRef := 0
	added, llm, llmWarn := pass.run(ctx, all, unresolved, &nextRef)
	if len(added) > 0 {
		all = append(all, added...)
		sort.SliceStable(all, func(i, j int) bool { return all[i].Evidence.Start < all[j].Evidence.Start })
	}
	for _, r := range in.RequestedFacts {
		out.RequestedFacts = append(out.RequestedFacts, answerRequest(strings.TrimSpace(r), all))
	}
	keep := all
	if len(in.FactTypes) > 0 {
		keep = slices.DeleteFunc(slices.Clone(keep), func(f Fact) bool { return !slices.Contains(in.FactTypes, f.Type) })
	}
	if in.Mode == "requested_only" {
		keys := map[string]bool{}
		for _, r := range out.RequestedFacts {
			if r.Status == "found" {
				keys[r.Key] = true
			}
		}
		keep = slices.DeleteFunc(slices.Clone(keep), func(f Fact) bool { return !keys[f.Key] })
	}
	if !withEvidence {
		for i := range keep {
			keep[i].Evidence, keep[i].SourceEvidence = nil, nil
		}
		for i := range out.RequestedFacts {
			out.RequestedFacts[i].SourceEvidence = nil
		}
	}
	out.Facts = append(out.Facts, keep...)
	resolveAssistRefs(out.Facts)
	seenEntity := map[string]bool{}
	for _, f := range out.Facts {
		switch f.Type {
		case TypeDate:
			out.Dates = append(out.Dates, f)
		case TypeMoney:
			out.Amounts = append(out.Amounts, f)
		case TypePercentage:
			out.Percentages = append(out.Percentages, f)
		case TypeParty:
			if !seenEntity[f.Normalized+"|"+f.Role] {
				seenEntity[f.Normalized+"|"+f.Role] = true
				out.Entities = append(out.Entities, Entity{Name: f.Value, Type: f.EntityType, Role: f.Role, Confidence: f.Confidence})
			}
		case TypeGoverningLaw:
			// The jurisdiction whose law governs is a place the
			// document names (the reference's location entities).
			if f.Normalized != "" && !seenEntity[f.Normalized+"|governing_law"] {
				seenEntity[f.Normalized+"|governing_law"] = true
				out.Entities = append(out.Entities, Entity{Name: f.Value, Type: "location", Role: "governing_law", Confidence: f.Confidence})
			}
		}
	}

	// Untrusted content.
	out.UntrustedContent = UntrustedContent{ContentIsData: true, Statement: contentStatement}
	for _, inj := range injections {
		s, e := inj.start, inj.end
		if ri.at(e)-ri.at(s) > maxExcerpt {
			s, e = a.excerptSpan(s+strings.Index(a.text[s:e], inj.match), s+strings.Index(a.text[s:e], inj.match)+len(inj.match))
		}
		seg := a.segmentAt(s)
		start, end := ri.at(s), ri.at(e)
		out.Warnings = append(out.Warnings, Warning{Code: "embedded_instructions_detected",
			Message:  "The document contains text addressed to an AI (\"" + clip(inj.match, 80) + "\"); it was not followed and gave no facts.",
			Evidence: &WarningEvidence{Excerpt: a.text[s:e], Start: &start, End: &end, Section: seg.section, Page: seg.page}})
	}
	out.UntrustedContent.InstructionsDetected = len(injections)
	for _, h := range doc.Hidden {
		msg := "Text hidden from a human reader (" + h.Reason + ") was left out of the text and gave no facts."
		if instructionLike(h.Text) {
			msg = "Hidden text (" + h.Reason + ") addressed to an AI was found; it was not followed and gave no facts."
			out.UntrustedContent.InstructionsDetected++
		}
		out.Warnings = append(out.Warnings, Warning{Code: "hidden_text_detected", Message: msg,
			Evidence: &WarningEvidence{Excerpt: clip(h.Text, maxExcerpt), Page: h.Page, Reason: h.Reason}})
	}
	out.UntrustedContent.HiddenTextDetected = len(doc.Hidden)
	if slices.Contains(doc.Notes, "form_xobjects_skipped") {
		out.Warnings = append(out.Warnings, Warning{Code: "form_content_skipped",
			Message: "Some PDF form content (Form XObjects) was not read: it draws itself, nests more than 8 deep, or exceeds the reading bounds."})
	}
	for _, f := range failures {
		out.Warnings = append(out.Warnings, failureWarning(f))
	}
	if llmWarn != nil {
		out.Warnings = append(out.Warnings, *llmWarn)
	}
	out.RiskFlags = append(out.RiskFlags, riskFlags(doc, &out, all, a.text, len(injections))...)

	// Metadata.
	md := Metadata{CharacterCount: ri.at(len(a.text)), WordCount: wordCount(a.text), Format: string(doc.Format), Source: src.kind, FinalURL: src.finalURL,
		PageProvenance: "none", ExtractionMode: "auto", ExtractionMethod: "deterministic_patterns", OffsetUnit: "unicode_code_point", ExtractorVersion: Version,
		LLMAssist: llm}
	if learned {
		md.ExtractionMethod += "+learned_keys"
		out.Limitations = append(out.Limitations, "The keys of some dates and amounts were given by a statistical model trained on labelled documents, where it was confident (at least 90 % probable) and the patterns' cue said otherwise: such a key follows how labelled documents key that context, and can differ from the nearest word.")
	}
	if learnedRoles {
		md.ExtractionMethod += "+learned_roles"
		out.Limitations = append(out.Limitations, fmt.Sprintf("The roles of some parties were given by a statistical model trained on labelled documents, where it was confident (at least %.0f %% probable) and the patterns said otherwise: such a role follows how labelled documents give roles to a party in that place (its side of the document, the role word defined beside its name), and can differ from the nearest word; the duties of a party named by its name or its defined word take the same role.", partyRoleModel.get().tau*100))
	}
	if llm.Status == "used" && llm.VerifiedFacts > 0 {
		md.ExtractionMethod += "+llm_verified"
	}
	if llm.Status == "used" {
		out.Limitations[0] = "Facts are read by deterministic patterns and cues; a language model was asked for the facts they missed, and its proposals were kept (method llm_verified) only where their value is found verbatim in the text at the place it cited: a model's fact can still be misread (a right value under a wrong key)."
	}
	if in.Mode == "requested_only" {
		md.ExtractionMode = "requested_only"
	}
	if doc.Pages > 0 {
		p := doc.Pages
		md.PageCount = &p
		switch doc.Format {
		case read.FormatPDF:
			md.PageProvenance = "pdf_pages"
		case read.FormatDOCX:
			md.PageProvenance = "docx_page_breaks"
		default:
			md.PageProvenance = "form_feeds"
		}
	}
	out.Metadata = md
	out.OverallConfidence = overall(out.Facts, len(injections) > 0 || len(doc.Hidden) > 0)
	return out, failures, nil
}

// readClauses reads the requirements, obligations and deadlines into out,
// each reader under guard: a reader that panics gives none of its own,
// and the readers after it run without them. Once ctx is done no further
// reader starts (issue 29: a long document's readers take seconds).
func readClauses(st *stopper, a *assembled, injections []injectionSpan, all []Fact, cands, resolved []candidate, ri *runeIndex, withEvidence bool, out *Output) []extractorFailure {
	var failures []extractorFailure
	// run runs f as the reader name unless it has failed; on a panic,
	// undo drops what it had found.
	run := func(name string, f, undo func()) bool {
		if st.ctx.Err() != nil {
			return false
		}
		for _, fl := range failures {
			if fl.name == name {
				return false
			}
		}
		fail := guard(name, f)
		if fail != nil {
			failures = append(failures, *fail)
			undo()
		}
		return fail == nil
	}
	cx := &clauseExtractor{a: a, skip: injections, reqSents: map[int]bool{}, resolved: resolved, stop: st}
	if out.DocumentSubtype == "employment_letter" {
		cx.you = "employee"
	}
	if !run("sentences", func() { cx.sents = a.sentenceSpans() }, func() {}) {
		return failures
	}
	cx.skip = append(cx.skip, questions(a.text, cx.sents)...) // a question binds no one
	for _, f := range all {
		if f.Type == TypeParty {
			cx.parties = append(cx.parties, f)
		}
	}
	// 'X SAOC (the "Company")', 'X LLC ("Al Noor")', 'X LLC (the
	// "Caterer")': the defined words name X (rolelexicon.go).
	cx.definedAliases(all, cands)
	cx.numberedRoles(all, cands)
	cx.kindAliases() // party_tables.go
	// A party's defined words as subject forms (obligation_subjects.go),
	// guarded: a failure there costs those forms, not the answer.
	run("obligations", func() { cx.definedWordAliases(all, cands) }, func() { cx.definedSubjectAliases = nil })
	run("requirements", func() {
		cx.sections()
		cx.requirements()
		out.Requirements = cx.requirementResults(ri, withEvidence)
	}, func() { cx.reqs, cx.reqSents, out.Requirements = nil, map[int]bool{}, []Requirement{} })
	run("obligations", cx.obligations, func() { cx.obls = nil })
	st.pass(len(a.text))          // stop.go: whole-text passes
	cx.bidContentParty()          // requirement_document_lists.go
	cx.laterBidders()             // party_roles_issuer_kind.go
	cx.duties()                   // party_roles_by_doctype.go
	obls := slices.Clone(cx.obls) // deadlines sets the obligations' deadlines
	run("deadlines", func() {
		cx.deadlines(cands)
		out.Deadlines = cx.deadlineResults(ri, withEvidence)
	}, func() { cx.obls, cx.dls, out.Deadlines = obls, nil, []Deadline{} })
	run("obligations", cx.obligationConventionsObligations, func() {})                      // obligation_conventions.go
	run("obligations", cx.signingBondsConventionObligations, func() {})                     // convention_signing_bonds.go
	run("obligations", func() { cx.rolesBilingualPartyObligations(all, cands) }, func() {}) // party_roles_bilingual.go
	run("obligations", func() { cx.sendersCopiesPartyObligations(all, cands) }, func() {})  // party_senders_copies.go
	run("obligations", cx.rejectionsOfferRolesConventionObligations, func() {})             // convention_rejections_offer_roles.go
	run("obligations", cx.bidListsObligations, func() {})                                   // obligation_bid_lists.go
	run("obligations", cx.missedClausesObligations, func() {})                              // obligation_missed_clauses.go
	run("obligations", cx.oblRole, func() {})                                               // obligation_role_modality.go

	// The obligations whose subject is a party's defined word (obligation_defined_parties.go).
	run("obligations", func() { cx.definedWordSubjects(all, cands) }, func() { a.definedSubjectObligations = nil })
	run("obligations", func() { out.Obligations = cx.results(ri, withEvidence) }, func() { out.Obligations = []Obligation{} })
	return failures
}

// reAliasWord: a defined word that can stand for a party ("Company",
// "Bank", "Authority").
var reAliasWord = regexp.MustCompile(`^[A-Z][a-z]{2,20}$`)

var reTenderTitle = regexp.MustCompile(`(?i)request\s+for\s+(?:quotations?|proposals?|tenders?)|\brf[pqt]\b|invitation\s+to\s+(?:bid|tender)|\btender\b|مناقصة|طلب\s+(?:تقديم\s+)?عروض|دعوة\s+لتقديم`)

// firstHeading is the document's title, or its first heading.
func firstHeading(a *assembled, title string) string {
	if title != "" {
		return title
	}
	for i, s := range a.segs {
		if i > 3 {
			break
		}
		if s.heading {
			return a.text[s.start:s.end]
		}
	}
	return ""
}

// issuerRole: on an invoice or a quotation, an organisation named without
// a role in the first lines, before the customer, is the issuer (the
// supplier); on a purchase order, before the supplier, the buyer.
func issuerRole(facts []Fact, a *assembled, docType string) {
	role, other := "supplier", "customer"
	if docType == "purchase_order" {
		role, other = "buyer", "supplier"
	}
	for _, f := range facts {
		if f.Type == TypeParty && f.Role == role {
			return
		}
	}
	limit := len(a.text)
	if len(a.segs) > 6 {
		limit = a.segs[6].start
	}
	for i, f := range facts {
		if f.Type != TypeParty || f.Evidence == nil {
			continue
		}
		if f.Role == other || role == "supplier" && f.Role == "buyer" {
			return
		}
		if f.Role == "" && f.EntityType == "company" && runeToByte(a.text, f.Evidence.Start) < limit {
			label := "Supplier (issuer)"
			if role == "buyer" {
				label = "Buyer (issuer)"
			}
			facts[i].Role, facts[i].Key, facts[i].Label, facts[i].Confidence = role, role, label, min(f.Confidence, 0.75)
			return
		}
	}
}

// translationRoles: a party named in two scripts side by side ("AL
// SAHWA LLC | شركة الصحوة ش.م.م", "Majan LLC / شركة مجان ش.م.م",
// "Gulf Co. (شركة الخليج)") is one party: a name without a role takes
// the role of its translation. facts[i] is cands[i]'s fact.
func translationRoles(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || i >= len(cands) {
			continue
		}
		for j, g := range facts {
			if j == i || g.Type != TypeParty || g.Role == "" || j >= len(cands) || hasArabic(f.Value) == hasArabic(g.Value) || f.EntityType != g.EntityType {
				continue
			}
			a, b := cands[i], cands[j]
			if a.start > b.start {
				a, b = b, a
			}
			if a.end <= b.start && strings.Trim(text[a.end:b.start], " /|()-–—,،*\t\n") == "" {
				facts[i].Role, facts[i].Key, facts[i].Label = g.Role, g.Key, g.Label
				break
			}
		}
	}
}

func runeToByte(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// dropInjected removes facts read from a block that addresses an AI.
func dropInjected(cs []candidate, inj []injectionSpan) []candidate {
	if len(inj) == 0 {
		return cs
	}
	return slices.DeleteFunc(cs, func(c candidate) bool {
		for _, s := range inj {
			if c.start < s.end && s.start < c.end {
				return true
			}
		}
		return false
	})
}

// dedupe keeps one fact per (type, key, normalized value); a party is one
// per name, keeping the occurrence that states its role.
func dedupe(cs []candidate) []candidate {
	best := map[string]int{}
	var out []candidate
	for _, c := range cs {
		k := c.fact.Type + "|" + c.fact.Key + "|" + c.fact.Normalized
		if c.fact.Normalized == "" {
			k += "|" + c.fact.Value
		}
		if c.fact.Type == TypeParty {
			k = c.fact.Type + "|" + c.fact.Normalized
			if c.fact.EntityType == "person" && surnameOf(cs, c) {
				continue
			}
		}
		if i, ok := best[k]; ok {
			switch {
			case c.fact.Type != TypeParty:
			case out[i].fact.Role == "" && c.fact.Role != "":
				keep := out[i]
				out[i] = c
				if allCaps(c.fact.Value) && !allCaps(keep.fact.Value) {
					// The role from a letterhead in capitals, the name
					// as the text writes it.
					f := c.fact
					out[i] = keep
					out[i].fact.Role, out[i].fact.Key, out[i].fact.Label, out[i].fact.Method = f.Role, f.Key, f.Label, f.Method
				}
			}
			continue
		}
		best[k] = len(out)
		out = append(out, c)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// surnameOf: a person named by part of a longer name found in the
// document ("Dear Mr. Al Alawi" after "Attention: Mr. Nasser Al Alawi")
// is that person.
func surnameOf(cs []candidate, c candidate) bool {
	for _, o := range cs {
		if o.fact.Type == TypeParty && o.fact.EntityType == "person" && len(o.fact.Normalized) > len(c.fact.Normalized) &&
			strings.HasSuffix(o.fact.Normalized, " "+c.fact.Normalized) {
			return true
		}
	}
	return false
}

func round2(v float64) float64 { return float64(int(v*100+0.5)) / 100 }

func wordCount(s string) int {
	return len(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) }))
}

func detectLanguage(s string) string {
	ar, lat := 0, 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Arabic, r) && unicode.IsLetter(r):
			ar++
		case r < 0x250 && unicode.IsLetter(r):
			lat++
		}
	}
	switch {
	case ar+lat == 0:
		return "und"
	case ar*10 >= (ar+lat)*7:
		return "ar"
	case lat*10 >= (ar+lat)*7:
		return "en"
	}
	return "mixed"
}

func overall(facts []Fact, untrusted bool) float64 {
	if len(facts) == 0 {
		return 0.1
	}
	sum := 0.0
	for _, f := range facts {
		sum += f.Confidence
	}
	v := sum / float64(len(facts))
	if untrusted {
		v -= 0.1
	}
	return round2(max(0.1, min(0.95, v)))
}

func limitations() []string {
	return []string{
		"Facts are read by deterministic patterns and cues (no language model): clauses worded unusually may be missed.",
		"Obligations, requirements and deadlines are read sentence by sentence from obligation and requirement words (shall, must, agrees to, يلتزم, يجب على, لا يجوز; required, preferred, يشترط, يفضل) and requirement headings: an obligation stated without such a word, or spread over several sentences, is missed; a party is named only when the sentence names its role or its name.",
		"PDFs need a text layer (no OCR); text in PDF Form XObjects is read (up to 8 nested levels, a form drawing itself is read once), text in annotations is not; hidden-text detection sees render modes, fill colour, page and form bounds and size, not text covered by shapes or same-colour backgrounds other than white.",
		"Links inside the document are never fetched.",
	}
}

type typeRule struct {
	typ, subtype string
	words        []string
}

var typeRules = []typeRule{
	{"invoice", "tax_invoice", []string{"tax invoice", "فاتورة ضريبية"}},
	{"invoice", "", []string{"invoice", "فاتورة", "bill to", "amount due", "الفاتورة"}},
	{"lease", "lease_agreement", []string{"lease", "tenancy", "landlord", "tenant", "lessor", "lessee", "إيجار", "الإيجار", "المؤجر", "المستأجر"}},
	{"contract", "nda", []string{"non-disclosure", "confidential information", "disclosing party", "receiving party", "عدم الإفصاح", "المعلومات السرية"}},
	{"contract", "supply_agreement", []string{"supply agreement", "supply contract", "supplier shall", "deliver the goods", "عقد توريد", "المورد"}},
	{"contract", "employment_letter", []string{"employment", "offer letter", "probation", "basic salary", "job title", "position of", "عقد عمل", "الراتب الأساسي", "فترة التجربة", "المسمى الوظيفي", "الموظف", "الموظفة"}},
	{"contract", "", []string{"agreement", "contract", "hereinafter", "the parties", "عقد", "اتفاقية", "الطرف الأول"}},
	{"company_profile", "", []string{"company profile", "about us", "our services", "our clients", "our mission", "our vision", "established in", "founded in", "نبذة عن الشركة", "خدماتنا", "رؤيتنا", "تأسست"}},
	{"purchase_order", "", []string{"purchase order", "ship to", "أمر شراء"}},
	{"quotation", "", []string{"quotation", "quote no", "عرض سعر"}},
	{"tender", "", []string{"tender", "request for proposal", "rfp", "request for quotation", "rfq", "invitation to bid", "مناقصة", "طلب عروض", "طلب تقديم عروض"}},
}

// reTitleType: a title, or one of the document's first lines, that
// starts by naming what the document is.
var reTitleType = regexp.MustCompile(`(?i)^[\s#*_]*(?:(tax\s+invoice|invoice|pro[\s-]?forma\s+invoice|فاتورة)|((?:price\s+|sales\s+)?quotation|quote|عرض\s+سعر|عرض\s+أسعار)|(purchase\s+order|أمر\s+شراء|امر\s+شراء)|((?:\w+\s+){0,2}(?:lease|tenancy)(?:\s+(?:agreement|contract))?|عقد\s+(?:إيجار|ايجار)|عقد\s+الإيجار))(?:$|[^\p{L}])`)

// titleType is the type the document's title or first heading (or its
// first short line) names: invoice, quotation, purchase_order or lease;
// "" when it names none of them.
func titleType(a *assembled, title string) string {
	cands := []string{title}
	for i, s := range a.segs {
		if i > 3 {
			break
		}
		line := a.text[s.start:s.end]
		if s.heading || len(line) <= 80 {
			cands = append(cands, line)
		}
	}
	for _, c := range cands {
		m := reTitleType.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		switch {
		case m[1] != "":
			return "invoice"
		case m[2] != "":
			return "quotation"
		case m[3] != "":
			return "purchase_order"
		case m[4] != "":
			return "lease"
		}
	}
	return ""
}

// countWord counts w in lower as a word (an ASCII keyword not inside a
// longer word, but for a plural s: "leases" counts for lease, "pleased"
// and "leased" do not).
func countWord(lower, w string) int {
	if !isASCIILetter(w[0]) {
		return strings.Count(lower, w)
	}
	n := 0
	for i := 0; ; {
		j := strings.Index(lower[i:], w)
		if j < 0 {
			return n
		}
		at, end := i+j, i+j+len(w)
		if end < len(lower) && lower[end] == 's' {
			end++
		}
		if (at == 0 || !isASCIILetter(lower[at-1])) && (end >= len(lower) || !isASCIILetter(lower[end])) {
			n++
		}
		i = i + j + 1
	}
}

// detectType scores the rules by keyword occurrences (each keyword counted
// at most 5 times).
func detectType(text string) (typ, subtype string, conf float64) {
	lower := lowerASCII(text)
	scores := map[string]int{}
	subScores := map[string]int{}
	for _, r := range typeRules {
		n := 0
		for _, w := range r.words {
			n += min(5, countWord(lower, w))
		}
		scores[r.typ] += n
		if r.subtype != "" {
			subScores[r.typ+"|"+r.subtype] += n
		}
	}
	// A request for quotation is a tender, not a quotation.
	scores["quotation"] -= min(5, strings.Count(lower, "request for quotation"))
	best, second := "", 0
	for _, t := range []string{"invoice", "lease", "contract", "company_profile", "purchase_order", "quotation", "tender"} {
		if best == "" || scores[t] > scores[best] {
			if best != "" {
				second = max(second, scores[best])
			}
			best = t
		} else {
			second = max(second, scores[t])
		}
	}
	if scores[best] == 0 {
		return "other", "", 0.3
	}
	conf = float64(scores[best]) / float64(scores[best]+second)
	conf = round2(min(0.95, max(0.3, conf)))
	bestSub, bestN := "", 0
	for k, n := range subScores {
		t, s, _ := strings.Cut(k, "|")
		if t == best && (n > bestN || n == bestN && s < bestSub) {
			bestSub, bestN = s, n
		}
	}
	return best, bestSub, conf
}

func hasDeadline(ds []Deadline, key string) bool {
	for _, d := range ds {
		if d.Key == key {
			return true
		}
	}
	return false
}

// reRenewsAuto: "renews automatically", "shall be renewed automatically".
var reRenewsAuto = regexp.MustCompile(`\brenew(?:s|ed)?\s+automatically\b|\bautomatic\s+renewal\b`)

func riskFlags(doc *read.Document, out *Output, facts []Fact, text string, injections int) []RiskFlag {
	var flags []RiskFlag
	add := func(code, sev, msg string) { flags = append(flags, RiskFlag{code, sev, msg}) }
	has := func(key string) bool {
		for _, f := range facts {
			if f.Key == key {
				return true
			}
		}
		return false
	}
	if injections > 0 {
		add("embedded_instructions_detected", "medium", "The document contains text addressed to an AI; it was treated as data.")
	}
	if len(doc.Hidden) > 0 {
		add("hidden_text_detected", "medium", "The document contains text a human reader would not see.")
	}
	for _, n := range doc.Notes {
		switch n {
		case "macros_present":
			add("macros_present", "medium", "The DOCX file carries macros (not run).")
		case "active_content_text":
			add("active_content_text", "low", "The page carries scripts or embedded objects (dropped).")
		case "hidden_characters_removed":
			add("hidden_characters_removed", "low", "Invisible characters (zero-width, bidi controls) were removed from the text.")
		}
	}
	if doc.PagesWithoutText > 0 {
		add("pages_without_text", "low", fmt.Sprintf("%d page(s) have no text layer.", doc.PagesWithoutText))
	}
	currencies := map[string]bool{}
	for _, f := range facts {
		if f.Currency != "" {
			currencies[f.Currency] = true
		}
	}
	if len(currencies) > 1 {
		add("multiple_currencies", "low", "Amounts are in more than one currency.")
	}
	lower := lowerASCII(text)
	if strings.Contains(lower, "automatically renew") || strings.Contains(lower, "auto-renew") || matches(reRenewsAuto, lower) || strings.Contains(text, "يجدد تلقائيا") || strings.Contains(text, "يتجدد تلقائياً") || strings.Contains(text, "يجدد تلقائياً") {
		add("automatic_renewal", "medium", "The document renews automatically.")
	}
	switch out.DocumentType {
	case "invoice":
		if !has("invoice_number") {
			add("missing_invoice_number", "medium", "No invoice number was found.")
		}
		if !has("due_date") && !has("payment_terms") {
			add("missing_due_date", "low", "No due date or payment terms were found.")
		}
	case "tender":
		if !has("submission_deadline") && !hasDeadline(out.Deadlines, "submission_deadline") {
			add("missing_submission_deadline", "medium", "No submission deadline was found.")
		}
	case "quotation":
		if !has("valid_until") && !hasDeadline(out.Deadlines, "valid_until") {
			add("missing_quotation_validity", "low", "No validity date was found for the quotation.")
		}
	case "contract", "lease":
		if !has("expiry_date") && !has("term") {
			add("missing_expiry_date", "medium", "No expiry date or term was found.")
		}
		if !has("effective_date") && !has("agreement_date") {
			add("missing_effective_date", "low", "No effective date was found.")
		}
	}
	return append(flags, termsFlags(doc, out, facts, text)...)
}
