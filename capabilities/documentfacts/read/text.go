package read

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readText reads plain text, Markdown and CSV: one block per line, form
// feeds as page breaks (pages are counted only when there is one).
func readText(b *budget, s string, f Format) (*Document, error) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, " ")
	}
	doc := &Document{Format: f}
	pages := strings.Split(s, "\f")
	if len(pages) > 1 {
		doc.Pages = len(pages)
		// A trailing form feed does not open a page.
		if strings.TrimSpace(pages[len(pages)-1]) == "" {
			doc.Pages--
		}
	}
	// mdStart: the next Markdown row starts a table; mdPending: the
	// row before a delimiter row was empty.
	mdStart, mdPending := false, false
	for i, page := range pages {
		pageNo := 0
		if doc.Pages > 0 {
			pageNo = i + 1
		}
		for line := range strings.SplitSeq(page, "\n") {
			b.check()
			line = strings.TrimRight(line, "\r")
			if strings.TrimSpace(line) == "" {
				continue
			}
			blk := Block{Text: line, Page: pageNo}
			switch f {
			case FormatMarkdown:
				line = unstrong(line)
				blk.Text = line
				if t := strings.TrimLeft(line, "#"); len(t) < len(line) && len(line)-len(t) <= 6 && strings.HasPrefix(t, " ") {
					blk.Text, blk.Heading = strings.TrimSpace(t), true
				} else if strings.HasPrefix(strings.TrimSpace(line), "|") {
					if delimiterRow(line) {
						// "|---|---|" underlines the table's header row:
						// that row starts a table (an empty header, "| |
						// |", leaves it to the first row under it).
						if n := len(doc.Blocks); n > 0 && doc.Blocks[n-1].Row && doc.Blocks[n-1].Text != "" && !mdPending {
							doc.Blocks[n-1].TableStart = true
						} else {
							mdStart = true
						}
						mdPending = false
						continue
					}
					blk.Text, blk.Row = markdownRow(line), true
					blk.TableStart, mdStart = mdStart && blk.Text != "", mdStart && blk.Text == ""
					mdPending = blk.Text == ""
				} else if row, ok := spacedRow(line); ok {
					blk.Text, blk.Row = row, true
				}
			case FormatCSV:
				blk.Row = true
			default:
				if row, ok := spacedRow(line); ok {
					blk.Text, blk.Row = row, true
				} else {
					blk.Heading = LooksLikeHeading(line)
				}
			}
			doc.Blocks = append(doc.Blocks, blk)
		}
	}
	return doc, nil
}

// reUnderStrong is Markdown's strong emphasis written with underscores
// ("__Total__"); a signing line of underscores is not one.
var reUnderStrong = regexp.MustCompile(`__([^_\s](?:[^_]*[^_\s])?)__`)

// unstrong drops the markers of Markdown's strong emphasis ("**Total
// CFR Salalah**", "__Supplier__"), which are markup, not text: the
// returned text is what a reader of the rendered page sees. A rule line
// ("***") is left as written.
func unstrong(line string) string {
	if strings.Trim(line, "*-_ ") == "" {
		return line
	}
	return reUnderStrong.ReplaceAllString(strings.ReplaceAll(line, "**", ""), "$1")
}

// reColumnGap is the space between two columns of a table laid out with
// spaces: a tab, or three spaces or more.
var (
	reColumnGap = regexp.MustCompile(`\t+ *| {3,}\t*`)
	reNarrowGap = regexp.MustCompile(`[ \t]*\t[ \t]*| {2,}`)
)

// spacedRow reads a line of a table laid out with spaces or tabs ("No.
// Description      Qty    Unit Price (OMR)    Amount (OMR)") as its cells
// joined by " | ", as tables of the other formats are: three cells or
// more, or two ("Subtotal       1,149.750") unless the first is a label
// ending in a colon ("Invoice No.:    MOS-17" stays a labelled line). The
// indentation before the first cell is not a column. Lines of prose are
// left alone: a gap of two spaces (after a full stop) is no column.
func spacedRow(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if !reColumnGap.MatchString(t) {
		return "", false
	}
	// In a line laid out as a table, two spaces part columns too ("No.
	// Description").
	var cells []string
	for _, c := range reNarrowGap.Split(t, -1) {
		if c = strings.TrimSpace(c); c != "" {
			cells = append(cells, c)
		}
	}
	switch {
	case len(cells) < 2:
		return "", false
	case len(cells) == 2 && (strings.HasSuffix(cells[0], ":") || strings.HasSuffix(cells[0], "：")):
		return "", false
	}
	for _, c := range cells {
		if strings.Contains(c, "|") {
			return "", false // a line already using pipes is read as written
		}
	}
	return strings.Join(cells, " | "), true
}

// delimiterRow: a Markdown table's delimiter row ("|---|:--:|").
func delimiterRow(line string) bool {
	return strings.Contains(line, "-") && strings.Trim(line, "|-: \t") == ""
}

func markdownRow(line string) string {
	cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
	var out []string
	for _, c := range cells {
		c = strings.TrimSpace(c)
		if strings.Trim(c, "-: ") == "" {
			continue
		}
		out = append(out, c)
	}
	return strings.Join(out, " | ")
}

var numberedHeading = regexp.MustCompile(`^(?:(?:ARTICLE|Article|SECTION|Section|CLAUSE|Clause|SCHEDULE|Schedule|ANNEX|Annex|PART|Part)\s+[0-9IVXLC]+[.:)]?|(?:المادة|البند|الفصل|القسم|الباب)\s*(?:[0-9٠-٩]+|\p{Arabic}+)?|[0-9٠-٩]{1,2}(?:\.[0-9٠-٩]{1,2})*[.)]?)(?:\s|$)`)

// LooksLikeHeading guesses whether a line of plain text is a heading: short,
// not ending like a sentence, and numbered ("5. Payment", "Article 3",
// "المادة ٣") or written in capitals.
func LooksLikeHeading(line string) bool {
	t := strings.TrimSpace(line)
	n := utf8.RuneCountInString(t)
	if n < 3 || n > 80 {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(t)
	if strings.ContainsRune(".,;:!?،؛", last) && !strings.HasSuffix(t, ":") {
		return false
	}
	if strings.HasSuffix(t, ":") && n > 40 {
		return false
	}
	if m := numberedHeading.FindString(t); m != "" {
		rest := strings.TrimSpace(t[len(m):])
		// "1. The Supplier shall deliver ..." is a numbered sentence, not a heading.
		return rest == "" || utf8.RuneCountInString(rest) <= 50 && !strings.Contains(rest, " shall ") && strings.Count(rest, " ") < 7
	}
	if strings.ContainsAny(t, "0123456789:|@") {
		return false // "VAT 5%: OMR 55.000" is not a heading
	}
	letters, upper := 0, 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= 4 && upper == letters
}
