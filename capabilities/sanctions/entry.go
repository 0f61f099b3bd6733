package sanctions

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/dataset/sanctions"
	"dalil/internal/evidence"
	"dalil/internal/names"
)

// Price of sanctions_screen: USD 0.05.
const Price dalil.MicroUSD = 50_000

// Input is sanctions_screen's request: a name and, optionally, what is
// known about its holder to corroborate or contradict a match.
type Input struct {
	Name               string   `json:"name" schema:"minLength=2,maxLength=200" jsonschema:"The name to screen: a person or a company, in Arabic or Latin script, with or without titles and legal forms."`
	Country            string   `json:"country,omitempty" schema:"maxLength=60" jsonschema:"The holder's country (nationality, registration): ISO 3166-1 alpha-2 or alpha-3 code or English name."`
	DateOfBirth        string   `json:"dateOfBirth,omitempty" schema:"pattern=^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$" jsonschema:"A person's date of birth: YYYY-MM-DD, YYYY-MM or YYYY."`
	RegistrationNumber string   `json:"registrationNumber,omitempty" schema:"minLength=2,maxLength=64,pattern=^[A-Za-z0-9][A-Za-z0-9 ./-]*$" jsonschema:"A company registration number, passport or national id number; compared with the identifiers the lists state."`
	EntityType         string   `json:"entityType,omitempty" schema:"enum=individual|entity|vessel|aircraft" jsonschema:"What the name belongs to; a listed entity of another type is a contradiction."`
	Threshold          *float64 `json:"threshold,omitempty" schema:"minimum=0.85,maximum=1" jsonschema:"The lowest name similarity to report, from 0.85 (the default) up to 1; it can be raised, never lowered."`
}

var reDate = regexp.MustCompile(`^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$`)

// Validate applies what the schema cannot: a name with a letter, a known
// country, a real date.
func (in Input) Validate() []dalil.Problem {
	var ps []dalil.Problem
	if names.Normalize(in.Name).Empty() || len([]rune(strings.TrimSpace(in.Name))) < 2 {
		ps = append(ps, dalil.Problem{Path: "name", Message: "must contain a name (letters) once spaces, titles and punctuation are removed"})
	}
	if in.Country != "" {
		if _, ok := evidence.NormalizeCountry(in.Country); !ok {
			ps = append(ps, dalil.Problem{Path: "country", Message: "is not a country: give an ISO 3166-1 code (OM, OMN) or an English name"})
		}
	}
	if in.DateOfBirth != "" && reDate.MatchString(in.DateOfBirth) {
		layout := map[int]string{4: "2006", 7: "2006-01", 10: "2006-01-02"}[len(in.DateOfBirth)]
		if _, err := time.Parse(layout, in.DateOfBirth); err != nil {
			ps = append(ps, dalil.Problem{Path: "dateOfBirth", Message: "is not a date"})
		}
	}
	return ps
}

// Output is sanctions_screen's answer.
type Output struct {
	// Status: no_match_found, possible_match or high_confidence_match;
	// not_checked when every list imported is past the hard age limit
	// (nothing was screened; not charged). (With no list imported there
	// is no answer: 503 PROVIDER_NOT_CONFIGURED, status not_checked, not
	// charged.)
	Status    string   `json:"status" schema:"enum=no_match_found|possible_match|high_confidence_match|not_checked" jsonschema:"no_match_found only means no listed name came close on the lists screened, at the threshold used; possible_match and high_confidence_match are leads to verify, never findings; not_checked when every list on the server is too old to be used (see listsNotUsed and warnings): nothing was screened and nothing is charged."`
	Screened  Screened `json:"screened"`
	Threshold float64  `json:"threshold" jsonschema:"The name similarity from which a listed name was reported."`
	// Lists are the lists screened, with their versions, dates and ages.
	Lists []List `json:"lists" jsonschema:"Each list screened: its publication date (published, version), when it was downloaded (retrievedAt), when it was last known to be the publisher's current version (currentAsOf), its age then (ageSeconds) and its freshness (current, or stale past DALIL_SANCTIONS_MAX_AGE)."`
	// ListsNotUsed are the lists left out for their age (past the hard
	// limit): not screened, so nothing is said from them.
	ListsNotUsed []List   `json:"listsNotUsed" jsonschema:"Lists imported but not screened because they are older than the server's hard limit (DALIL_SANCTIONS_HARD_MAX_AGE, default 30 days): nothing is said from them, not even no match."`
	ListsChecked []string `json:"listsChecked"`
	Matches      []Match  `json:"matches"`
	Summary      string   `json:"summary"`
	Warnings     []string `json:"warnings" jsonschema:"Among others, one stale_list warning per list past DALIL_SANCTIONS_MAX_AGE, naming it and its age."`
	Limitations  []string `json:"limitations"`
	CheckedAt    string   `json:"checkedAt"`
}

