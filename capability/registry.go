package capability

import (
	"context"
	"fmt"
	"strings"
)

// Requirement is something a capability needs that the operator switches
// on: a provider reached over the network, or a dataset imported into the
// database, or any one of several of these. Build it with NeedsProvider,
// NeedsDataset or AnyOf.
type Requirement struct {
	Kind string // "provider", "dataset" or "any"
	Name string // the provider's or dataset's name in the configuration; for "any", a name for the alternatives
	// of holds the alternatives of an "any" requirement (Alternatives):
	// it is met as well as the best of them. A pointer keeps Requirement
	// comparable.
	of *[]Requirement
}

// Alternatives are an AnyOf requirement's alternatives (nil otherwise).
func (r Requirement) Alternatives() []Requirement {
	if r.of == nil {
		return nil
	}
	return *r.of
}

// Requirement kinds.
const (
	KindProvider = "provider"
	KindDataset  = "dataset"
	KindAny      = "any"
)

// NeedsProvider is a requirement on the provider configured under name
// (Config.Providers in cmd/dalil).
func NeedsProvider(name string) Requirement { return Requirement{Kind: KindProvider, Name: name} }

// NeedsDataset is a requirement on the dataset imported under name
// (`dalil <name> import`).
func NeedsDataset(name string) Requirement { return Requirement{Kind: KindDataset, Name: name} }

// AnyOf is a requirement met by any one of reqs (vehicle values answer
// from imported listings or a live market-data provider). name says what
// they are together ("market_data").
func AnyOf(name string, reqs ...Requirement) Requirement {
	return Requirement{Kind: KindAny, Name: name, of: &reqs}
}

// String is the requirement in words: "the websearch provider", "the
// comparables dataset", "the listings dataset or the marketcheck provider".
func (r Requirement) String() string {
	if r.Kind == KindAny {
		words := make([]string, len(r.Alternatives()))
		for i, o := range r.Alternatives() {
			words[i] = o.String()
		}
		return strings.Join(words, " or ")
	}
	return "the " + r.Name + " " + r.Kind
}

func (r Requirement) valid() bool {
	if r.Kind == KindAny {
		if len(r.Alternatives()) == 0 || !idPattern.MatchString(r.Name) {
			return false
		}
		for _, o := range r.Alternatives() {
			if !o.valid() {
				return false
			}
		}
		return true
	}
	return (r.Kind == KindProvider || r.Kind == KindDataset) && idPattern.MatchString(r.Name)
}

// Supply is how a requirement is met right now.
type Supply int

const (
	// SupplyMissing: not configured (a provider without its settings) or
	// nothing imported (a dataset without rows).
	SupplyMissing Supply = iota
	// SupplySynthetic: a dataset whose rows are all synthetic demo data.
	// A capability answering from it is StatusDemo: it answers, says so,
	// and charges nothing for what rests on it alone.
	SupplySynthetic
	// SupplyReal: a configured provider, or a dataset with real rows.
	SupplyReal
)

// RegistryOptions are what the operator configured, as the registry needs
// to know it. The zero value means nothing is configured.
type RegistryOptions struct {
	// Supply reports how a provider or dataset requirement is met now.
	// It is asked every time a status is read (so it must be cheap: a
	// cached snapshot), which is how a status follows an import or a
	// retraction without a restart. Nil means nothing is supplied.
	Supply func(Requirement) Supply
	// Configured is the older, static form of Supply: true is
	// SupplyReal, false SupplyMissing. Used only when Supply is nil.
	Configured func(Requirement) bool
	// Hint, when set, says how the operator supplies a requirement
	// ("dalil comparables import FILE --source NAME --license TEXT",
	// "set DALIL_BRAVE_SEARCH_API_KEY"); it is shown with a missing one.
	Hint func(Requirement) string
	// Refresh, when set, reads what is supplied again (the datasets'
	// batches). Entry.Confirm calls it before a capability is refused as
	// unconfigured, so that a 503 is never answered from a stale view.
	Refresh func(context.Context)
	// Expand, when set, names the sources that meet a requirement naming
	// a kind of source rather than one ("web_search": Brave or Tavily):
	// an AnyOf of them, met as well as the best of them or the kind
	// itself (a remote service's listing names the kind). Requirements it
	// returns unchanged are answered as they are.
	Expand func(Requirement) Requirement
}

// supply is o's answer for one provider or dataset requirement, and for
// an "any" requirement the best of its alternatives.
func (o RegistryOptions) supply(r Requirement) Supply {
	if r.Kind == KindAny {
		best := SupplyMissing
		for _, alt := range r.Alternatives() {
			best = max(best, o.supply(alt))
		}
		return best
	}
	if o.Expand != nil {
		if x := o.Expand(r); x.Kind == KindAny {
			return max(o.direct(r), o.supply(x))
		}
	}
	return o.direct(r)
}

// direct is o's answer for one provider or dataset requirement as it is.
func (o RegistryOptions) direct(r Requirement) Supply {
	switch {
	case o.Supply != nil:
		return o.Supply(r)
	case o.Configured != nil && o.Configured(r):
		return SupplyReal
	}
	return SupplyMissing
}

// Missing is a requirement that is not met, with how to meet it.
type Missing struct {
	Requirement
	// Hint says how the operator supplies it ("" when unknown).
	Hint string
}

// State is a capability's status now, derived from its requirements and
// what is supplied: never declared.
type State struct {
	Status Status
	// Missing lists the requirements not met (StatusUnconfigured).
	Missing []Missing
	// Synthetic lists the requirements met by synthetic demo data only
	// (StatusDemo).
	Synthetic []Requirement
}

