// Package screening adapts the sanctions screening engine to the ports
// of the capabilities that screen through it: oman_supplier_check
// (suppliercheck), due_diligence_oman_company (omanbusiness) and the
// company intelligence capabilities (intel). Each answers in the port's
// own words; no list imported is no list checked, never "clear".
package screening

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/capabilities/sanctions"
	"dalil/capabilities/suppliercheck"
	"dalil/capability"
	"dalil/internal/intel"
)

// ForSupplierCheck is the engine as oman_supplier_check's port (its
// screening and, for the preview, the lists imported); nil without one.
func ForSupplierCheck(s *sanctions.Screener) interface {
	suppliercheck.SanctionsScreener
	suppliercheck.SanctionsLists
} {
	if s == nil {
		return nil
	}
	return supplierSanctions{s}
}

// ForOmanBusiness is the engine as due_diligence_oman_company's port;
// nil without one.
func ForOmanBusiness(s *sanctions.Screener) omanbusiness.SanctionsScreener {
	if s == nil {
		return nil
	}
	return businessSanctions{s}
}

// ForIntel is the engine as the company intelligence capabilities'
// port; nil without one.
func ForIntel(s *sanctions.Screener) intel.Sanctions {
	if s == nil {
		return nil
	}
	return intelSanctions{s}
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
	out := suppliercheck.Screening{Warnings: r.Warnings}
	for _, l := range r.NotUsed {
		out.NotUsed = append(out.NotUsed, supplierList(l))
	}
	if r.Status == sanctions.StatusNotChecked {
		return out, nil
	}
	for _, l := range r.Lists {
		out.Lists = append(out.Lists, supplierList(l))
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

func supplierList(l sanctions.List) suppliercheck.ListVersion {
	return suppliercheck.ListVersion{Name: l.Name, Version: l.Version, Entries: l.Entries, Synthetic: l.Synthetic, Batch: l.Batch,
		Published: l.Published, RetrievedAt: l.RetrievedAt, CurrentAsOf: l.CurrentAsOf, AgeSeconds: l.AgeSeconds, Freshness: l.Freshness}
}

func businessList(l sanctions.List) omanbusiness.SanctionsList {
	return omanbusiness.SanctionsList{Name: l.Name, Version: l.Version, Entries: l.Entries, Synthetic: l.Synthetic, Batch: l.Batch,
		Published: l.Published, RetrievedAt: l.RetrievedAt, CurrentAsOf: l.CurrentAsOf, AgeSeconds: l.AgeSeconds, Freshness: l.Freshness}
}

func intelList(l sanctions.List) intel.ListInfo {
	return intel.ListInfo{Name: l.Name, Version: l.Version, Published: l.Published, RetrievedAt: l.RetrievedAt, CurrentAsOf: l.CurrentAsOf,
		AgeSeconds: l.AgeSeconds, Freshness: l.Freshness, Synthetic: l.Synthetic}
}

// intelSanctions adapts the screener to intel.Sanctions (the company
// intelligence capabilities): no list imported lists no list checked.
type intelSanctions struct{ s *sanctions.Screener }

var (
	_ intel.Sanctions  = intelSanctions{}
	_ intel.ListsReady = intelSanctions{}
	_ intel.LocalLists = intelSanctions{}
)

func (intelSanctions) Name() string { return "sanctions lists" }

// Local implements intel.LocalLists: the lists are this server's, asked
// at every call (never from the evidence cache), so that a sync's new
// version, and each list's age, show at once.
func (intelSanctions) Local() bool { return true }

// Ready reports whether a list is imported, whatever its age (a list
// past its age limit is then named as not screened, never clear); the
// engine is cached by the lists' version, so this is one small query. A
// store that cannot answer counts as ready: the screening then fails and
// says unavailable.
func (a intelSanctions) Ready() bool {
	if a.s == nil || a.s.Lists == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ls, err := a.s.Lists.Current(ctx)
	if err != nil {
		return true
	}
	return len(ls) > 0
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
	for i, id := range ids {
		r, err := a.s.Screen(ctx, sanctions.Query{Names: q.Names, Country: q.Country, RegistrationNumber: id})
		if err != nil {
			return intel.ScreenResult{}, errors.Join(intel.ErrUnavailable, err)
		}
		if i == 0 {
			// The lists and their ages are the same for every screening
			// of one call.
			out.Warnings = r.Warnings
			for _, l := range r.NotUsed {
				out.NotUsed = append(out.NotUsed, intelList(l))
				out.ListsUnavailable = append(out.ListsUnavailable, l.Name+" "+l.Version+" (past the age limit: not screened)")
			}
		}
		for _, l := range r.Lists {
			if name := l.Name + " " + l.Version; !seen["list "+name] {
				seen["list "+name] = true
				out.ListsChecked = append(out.ListsChecked, name)
				out.Lists = append(out.Lists, intelList(l))
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

// businessSanctions adapts the screening engine to
// omanbusiness.SanctionsScreener (due_diligence_oman_company): no list
// imported is a Screening with no Lists.
type businessSanctions struct{ s *sanctions.Screener }

var _ omanbusiness.SanctionsScreener = businessSanctions{}

func (a businessSanctions) Screen(ctx context.Context, req omanbusiness.ScreenRequest) (omanbusiness.Screening, error) {
	r, err := a.s.Screen(ctx, sanctions.Query{Names: req.Names, Country: req.Country, RegistrationNumber: req.RegistrationNumber})
	if err != nil {
		return omanbusiness.Screening{}, err
	}
	out := omanbusiness.Screening{Warnings: r.Warnings}
	for _, l := range r.NotUsed {
		out.NotUsed = append(out.NotUsed, businessList(l))
	}
	if r.Status == sanctions.StatusNotChecked {
		return out, nil
	}
	for _, l := range r.Lists {
		out.Lists = append(out.Lists, businessList(l))
	}
	for _, m := range r.Matches {
		out.Matches = append(out.Matches, omanbusiness.SanctionsMatch{ListedName: m.ListedName, MatchedAlias: m.MatchedAlias, List: m.List,
			EntryID: m.EntityID, ScreenedName: m.ScreenedName, MatchScore: m.Score, MatchType: m.MatchType, MatchStrength: m.Strength,
			Corroborating: m.Corroborating, Contradicting: m.Contradicting})
	}
	return out, nil
}

// Lists are the sanctions lists a screening would use now, read without
// screening (the supplier check's preview: sanctionsConfigured only with
// a real list): a list past its hard age limit is left out, as the
// screening would leave it.
func (a supplierSanctions) Lists(ctx context.Context) ([]suppliercheck.ListVersion, error) {
	if a.s == nil || a.s.Lists == nil {
		return nil, nil
	}
	ls, err := a.s.Lists.Current(ctx)
	if err != nil {
		return nil, err
	}
	now := capability.CallFrom(ctx).Now
	var out []suppliercheck.ListVersion
	for _, l := range ls {
		if l = a.s.Freshness.Judge(l, now); l.Freshness != sanctions.FreshExpired {
			out = append(out, supplierList(l))
		}
	}
	return out, nil
}

var _ intel.ListsSynthetic = intelSanctions{}

// SyntheticOnly reports whether every list imported is synthetic demo
// data (serve --demo), for the previews' syntheticOnly; like Ready, one
// small query. A store that cannot answer counts as not synthetic.
func (a intelSanctions) SyntheticOnly() bool {
	if a.s == nil || a.s.Lists == nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ls, err := a.s.Lists.Current(ctx)
	if err != nil {
		return false
	}
	return allListsSynthetic(ls)
}

// allListsSynthetic: at least one list, and every one synthetic.
func allListsSynthetic(ls []sanctions.List) bool {
	for _, l := range ls {
		if !l.Synthetic {
			return false
		}
	}
	return len(ls) > 0
}

func ptrTo[T any](v T) *T { return &v }
