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
	Empty         bool
	Bars          []bar
	Grid          []gridLine
	XLabels       []xLabel
	Legend        []legendItem
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
	c := chart{Title: title, Width: chartW, Height: chartH}
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
		label := format(v)
		if money {
			label = usdTick(v)
		}
		c.Grid = append(c.Grid, gridLine{Y: coord(y), LabelY: coord(y + 4), Label: label})
	}
	for i, d := range days {
		if (len(days)-1-i)%7 == 0 {
			c.XLabels = append(c.XLabels, xLabel{X: coord(float64(padL) + slot*(float64(i)+0.5)), Label: d.Format("01-02")})
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

// usdTick writes a grid label in dollars with no more decimals than
// needed: "0", "0.25", "12.5", "1,000".
func usdTick(v int64) string {
	s := strconv.FormatFloat(float64(v)/float64(dalil.USD), 'f', -1, 64)
	return groupDigits(s)
}
