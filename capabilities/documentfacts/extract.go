package documentfacts

import (
	"context"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// candidate is a fact found at text[start:end] (bytes).
type candidate struct {
	fact       Fact
	start, end int
	prio       int    // on overlap within one type family, the higher wins
	by         string // the extractor that found it (blockExtractors)
}

// extractor runs every pattern over the blocks of the returned text.
type extractor struct {
	ctx      context.Context // done: read no further block
	a        *assembled
	cands    []candidate
	omani    bool   // the text names Oman (so "rial" alone is OMR)
	dayFirst *bool  // the document's day/month order, when an unambiguous date shows it
	title    string // what the first heading calls the document: agreement, invoice or ""
	topEnd   int    // the end of the document's first lines (the letterhead)
	hireDoc  bool   // the text offers a job (reHireDoc), read once, not per date
	// tenderDoc: the text opens as a tender's or a call's (isTenderText or
	// reTenderTitleLabelFamilies), read once, not per date (key_tender_days.go)
	tenderDoc bool
	// bareFamily: the code a bare rial or dinar stands for in this
	// document, by family ("rial", "dinar"), once read (key_bare_currency_rows.go)
	bareFamily map[string]string
	// contractRead: contractLike's answer once read (0 unread, 1 yes,
	// 2 no): it reads the document's opening, the same for every call
	contractRead int8
	// dateKeysByStart: the keys round 19 gave dates, by the date's start
	// (date_lapses_twins.go), for their twins in the other language.
	dateKeysByStart map[int]string
	running         string // the extractor running (see guard)
	// decimalComma: the document writes amounts with a decimal comma
	// (learnNumberStyle); suffixCurrency: mostly with the currency after
	// the number.
	decimalComma, suffixCurrency bool
	// docCurrency: the currency the document states for all its amounts
	// ("All amounts are in Omani Rials"), as written; "" when none.
	docCurrency string
	// tableCurrency: the currency the header of the last table named
	// ("Unit price (OMR) | Amount (OMR)"), for the summary rows under it
	// that name none ("Subtotal / المجموع | 2,062.500").
	tableCurrency string
	// moneyMatched: the blocks' amount matches learnNumberStyle found,
	// by block start, for money to read rather than match again.
	moneyMatched map[int]moneyMatches
	failures     []extractorFailure
	// signing: the block read is in the document's signature block
	// (see signingStart), where a bare "Date:" is the date of signing.
	signing bool
	stop    *stopper // stop.go: the items read, and the stop at ctx's end
	// first: firstLineBareCurrencyRows of firstOf, kept for the dates and durations
	// that read it (x.firstLine).
	first, firstOf string
	firstSet       bool
}

// startIn is c's start clamped to [0, len(text)]: where the re-keying
// passes read the text around a candidate.
func (c candidate) startIn(text string) int {
	return min(max(c.start, 0), len(text))
}

func (x *extractor) add(c candidate) {
	c.by = x.running
	x.cands = append(x.cands, c)
}

// block is one block of the text as the extractors read it.
type block struct {
	t           string
	base        int    // its offset in the text
	prev        string // the block before, when it is no heading (a label on its own line)
	headerCells string // in a table's data row, the table's first row
}

// blockExtractors read the blocks, one fact kind each, in this order; each
// runs under guard, so that its panic costs its facts alone.
var blockExtractors = []struct {
	name string
	run  func(x *extractor, b block)
}{
	{"money", func(x *extractor, b block) { x.money(b.t, b.base, b.prev, b.headerCells) }},
	{"percentages", func(x *extractor, b block) { x.percent(b.t, b.base, b.prev) }},
	{"dates", func(x *extractor, b block) { x.dates(b.t, b.base, b.prev, b.headerCells) }},
	{"durations", func(x *extractor, b block) { x.durations(b.t, b.base, b.prev, b.headerCells) }},
	{"identifiers", func(x *extractor, b block) { x.identifiers(b.t, b.base) }},
	{"bank_accounts", func(x *extractor, b block) { x.bank(b.t, b.base) }},
	{"contacts", func(x *extractor, b block) { x.contacts(b.t, b.base, b.prev) }},
	{"governing_law", func(x *extractor, b block) { x.law(b.t, b.base, b.prev) }},
	{"payment_terms", func(x *extractor, b block) { x.paymentTerms(b.t, b.base) }},
	{"parties", func(x *extractor, b block) { x.parties(b.t, b.base, b.prev) }},
	{"parties", func(x *extractor, b block) { x.partyTableRow(b.t, b.base, b.headerCells) }},
}

// failed says whether the extractor name has failed on this document.
func (x *extractor) failed(name string) bool {
	for _, f := range x.failures {
		if f.name == name {
			return true
		}
	}
	return false
}

// runGuarded runs f as the extractor name unless it has failed already;
// a panic marks it failed.
func (x *extractor) runGuarded(name string, f func()) {
	if x.failed(name) || x.ctx != nil && x.ctx.Err() != nil {
		return // failed before, or the caller left (one block can be the whole text)
	}
	x.running = name
	if fail := guard(name, f); fail != nil {
		x.failures = append(x.failures, *fail)
	}
	x.running = ""
}

// run reads every block with every extractor: its text, its offset, the
// block before (for cues) and, in a table, its header row.
func (x *extractor) run() {
	lower := lowerASCII(x.a.text)
	x.omani = strings.Contains(lower, "oman") || strings.Contains(x.a.text, "عمان") || strings.Contains(x.a.text, "عماني")
	x.runGuarded("dates", func() {
		x.stop.pass(len(x.a.text)) // stop.go: each whole-text pass
		x.learnDateOrder()
		x.stop.pass(len(x.a.text))
		x.title = titleKind(x.a)
		x.stop.pass(len(x.a.text))
		x.hireDoc = reHireDoc.MatchString(x.a.text)
		x.tenderDoc = isTenderText(x.a.text) || matches(reTenderTitleLabelFamilies, prefixBytes(x.a.text, 200))
	})
	x.runGuarded("money", func() {
		x.learnNumberStyle()
		x.stop.pass(len(x.a.text))
		x.learnDocCurrency()
	})
	x.topEnd = len(x.a.text)
	if len(x.a.segs) > 8 {
		x.topEnd = x.a.segs[8].start
	}
	header := -1 // the first row of the table the block is in
	headerCells := ""
	for i, seg := range x.a.segs {
		if x.ctx != nil && x.ctx.Err() != nil {
			return // the caller left: extractDocument answers ctx's error
		}
		t := x.a.text[seg.start:seg.end]
		prev := ""
		if i > 0 && !x.a.segs[i-1].heading {
			p := x.a.segs[i-1]
			prev = x.a.text[p.start:p.end]
		}
		switch {
		case !strings.Contains(t, " | ") && header >= 0 && (reRuleLine.MatchString(t) || x.rowFollows(i, headerCells)):
			// A rule of dashes under a plain-text table's header, or a
			// row's description wrapped to a line of its own between
			// two rows, leaves the table open.
		case !strings.Contains(t, " | ") && !(seg.tableStart && currencyRow(t)):
			// (A table's first row of one cell, "| | BHD |" whose empty
			// cell the reader dropped, heads the column of amounts.)
			header, headerCells = -1, ""
		case header < 0 || seg.tableStart && !hasDigit(rePercentIn.ReplaceAllString(t, "")):
			// A table's first row is its header; a table that follows
			// another at once starts anew, unless its first row is data
			// (a document made of one-row tables). A rate in a header
			// ("VAT 5% (AED)") is no data.
			header, headerCells = i, t
			if c := headerCurrency(strings.Split(t, " | "), x.omani); c != "" {
				x.tableCurrency = c
			}
		case header < i-1 && secondHeader(t, headerCells, x.omani):
			// "Item | Description | Qty | Unit price (OMR) | Amount
			// (OMR)" under a block of "PO Number | ..." lines that a
			// PDF's reader joined into one table: a row of words naming
			// a currency column heads the rows below it (money_table_headers.go).
			header, headerCells = i, t
			x.tableCurrency = headerCurrency(strings.Split(t, " | "), x.omani)
		case header == i-1 && currencyRow(t):
			// "| | | (OMR) | (OMR) |" under "No. | Description | Qty |
			// Unit Rate | Total": the header's second row names the
			// currency of the columns above it.
			headerCells = mergeHeaderRow(headerCells, t)
			continue
		}
		switch {
		case signingStart(t, seg.heading):
			x.signing = true
		case seg.heading && !strings.Contains(t, " | "):
			// (A row of names in capitals, "Khalid Al Amri | Meera
			// Nair", reads as a heading but stays in the block.)
			x.signing = false
		}
		rowHeader := ""
		if header >= 0 && header < i {
			rowHeader = headerCells
		}
		b := block{t: t, base: seg.start, prev: prev, headerCells: rowHeader}
		for _, e := range blockExtractors {
			x.runGuarded(e.name, func() { x.stop.pass(len(b.t)); e.run(x, b) })
		}
	}
	x.runGuarded("parties", x.wrappedDefinitions)
	x.runGuarded("parties", x.signedForRoles)
	x.runGuarded("governing_law", x.authorityLaw) // governinglaw_authority.go
	if len(x.failures) > 0 {
		x.cands = slices.DeleteFunc(x.cands, func(c candidate) bool { return x.failed(c.by) })
	}
}

// reSigningStart: a line that opens a signature block: a heading
// "Signatures" / "التوقيعات" / "Execution", "IN WITNESS WHEREOF", or the
// line naming whom the signatures below are for ("Signed for and on
// behalf of", "For the Employer | The Employee", "عن الطرف الأول
// (المورد) | عن الطرف الثاني", "Landlord / المؤجر   For the Tenant").
var reSigningStart = regexp.MustCompile(`(?i)^[\s#*_|]*(?:signatures?\b|signed(?:\s+(?:for|by|on|and|as)\b|\s*[:|/]|\s*$)|execution\s*$|in\s+witness\b|for\s+and\s+on\s+behalf\b|on\s+behalf\s+of\b|for\s+(?:the\s+)?\p{L}[\p{L} ]{1,30}[/—–]\s*(?:عن|نيابة\s+عن)\s|التوقيعات|التوقيع|توقيع|عن\s+(?:الطرف|المؤجر|المستأجر|المورد|المشتري|البائع|العميل|الشركة|المقاول|صاحب)|نيابة\s+عن)`)

// signingStart: block t opens a signature block. A heading must name
// signatures; a line must be short (a signing line, not a clause that
// starts "Signed copies ... shall be").
func signingStart(t string, heading bool) bool {
	if utf8.RuneCountInString(t) > 160 || !reSigningStart.MatchString(t) && !forRoleLine(t) {
		return false
	}
	return !heading || reSigningStart.MatchString(t)
}

// reBracketNote: a role in brackets after a role ("الطرف الأول (العميل)").
var reBracketNote = regexp.MustCompile(`\s*\([^()]{2,30}\)`)

// forRoleLine: "For the Employer | The Employee", "Landlord / المؤجر
// For the Tenant / عن المستأجر": signature columns headed by the roles.
func forRoleLine(t string) bool {
	// "الطرف الأول (العميل)   الطرف الثاني (المقاول)": two or more
	// columns, each a role alone, head signatures too.
	var cells []string
	for _, c := range strings.Split(strings.ReplaceAll(t, "   ", " | "), " | ") {
		if c = strings.TrimSpace(c); c != "" {
			cells = append(cells, c)
		}
	}
	if len(cells) >= 2 && !slices.ContainsFunc(cells, func(c string) bool {
		bare := reBracketNote.ReplaceAllString(c, "")
		return !roleHeading(bare) || reBracketNote.MatchString(c) && !roleHeading(strings.Trim(reBracketNote.FindString(c), "() "))
	}) {
		return true
	}
	for _, c := range strings.Split(strings.ReplaceAll(t, "   ", " | "), " | ") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		w, ok := strings.CutPrefix(lowerASCII(c), "for ")
		if !ok || !roleHeading(strings.TrimPrefix(w, "the ")) {
			return false
		}
		return true
	}
	return false
}

