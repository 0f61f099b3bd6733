// Package sanctions screens names against the official sanctions lists an
// operator imported (the "sanctions" dataset: OFAC SDN, the UN Security
// Council Consolidated List, OpenSanctions under a commercial licence),
// offline: no name leaves the server. It offers the sanctions_screen
// capability (USD 0.05) and the screening engine other capabilities use
// through their own ports (cmd/dalil adapts Screener to them).
//
// Matching is internal/names (names.Match): the parts of a name compared
// in their roles (given, father's, family name; a company's words in
// order), Arabic script and its Latin transliterations, diacritics and
// letter variants, titles and legal forms, every alias the lists give. A
// name matches at names.MatchThreshold (0.85) or a higher threshold the
// caller asks for. Each match shows the listed name, the alias that
// matched, the score, which parts of the names agreed, the list and its
// version, and the identifiers (country, date of birth, registration
// number, entity type) that corroborate or contradict it.
// With no list imported the answer is not_checked, never "clear".
package sanctions

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"dalil/capability"
	"dalil/dataset/sanctions"
	"dalil/internal/names"
)

// DefaultThreshold is the name similarity from which a listed name is a
// possible match; a caller may raise it, never lower it.
const DefaultThreshold = names.MatchThreshold

// Statuses of a screening.
const (
	StatusNoMatch      = "no_match_found"
	StatusPossible     = "possible_match"
	StatusHighMatch    = "high_confidence_match"
	StatusNotChecked   = "not_checked"
	StrengthPossible   = "possible"
	StrengthHigh       = "high"
	MatchExact         = "exact_normalized_name"
	MatchFuzzy         = "fuzzy_name"
	maxMatchesPerQuery = 25
)

// List is one imported list and its version.
type List struct {
	// Name is the list as the operator named it on import (--source,
	// e.g. "ofac-sdn", "un-consolidated"); importing a list of that name
	// again replaces it.
	Name string `json:"list"`
	// Title is what the file is ("OFAC Specially Designated Nationals
	// and Blocked Persons List").
	Title string `json:"title"`
	// Version is the publication date the file states, else "retrieved
	// YYYY-MM-DD" (OFAC's CSV files state none).
	Version     string    `json:"version"`
	Published   string    `json:"published,omitempty"`
	Entries     int       `json:"entries"`
	Format      string    `json:"format"`
	License     string    `json:"license"`
	Batch       string    `json:"batch"`
	Synthetic   bool      `json:"synthetic"`
	RetrievedAt time.Time `json:"retrievedAt"`
	ImportedAt  time.Time `json:"importedAt"`
	// CheckedAt is when a sync last found this version still its
	// publisher's current one (a 304, or the same file again); zero when
	// no sync did.
	CheckedAt time.Time `json:"checkedAt,omitzero"`
	// CurrentAsOf, AgeSeconds and Freshness are set on the lists an
	// answer names (Freshness.Judge): when the list was last known to be
	// current (the later of RetrievedAt and CheckedAt), its age then, and
	// current, stale (past DALIL_SANCTIONS_MAX_AGE: screened, with a
	// stale_list warning) or expired (past DALIL_SANCTIONS_HARD_MAX_AGE:
	// not screened).
	CurrentAsOf time.Time `json:"currentAsOf,omitzero"`
	AgeSeconds  int64     `json:"ageSeconds,omitempty"`
	Freshness   string    `json:"freshness,omitempty"`
}

// Listed is one entity of a list.
type Listed struct {
	List string // List.Name
	sanctions.Entity
	// Keys, when set, are the keys of the entity's name and of each
	// alias in order (1 + len(Aliases) of them), each names.Normalize of
	// that name: a store makes them from the prepared forms it keeps
	// (names.Prepared). NewEngine normalises the names itself otherwise.
	Keys []names.Key
}

// Engine screens names against a fixed set of lists, through an index
// (internal/names.Index): only names that can reach the threshold are
// scored. It is immutable and safe for concurrent use.
type Engine struct {
	lists   []List
	byName  map[string]int
	entries []Listed
	ix      *names.Index
	// alias[i] describes indexed name i: its entry and which alias (-1
	// for the primary name); keys[i] is its key (names.Normalize: the
	// index's key may be another name's that compares alike, with other
	// titles or legal forms set aside).
	alias []aliasRef
	keys  []names.Key
}

