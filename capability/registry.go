package capability

import (
	"fmt"
	"strings"
)

// Requirement is something a capability needs that the operator switches
// on: a provider reached over the network, or a dataset imported into the
// database. Build it with NeedsProvider or NeedsDataset.
type Requirement struct {
	Kind string // "provider" or "dataset"
	Name string // the provider's or dataset's name in the configuration
}

// Requirement kinds.
const (
	KindProvider = "provider"
	KindDataset  = "dataset"
)

// NeedsProvider is a requirement on the provider configured under name
// (Config.Providers in cmd/dalil).
func NeedsProvider(name string) Requirement { return Requirement{Kind: KindProvider, Name: name} }

// NeedsDataset is a requirement on the dataset imported under name
// (Config.Datasets in cmd/dalil).
func NeedsDataset(name string) Requirement { return Requirement{Kind: KindDataset, Name: name} }

// String is the requirement in words: "the websearch provider".
func (r Requirement) String() string { return "the " + r.Name + " " + r.Kind }

func (r Requirement) valid() bool {
	return (r.Kind == KindProvider || r.Kind == KindDataset) && idPattern.MatchString(r.Name)
}

// RegistryOptions are what the operator configured, as the registry needs
// to know it. The zero value means nothing is configured.
type RegistryOptions struct {
	// Configured reports whether a requirement is configured. Nil means
	// nothing is: a capability with requirements is then unconfigured.
	Configured func(Requirement) bool
}

// Registry is the ordered set of every capability, available or planned.
type Registry struct {
	entries []Entry
	byID    map[string]int
}

// NewRegistry is NewRegistryWith with nothing configured.
func NewRegistry(entries ...Entry) (*Registry, error) {
	return NewRegistryWith(RegistryOptions{}, entries...)
}

// NewRegistryWith checks entries (unique ids and paths), keeps their order
// and derives each callable entry's status from opts.Configured: available
// when every requirement is configured, else unconfigured.
func NewRegistryWith(opts RegistryOptions, entries ...Entry) (*Registry, error) {
	r := &Registry{byID: map[string]int{}}
	paths := map[string]string{}
	for _, e := range entries {
		if e.ID == PreviewTool {
			return nil, fmt.Errorf("capability: id %q is the MCP preview tool's name", e.ID)
		}
		if e.Callable() {
			e.configure(opts.Configured)
		}
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
		if r.entries[i].Status == StatusPlanned {
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

// configure derives Status, Missing and Provider from the requirements.
func (e *Entry) configure(configured func(Requirement) bool) {
	e.Missing = nil
	for _, req := range e.Requires {
		if configured == nil || !configured(req) {
			e.Missing = append(e.Missing, req)
		}
	}
	e.Status, e.Provider = StatusAvailable, ""
	if len(e.Missing) > 0 {
		e.Status = StatusUnconfigured
		words := make([]string, len(e.Missing))
		for i, m := range e.Missing {
			words[i] = m.String()
		}
		e.Provider = strings.Join(words, " and ")
	}
}