// rePercentIn: a rate written in a column header ("VAT 5%", "ضريبة ١٥٪").
var rePercentIn = regexp.MustCompile(`[0-9٠-٩]+(?:[.,٫][0-9٠-٩]+)?\s*[%٪]`)

// currencyRow: a table row whose every cell names a currency alone
// ("(OMR) | (OMR)", "ر.ع. | ر.ع."): the second row of a header.
// reRuleLine: a line of dashes, equals signs or underscores (a plain-text
// table's rule).
var reRuleLine = regexp.MustCompile(`^[\s\-=_+|]{3,}$`)

// rowFollows: the block after segment i is a table row with as many cells
// as the header (so the line at i, with no cells, is a wrapped part of
// the row above).
func (x *extractor) rowFollows(i int, headerCells string) bool {
	if i+1 >= len(x.a.segs) || x.a.segs[i].heading && !x.wrapSecondLine(i) {
		return false
	}
	t := x.a.text[x.a.segs[i].start:x.a.segs[i].end]
	n := x.a.segs[i+1]
	next := x.a.text[n.start:n.end]
	if len(t) < 120 && !strings.Contains(next, " | ") && len(next) < 120 && !x.a.segs[i].heading && i+2 < len(x.a.segs) && !x.a.segs[i+2].heading {
		// A description wrapped over two lines ("Business interruption,
		// indemnity period" / "12 months / ..." above "| 6,000,000.00 |").
		n = x.a.segs[i+2]
		next = x.a.text[n.start:n.end]
	}
	return len(t) < 120 && strings.Contains(next, " | ") && strings.Count(next, " | ") == strings.Count(headerCells, " | ") && hasDigit(next)
}

