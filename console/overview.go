package console

import (
	"net/http"
	"slices"
	"sort"
	"time"

	"dalil"
)

// Days is how many days the overview shows, today included.
const Days = 30

// payPerCallRails are the rails paid per call (the catalogue's, in
// priority order), listed on the overview whether they earned anything or
// not.
var payPerCallRails = func() []string {
	var ids []string
	for _, r := range dalil.RailsByPriority() {
		if r.Type == dalil.RailPayPerCall {
			ids = append(ids, r.ID)
		}
	}
	return ids
}()

// overviewData is the overview page.
type overviewData struct {
	From, To         time.Time
	Revenue, Calls   int64          // Revenue in micro-USD
	RevenueUSD       dalil.MicroUSD // charged less refunded
	RefundedUSD      dalil.MicroUSD // refunded, already taken off RevenueUSD
	TodayUSD         dalil.MicroUSD
	TodayCalls       int64
	RevenueByRail    chart
	RevenueByTool    chart
	CallsByRail      chart
	CallsByTool      chart
	PayPerCall       []railTotal
	Top              []Spender
	Refused          []codeCount
	RefusedTotal     int64
	Latency          []toolLatency
	MetricsAvailable bool
}

type railTotal struct {
	Rail   string
	Calls  int64
	Amount dalil.MicroUSD
	// Parts are the rail's payments that a RevenueSource added, by
	// source ("budget sessions"), included in Calls and Amount.
	Parts []railTotal
}

// overview is GET /console for a logged-in operator.
func (c *Console) overview(w http.ResponseWriter, r *http.Request) {
	d, err := c.buildOverview(r)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	c.render(w, r, http.StatusOK, "overview", page{Title: "Overview", Nav: "overview", Body: d})
}

// buildOverview gathers the overview: the last Days days of charges from
// the ledger (Data), net of refunds, and refusals and latency from the
// server's metrics.
func (c *Console) buildOverview(r *http.Request) (overviewData, error) {
	now := c.o.Now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	from := today.AddDate(0, 0, -(Days - 1))
	rows, err := c.revenue(r.Context(), from, now)
	if err != nil {
		return overviewData{}, err
	}
	top, err := c.o.Data.TopSpenders(r.Context(), from, now, 10)
	if err != nil {
		return overviewData{}, err
	}
	d := overviewData{From: from, To: now, Top: top}
	days := make([]time.Time, Days)
	for i := range days {
		days[i] = from.AddDate(0, 0, i)
	}
	rev, calls := newSeries(days), newSeries(days)
	revTool, callsTool := newSeries(days), newSeries(days)
	ppc := map[string]*railTotal{}
	for _, rail := range payPerCallRails {
		ppc[rail] = &railTotal{Rail: rail}
	}
	for _, row := range rows {
		i := int(row.Day.Sub(from) / (24 * time.Hour))
		if i < 0 || i >= Days {
			continue
		}
		rev.add(row.Rail, i, int64(row.Amount))
		calls.add(row.Rail, i, row.Calls)
		revTool.add(row.Tool, i, int64(row.Amount))
		callsTool.add(row.Tool, i, row.Calls)
		d.RevenueUSD += row.Amount
		d.RefundedUSD += row.Refunded
		d.Calls += row.Calls
		if i == Days-1 {
			d.TodayUSD += row.Amount
			d.TodayCalls += row.Calls
		}
		if t := ppc[row.Rail]; t != nil {
			t.Calls += row.Calls
			t.Amount += row.Amount
			if row.Source != "" {
				t.addPart(row)
			}
		}
	}
	for _, rail := range payPerCallRails {
		d.PayPerCall = append(d.PayPerCall, *ppc[rail])
	}
	d.RevenueByRail = rev.chart("Charged per day by rail, USD", true)
	d.RevenueByTool = revTool.chart("Charged per day by capability, USD", true)
	d.CallsByRail = calls.chart("Paid calls per day by rail", false)
	d.CallsByTool = callsTool.chart("Paid calls per day by capability", false)
	m, err := c.readMetrics()
	if err != nil {
		c.o.Logger.Warn("console metrics", "error", err.Error())
	} else {
		d.MetricsAvailable = true
		d.Refused, d.RefusedTotal, d.Latency = m.refused, m.refusedTotal, m.latency
	}
	return d, nil
}

func (t *railTotal) addPart(row DayRevenue) {
	for i := range t.Parts {
		if t.Parts[i].Rail == row.Source {
			t.Parts[i].Calls += row.Calls
			t.Parts[i].Amount += row.Amount
			return
		}
	}
	t.Parts = append(t.Parts, railTotal{Rail: row.Source, Calls: row.Calls, Amount: row.Amount})
}

// series are values per name (a rail or capability) per day.
type series struct {
	days   []time.Time
	values map[string][]int64
}

func newSeries(days []time.Time) *series {
	return &series{days: days, values: map[string][]int64{}}
}

func (s *series) add(name string, day int, v int64) {
	vs := s.values[name]
	if vs == nil {
		vs = make([]int64, len(s.days))
		s.values[name] = vs
	}
	vs[day] += v
}

// names orders the series largest total first, ties by name.
func (s *series) names() []string {
	totals := map[string]int64{}
	var names []string
	for n, vs := range s.values {
		names = append(names, n)
		for _, v := range vs {
			totals[n] += v
		}
	}
	sort.Slice(names, func(i, j int) bool {
		if totals[names[i]] != totals[names[j]] {
			return totals[names[i]] > totals[names[j]]
		}
		return names[i] < names[j]
	})
	return names
}

func (s *series) chart(title string, money bool) chart {
	names := s.names()
	if len(names) > maxSeries {
		// The smallest series share one colour as "other".
		other := make([]int64, len(s.days))
		for _, n := range names[maxSeries-1:] {
			for i, v := range s.values[n] {
				other[i] += v
			}
		}
		names = append(slices.Clone(names[:maxSeries-1]), otherSeries)
		s.values[otherSeries] = other
	}
	return buildChart(title, s.days, names, s.values, money)
}
