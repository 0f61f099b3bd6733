package capability

import (
	"fmt"
	"strings"
)

// Registry is the ordered set of every capability, available or planned.
type Registry struct {
	entries []Entry
	byID    map[string]int
}

// NewRegistry checks entries (unique ids and paths) and keeps their order.
func NewRegistry(entries ...Entry) (*Registry, error) {
	r := &Registry{byID: map[string]int{}}
	paths := map[string]string{}
	for _, e := range entries {
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