func currencyRow(t string) bool {
	for _, c := range strings.Split(t, " | ") {
		c = strings.Trim(strings.TrimSpace(c), "()[]*_ ")
		if c == "" || hasDigit(c) || reCurrencyCol.FindString(" "+c+" ") == "" || len(c) > 24 {
			return false
		}
	}
	return true
}

// mergeHeaderRow adds a header's second row to its first, the cells
// aligned on the right (the readers drop empty cells): "Unit Rate |
// Total" and "(OMR) | (OMR)" make "Unit Rate (OMR) | Total (OMR)".
func mergeHeaderRow(head, row string) string {
	hs, rs := strings.Split(head, " | "), strings.Split(row, " | ")
	if len(rs) > len(hs) {
		return head
	}
	off := len(hs) - len(rs)
	for j, c := range rs {
		hs[off+j] += " " + strings.TrimSpace(c)
	}
	return strings.Join(hs, " | ")
}

// ctxBefore is the block text before a match; when the match opens its
// block, the previous block (a label on its own line) is the context.
//
// Only the last cueWindow bytes count, so that a block of any length costs
// time in proportion to its length, not its length times its matches.
func ctxBefore(t string, at int, prev string) string {
	return ctxBeforeN(t, at, prev, cueWindow)
}

// ctxBeforeN is ctxBefore over the last n bytes.
func ctxBeforeN(t string, at int, prev string, n int) string {
	c := t[:at]
	if strings.TrimSpace(c) == "" {
		c = prev
	}
	if len(c) > n {
		i := len(c) - n
		for i < len(c) && !utf8.RuneStart(c[i]) {
			i++
		}
		c = c[i:]
	}
	// A cue does not reach back over the end of a sentence (an
	// abbreviation's stop, "excl. VAT", "No. 12", ends none).
	locs := findAllIndex(reNewSentence, c) // prefilter.go
	for k := len(locs) - 1; k >= 0; k-- {
		if _, size := utf8.DecodeRuneInString(c[locs[k][0]:]); abbreviationBefore(c, locs[k][0]+size) {
			continue
		}
		// Keep the sentence's first letter whole (an Arabic letter is
		// two bytes: "2. يضمن" kept "ضمن").
		_, size := utf8.DecodeLastRuneInString(c[:locs[k][1]])
		c = c[locs[k][1]-size:]
		break
	}
	return c
}

