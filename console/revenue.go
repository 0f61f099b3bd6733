package console

import (
	"context"
	"sync"
	"time"
)

// sourceMargin is how long after a UTC day ends a RevenueSource's rows of
// that day are taken as final and kept in memory. A source's payment is
// stamped when the call starts and recorded when it ends, within the
// call's deadline (DALIL_CALL_TIMEOUT, 45 s, under the server's 60 s write
// timeout), so ten minutes leave ample room, as sqlstore.RollupMargin does
// for the ledger.
const sourceMargin = 10 * time.Minute

// sourceDays keeps the rows each RevenueSource returned for finished
// days, so that a render asks a source only for the days it has not
// answered yet and for the part of today not final: the sources add up
// their own tables on every call, which over 30 days of a busy rail costs
// tens of milliseconds. Each replica keeps its own copy; finished days do
// not change, so they agree.
type sourceDays struct {
	mu   sync.Mutex
	days []map[time.Time][]DayRevenue // per source, by midnight UTC
}

// revenue is what was charged in [from, to): Data's rows and every
// RevenueSource's (payments Data does not hold).
func (c *Console) revenue(ctx context.Context, from, to time.Time) ([]DayRevenue, error) {
	rows, err := c.o.Data.Revenue(ctx, from, to)
	if err != nil {
		return nil, err
	}
	for i, src := range c.o.Revenue {
		more, err := c.sourceRevenue(ctx, i, src, from, to)
		if err != nil {
			return nil, err
		}
		rows = append(rows, more...)
	}
	return rows, nil
}

// sourceRevenue is source i's rows in [from, to): whole days that ended
// sourceMargin ago from memory (those not there yet asked for in one
// call and kept), the rest asked for every time.
func (c *Console) sourceRevenue(ctx context.Context, i int, src RevenueSource, from, to time.Time) ([]DayRevenue, error) {
	from, to = from.UTC(), to.UTC()
	first := midnight(from)
	if first.Before(from) {
		first = first.AddDate(0, 0, 1) // a partial first day is not kept
	}
	final := midnight(c.o.Now().UTC().Add(-sourceMargin)) // days before it are final
	if t := midnight(to); t.Before(final) {
		final = t // a partial last day is not kept
	}
	if !first.Before(final) {
		return src.Revenue(ctx, from, to)
	}
	c.sources.mu.Lock()
	if c.sources.days == nil {
		c.sources.days = make([]map[time.Time][]DayRevenue, len(c.o.Revenue))
	}
	if c.sources.days[i] == nil {
		c.sources.days[i] = map[time.Time][]DayRevenue{}
	}
	kept := c.sources.days[i]
	var missFrom, missTo time.Time // the days not kept: [missFrom, missTo)
	for d := first; d.Before(final); d = d.AddDate(0, 0, 1) {
		if _, ok := kept[d]; !ok {
			if missFrom.IsZero() {
				missFrom = d
			}
			missTo = d.AddDate(0, 0, 1)
		}
	}
	c.sources.mu.Unlock()

	var out []DayRevenue
	if !missFrom.IsZero() {
		got, err := src.Revenue(ctx, missFrom, missTo)
		if err != nil {
			return nil, err
		}
		byDay := map[time.Time][]DayRevenue{}
		for d := missFrom; d.Before(missTo); d = d.AddDate(0, 0, 1) {
			byDay[d] = []DayRevenue{} // a day with no rows is kept too
		}
		for _, r := range got {
			d := midnight(r.Day.UTC())
			byDay[d] = append(byDay[d], r)
		}
		c.sources.mu.Lock()
		for d, rows := range byDay {
			kept[d] = rows
		}
		c.sources.mu.Unlock()
	}
	c.sources.mu.Lock()
	for d := first; d.Before(final); d = d.AddDate(0, 0, 1) {
		out = append(out, kept[d]...)
	}
	// Days before the window are not shown again.
	for d := range kept {
		if d.Before(first.AddDate(0, 0, -Days)) {
			delete(kept, d)
		}
	}
	c.sources.mu.Unlock()
	if from.Before(first) {
		head, err := src.Revenue(ctx, from, first)
		if err != nil {
			return nil, err
		}
		out = append(out, head...)
	}
	if final.Before(to) {
		tail, err := src.Revenue(ctx, final, to)
		if err != nil {
			return nil, err
		}
		out = append(out, tail...)
	}
	return out, nil
}

// midnight is the start of t's UTC day.
func midnight(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