type aliasRef struct {
	entry, alias int
}

// NewEngine indexes entries (each with its primary name and every
// alias) of lists.
func NewEngine(lists []List, entries []Listed) *Engine {
	e := &Engine{lists: slices.Clone(lists), byName: map[string]int{}, entries: entries, ix: names.NewIndex()}
	slices.SortFunc(e.lists, func(a, b List) int { return cmp.Compare(a.Name, b.Name) })
	for i, l := range e.lists {
		e.byName[l.Name] = i
	}
	n := len(entries)
	for i := range entries {
		n += len(entries[i].Aliases)
	}
	e.alias, e.keys = make([]aliasRef, 0, n), make([]names.Key, 0, n)
	add := func(name string, ref aliasRef, keys []names.Key) {
		var k names.Key
		if n := ref.alias + 1; len(keys) > n {
			k = keys[n]
		} else {
			k = names.Normalize(name)
		}
		e.ix.AddKey(len(e.alias), name, k)
		e.alias = append(e.alias, ref)
		e.keys = append(e.keys, k)
	}
	for i := range entries {
		keys := entries[i].Keys
		if len(keys) != 1+len(entries[i].Aliases) {
			keys = nil
		}
		add(entries[i].Name, aliasRef{i, -1}, keys)
		for j, a := range entries[i].Aliases {
			add(a.Name, aliasRef{i, j}, keys)
		}
	}
	return e
}

// Lists are the lists screened (a copy), by name.
func (e *Engine) Lists() []List { return slices.Clone(e.lists) }

// Entries is the number of listed entities.
func (e *Engine) Entries() int { return len(e.entries) }

// CountByType counts the listed entities by type.
func (e *Engine) CountByType() map[string]int {
	out := map[string]int{}
	for _, en := range e.entries {
		out[en.Type]++
	}
	return out
}

// Query is what is screened.
type Query struct {
	// Names are screened each (a company's English and Arabic names, a
	// person's spellings); at least one.
	Names []string
	// Country is an ISO 3166-1 alpha-2 code, "" when unknown.
	Country string
	// DateOfBirth is YYYY, YYYY-MM or YYYY-MM-DD, "" when unknown.
	DateOfBirth string
	// RegistrationNumber (or another identifier: passport, national id),
	// "" when unknown.
	RegistrationNumber string
	// EntityType is individual, entity, vessel or aircraft; "" any.
	EntityType string
	// Threshold is the lowest name similarity reported; below
	// DefaultThreshold (or 0) means DefaultThreshold.
	Threshold float64
	// Skip names lists not to screen (the Screener's expired lists): they
	// are left out of the result as if not imported.
	Skip []string
}

// Result is a screening.
type Result struct {
	// Status: not_checked (no list imported: nothing was screened),
	// no_match_found, possible_match or high_confidence_match.
	Status        string
	Lists         []List
	NamesScreened []string
	Threshold     float64
	Matches       []Match
	// NotUsed are the lists left out for their age (expired; the
	// Screener's), and Warnings the stale_list warning of each list past
	// its age (stale or expired), both empty from Engine.Screen.
	NotUsed  []List
	Warnings []string
}