// abbreviationBefore: the word ending at s[:end] is an abbreviation
// whose stop follows it ("excl", "incl", "approx", "Mr").
func abbreviationBefore(s string, end int) bool {
	i := strings.LastIndexAny(s[:end], " (/")
	w := lowerASCII(s[i+1 : end])
	if reArabicAbbrev.MatchString(w) {
		// "12,300.000 د.ك. خلال", "ر.ع. عن": an Arabic currency's
		// letters and stops end no sentence.
		return true
	}
	return abbreviations[w] || w == "excl" || w == "incl" || w == "exc" || w == "inc" || w == "vs" || w == "approx"
}

// reArabicAbbrev: an abbreviation of single Arabic letters and stops
// (ر.ع، د.ك، ر.س، د.إ), as currencies are written.
var reArabicAbbrev = regexp.MustCompile(`^\p{Arabic}(?:\.\p{Arabic}){1,2}$`)

// reNewSentence is the end of a sentence and the first letter of the next
// (". A", ". ا"); abbreviations followed by a lower-case word or a number
// ("a.m. on", "No. 12") do not end one.
var reNewSentence = regexp.MustCompile(`[a-z0-9\p{Arabic})][.!?؟]\s+(?:/\s+)?[A-Z\p{Arabic}]`)

// cueWindow is how far before a value its cue is looked for (bytes: about
// 60 Arabic or 120 Latin characters).
const cueWindow = 120

