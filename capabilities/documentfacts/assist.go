package documentfacts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Model-assisted extraction, grounded. Where the operator configures a
// language model (Deps.Assist), the rules' answer is checked for facts
// it lacks (requested facts not found, and the facts a document of its
// type is expected to state); when some are missing, the model is asked
// once, within a deadline and a token cap, to propose facts, each with
// the offsets it cites. A proposal is kept only when its value is found
// verbatim in the returned text at those offsets (or within
// assistSlack code points of them, on the same line), it is of a known
// type, Dalil can read its value as that type, and it lies outside text
// addressed to an AI; it then joins the answer as method llm_verified,
// compared with the rule-based facts of its type and key. Without a
// model nothing is called and metadata.llmAssist.status is off; a model
// that fails, times out or answers malformed JSON leaves the rule-based
// answer whole, with a warning. The price is the same either way.

// Assistant is the port of a language model that proposes facts in a
// document (the adapter over provider/llm is in package llmassist).
type Assistant interface {
	// Name names the model's provider ("anthropic").
	Name() string
	// Propose asks for facts; ctx carries the pass's deadline. Errors
	// wrap ErrAssistTimeout, ErrAssistUnavailable or ErrAssistMalformed.
	Propose(ctx context.Context, req AssistRequest) (AssistAnswer, error)
}

// AssistRequest is what the model is given.
type AssistRequest struct {
	// Lines are the document's returned text line by line, each with the
	// code point offset of its first character; lines addressed to an AI
	// are left out. Truncated: the text was cut at MaxAssistChars.
	Lines     []AssistLine
	Truncated bool
	// DocumentType and Language as the rules read them.
	DocumentType, Language string
	// Wanted are the facts the rules did not find, in words ("governing
	// law", "expiry date", a caller's request as written).
	Wanted []string
	// FactTypes are the types a proposal may have.
	FactTypes []string
	// MaxFacts bounds the proposals; MaxTokens the model's answer.
	MaxFacts, MaxTokens int
}

// AssistLine is one line of the text.
type AssistLine struct {
	Start int    // code points into the returned text
	Text  string // as in the returned text
}

// ProposedFact is a fact as the model proposes it.
type ProposedFact struct {
	Type, Key, Value string
	// Start and End are the code point offsets the model cites for Value
	// in the returned text (End may be 0: Start plus Value's length).
	Start, End int
}

// AssistAnswer is the model's answer.
type AssistAnswer struct {
	Facts                     []ProposedFact
	Model                     string
	InputTokens, OutputTokens int
}

// Errors an Assistant's failures wrap.
var (
	ErrAssistTimeout     = errors.New("documentfacts: the language model did not answer in time")
	ErrAssistUnavailable = errors.New("documentfacts: the language model is unavailable")
	ErrAssistMalformed   = errors.New("documentfacts: the language model's answer is not the requested JSON")
)

// Bounds of the pass.
const (
	// DefaultAssistTimeout bounds the model call (the reference service
	// gives its model 25 s of a 50 s call).
	DefaultAssistTimeout = 20 * time.Second
	// assistReserve is kept from the call's own deadline for the rest of
	// the answer; with less than assistMinTime left the model is not
	// called.
	assistReserve = 2 * time.Second
	assistMinTime = 3 * time.Second
	// DefaultAssistMaxTokens caps the model's answer (output tokens).
	DefaultAssistMaxTokens = 1024
	// MaxAssistChars is the most text sent (code points; about 10,000
	// tokens): a longer document is sent cut, and says so.
	MaxAssistChars = 30000
	// maxAssistFacts bounds the proposals read.
	maxAssistFacts = 30
	// assistSlack is how far (code points) from the cited start a
	// value is looked for when it is not exactly at the cited offsets.
	assistSlack = 64
	// assistConfNew and assistConfDisagree are the confidences of a
	// verified proposal the rules did not find, and of one that differs
	// from theirs (the reference caps model facts at 0.8).
	assistConfNew      = 0.75
	assistConfDisagree = 0.6
)