// Match is one listed entity whose name (or alias) came close to a
// screened name: an automated lead to verify, never a finding.
type Match struct {
	List         string                 `json:"list"`
	ListTitle    string                 `json:"listTitle"`
	ListVersion  string                 `json:"listVersion"`
	EntityID     string                 `json:"entityId"`
	Reference    string                 `json:"reference,omitempty"`
	EntityType   string                 `json:"entityType"`
	ListedName   string                 `json:"listedName"`
	MatchedAlias string                 `json:"matchedAlias,omitempty"`
	AliasType    string                 `json:"aliasType,omitempty"`
	AliasQuality string                 `json:"aliasQuality,omitempty"`
	ScreenedName string                 `json:"screenedName"`
	Score        float64                `json:"matchScore"`
	MatchType    string                 `json:"matchType"`
	Strength     string                 `json:"matchStrength"`
	Programs     []string               `json:"programs"`
	Countries    []string               `json:"countries"`
	DatesOfBirth []string               `json:"datesOfBirth"`
	Identifiers  []sanctions.Identifier `json:"identifiers"`
	ListedOn     string                 `json:"listedOn,omitempty"`
	// Corroborating and Contradicting are the identifiers that agree
	// and disagree, in words.
	Corroborating []string `json:"corroboratingIdentifiers"`
	Contradicting []string `json:"contradictions"`
	// NameParts are the parts of the screened and the listed name side
	// by side (given name, father's name, family name; a company's
	// words) and how each agreed; MatchReasons says the same in words,
	// with the alias used and the titles and legal forms set aside, so
	// a reviewer can judge the hit.
	NameParts    []names.Part `json:"nameParts" jsonschema:"The screened and the listed name's parts side by side, in the order compared (given, father's, family name; a company's words), and how each agreed."`
	MatchReasons []string     `json:"matchReasons" jsonschema:"Why the names matched, in words: the name or alias matched, each part, and the titles, legal forms and bracketed parts set aside."`

	// sameText: the listed name is the screened one as normalised (not
	// only alike across scripts); it wins a tie.
	sameText bool
	// screened and listed are the two names' keys, explained (NameParts,
	// MatchReasons) only once the match is kept (Engine.explain).
	screened, listed names.Key
	viaAlias         bool
}

// Screen screens q's names against the engine's lists. A nil or empty
// engine gives status not_checked.
func (e *Engine) Screen(q Query) Result {
	th := max(q.Threshold, DefaultThreshold)
	r := Result{Status: StatusNotChecked, Threshold: th, Matches: []Match{}, Lists: []List{}, NamesScreened: []string{}}
	for _, n := range q.Names {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(r.NamesScreened, n) {
			r.NamesScreened = append(r.NamesScreened, n)
		}
	}
	if e == nil || len(e.lists) == 0 {
		return r
	}
	for _, l := range e.lists {
		if !slices.Contains(q.Skip, l.Name) {
			r.Lists = append(r.Lists, l)
		}
	}
	if len(r.Lists) == 0 {
		return r
	}
	r.Status = StatusNoMatch
	best := map[int]Match{} // by entry
	for _, n := range r.NamesScreened {
		k := names.Normalize(n)
		for _, h := range e.ix.Matches(k, th) {
			ref := e.alias[h.Ref]
			if len(q.Skip) > 0 && slices.Contains(q.Skip, e.entries[ref.entry].List) {
				continue
			}
			m := e.match(ref, h.Ref, n, k, h.Score, q)
			if prev, ok := best[ref.entry]; ok && !better(m, prev) {
				continue
			}
			best[ref.entry] = m
		}
	}
	for _, m := range best {
		r.Matches = append(r.Matches, m)
	}
	slices.SortFunc(r.Matches, func(a, b Match) int {
		return cmp.Or(cmp.Compare(rank(b), rank(a)), cmp.Compare(b.Score, a.Score), cmp.Compare(a.List, b.List), cmp.Compare(a.EntityID, b.EntityID))
	})
	if len(r.Matches) > maxMatchesPerQuery {
		r.Matches = r.Matches[:maxMatchesPerQuery]
	}
	for i := range r.Matches {
		explain(&r.Matches[i])
	}
	for _, m := range r.Matches {
		if m.Strength == StrengthHigh {
			r.Status = StatusHighMatch
			break
		}
		r.Status = StatusPossible
	}
	return r
}

func rank(m Match) int {
	if m.Strength == StrengthHigh {
		return 1
	}
	return 0
}

func better(a, b Match) bool {
	return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Score, b.Score), cmp.Compare(len(b.Contradicting), len(a.Contradicting)),
		cmp.Compare(b2i(a.sameText), b2i(b.sameText))) > 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// match describes entry ref's hit (indexed name i) for screened name n