// Screened is what was screened, as read.
type Screened struct {
	Name               string  `json:"name"`
	NormalizedName     string  `json:"normalizedName" jsonschema:"The name as matched: folded, titles and legal forms removed."`
	Country            *string `json:"country" jsonschema:"ISO 3166-1 alpha-2."`
	DateOfBirth        *string `json:"dateOfBirth"`
	RegistrationNumber *string `json:"registrationNumber"`
	EntityType         *string `json:"entityType"`
}

// Deps are sanctions_screen's collaborators; nil Lists answers 503.
type Deps struct {
	Lists Lists
	Now   func() time.Time // nil: the call's time
	// Freshness is how old a list may be (zero: the defaults).
	Freshness Freshness
}

var limitations = []string{
	"Screens only the lists the operator imported, at the versions shown; a list not imported is not screened, and a list's newer version is unknown until it is imported or synced. A list past the server's age limit (DALIL_SANCTIONS_MAX_AGE, default 7 days) is screened with a stale_list warning; past the hard limit (DALIL_SANCTIONS_HARD_MAX_AGE, default 30 days) it is not screened at all.",
	"Name screening is automated and approximate: a match is a lead to verify against the list entry's identifiers, never a finding that the holder is sanctioned; no_match_found is not a clearance.",
	"Not KYC, AML or legal advice; screening only.",
}

// Methodology is how matches are found and judged.
var Methodology = []string{
	"Names are normalised (internal/names): lower case, diacritics and tatweel removed, Arabic alef/ya/ta marbuta variants folded, Cyrillic written in Latin letters, the article al- and kinship words (bin, ibn, bint, آل) read as marks of the family and father's names, titles (Sheikh, Sayyid, Seyed, Dr, H.E., ranks such as General or اللواء, الشيخ) and legal forms (LLC, SAOG, SAOC, SPC, Est., Co., ش.م.م, ش.م.ع.ع, ذ.م.م) set aside, compounds joined (Abd al-Rahman = Abdulrahman = عبد الرحمن, Abu Bakr = Abubakar).",
	"Names are compared part by part, in their roles (names.Match): a person's given name, father's and grandfather's names and family name in their order, the family name allowed first (AL-HOSNI, Ali) and a middle name allowed missing, but a given and a father's name swapped, another given name or another family name is no match; a company's words all, in their order, or, across Arabic and Latin script, its generic words (Trading, Packaging, National) by their translation in any order (Majan Packaging Industries is شركة مجان لصناعة التغليف, not مجان للمقاولات). Words are compared by sound across Arabic and Latin script: vowels count where both spellings write them (Saud is not Saad, Hassan not Hussein), a short name must agree exactly (Jamal is not Kamal), a long word may carry one slip.",
	fmt.Sprintf("Every listed name and alias is indexed; a name is reported from %.2f (names.MatchThreshold, chosen on labelled name pairs) or a higher threshold the caller gives. One match per listed entity: its best name, with the parts of the two names side by side (nameParts, matchReasons).", DefaultThreshold),
	"Identifiers judge a match: entity type, country (nationality, citizenship, address, registration), date of birth (agreeing at the precision both state) and registration or document number (letters and digits compared) corroborate or contradict it.",
	"Strength: high when an identifier number matches with no contradiction, or the name is exact (same normalised name, or the same across scripts) with a corroborating identifier and no contradiction; a weak alias alone is never high; otherwise possible. Status: high_confidence_match if any match is high, else possible_match if any, else no_match_found.",
	"No list imported: 503 PROVIDER_NOT_CONFIGURED with status not_checked, not charged; never a clear answer.",
	"A list's age runs from when it was last known to be its publisher's current version: its download, or a later sync that found it unchanged. Past DALIL_SANCTIONS_MAX_AGE (default 7 days) the answer carries a stale_list warning naming the list and its age; past DALIL_SANCTIONS_HARD_MAX_AGE (default 30 days) the list is not screened (listsNotUsed), no_match_found is never said from it, and an answer with no other list is status not_checked and not charged.",
}

