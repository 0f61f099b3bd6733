package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/capabilities/suppliercheck"
	"dalil/internal/intel"
)

// Sanctions screening wiring (issue 16): sanctions_screen and the
// screening engine read the "sanctions" dataset (sanctionssql) in the
// store's database. The adapters below give the engine to the other
// capabilities through their own ports.

// sanctionsDeps wires sanctions_screen: nil lists (no store) answers 503.
func sanctionsDeps(d deps) sanctions.Deps {
	if d.store == nil {
		return sanctions.Deps{}
	}
	return sanctions.Deps{Lists: sanctionssql.New(d.store.DB())}
}

// sanctionsScreener is the engine over the store's lists, nil without a
// store.
func sanctionsScreener(d deps) *sanctions.Screener {
	if d.store == nil {
		return nil
	}
	return &sanctions.Screener{Lists: sanctionssql.New(d.store.DB())}
}

// supplierSanctions adapts the screener to suppliercheck.SanctionsScreener
// (oman_supplier_check): no list imported is a Screening with no Lists.
type supplierSanctions struct{ s *sanctions.Screener }

var _ suppliercheck.SanctionsScreener = supplierSanctions{}

func (a supplierSanctions) Screen(ctx context.Context, req suppliercheck.ScreenRequest) (suppliercheck.Screening, error) {
	r, err := a.s.Screen(ctx, sanctions.Query{Names: req.Names, Country: req.Country, RegistrationNumber: req.RegistrationNumber})
	if err != nil {
		return suppliercheck.Screening{}, err
	}
	out := suppliercheck.Screening{}
	if r.Status == sanctions.StatusNotChecked {
		return out, nil
	}
	for _, l := range r.Lists {
		out.Lists = append(out.Lists, suppliercheck.ListVersion{Name: l.Name, Version: l.Version, Entries: l.Entries,
			Synthetic: l.Synthetic, Batch: l.Batch, RetrievedAt: l.RetrievedAt})
	}
	for _, m := range r.Matches {
		sm := suppliercheck.SanctionsMatch{Name: m.ListedName, Source: m.List, Reference: ptrTo(m.EntityID), MatchScore: m.Score,
			MatchType: m.MatchType, ScreenedName: m.ScreenedName, Corroborating: m.Corroborating, Contradicting: m.Contradicting,
			Reason: matchReason(m)}
		if m.MatchedAlias != "" {
			sm.MatchedAlias = ptrTo(m.MatchedAlias)
		}
		out.Matches = append(out.Matches, sm)
	}
	return out, nil
}

// intelSanctions adapts the screener to intel.Sanctions (the company
// intelligence capabilities): no list imported lists no list checked.
type intelSanctions struct{ s *sanctions.Screener }

var (
	_ intel.Sanctions  = intelSanctions{}
	_ intel.ListsReady = intelSanctions{}
)

func (intelSanctions) Name() string { return "sanctions lists" }

// Ready reports whether a list is imported (the engine is cached by the
// lists' version, so this is one small query). A store that cannot answer
// counts as ready: the screening then fails and says unavailable.
func (a intelSanctions) Ready() bool {
	if a.s == nil || a.s.Lists == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	e, err := a.s.Lists.Engine(ctx)
	if err != nil {
		return true
	}
	return e != nil && len(e.Lists()) > 0
}

func (a intelSanctions) Screen(ctx context.Context, q intel.ScreenQuery) (intel.ScreenResult, error) {
	reg := ""
	if len(q.Identifiers) > 0 {
		reg = q.Identifiers[0]
	}
	out := intel.ScreenResult{ListsChecked: []string{}, ListsUnavailable: []string{}}
	// One screening per identifier: the engine corroborates with one.
	ids := append([]string{reg}, q.Identifiers[min(1, len(q.Identifiers)):]...)
	seen := map[string]bool{}
	real := false // a list that is not synthetic demo data was checked
	for _, id := range ids {
		r, err := a.s.Screen(ctx, sanctions.Query{Names: q.Names, Country: q.Country, RegistrationNumber: id})
		if err != nil {
			return intel.ScreenResult{}, errors.Join(intel.ErrUnavailable, err)
		}
		for _, l := range r.Lists {
			if name := l.Name + " " + l.Version; !seen["list "+name] {
				seen["list "+name] = true
				out.ListsChecked = append(out.ListsChecked, name)
				real = real || !l.Synthetic
			}
		}
		for _, m := range r.Matches {
			key := m.List + "#" + m.EntityID
			if seen[key] {
				continue
			}
			seen[key] = true
			h := intel.Hit{ListedName: m.ListedName, MatchedAlias: m.MatchedAlias, List: m.List, ListType: "sanctions", Score: m.Score,
				Countries: m.Countries, EntryID: m.EntityID}
			for _, id := range m.Identifiers {
				h.Identifiers = append(h.Identifiers, id.Number)
			}
			out.Hits = append(out.Hits, h)
		}
	}
	out.Synthetic = len(out.ListsChecked) > 0 && !real
	return out, nil
}

func matchReason(m sanctions.Match) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %.3f with %q", strings.ReplaceAll(m.MatchType, "_", " "), m.Score, m.ListedName)
	if m.MatchedAlias != "" {
		fmt.Fprintf(&b, " (alias %q)", m.MatchedAlias)
	}
	fmt.Fprintf(&b, " on %s version %s", m.List, m.ListVersion)
	return b.String()
}

func ptrTo[T any](v T) *T { return &v }