// and judges it against the query's identifiers. Its NameParts and
// MatchReasons are left to explain: only the matches an answer keeps
// need them.
func (e *Engine) match(ref aliasRef, i int, n string, k names.Key, score float64, q Query) Match {
	en := &e.entries[ref.entry]
	l := e.lists[e.byName[en.List]]
	m := Match{List: l.Name, ListTitle: l.Title, ListVersion: l.Version, EntityID: en.ID, Reference: en.Reference, EntityType: en.Type,
		ListedName: en.Name, ScreenedName: n, Score: round3(score), MatchType: MatchFuzzy, Strength: StrengthPossible,
		Programs: nonNil(en.Programs), Countries: nonNil(en.Countries), DatesOfBirth: nonNil(en.DatesOfBirth),
		Identifiers: nonNil(en.Identifiers), ListedOn: en.ListedOn, Corroborating: []string{}, Contradicting: []string{}}
	if ref.alias >= 0 {
		a := en.Aliases[ref.alias]
		m.MatchedAlias, m.AliasType, m.AliasQuality, m.viaAlias = a.Name, a.Type, a.Quality, true
	}
	// Exact: the same normalised name (its family name may come first),
	// or the same in the representation both scripts share (محمد =
	// Mohammed).
	lk := e.keys[i] // names.Normalize of the name or alias matched
	m.screened, m.listed = k, lk
	m.sameText = lk.Sorted() == k.Sorted()
	exact := score >= 0.9995 || m.sameText
	if exact {
		m.MatchType = MatchExact
	}
	idMatch := false
	if q.EntityType != "" && en.Type != "" {
		if q.EntityType == en.Type {
			m.Corroborating = append(m.Corroborating, "entity type "+en.Type)
		} else {
			m.Contradicting = append(m.Contradicting, fmt.Sprintf("listed as %s, not %s", article(en.Type), q.EntityType))
		}
	}
	if q.Country != "" && len(en.Countries) > 0 {
		if slices.Contains(en.Countries, q.Country) {
			m.Corroborating = append(m.Corroborating, "country "+q.Country)
		} else {
			m.Contradicting = append(m.Contradicting, "listed for "+strings.Join(en.Countries, ", ")+", not "+q.Country)
		}
	}
	if q.DateOfBirth != "" && len(en.DatesOfBirth) > 0 {
		if d, ok := sameDate(q.DateOfBirth, en.DatesOfBirth); ok {
			m.Corroborating = append(m.Corroborating, "date of birth "+d)
		} else {
			m.Contradicting = append(m.Contradicting, "listed date of birth "+strings.Join(en.DatesOfBirth, ", ")+", not "+q.DateOfBirth)
		}
	}
	if reg := NormalizeNumber(q.RegistrationNumber); reg != "" && len(en.Identifiers) > 0 {
		var registrations []string
		for _, id := range en.Identifiers {
			if NormalizeNumber(id.Number) == reg || NormalizeNumber(strings.TrimPrefix(id.Number, "IMO ")) == reg {
				idMatch = true
				m.Corroborating = append(m.Corroborating, "identifier "+id.Type+" "+id.Number)
			}
			if isRegistration(id.Type) {
				registrations = append(registrations, id.Type+" "+id.Number)
			}
		}
		if !idMatch && len(registrations) > 0 {
			m.Contradicting = append(m.Contradicting, "listed with "+strings.Join(registrations, ", ")+", not "+q.RegistrationNumber)
		}
	}
	// High: an identifier matches, or the name is exact and something
	// corroborates it with nothing contradicting it. A weak alias alone
	// is never high.
	weak := ref.alias >= 0 && m.AliasQuality == "weak"
	if idMatch && len(m.Contradicting) == 0 || exact && !weak && len(m.Corroborating) > 0 && len(m.Contradicting) == 0 {
		m.Strength = StrengthHigh
	}
	return m
}

// explain sets m's NameParts and MatchReasons: how its screened and
// listed names' parts agreed.
func explain(m *Match) {
	ex := names.Explain(m.screened, m.listed)
	m.NameParts = nonNil(ex.Parts)
	if m.viaAlias {
		kind := m.AliasType
		if m.AliasQuality != "" {
			kind += ", " + m.AliasQuality
		}
		m.MatchReasons = append(m.MatchReasons, fmt.Sprintf("matched the listed alias %q (%s), not the listed name", m.MatchedAlias, kind))
	} else {
		m.MatchReasons = append(m.MatchReasons, "matched the listed name")
	}
	m.MatchReasons = append(m.MatchReasons, ex.Reasons()...)
	m.screened, m.listed = names.Key{}, names.Key{}
}