// Dataset is the name of the sanctions lists dataset (`dalil sanctions
// import`).
const Dataset = "sanctions"

// Entry declares sanctions_screen.
func Entry(deps Deps) capability.Entry {
	return capability.Define("sanctions_screen", capability.Options{
		Group: "Risk", Title: "Sanctions screening",
		Summary: "Screen a person's or company's name against the official sanctions lists imported on this server (OFAC SDN, UN Security Council Consolidated List): each possible match with the listed name, the alias matched, its score, the list version and the identifiers that corroborate or contradict it.",
		Description: "Offline screening against the lists the operator imported, each named with its publication date and entry count. Matching handles Arabic script " +
			"and its Latin transliterations, diacritics, honorifics, legal forms, word order and every alias on the lists. A threshold from 0.85 up " +
			"narrows the matches. Country, date of birth, registration number and entity type corroborate or contradict each match. With no list " +
			"imported the answer is 503 PROVIDER_NOT_CONFIGURED (status not_checked), not charged.",
		WhenToUse: "Before paying, contracting with or onboarding a counterparty, when you need a sanctions screen without a full supplier or company check.",
		Path:      "/api/v1/risk/sanctions-screen",
		Price:     Price,
		Requires:  []capability.Requirement{capability.NeedsDataset(Dataset)},
		// Never a clear answer: nothing was screened.
		NotConfiguredDetails: map[string]any{"status": StatusNotChecked, "listsChecked": []string{}},
		ReadOnly:             true,
		Idempotent:           true,
		Example:              Input{Name: "Al Noor Trading LLC", Country: "OM", RegistrationNumber: "1234567", EntityType: "entity"},
		Limitations:          limitations,
		Methodology:          Methodology,
	}, func(ctx context.Context, in Input) (Output, error) { return Screen(ctx, deps, in) })
}

// Screen runs sanctions_screen. Errors: 503 PROVIDER_NOT_CONFIGURED when
// no list is imported (details.status not_checked); a store failure is
// internal.
func Screen(ctx context.Context, deps Deps, in Input) (Output, error) {
	call := capability.CallFrom(ctx)
	if deps.Now != nil {
		call.Now = deps.Now()
		ctx = capability.WithCall(ctx, call)
	}
	now := call.Now
	q := Query{Names: []string{in.Name}, DateOfBirth: in.DateOfBirth, RegistrationNumber: strings.TrimSpace(in.RegistrationNumber), EntityType: in.EntityType}
	if in.Country != "" {
		q.Country, _ = evidence.NormalizeCountry(in.Country)
	}
	if in.Threshold != nil {
		q.Threshold = *in.Threshold
	}
	r, err := Screener{Lists: deps.Lists, Freshness: deps.Freshness}.Screen(ctx, q)
	if err != nil {
		return Output{}, err
	}
	if r.Status == StatusNotChecked && len(r.NotUsed) == 0 {
		return Output{}, NotChecked()
	}
	out := Output{Status: r.Status, Threshold: r.Threshold, Lists: r.Lists, ListsNotUsed: r.NotUsed, ListsChecked: []string{}, Matches: r.Matches,
		Warnings: slices.Clone(r.Warnings), Limitations: limitations, CheckedAt: now.UTC().Format(time.RFC3339)}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	if out.ListsNotUsed == nil {
		out.ListsNotUsed = []List{}
	}
	out.Screened = Screened{Name: in.Name, NormalizedName: names.Normalize(in.Name).String(), Country: opt(q.Country), DateOfBirth: opt(q.DateOfBirth),
		RegistrationNumber: opt(q.RegistrationNumber), EntityType: opt(q.EntityType)}
	for _, l := range r.Lists {
		out.ListsChecked = append(out.ListsChecked, l.Name)
		if l.Synthetic {
			out.Warnings = append(out.Warnings, fmt.Sprintf("List %s is synthetic demo data: its matches say nothing about real sanctions.", l.Name))
		}
	}
	out.Summary = summary(out)
	if len(out.Lists) > 0 && len(out.ListsNotUsed) > 0 {
		old := make([]string, 0, len(out.ListsNotUsed))
		for _, l := range out.ListsNotUsed {
			old = append(old, l.Name)
		}
		out.Summary += " Not screened, past the age limit: " + strings.Join(old, ", ") + "."
	}
	return out, nil
}