// Needs says in words what an unconfigured capability is waiting for
// ("the websearch provider and the companies dataset"); "" when nothing
// is missing.
func (s State) Needs() string {
	words := make([]string, len(s.Missing))
	for i, m := range s.Missing {
		words[i] = m.String()
	}
	return strings.Join(words, " and ")
}

// Answers reports whether calls are run (available or demo).
func (s State) Answers() bool { return s.Status == StatusAvailable || s.Status == StatusDemo }

// stateOf derives e's state from o: unconfigured when a requirement is
// missing, demo when every requirement is met and some only by synthetic
// data, else available.
func (o RegistryOptions) stateOf(e *Entry) State {
	if !e.Callable() {
		return State{Status: StatusPlanned}
	}
	var st State
	for _, req := range e.Requires {
		switch o.supply(req) {
		case SupplyMissing:
			m := Missing{Requirement: req}
			if o.Hint != nil {
				m.Hint = o.hint(req)
			}
			st.Missing = append(st.Missing, m)
		case SupplySynthetic:
			st.Synthetic = append(st.Synthetic, req)
		}
	}
	switch {
	case len(st.Missing) > 0:
		st.Status = StatusUnconfigured
	case len(st.Synthetic) > 0:
		st.Status = StatusDemo
	default:
		st.Status = StatusAvailable
	}
	return st
}

// hint joins the hints of an "any" requirement's alternatives.
func (o RegistryOptions) hint(r Requirement) string {
	if o.Expand != nil && r.Kind != KindAny {
		if x := o.Expand(r); x.Kind == KindAny {
			r = x
		}
	}
	if r.Kind != KindAny {
		return o.Hint(r)
	}
	var hints []string
	for _, alt := range r.Alternatives() {
		if h := o.hint(alt); h != "" {
			hints = append(hints, h)
		}
	}
	return strings.Join(hints, "; or ")
}

// Registry is the ordered set of every capability, available or planned.
type Registry struct {
	entries []Entry
	byID    map[string]int
	opts    RegistryOptions
}

// NewRegistry is NewRegistryWith with nothing configured.
func NewRegistry(entries ...Entry) (*Registry, error) {
	return NewRegistryWith(RegistryOptions{}, entries...)
}

// NewRegistryWith checks entries (unique ids and paths) and keeps their
// order. Each callable entry's status is derived from opts whenever it is
// read (Entry.State), so it follows what is configured and imported.
func NewRegistryWith(opts RegistryOptions, entries ...Entry) (*Registry, error) {
	r := &Registry{byID: map[string]int{}, opts: opts}
	paths := map[string]string{}
	for _, e := range entries {
		if e.ID == PreviewTool {
			return nil, fmt.Errorf("capability: id %q is the MCP preview tool's name", e.ID)
		}
		e.reg = r
		if _, dup := r.byID[e.ID]; dup {
			return nil, fmt.Errorf("capability: duplicate id %q", e.ID)
		}
		for _, p := range []string{e.Path, e.LegacyPath} {
			if p == "" {
				continue
			}
			if other, dup := paths[strings.ToLower(p)]; dup {
				return nil, fmt.Errorf("capability: %s and %s share path %s", other, e.ID, p)
			}
			paths[strings.ToLower(p)] = e.ID
		}
		r.byID[e.ID] = len(r.entries)
		r.entries = append(r.entries, e)
	}
	return r, nil
}

// All returns every entry in declaration order.
func (r *Registry) All() []*Entry {
	out := make([]*Entry, len(r.entries))
	for i := range r.entries {
		out[i] = &r.entries[i]
	}
	return out
}

// Callable returns the entries that have routes (available or unconfigured).
func (r *Registry) Callable() []*Entry {
	var out []*Entry
	for i := range r.entries {
		if r.entries[i].Callable() {
			out = append(out, &r.entries[i])
		}
	}
	return out
}

// Planned returns the roadmap entries.
func (r *Registry) Planned() []*Entry {
	var out []*Entry
	for i := range r.entries {
		if r.entries[i].planned {
			out = append(out, &r.entries[i])
		}
	}
	return out
}

// Lookup finds an entry by id.
func (r *Registry) Lookup(id string) (*Entry, bool) {
	i, ok := r.byID[id]
	if !ok {
		return nil, false
	}
	return &r.entries[i], true
}

// Confirm is State, read again through RegistryOptions.Refresh first when
// it says unconfigured: the state a call is refused on.
func (e *Entry) Confirm(ctx context.Context) State {
	st := e.State()
	if st.Status == StatusUnconfigured && e.reg != nil && e.reg.opts.Refresh != nil {
		e.reg.opts.Refresh(ctx)
		st = e.State()
	}
	return st
}

// Supplied is how req is met now for e's registry (SupplyMissing when e
// belongs to none).
func (e *Entry) Supplied(req Requirement) Supply {
	if e.reg == nil {
		return SupplyMissing
	}
	return e.reg.opts.supply(req)
}

// HowToSupply says how the operator meets req ("" when unknown).
func (e *Entry) HowToSupply(req Requirement) string {
	if e.reg == nil || e.reg.opts.Hint == nil {
		return ""
	}
	return e.reg.opts.hint(req)
}

// State is e's status now (see RegistryOptions.Supply).
func (r *Registry) State(e *Entry) State { return r.opts.stateOf(e) }