func article(t string) string {
	if t == sanctions.TypeIndividual || t == sanctions.TypeEntity || t == sanctions.TypeAircraft {
		return "an " + t
	}
	return "a " + t
}

func isRegistration(t string) bool {
	t = strings.ToLower(t)
	return strings.Contains(t, "registration") || strings.Contains(t, "company number") || strings.Contains(t, "commercial") ||
		strings.Contains(t, "business") || strings.Contains(t, "tax id") || strings.Contains(t, "imo")
}

// sameDate: a date compatible with one of the listed ones, at the
// precision both state (1971 agrees with 1971-03-12).
func sameDate(q string, listed []string) (string, bool) {
	for _, d := range listed {
		n := min(len(d), len(q))
		if n >= 4 && d[:n] == q[:n] {
			return d, true
		}
	}
	return "", false
}

// NormalizeNumber is an identifier as compared: letters and digits only,
// upper case, digits in ASCII (names.FoldDigits): "CR 1234-567" =
// "cr1234567" = "CR ١٢٣٤٥٦٧".
func NormalizeNumber(s string) string {
	var b strings.Builder
	for _, r := range names.FoldDigits(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return slices.Clone(s)
}

// Lists is where the imported lists are (the sanctions dataset).
// Current is the current version of every list, without its entries (a
// small read). Engine is an engine over the current lists holding the
// entries that names may match (the adapter's candidates, from its
// index: issue 34), not every entry: its Screen of those names answers
// as an engine over every entry would. No list imported: an engine with
// none.
type Lists interface {
	Current(ctx context.Context) ([]List, error)
	Engine(ctx context.Context, names []string) (*Engine, error)
}

// Current implements Lists over e's lists (tests, and callers holding
// every entry in memory).
func (e *Engine) Current(context.Context) ([]List, error) { return e.Lists(), nil }

// Engine implements Lists: e itself.
func (e *Engine) Engine(context.Context, []string) (*Engine, error) { return e, nil }

// Screener screens against the current lists. Other capabilities use it
// through their own ports (cmd/dalil adapts it).
type Screener struct {
	Lists Lists // nil: nothing imported
	// Freshness is how old a list may be (zero: the defaults).
	Freshness Freshness
}

// Screen screens q against the lists current at the call's time
// (capability.CallFrom(ctx).Now): every list is judged by its age
// (Freshness); an expired one is not screened (Result.NotUsed), and each
// stale or expired one has its stale_list warning. No list imported, or
// every list expired, is Result{Status: not_checked}, never an error; an
// error is the store failing.
func (s Screener) Screen(ctx context.Context, q Query) (Result, error) {
	r := Result{NotUsed: []List{}, Warnings: []string{}}
	if s.Lists == nil {
		out := (*Engine)(nil).Screen(q)
		out.NotUsed, out.Warnings = r.NotUsed, r.Warnings
		return out, nil
	}
	e, err := s.Lists.Engine(ctx, q.Names)
	if err != nil {
		return Result{}, err
	}
	now := capability.CallFrom(ctx).Now
	judged := map[string]List{}
	q.Skip = slices.Clone(q.Skip)
	for _, l := range e.Lists() {
		l = s.Freshness.Judge(l, now)
		judged[l.Name] = l
		if w := s.Freshness.Warning(l); w != "" {
			r.Warnings = append(r.Warnings, w)
		}
		if l.Freshness == FreshExpired {
			r.NotUsed = append(r.NotUsed, l)
			q.Skip = append(q.Skip, l.Name)
		}
	}
	out := e.Screen(q)
	for i, l := range out.Lists {
		out.Lists[i] = judged[l.Name]
	}
	out.NotUsed, out.Warnings = r.NotUsed, r.Warnings
	return out, nil
}

// WithLists is e over the same entries with its lists' metadata (dates,
// versions; not their names) taken from lists, by name: an engine whose
// lists were confirmed current again without a new version needs no new
// index. A list of e's that lists does not name keeps its metadata.
func (e *Engine) WithLists(lists []List) *Engine {
	if e == nil {
		return nil
	}
	c := *e
	c.lists = slices.Clone(e.lists)
	for i, l := range c.lists {
		for _, n := range lists {
			if n.Name == l.Name {
				c.lists[i] = n
			}
		}
	}
	return &c
}
