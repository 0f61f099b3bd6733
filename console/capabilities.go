package console

import (
	"net/http"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/dataset"
)

type capabilitiesData struct {
	From         time.Time
	Capabilities []capabilityRow
}

type capabilityRow struct {
	ID, Title, Group string
	Price            dalil.MicroUSD
	Status           capability.Status
	Requires         []requirementRow
	Calls            int64
	Revenue          dalil.MicroUSD // charged less refunded
	Refunded         dalil.MicroUSD
}

type requirementRow struct {
	Kind, Name string
	Configured bool
	// SyntheticOnly: met by synthetic demo data only.
	SyntheticOnly bool
	// HowToSupply says how the operator meets it, when it is not met.
	HowToSupply string
	// For datasets: whether rows are loaded, and the newest batch.
	IsDataset   bool
	Loaded      bool
	StatsError  bool
	Rows        int
	Batches     int
	Batch       string
	ImportedAt  time.Time
	RetrievedAt time.Time
	Version     string
	Synthetic   bool
}

// capabilities is GET /console/capabilities: every capability with its
// price, status, what it needs and whether that is configured and loaded,
// and its calls and revenue over the last Days days.
func (c *Console) capabilities(w http.ResponseWriter, r *http.Request) {
	now := c.o.Now().UTC()
	from := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -(Days - 1))
	rows, err := c.revenue(r.Context(), from, now)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	type total struct {
		calls            int64
		amount, refunded dalil.MicroUSD
	}
	totals := map[string]total{}
	for _, row := range rows {
		t := totals[row.Tool]
		totals[row.Tool] = total{t.calls + row.Calls, t.amount + row.Amount, t.refunded + row.Refunded}
	}
	importers := map[string]dataset.Importer{}
	for _, im := range c.o.Datasets {
		importers[im.Name()] = im
	}
	stats := map[string]*dataset.Stats{}
	d := capabilitiesData{From: from}
	for _, e := range c.o.Registry.All() {
		row := capabilityRow{ID: e.ID, Title: e.Title, Group: e.Group, Price: e.Price, Status: e.Status(),
			Calls: totals[e.ID].calls, Revenue: totals[e.ID].amount, Refunded: totals[e.ID].refunded}
		for _, req := range e.Requires {
			rr := requirementRow{Kind: req.Kind, Name: req.Name, IsDataset: req.Kind == capability.KindDataset,
				Configured: e.Supplied(req) != capability.SupplyMissing, SyntheticOnly: e.Supplied(req) == capability.SupplySynthetic,
				HowToSupply: e.HowToSupply(req)}
			if im := importers[req.Name]; rr.IsDataset && im != nil {
				st, seen := stats[req.Name]
				if !seen {
					if s, err := im.Stats(r.Context()); err != nil {
						c.o.Logger.Warn("console dataset stats", "dataset", req.Name, "error", err.Error())
					} else {
						st = &s
					}
					stats[req.Name] = st
				}
				if st == nil {
					rr.StatsError = true
				} else {
					rr.Loaded, rr.Rows, rr.Batches = st.Loaded(), st.Rows, len(st.Batches)
					if b, ok := newestBatch(st.Batches); ok {
						rr.Batch, rr.ImportedAt, rr.RetrievedAt, rr.Version, rr.Synthetic = b.ID, b.ImportedAt, b.RetrievedAt, b.Version, b.Synthetic
					}
				}
			}
			row.Requires = append(row.Requires, rr)
		}
		d.Capabilities = append(d.Capabilities, row)
	}
	c.render(w, r, http.StatusOK, "capabilities", page{Title: "Capabilities", Nav: "capabilities", Body: d})
}

// newestBatch is the batch imported last.
func newestBatch(bs []dataset.Batch) (dataset.Batch, bool) {
	var best dataset.Batch
	for i, b := range bs {
		if i == 0 || b.ImportedAt.After(best.ImportedAt) {
			best = b
		}
	}
	return best, len(bs) > 0
}