// FactAssist says how a fact stands with the language-model pass.
type FactAssist struct {
	// Agreement: on an llm_verified fact, new (no rule-based fact of its
	// type and key) or disagrees (the rules read another value, or the
	// same passage under another key); on a rule-based fact, confirmed
	// (the model proposed the same value) or contradicted.
	Agreement string `json:"agreement" schema:"enum=new|disagrees|confirmed|contradicted"`
	// RelatedFacts are the indexes in facts[] of the facts of the other
	// source it agrees or disagrees with.
	RelatedFacts []int  `json:"relatedFacts,omitempty"`
	Model        string `json:"model,omitempty"`

	related []int // refs, resolved to indexes at the end
}

// AssistRejection is a proposal refused, with the reason.
type AssistRejection struct {
	Type   string `json:"type"`
	Key    string `json:"key"`
	Value  string `json:"value"`
	Reason string `json:"reason" schema:"enum=unknown_type|bad_key|empty_value|not_found_at_cited_offsets|untrusted_text|unreadable_value|duplicate|too_many"`
}

// priorityKeys are the facts a document of each type is expected to
// state (a role for parties); missing ones are what the model is asked
// for.
var priorityKeys = map[string][]string{
	"contract":       {"effective_date", "expiry_date|term", "governing_law", "notice_period", "contract_value|fee|rent|price|total_amount"},
	"lease":          {"landlord", "tenant", "effective_date", "expiry_date|term", "rent", "security_deposit", "governing_law"},
	"invoice":        {"supplier", "customer", "invoice_number", "invoice_date", "due_date|payment_terms", "total_amount"},
	"quotation":      {"supplier", "customer", "total_amount|price", "valid_until"},
	"purchase_order": {"buyer", "supplier", "po_number", "total_amount|price", "delivery_date|delivery_period"},
	"tender":         {"issuer", "submission_deadline"},
}

// wantedWords write a key as the model is asked for it.
func wantedWords(key string) string {
	k, _, _ := strings.Cut(key, "|")
	return strings.ReplaceAll(k, "_", " ")
}

var reAssistKey = regexp.MustCompile(`^[a-z][a-z0-9_]{1,39}$`)

// assistPass runs the model-assisted pass over a read answer.
type assistPass struct {
	deps       Deps
	a          *assembled
	ri         *runeIndex
	injections []injectionSpan
	docType    string
	language   string
	factTypes  []string
}

// run asks the model for the facts the rules missed and verifies its
// proposals; it returns the facts to add, the changes to the rule facts
// (all, in place), the metadata and a warning when the model failed.
func (p *assistPass) run(ctx context.Context, all []Fact, unresolved []string, nextRef *int) (added []Fact, md LLMAssist, warn *Warning) {
	if p.deps.Assist == nil {
		return nil, LLMAssist{Status: "off"}, nil
	}
	md = LLMAssist{Status: "not_needed", Provider: p.deps.Assist.Name()}
	wanted := slices.Clone(unresolved)
	for _, k := range priorityKeys[p.docType] {
		if !hasAnyKey(all, strings.Split(k, "|")) {
			wanted = append(wanted, wantedWords(k))
		}
	}
	if len(wanted) == 0 {
		md.Note = "The rules found every fact requested and expected for this type of document; the model was not called."
		return nil, md, nil
	}
	md.Wanted = wanted
	timeout := p.deps.AssistTimeout
	if timeout <= 0 {
		timeout = DefaultAssistTimeout
	}
	if dl, ok := ctx.Deadline(); ok {
		left := time.Until(dl) - assistReserve
		if left < assistMinTime {
			md.Status, md.Note = "failed", "Too little of the call's time was left to ask the model."
			return nil, md, &Warning{Code: "llm_assist_failed", Message: "The language-model pass was skipped: too little time was left. The facts come from the rules alone."}
		}
		timeout = min(timeout, left)
	}
	maxTokens := p.deps.AssistMaxTokens
	if maxTokens <= 0 {
		maxTokens = DefaultAssistMaxTokens
	}
	req := AssistRequest{DocumentType: p.docType, Language: p.language, Wanted: wanted, FactTypes: p.factTypes,
		MaxFacts: maxAssistFacts, MaxTokens: maxTokens}
	req.Lines, req.Truncated = p.lines()
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	ans, err := p.deps.Assist.Propose(actx, req)
	if err != nil {
		md.Status = "failed"
		msg := "the model could not be reached"
		switch {
		case errors.Is(err, ErrAssistTimeout) || errors.Is(err, context.DeadlineExceeded):
			msg = fmt.Sprintf("the model did not answer within %s", timeout.Round(time.Second))
		case errors.Is(err, ErrAssistMalformed):
			msg = "the model's answer was not the requested JSON"
		}
		md.Note = "The language-model pass failed: " + msg + "."
		log := p.deps.Logger
		if log == nil {
			log = slog.Default()
		}
		log.WarnContext(ctx, "document_facts_extract: the language-model pass failed; answered with the rule-based facts", "provider", md.Provider, "error", err)
		return nil, md, &Warning{Code: "llm_assist_failed", Message: "The language-model pass failed (" + msg + "); the facts come from the rules alone."}
	}
	md.Status, md.Model = "used", ans.Model
	md.ProposedFacts = len(ans.Facts)
	md.Note = "Facts proposed by the language model were kept only where their value is found verbatim in the text at the offsets the model cited."
	added = p.verify(ans, all, &md, nextRef)
	return added, md, nil
}