// resolve drops overlapping candidates: within the same type the higher
// priority (then the longer) wins; across types, a money amount inside a
// date, a phone inside an IBAN or an amount, and a duration inside a
// payment term are dropped.
func resolve(cs []candidate) []candidate {
	if len(cs) > maxCandidates {
		// Keep the first ones in the text; the answer says it was cut.
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].start < cs[j].start })
		cs = cs[:maxCandidates]
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].prio != cs[j].prio {
			return cs[i].prio > cs[j].prio
		}
		return cs[i].end-cs[i].start > cs[j].end-cs[j].start
	})
	var kept []candidate
	for _, c := range cs {
		ok := true
		for _, k := range kept {
			if c.start < k.end && k.start < c.end && conflicts(c.fact.Type, k.fact.Type) {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, c)
		}
	}
	sortByPosition(kept)
	return kept
}

// sortByPosition orders candidates by where they start, then by fact
// type, keeping the order of equals.
func sortByPosition(cs []candidate) {
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].start != cs[j].start {
			return cs[i].start < cs[j].start
		}
		return cs[i].fact.Type < cs[j].fact.Type
	})
}

// maxCandidates bounds the facts considered in one document (overlap
// resolution is quadratic in them).
const maxCandidates = 3000

// conflicts says whether two overlapping facts cannot both stand.
func conflicts(a, b string) bool {
	if a == b {
		return true
	}
	pair := func(x, y string) bool { return a == x && b == y || a == y && b == x }
	switch {
	case pair(TypeDuration, TypePaymentTerms), pair(TypeGoverningLaw, TypeParty), pair(TypeMoney, TypePercentage):
		return false
	case a == TypeParty || b == TypeParty:
		return pair(TypeParty, TypeEmail) || pair(TypeParty, TypeURL)
	}
	return true
}
