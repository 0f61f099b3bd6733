package console

import (
	"context"
	"math"
	"math/rand"
	"strconv"
	"testing"
	"time"

	"dalil"
)

func TestGroupDigits(t *testing.T) {
	for in, want := range map[string]string{
		"0.00": "0.00", "999": "999", "1000": "1,000", "1234567.50": "1,234,567.50", "-12345.000001": "-12,345.000001", "100000": "100,000",
	} {
		if got := groupDigits(in); got != want {
			t.Errorf("groupDigits(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestNiceCeil: the scale's top is at least the value, four round steps,
// and less than ten times the value (never needlessly tall).
func TestNiceCeil(t *testing.T) {
	round := map[int64]bool{1: true, 2: true, 5: true}
	rng := rand.New(rand.NewSource(1))
	for range 10000 {
		v := rng.Int63n(1 << uint(rng.Intn(50)))
		for _, money := range []bool{false, true} {
			top := niceCeil(v, money)
			step := top / 4
			least := int64(1)
			if money {
				least = 10_000
			}
			if top < v || top%4 != 0 || step < least {
				t.Fatalf("niceCeil(%d, %v) = %d", v, money, top)
			}
			for step%10 == 0 {
				step /= 10
			}
			if !round[step] {
				t.Fatalf("niceCeil(%d, %v) = %d: step %d is not round", v, money, top, top/4)
			}
			if v > least*4 && top >= 10*v {
				t.Fatalf("niceCeil(%d, %v) = %d: too tall", v, money, top)
			}
		}
	}
	for v, want := range map[int64]int64{0: 4, 3: 4, 4: 4, 5: 8, 9: 20, 41: 80, 1000: 2000} {
		if got := niceCeil(v, false); got != want {
			t.Errorf("niceCeil(%d) = %d; want %d", v, got, want)
		}
	}
	if got := niceCeil(30_000, true); got != 40_000 { // USD 0.03 -> scale to 0.04
		t.Errorf("niceCeil(USD 0.03) = %d", got)
	}
}

// TestQuantile against a histogram whose observations are known.
func TestQuantile(t *testing.T) {
	bounds := []float64{0.001, 0.01, 0.1, 1, math.Inf(1)}
	// 100 observations: 50 in (0, 1ms], 40 in (1ms, 10ms], 9 in (10ms,
	// 100ms], 1 above 1 s.
	cum := []uint64{50, 90, 99, 99, 100}
	if got, over := quantile(0.5, 100, bounds, cum); over || math.Abs(got-0.001) > 1e-12 {
		t.Errorf("p50 = %v (over %v); want 1 ms", got, over)
	}
	if got, over := quantile(0.7, 100, bounds, cum); over || math.Abs(got-0.0055) > 1e-12 {
		t.Errorf("p70 = %v; want 5.5 ms (half-way through the second bucket)", got)
	}
	if got, over := quantile(0.99, 100, bounds, cum); over || math.Abs(got-0.1) > 1e-12 {
		t.Errorf("p99 = %v; want 100 ms", got)
	}
	if got, over := quantile(0.999, 100, bounds, cum); !over || got != 1 {
		t.Errorf("p99.9 = %v, over %v; want the last finite bound, over", got, over)
	}
}

// TestChartGeometry: bars stack to the day's total, inside the plot, and
// the table holds every figure.
func TestChartGeometry(t *testing.T) {
	days := make([]time.Time, 30)
	for i := range days {
		days[i] = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i)
	}
	rng := rand.New(rand.NewSource(2))
	values := map[string][]int64{"a": make([]int64, 30), "b": make([]int64, 30)}
	for i := range 30 {
		values["a"][i], values["b"][i] = rng.Int63n(5_000_000), rng.Int63n(3_000_000)
	}
	c := buildChart("t", days, []string{"a", "b"}, values, true)
	if c.Empty || len(c.Rows) != 30 || c.Rows[0].Day != "2026-11-30" || len(c.Grid) != 5 {
		t.Fatalf("chart: empty %v, %d rows, first %q, %d grid lines", c.Empty, len(c.Rows), c.Rows[0].Day, len(c.Grid))
	}
	plotBottom := float64(chartH - padB)
	for _, b := range c.Bars {
		y, _ := strconv.ParseFloat(b.Y, 64)
		h, _ := strconv.ParseFloat(b.H, 64)
		x, _ := strconv.ParseFloat(b.X, 64)
		if y < padT-0.1 || y+h > plotBottom+0.6 || x < padL || x > chartW-padR {
			t.Errorf("bar %+v leaves the plot", b)
		}
	}
	if c.Rows[29].Values[0] != groupDigits(dalil.MicroUSD(values["a"][0]).Decimal()) {
		t.Errorf("table row of the first day: %+v", c.Rows[29])
	}
	// Labels every 7th day back from the newest; the newest one ends at
	// the plot's right edge, the others are centred under their bars.
	if len(c.XLabels) != 5 || c.XLabels[4].Label != "11-30" || c.XLabels[0].Label != "11-02" {
		t.Fatalf("x labels %+v", c.XLabels)
	}
	for i, l := range c.XLabels {
		x, _ := strconv.ParseFloat(l.X, 64)
		if i == len(c.XLabels)-1 {
			if l.Anchor != "end" || x != chartW-padR {
				t.Errorf("newest day's label %+v; want anchored at its end on the plot's right edge %d", l, chartW-padR)
			}
		} else if l.Anchor != "middle" || x <= padL || x >= chartW-padR {
			t.Errorf("label %+v", l)
		}
	}
	// Grid labels of a busy server stay short (they must fit left of the
	// plot at a phone's font size).
	busy := map[string][]int64{"a": make([]int64, 30)}
	busy["a"][29] = 1_234_567
	for _, money := range []bool{false, true} {
		for _, g := range buildChart("t", days, []string{"a"}, busy, money).Grid {
			if len(g.Label) > 4 {
				t.Errorf("grid label %q (money %v) is longer than 4 characters", g.Label, money)
			}
		}
	}
	if e := buildChart("t", days, nil, map[string][]int64{}, false); !e.Empty {
		t.Error("a chart of nothing is not empty")
	}
}

// eventSource is a RevenueSource over payments at given times: it adds up
// those in [from, to) per UTC day, as a module's SQL does.
type eventSource struct {
	at    []time.Time
	calls int
}

func (s *eventSource) Revenue(_ context.Context, from, to time.Time) ([]DayRevenue, error) {
	s.calls++
	byDay := map[time.Time]int64{}
	for _, t := range s.at {
		if !t.Before(from) && t.Before(to) {
			byDay[midnight(t)]++
		}
	}
	var out []DayRevenue
	for d, n := range byDay {
		out = append(out, DayRevenue{Day: d, Rail: dalil.RailMPP, Tool: "t", Calls: n, Amount: dalil.MicroUSD(n * 10_000), Source: "s"})
	}
	return out, nil
}

// TestSourceRevenueKeepsFinishedDays: whatever the range (partial first
// and last days, ranges in the past, up to now), the rows kept in memory
// plus those asked for add up to what the source answers for the whole
// range, on the first call and on every later one; finished days are
// asked for once.
func TestSourceRevenueKeepsFinishedDays(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	now := time.Date(2026, 11, 25, 0, 4, 0, 0, time.UTC) // 4 minutes into a day: yesterday is not final yet
	src := &eventSource{}
	for range 3000 {
		src.at = append(src.at, now.Add(-time.Duration(rng.Int63n(int64(40*24*time.Hour)))))
	}
	c := &Console{o: Options{Now: func() time.Time { return now }, Revenue: []RevenueSource{src}}}
	direct := &eventSource{at: src.at}
	sum := func(rows []DayRevenue) (n int64) {
		for _, r := range rows {
			n += r.Calls
		}
		return n
	}
	for i := range 400 {
		if i == 200 {
			// A payment of yesterday's last minutes recorded late (within
			// the margin), then 20 hours later: yesterday is final now.
			src.at = append(src.at, now.Add(-6*time.Minute))
			now = now.Add(20 * time.Hour)
			src.at = append(src.at, now.Add(-time.Minute))
			direct.at = src.at
		}
		to := now
		if rng.Intn(3) == 0 {
			to = now.Add(-time.Duration(rng.Int63n(int64(20 * 24 * time.Hour))))
		}
		from := to.Add(-time.Duration(rng.Int63n(int64(30 * 24 * time.Hour))))
		if rng.Intn(2) == 0 {
			from = midnight(from)
		}
		got, err := c.sourceRevenue(context.Background(), 0, src, from, to)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := direct.Revenue(context.Background(), from, to)
		if sum(got) != sum(want) {
			t.Fatalf("[%v, %v): %d calls; the source says %d", from, to, sum(got), sum(want))
		}
	}
	// The same window again asks only for the part that is not final.
	from := midnight(now).AddDate(0, 0, -(Days - 1))
	c.sourceRevenue(context.Background(), 0, src, from, now)
	src.calls = 0
	c.sourceRevenue(context.Background(), 0, src, from, now)
	if src.calls != 1 {
		t.Errorf("a repeated window asked the source %d times; want once (today)", src.calls)
	}
}

func TestTickLabel(t *testing.T) {
	for _, tc := range []struct {
		v     int64
		money bool
		want  string
	}{
		{0, false, "0"}, {5, false, "5"}, {750, false, "750"}, {1000, false, "1k"}, {1500, false, "1.5k"}, {20_000, false, "20k"},
		{150_000, false, "150k"}, {2_000_000, false, "2M"}, {5_000_000_000, false, "5B"},
		{0, true, "0"}, {10_000, true, "0.01"}, {250_000, true, "0.25"}, {12_500_000, true, "12.5"}, {500 * int64(dalil.USD), true, "500"},
		{1000 * int64(dalil.USD), true, "1k"}, {200_000 * int64(dalil.USD), true, "200k"}, {1_500_000 * int64(dalil.USD), true, "1.5M"},
	} {
		if got := tickLabel(tc.v, tc.money); got != tc.want {
			t.Errorf("tickLabel(%d, %v) = %q; want %q", tc.v, tc.money, got, tc.want)
		}
	}
}

// TestUSDFloat: amounts ops gives as floats are written exactly, never
// rounded to cents or in exponent form.
func TestUSDFloat(t *testing.T) {
	tenth := 0.1 // a variable: 0.1 + 0.2 as constants would be exact
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0.00"}, {0.01, "0.01"}, {-0.01, "-0.01"}, {10.965, "10.965"}, {0.000001, "0.000001"},
		{1_000_000, "1,000,000.00"}, {-1234567.5, "-1,234,567.50"}, {tenth + 2*tenth, "0.30"}, {1e12, "1,000,000,000,000.00"},
		{math.Inf(1), "+Inf"},
	} {
		if got := usdFloat(tc.in); got != tc.want {
			t.Errorf("usdFloat(%v) = %q; want %q", tc.in, got, tc.want)
		}
	}
	if got := count(int64(1234567)) + " " + count(9999) + " " + count(int64(-1000)); got != "1,234,567 9,999 -1,000" {
		t.Errorf("count: %q", got)
	}
}