func hasAnyKey(facts []Fact, keys []string) bool {
	for _, f := range facts {
		if slices.Contains(keys, f.Key) || f.Type == TypeParty && slices.Contains(keys, f.Role) {
			return true
		}
	}
	return false
}

// lines are the text's lines as the model is given them: with their
// code point offsets, without the lines addressed to an AI, up to
// MaxAssistChars code points.
func (p *assistPass) lines() ([]AssistLine, bool) {
	var out []AssistLine
	n := 0
	for _, seg := range p.a.segs {
		s, e := seg.start, seg.end
		skip := false
		for _, in := range p.injections {
			if s < in.end && in.start < e {
				skip = true
			}
		}
		if skip || strings.TrimSpace(p.a.text[s:e]) == "" {
			continue
		}
		t := p.a.text[s:e]
		c := utf8.RuneCountInString(t)
		if n+c > MaxAssistChars {
			return out, true
		}
		n += c
		out = append(out, AssistLine{Start: p.ri.at(s), Text: t})
	}
	return out, false
}

// verify keeps the proposals found verbatim at their cited offsets,
// compares them with the rule-based facts, and returns those to add.
func (p *assistPass) verify(ans AssistAnswer, all []Fact, md *LLMAssist, nextRef *int) []Fact {
	var added []Fact
	seen := map[string]bool{}
	reject := func(pf ProposedFact, reason string) {
		md.RejectedFacts++
		if len(md.Rejections) < 20 {
			md.Rejections = append(md.Rejections, AssistRejection{Type: clip(pf.Type, 40), Key: clip(pf.Key, 40), Value: clip(pf.Value, 80), Reason: reason})
		}
	}
	for i, pf := range ans.Facts {
		pf.Type, pf.Key = strings.TrimSpace(pf.Type), strings.TrimSpace(pf.Key)
		value := strings.TrimSpace(pf.Value)
		switch {
		case i >= maxAssistFacts:
			reject(pf, "too_many")
			continue
		case !slices.Contains(FactTypes, pf.Type):
			reject(pf, "unknown_type")
			continue
		case !reAssistKey.MatchString(pf.Key):
			reject(pf, "bad_key")
			continue
		case value == "" || utf8.RuneCountInString(value) > 300:
			reject(pf, "empty_value")
			continue
		}
		bs, be, ok := p.locate(value, pf.Start)
		if !ok {
			reject(pf, "not_found_at_cited_offsets")
			continue
		}
		if p.untrusted(bs, be) {
			reject(pf, "untrusted_text")
			continue
		}
		norm, extra, ok := normalizeProposal(pf.Type, value)
		if !ok {
			reject(pf, "unreadable_value")
			continue
		}
		k := pf.Type + "|" + pf.Key + "|" + norm
		if seen[k] {
			reject(pf, "duplicate")
			continue
		}
		seen[k] = true
		md.VerifiedFacts++
		f := extra
		f.Type, f.Key, f.Value, f.Normalized, f.NormalizedValue, f.Method = pf.Type, pf.Key, value, norm, norm, "llm_verified"
		f.Label = strings.ToUpper(pf.Key[:1]) + strings.ReplaceAll(pf.Key[1:], "_", " ")
		if f.Type == TypeParty {
			f.Role = roleOfKey(pf.Key)
			if f.EntityType == "" {
				f.EntityType = entityType(value)
			}
		}
		// Compare with the rule-based facts of its type.
		var agree, differ []int
		for j := range all {
			r := &all[j]
			if r.Type != f.Type || r.Method == "llm_verified" {
				continue
			}
			sameValue := r.Normalized == norm || r.Normalized == "" && normalName(r.Value) == normalName(value)
			sameKey := r.Key == f.Key
			overlap := r.Evidence != nil && evidenceOverlaps(r, p.ri.at(bs), p.ri.at(be))
			switch {
			case sameKey && sameValue:
				agree = append(agree, j)
			case sameKey || sameValue && overlap:
				differ = append(differ, j)
			}
		}
		if len(agree) > 0 {
			// The rules read it too: no second fact, the rule's is
			// confirmed.
			md.ConfirmedFacts++
			for _, j := range agree {
				setAssist(&all[j], "confirmed", -1, ans.Model)
			}
			continue
		}
		*nextRef++
		f.ref = *nextRef
		f.Assist = &FactAssist{Agreement: "new", Model: ans.Model}
		f.Confidence = assistConfNew
		if len(differ) > 0 {
			md.DisagreeingFacts++
			f.Assist.Agreement = "disagrees"
			f.Confidence = assistConfDisagree
			for _, j := range differ {
				if all[j].ref == 0 {
					*nextRef++
					all[j].ref = *nextRef
				}
				f.Assist.related = append(f.Assist.related, all[j].ref)
				setAssist(&all[j], "contradicted", f.ref, ans.Model)
			}
		} else {
			md.NewFacts++
		}
		es, ee := p.a.excerptSpan(bs, be)
		seg := p.a.segmentAt(bs)
		ev := Evidence{Excerpt: p.a.text[es:ee], Start: p.ri.at(es), End: p.ri.at(ee), Section: seg.section, Page: seg.page}
		f.Evidence = &ev
		f.SourceEvidence = &SourceEvidence{Text: ev.Excerpt, StartOffset: ev.Start, EndOffset: ev.End, Section: ev.Section, Page: ev.Page}
		added = append(added, f)
	}
	return added
}