func opt(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// Basis is what the screen rests on: each list screened, a dataset (or
// synthetic demo data when the list is), with its batch, retrieval date
// and entries, and each list left out for its age, marked Stale (listed,
// no evidence). A screen against synthetic lists only is not charged,
// nor one whose every list was too old (stale_evidence_only).
func (o Output) Basis() dalil.Basis {
	var b dalil.Basis
	for _, l := range o.Lists {
		b = b.Add(ListSource(l))
	}
	for _, l := range o.ListsNotUsed {
		b = b.Add(ListSource(l))
	}
	return b
}

// ListSource is a list as a source of evidence: dataset "sanctions", or
// synthetic when the list is demo data; Stale when it was judged expired
// (past the hard age limit, so not screened).
func ListSource(l List) dalil.Source {
	kind := dalil.SourceDataset
	if l.Synthetic {
		kind = dalil.SourceSynthetic
	}
	return dalil.Source{Kind: kind, Name: l.Name, Dataset: Dataset, Batch: l.Batch, RetrievedAt: l.RetrievedAt, Items: l.Entries,
		Stale: l.Freshness == FreshExpired}
}

// allSynthetic reports whether every list is synthetic demo data (and
// there is at least one).
func allSynthetic(ls []List) bool {
	for _, l := range ls {
		if !l.Synthetic {
			return false
		}
	}
	return len(ls) > 0
}

func summary(o Output) string {
	lists := make([]string, 0, len(o.Lists))
	for _, l := range o.Lists {
		lists = append(lists, fmt.Sprintf("%s (version %s, %d entries)", l.Name, l.Version, l.Entries))
	}
	on := strings.Join(lists, "; ")
	if len(o.Lists) == 0 {
		old := make([]string, 0, len(o.ListsNotUsed))
		for _, l := range o.ListsNotUsed {
			old = append(old, l.Name)
		}
		return fmt.Sprintf("Nothing was screened (not_checked, not a clear result): every list on this server is past the age limit for use (%s); see warnings. No payment was taken.", strings.Join(old, ", "))
	}
	if allSynthetic(o.Lists) {
		return fmt.Sprintf("No real sanctions screening was done: the only lists on this server are synthetic demo data (%s), made-up names that say nothing about real sanctions; %d demo match(es) at a similarity of %.2f.", on, len(o.Matches), o.Threshold)
	}
	switch o.Status {
	case StatusNoMatch:
		return fmt.Sprintf("No listed name or alias reached a similarity of %.2f on %s.", o.Threshold, on)
	case StatusHighMatch:
		return fmt.Sprintf("%d possible match(es) on %s; at least one is exact and corroborated by an identifier: verify it against the list entry before dealing.", len(o.Matches), on)
	}
	return fmt.Sprintf("%d possible match(es) on %s, by name only or with contradicting identifiers: verify each against the list entry.", len(o.Matches), on)
}

// NotChecked is the answer when no list is imported: 503
// PROVIDER_NOT_CONFIGURED, status not_checked, not charged.
func NotChecked() *dalil.Error {
	e := dalil.Errorf(dalil.CodeProviderNotConfigured, "No sanctions list is imported on this server, so nothing was screened (status not_checked; this is not a clear result). "+
		"The operator imports the official lists with `dalil sanctions import FILE --format ofac-xml|ofac-csv|un-xml|ftm --source NAME --license TEXT`. No payment was taken.")
	e.Details = map[string]any{"status": StatusNotChecked, "listsChecked": []string{}}
	return e
}

// EntityTypes are the entity types a list states.
var EntityTypes = []string{sanctions.TypeIndividual, sanctions.TypeEntity, sanctions.TypeVessel, sanctions.TypeAircraft}
