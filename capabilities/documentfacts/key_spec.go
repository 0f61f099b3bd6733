package documentfacts

import (
	"math"
	"regexp"
	"strings"
)

// The key specification of issue 29 (docs/documents.md, "the key
// specification") settles the keys of wordings that careful readers key
// differently. Most of its rows are read where an amount, a date or a
// period is found (money.go, datekeys.go, durations.go); specKeys settles
// the rows that need the facts around an amount: a salary table's total,
// a row that names an annual value, the rows of an instalment table.

// specKeys re-keys money facts by the key specification; facts and cands
// are aligned (handle.go), text is the document's.
func specKeys(facts []Fact, cands []candidate, text string) {
	for i, f := range facts {
		if f.Type != TypeMoney || i >= len(cands) {
			continue
		}
		line := lineBefore(text, cands[i].start)
		switch {
		case (f.Key == "total_amount" || f.Key == "amount" || f.Key == "price") && reAnnualValue.MatchString(line):
			// "Total estimated annual value | | | | 1,988,500.00",
			// "Annual contract value / القيمة السنوية للعقد 58,200.000":
			// the contract's value (row 3).
			facts[i].Key, facts[i].Label = "contract_value", "Contract value"
		case f.Key == "total_amount" && salaryTotal(facts, i):
			// "Basic salary | Housing allowance | Total monthly": the total
			// of a salary table is the salary (row 4).
			facts[i].Key, facts[i].Label = "salary", "Salary"
		case (f.Key == "fee" || f.Key == "price") && instalmentRow(text, cands[i].start):
			// The rows of a table under "in the following instalments:"
			// are instalments (row 1), whatever its column names.
			facts[i].Key, facts[i].Label = "amount", "Instalment"
		}
	}
}

// reAnnualValue: a row or sentence naming an (estimated) annual value of
// the contract.
var reAnnualValue = regexp.MustCompile(`(?i)\b(?:estimated\s+)?annual\s+(?:contract\s+)?value\b|\bannual\s+value\s+of\s+(?:this|the)\b|القيمة\s+السنوية|قيمة\s+سنوية`)

// lineBefore is the text of at's line before it.
func lineBefore(text string, at int) string {
	at = min(max(at, 0), len(text))
	return text[strings.LastIndexByte(text[:at], '\n')+1 : at]
}

// salaryTotal: facts[i] closes a run of a salary and allowances (each
// before it, nothing else between, near it) whose sum it is.
func salaryTotal(facts []Fact, i int) bool {
	t := facts[i]
	if t.Amount == nil {
		return false
	}
	sum, salary := 0.0, false
	for j := i - 1; j >= 0 && i-j <= 8; j-- {
		g := facts[j]
		if g.Type != TypeMoney {
			continue
		}
		if g.Amount == nil || g.Currency != t.Currency || g.Key != "salary" && g.Key != "allowance" {
			break
		}
		sum += *g.Amount
		salary = salary || g.Key == "salary"
		if salary && math.Abs(sum-*t.Amount) <= max(0.011, 0.0001**t.Amount) {
			return true
		}
	}
	return false
}

// instalmentRow: the amount at `at` is in a table or list right under a
// lead-in that names instalments ("in the following instalments:", "in
// the instalments below", "على دفعات كما يلي:"): every line between is a
// short row, the lead-in within a few lines.
func instalmentRow(text string, at int) bool {
	start := strings.LastIndexByte(text[:at], '\n') + 1
	end := strings.IndexByte(text[at:], '\n')
	if end < 0 {
		end = len(text) - at
	}
	if !reRowLine.MatchString(text[start : at+end]) {
		return false // the amount's own line is no row
	}
	for n := 0; n < 8 && start > 0; n++ {
		prevEnd := start - 1
		prevStart := strings.LastIndexByte(text[:prevEnd], '\n') + 1
		line := strings.TrimSpace(text[prevStart:prevEnd])
		if reInstalmentLeadIn.MatchString(line) {
			return true
		}
		if line != "" && !reRowLine.MatchString(line) {
			return false // a sentence between: no row of the table
		}
		start = prevStart
	}
	return false
}

// reRowLine: a table row (cells joined by " | ") or a plain-text row
// (columns set apart by a wide gap).
var reRowLine = regexp.MustCompile(`\s\|\s|\S\s{3,}\S|\t`)

// reInstalmentLeadIn: a line that introduces a schedule of instalments.
var reInstalmentLeadIn = regexp.MustCompile(`(?i)\b(?:following|these)\s+(?:\w+\s+)?(?:instal(?:l)?ments|milestones|tranches)\b|\binstal(?:l)?ments\s+(?:below|as\s+follows|set\s+out\s+below)|\binstal(?:l)?ments\s*:\s*$|(?:دفعات|أقساط|اقساط|دفعتين)\s+(?:كما\s+يلي|وفقاً\s+للجدول|وفقا\s+للجدول|على\s+النحو\s+التالي)|(?:الدفعات|الأقساط)\s+التالية`)
