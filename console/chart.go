package console

import (
	"fmt"
	"strconv"
	"time"

	"dalil"
)

// Charts are stacked bars drawn as inline SVG on the server: one bar per
// day, one colour per series (classes s0..s7 of the style sheet). Each
// segment has a <title> (the browser's tooltip), and the figures are also
// in a table under the chart, for phones and screen readers.
const (
	maxSeries   = 8
	otherSeries = "other"

	chartW, chartH = 640, 220
	padL, padR     = 60, 8
	padT, padB     = 10, 24
)

type chart struct {
	Title         string
	Width, Height int
	// Left and Right are the plot's edges (the grid lines' ends), TickX
	// where the grid labels end and LabelY the x-axis labels' baseline.
	Left, Right, TickX, LabelY int
	Empty                      bool
	Bars                       []bar
	Grid                       []gridLine
	XLabels                    []xLabel
	Legend                     []legendItem
	// Table has a row per day (newest first) and a column per series.
	Columns []string
	Rows    []tableRow
}

type bar struct {
	X, Y, W, H string
	Class      string
	Title      string
}

type gridLine struct {
	Y, LabelY string
	Label     string
}

type xLabel struct {
	X, Label string
	// Anchor is the SVG text-anchor: the last day's label ends at the
	// plot's right edge, so that it is not cut off where labels are
	// drawn larger (phones).
	Anchor string
}

type legendItem struct {
	Name, Class string
}

type tableRow struct {
	Day    string
	Values []string
	Total  string
}

func coord(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// buildChart lays out values[name][day] for names in order.
func buildChart(title string, days []time.Time, names []string, values map[string][]int64, money bool) chart {
	c := chart{Title: title, Width: chartW, Height: chartH, Left: padL, Right: chartW - padR, TickX: padL - 6, LabelY: chartH - 6}
	format := func(v int64) string {
		if money {
			return groupDigits(dalil.MicroUSD(v).Decimal())
		}
		return groupDigits(strconv.FormatInt(v, 10))
	}
	var top int64
	totals := make([]int64, len(days))
	for _, n := range names {
		for i, v := range values[n] {
			totals[i] += v
		}
	}
	for _, t := range totals {
		top = max(top, t)
	}
	c.Empty = top == 0
	for i, n := range names {
		c.Legend = append(c.Legend, legendItem{Name: n, Class: "s" + strconv.Itoa(i)})
	}
	c.Columns = names
	for i := len(days) - 1; i >= 0; i-- {
		row := tableRow{Day: days[i].Format("2006-01-02"), Total: format(totals[i])}
		for _, n := range names {
			row.Values = append(row.Values, format(values[n][i]))
		}
		c.Rows = append(c.Rows, row)
	}
	scaleTop := niceCeil(top, money)
	plotW, plotH := float64(chartW-padL-padR), float64(chartH-padT-padB)
	slot := plotW / float64(len(days))
	for k := 0; k <= 4; k++ {
		v := scaleTop * int64(k) / 4
		y := float64(padT) + plotH - plotH*float64(v)/float64(scaleTop)
		c.Grid = append(c.Grid, gridLine{Y: coord(y), LabelY: coord(y + 4), Label: tickLabel(v, money)})
	}
	for i, d := range days {
		if (len(days)-1-i)%7 == 0 {
			l := xLabel{X: coord(float64(padL) + slot*(float64(i)+0.5)), Label: d.Format("01-02"), Anchor: "middle"}
			if i == len(days)-1 {
				// Centred under the newest day's bar, the label would
				// run past the chart's right edge.
				l.X, l.Anchor = coord(float64(chartW-padR)), "end"
			}
			c.XLabels = append(c.XLabels, l)
		}
		y := float64(padT) + plotH
		for j, n := range names {
			v := values[n][i]
			if v <= 0 {
				continue
			}
			h := plotH * float64(v) / float64(scaleTop)
			y -= h
			c.Bars = append(c.Bars, bar{
				X: coord(float64(padL) + slot*float64(i) + slot*0.15), W: coord(slot * 0.7),
				Y: coord(y), H: coord(max(h, 0.5)), Class: "s" + strconv.Itoa(j),
				Title: fmt.Sprintf("%s %s: %s", d.Format("2006-01-02"), n, format(v)),
			})
		}
	}
	return c
}

// niceCeil is the top of the scale: four grid steps of a round size (1,
// 2 or 5 times a power of ten, at least 1 call or USD 0.01) that reach
// at least v, so that every grid label is round too.
func niceCeil(v int64, money bool) int64 {
	least := int64(1)
	if money {
		least = int64(dalil.USD) / 100 // USD 0.01
	}
	step := least
	for exp := least; step*4 < v; exp *= 10 {
		for _, m := range []int64{1, 2, 5, 10} {
			if step = m * exp; step*4 >= v {
				break
			}
		}
	}
	return step * 4
}

// tickLabel writes a grid label: calls, or dollars with no more decimals
// than needed ("0", "0.25", "12.5", "500"); from a thousand on in short
// form ("1.5k", "20k", "2M", "5B"), so that every label fits in the
// padL units left of the plot at the phone's larger font. The exact
// figures are in the table under the chart.
func tickLabel(v int64, money bool) string {
	f := float64(v)
	if money {
		f /= float64(dalil.USD)
	}
	for _, u := range []struct {
		size   float64
		suffix string
	}{{1e9, "B"}, {1e6, "M"}, {1e3, "k"}} {
		if f >= u.size {
			return strconv.FormatFloat(f/u.size, 'f', -1, 64) + u.suffix
		}
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}
