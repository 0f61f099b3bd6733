package console

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"dalil"
)

// page is what every template receives.
type page struct {
	Title string
	// Nav names the menu entry of the page ("overview", "accounts",
	// "capabilities", "audit").
	Nav  string
	CSRF string
	CSS  string
	// LoggedIn shows the menu and the log-out button.
	LoggedIn bool
	Body     any
}

type pages struct {
	t   *template.Template
	css string
}

var funcs = template.FuncMap{
	"usd":    func(m dalil.MicroUSD) string { return "USD " + groupDigits(m.Decimal()) },
	"amount": func(m dalil.MicroUSD) string { return groupDigits(m.Decimal()) },
	"count":  count,
	"usdf":   usdFloat,
	"when":   func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
	"day":    func(t time.Time) string { return t.UTC().Format("2006-01-02") },
	"ms":     func(s float64) string { return strconv.FormatFloat(s*1000, 'f', 1, 64) + " ms" },
}

// count writes a whole number with thousands separators.
func count(n any) string {
	switch v := n.(type) {
	case int64:
		return groupDigits(strconv.FormatInt(v, 10))
	case int:
		return groupDigits(strconv.Itoa(v))
	}
	return fmt.Sprint(n)
}

// usdFloat writes a USD amount that package ops gives as a float (whole
// micro-dollars there) exactly, as MicroUSD.Decimal does, with thousands
// separators: "-0.01", "1,000,000.00", "0.000001". A float neither
// rounds a balance to cents nor turns a large amount into 1e+06.
//
// The value is rounded to the nearest micro-dollar (exact for the amounts
// ops gives: whole micro-dollars below 2^53); one out of range (NaN, Inf,
// beyond a trillion dollars) is written as Go writes floats.
func usdFloat(v float64) string {
	if math.IsNaN(v) || math.Abs(v) > 1e12 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return groupDigits(dalil.MicroUSD(math.Round(v * float64(dalil.USD))).Decimal())
}

// groupDigits puts thousands separators into the whole part of a
// decimal: "1234567.50" -> "1,234,567.50".
func groupDigits(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		return sign + b.String() + "." + frac
	}
	return sign + b.String()
}

func loadPages(css string) *pages {
	t := template.Must(template.New("").Funcs(funcs).ParseFS(assets, "templates/*.html"))
	return &pages{t: t, css: css}
}

// render writes template name as a complete page with status. The page
// is rendered into a buffer first, so a template failure is a clean 500.
func (c *Console) render(w http.ResponseWriter, r *http.Request, status int, name string, p page) {
	p.CSS = c.pages.css
	if s := current(r.Context()); s.ID != "" {
		p.LoggedIn, p.CSRF = true, s.CSRF
	}
	var buf bytes.Buffer
	if err := c.pages.t.ExecuteTemplate(&buf, name, p); err != nil {
		c.o.Logger.Error("console template", "template", name, "error", err.Error())
		http.Error(w, "The page could not be rendered; the server log has the details.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}