// setAssist marks a rule-based fact confirmed or contradicted (a
// contradiction names the fact that contradicts it).
func setAssist(f *Fact, agreement string, ref int, model string) {
	if f.Assist == nil || f.Assist.Agreement == "confirmed" && agreement == "contradicted" {
		if f.Assist == nil {
			f.Assist = &FactAssist{Model: model}
		}
		f.Assist.Agreement = agreement
	}
	if ref > 0 && !slices.Contains(f.Assist.related, ref) {
		f.Assist.related = append(f.Assist.related, ref)
	}
}

// evidenceOverlaps: the value at code points [s, e) lies in the rule
// fact's evidence.
func evidenceOverlaps(f *Fact, s, e int) bool {
	return s < f.Evidence.End && f.Evidence.Start < e
}

// roleOfKey is the party role a proposed key names (landlord, buyer,
// ...), "" for another key.
func roleOfKey(key string) string {
	for _, r := range partyRoles {
		if r.role == key {
			return key
		}
	}
	switch key {
	case "first_party", "second_party", "disclosing_party", "receiving_party", "issuer":
		return key
	}
	return ""
}

// locate finds value in the returned text at the cited code point
// offset, or else the occurrence nearest to it within assistSlack code
// points on the same line; it answers byte offsets.
func (p *assistPass) locate(value string, citedStart int) (int, int, bool) {
	total := p.ri.at(len(p.a.text))
	if citedStart < 0 || citedStart > total {
		return 0, 0, false
	}
	at := runeToByte(p.a.text, citedStart)
	if strings.HasPrefix(p.a.text[at:], value) {
		return at, at + len(value), true
	}
	seg := p.a.segmentAt(at)
	lo := runeBack(p.a.text, at, assistSlack, seg.start)
	hi := runeAdvance(p.a.text, at, assistSlack+utf8.RuneCountInString(value))
	hi = min(hi, seg.end)
	if lo >= hi {
		return 0, 0, false
	}
	window := p.a.text[lo:hi]
	best, bestDist := -1, 0
	for i := 0; ; {
		j := strings.Index(window[i:], value)
		if j < 0 {
			break
		}
		pos := lo + i + j
		d := pos - at
		if d < 0 {
			d = -d
		}
		if best < 0 || d < bestDist {
			best, bestDist = pos, d
		}
		i += j + 1
		for i < len(window) && !utf8.RuneStart(window[i]) {
			i++
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return best, best + len(value), true
}

// untrusted: the span lies in text addressed to an AI.
func (p *assistPass) untrusted(s, e int) bool {
	for _, in := range p.injections {
		if s < in.end && in.start < e {
			return true
		}
	}
	return false
}

// normalizeProposal reads a proposed value as its type with Dalil's own
// patterns: a date, an amount with its currency or a percentage must
// make up most of the value (six tenths of it), a duration must open
// it, or the proposal is refused (the
// model's word alone never types a value); a governing law is
// normalised to ISO 3166 when known, a party's name as names are, and
// other types keep their value. extra carries what the reading found
// (currency, amount, precision, ratio, entity type).
func normalizeProposal(typ, value string) (string, Fact, bool) {
	var extra Fact
	one := func(found []candidate, want string) (candidate, bool) {
		for _, c := range found {
			if c.fact.Type == want && c.fact.Normalized != "" {
				return c, true
			}
		}
		return candidate{}, false
	}
	switch typ {
	case TypeDate, TypeMoney, TypePercentage, TypeDuration:
		x := &extractor{a: &assembled{text: value, segs: []segment{{start: 0, end: len(value)}}}}
		x.omani = strings.Contains(lowerASCII(value), "oman") || strings.Contains(value, "عمان")
		switch typ {
		case TypeDate:
			x.dates(value, 0, "", "")
		case TypeMoney:
			x.money(value, 0, "", "")
		case TypePercentage:
			x.percent(value, 0, "")
		case TypeDuration:
			for _, r := range x.durationSpans(value) {
				if iso := sumISO(r.parts); iso != "" && strings.TrimSpace(value[:r.s]) == "" {
					return iso, extra, true
				}
			}
			return "", extra, false
		}
		c, ok := one(x.cands, typ)
		if !ok || 10*(c.end-c.start) < 6*len(strings.TrimSpace(value)) {
			return "", extra, false // not found, or only a part of the value
		}
		extra = c.fact
		extra.Key, extra.Label, extra.Method, extra.Role, extra.Evidence, extra.SourceEvidence = "", "", "", "", nil, nil
		switch typ {
		case TypeDate:
			extra.NormalizedDate = c.fact.Normalized
			extra.Precision = "day"
			if len(c.fact.Normalized) == len("2006-01") {
				extra.Precision = "month"
			}
		case TypePercentage:
			var r float64
			if _, err := fmt.Sscan(c.fact.Normalized, &r); err == nil {
				extra.Ratio = &r
			}
		}
		return c.fact.Normalized, extra, true
	case TypeGoverningLaw:
		return jurisdiction(value), extra, true
	case TypeParty:
		extra.EntityType = entityType(value)
		return normalName(value), extra, true
	case TypeIdentifier:
		return strings.ToUpper(strings.Join(strings.Fields(value), "")), extra, true
	}
	return value, extra, true
}

// resolveAssistRefs turns the refs of the facts' assist notes into
// indexes of facts (refs of facts left out drop), after filtering.
func resolveAssistRefs(facts []Fact) {
	index := map[int]int{}
	for i, f := range facts {
		if f.ref > 0 {
			index[f.ref] = i
		}
	}
	for i := range facts {
		a := facts[i].Assist
		if a == nil {
			continue
		}
		cp := *a
		cp.RelatedFacts = nil
		for _, r := range a.related {
			if j, ok := index[r]; ok {
				cp.RelatedFacts = append(cp.RelatedFacts, j)
			}
		}
		sort.Ints(cp.RelatedFacts)
		facts[i].Assist = &cp
	}
}
