package documentfacts

import (
	_ "embed"
	"math"
	"strconv"
	"strings"
)

// A learned money-key model (issue 29, session 25; docs/documents.md,
// "Issue 29, session 25: money keys by a learned model").
//
// The rules find a document's amounts well (loose precision and recall
// near 0.98) but give about one in eight the wrong key on documents
// written apart from them. modelMoneyKeys re-keys an amount with the
// date model's softmax regression (keyModel, datemodel.go) over
// features of the amount's context: words before it on its line and on
// the label line above, words after it, its table column's header and
// its row's first cell, the nearest heading, the document's kind and
// title words, a total or last row, a percentage or a "per" unit after
// it, its currency, magnitude and frequency, whether it is written in
// words too, and the package's money lexicon (moneyCues). It is trained
// on the development sets' labels (moneymodel_train_test.go) and
// re-keys an amount only where the model is confident: its probability
// at least the τ moneykeys.model states (moneyKeyTauFloor), in a
// document long enough for its features (keyModelMinText).
//
// Every read is bounded as the date model's are (keyFeatBefore and the
// other windows): a document on one long line costs O(window) per
// amount.

//go:embed moneykeys.model
var moneyKeyModelText string

// moneyKeyModelOn: modelMoneyKeys re-keys amounts. On: on the seven sets
// no rule writer opened, 11 more of their 682 amounts are keyed right
// with it than without, and none fewer in any set (docs/documents.md,
// "money keys by a learned model"). DALIL_MONEYKEY_MODEL=off turns it
// off in this package's tests.
var moneyKeyModelOn = true

// moneyKeyTauFloor: the least τ the money model re-keys at. The
// cross-validation's rule (keyModelMinTau) gives 0.6, at which the model
// overrides four cases of the money rules' convention tests (a claim
// table's rows, an Arabic contract total, a taxable amount); 0.9 is the
// least of the rule's steps at which it overrides none (the
// cross-validated accuracy there is 0.983 over 66 % of the amounts).
const moneyKeyTauFloor = 0.9

var (
	moneyKeyModel = &embeddedModel{text: &moneyKeyModelText}
	// moneyKeyTap, when set (by the training test only), receives every
	// document's amounts with their features and the rules' keys, and the
	// model is not applied: the trainer reads the rules' keys.
	moneyKeyTap func(items []keyItem)
)

// modelMoneyKeys re-keys the document's amounts the model keys
// otherwise with probability at least its τ (handle.go, after the last
// round of money keys), their labels with them; with moneyKeyTap set it
// hands the amounts to the trainer instead. It says whether it re-keyed
// an amount.
func modelMoneyKeys(facts []Fact, cands []candidate, d *keyDoc) bool {
	if len(facts) != len(cands) {
		return false
	}
	if moneyKeyTap != nil {
		moneyKeyTap(moneyKeyItems(facts, cands, d))
		return false
	}
	m := moneyKeyModel.get()
	if !moneyKeyModelOn || m == nil || m.tau > 1 || len(d.a.text) < keyModelMinText {
		return false
	}
	changed := false
	for _, it := range moneyKeyItems(facts, cands, d) {
		k, p := m.predict(it.feats)
		if p < m.tau || k == it.ruleKey {
			continue
		}
		facts[it.idx].Key, facts[it.idx].Label = k, moneyLabel(k)
		changed = true
	}
	return changed
}

// moneyKeyItems are the document's amounts (normalised) with their
// features.
func moneyKeyItems(facts []Fact, cands []candidate, d *keyDoc) []keyItem {
	var idx []int
	same := map[string]int{}
	for i, f := range facts {
		if f.Type != TypeMoney || f.Normalized == "" {
			continue
		}
		idx = append(idx, i)
		same[f.Normalized]++
	}
	if len(idx) == 0 {
		return nil
	}
	items := make([]keyItem, 0, len(idx))
	for n, i := range idx {
		f := facts[i]
		it := keyItem{idx: i, start: cands[i].start, end: cands[i].end, value: f.Normalized, ruleKey: f.Key}
		it.feats = moneyFeatures(d, cands[i].start, cands[i].end, f, n, same[f.Normalized])
		items = append(items, it)
	}
	return items
}

// moneyFeatures are an amount's context as model features: b: words
// before it on its line (and on the line above when it starts its
// line), bb: their bigrams, n: and n1: the nearest words, w: the wider
// window, a: and a1: words after it, cue: the money lexicon's key
// nearest before it, h: its table column's header, r: its row's first
// cell, s: the nearest heading, t: and tw: the document's type and
// title words, and its kind: totalrow, lastrow, cell, pct, per, freq:, cur:,
// mag:, inwords, ar, pos:, nth:, same:. Session 27 added the lexicon's key
// of the amount's own cell (ccue:), its column's header (hcue:) and its
// row's label (rcue:), the nearest cue's distance (cued:), a ceiling or
// floor before it (bound:) and VAT included or excluded (vat:), the cues
// read past VAT words that qualify the sum (unqualifyVAT).
func moneyFeatures(d *keyDoc, start, end int, f Fact, nth, same int) []string {
	text := d.a.text
	feats := []string{"bias"}
	start = max(0, min(start, len(text)))
	end = max(start, min(end, len(text)))
	lineStart, lineEnd, before := featLine(text, start, end)
	// In a table row only the amount's own cell is its line's label
	// (the cells before it are other columns).
	cellBefore := before
	if i := strings.LastIndex(before, " | "); i >= 0 {
		cellBefore = before[i+3:]
	}
	feats, bw, lead, prev := labelFeats(feats, text, lineStart, start, before, dateWords(cellBefore))
	cueCtx := before
	if lead && lineStart > 0 {
		cueCtx = prev // the label on the line above
	}
	// The package's lexicon of money words (keywords.go), on the same
	// window: general words, not any document's phrase.
	// VAT words qualifying the sum ("شاملة ضريبة القيمة المضافة",
	// "excluding VAT") are not its key (money_vat.go): the cues are read
	// with them blanked.
	cueCtx = unqualifyVAT(cueCtx)
	if c, at, ok := nearestCueAt(cueCtx, moneyCues); ok {
		feats = append(feats, "cue:"+c.key, "cued:"+c.key+"|"+wordsDistance(cueCtx[at:]))
	} else {
		feats = append(feats, "cue:-")
	}
	// In a table row, the lexicon's key of the amount's own cell (the
	// line's cue may be another column's).
	if cellBefore != before {
		if c, ok := nearestCue(unqualifyVAT(cellBefore), moneyCues); ok {
			feats = append(feats, "ccue:"+c.key)
		} else {
			feats = append(feats, "ccue:-")
		}
	}
	feats = append(feats, moneyQualifiers(cellBefore)...)
	feats, after := d.nearFeats(feats, start, end, lineStart, lineEnd, bw)
	// A percentage next to it, a unit it is counted per, its words.
	ta := strings.TrimLeft(after, " \t")
	if strings.Contains(after, "%") || strings.Contains(cellBefore, "%") || strings.Contains(lowerASCII(after), "percent") || strings.Contains(after, "بالمائة") || strings.Contains(after, "في المائة") {
		feats = append(feats, "pct")
	}
	if la := lowerASCII(ta); strings.HasPrefix(ta, "/") || strings.HasPrefix(la, "per ") || strings.HasPrefix(la, "each") ||
		strings.HasPrefix(la, "a month") || strings.HasPrefix(la, "a year") || strings.HasPrefix(ta, "لكل") || strings.HasPrefix(ta, "عن كل") {
		feats = append(feats, "per")
	}
	if strings.Contains(before, " | ") || strings.Contains(after, " | ") {
		feats = append(feats, "cell") // a table's cell, its header found or not
	}
	if moneyInWords(ta) {
		feats = append(feats, "inwords")
	}
	// The block, its heading, its table's header and row.
	feats, si, table := d.blockFeats(feats, start)
	// The lexicon's key of the column's header ("VAT", "Total",
	// "Deposit"), resolved as a label is, not as loose words, in the
	// header moneyHeaderCell finds (a header with digits, "VAT 5%", and
	// columns after an empty cell too).
	if h, ok := moneyHeaderCell(d, si, start); ok {
		if !table {
			for _, w := range firstN(dateWords(h), 6) {
				feats = append(feats, "h:"+w)
			}
			feats = append(feats, "table")
			table = true
		}
		if c, ok := nearestCue(h, moneyCues); ok {
			feats = append(feats, "hcue:"+c.key)
		} else {
			feats = append(feats, "hcue:-")
		}
	}
	if table {
		feats = append(feats, moneyRowFeatures(d, si, start)...)
	}
	feats = append(feats, moneyVAT(suffixOf(cellBefore, 48)+" "+prefixBytes(after, 48))...)
	if f.Frequency != "" {
		feats = append(feats, "freq:"+f.Frequency)
	}
	if f.Currency != "" {
		feats = append(feats, "cur:"+f.Currency)
	} else {
		feats = append(feats, "cur:-")
	}
	if f.Amount != nil && *f.Amount > 0 {
		feats = append(feats, "mag:"+strconv.Itoa(int(math.Floor(math.Log10(*f.Amount)))))
	}
	if hasArabic(f.Value) {
		feats = append(feats, "ar")
	}
	return dedupeStrings(d.docFeats(feats, start, nth, same))
}

// moneyRowFeatures: r: the words of the amount's row's first cell (when
// the amount is not in it), totalrow when that cell says total, lastrow
// when no table row follows the block. The row is read only when it is
// short (headerCell has read it already).
func moneyRowFeatures(d *keyDoc, si, at int) []string {
	text := d.a.text
	seg := d.a.segs[si]
	var out []string
	row := text[seg.start:seg.end]
	if i := strings.Index(row, " | "); i >= 0 && seg.start+i < at {
		if c, ok := nearestCue(unqualifyVAT(row[:i]), moneyCues); ok {
			out = append(out, "rcue:"+c.key)
		} else {
			out = append(out, "rcue:-")
		}
		rw := firstN(dateWords(row[:i]), 6)
		for _, w := range rw {
			out = append(out, "r:"+w)
			switch w {
			case "total", "grand", "الاجمالي", "اجمالي", "المجموع", "مجموع":
				out = append(out, "totalrow")
			}
		}
	}
	if si+1 >= len(d.a.segs) {
		out = append(out, "lastrow")
	} else if n := d.a.segs[si+1]; n.tableStart || n.end-n.start > keyFeatBlock || !strings.Contains(text[n.start:n.end], " | ") {
		out = append(out, "lastrow")
	}
	return out
}

// moneyInWords: the text after an amount starts by writing it in words:
// "(Five thousand Omani Rials)", "- only", "فقط" — a number word among
// the first three words, not any parenthesis ("(the Settlement Amount)").
func moneyInWords(after string) bool {
	after = strings.TrimLeft(after, " \t-–:/(")
	head := prefixBytes(after, 60)
	la := lowerASCII(head)
	if strings.HasPrefix(la, "only") || strings.HasPrefix(after, "فقط") {
		return true
	}
	for n, w := range strings.Fields(la) {
		if n == 3 {
			break
		}
		w = strings.Trim(w, ",.;:)-")
		if _, ok := enUnits[w]; ok {
			return true
		}
		if _, ok := enTeens[w]; ok {
			return true
		}
		if _, ok := enTens[w]; ok {
			return true
		}
		if _, ok := arAtoms[w]; ok || arNumberish(w) || w == "hundred" || w == "thousand" || w == "million" {
			return true
		}
	}
	return false
}

// wordsDistance buckets how many words stand between a cue's start and
// the amount (ctx runs from the cue to the amount): near (at most 3,
// "Deposit: OMR 500"), mid (at most 8), far.
func wordsDistance(ctx string) string {
	switch n := len(strings.Fields(ctx)); {
	case n <= 3:
		return "near"
	case n <= 8:
		return "mid"
	}
	return "far"
}

// suffixOf is the last n bytes of s at most (a rune's start kept).
func suffixOf(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return cutRuneStart(s[len(s)-n:])
}

// moneyQualifiers: bound:max when the words just before the amount make
// it a ceiling ("not exceeding", "up to", بحد أقصى, لا يتجاوز), bound:min
// when a floor ("not less than", "at least", لا تقل عن) — the phrase the
// amount is the object of, not the key's noun.
func moneyQualifiers(cellBefore string) []string {
	tail := lowerASCII(suffixOf(cellBefore, 48))
	var out []string
	for _, w := range []string{"not exceed", "up to", "maximum", "max.", "capped", "a cap of", "ceiling", "بحد أقصى", "بحد اقصى", "حد أقصى", "لا يتجاوز", "لا تتجاوز", "يصل إلى", "يصل الى", "تصل إلى", "تصل الى"} {
		if strings.Contains(tail, w) {
			out = append(out, "bound:max")
			break
		}
	}
	for _, w := range []string{"not less than", "at least", "minimum", "no less than", "لا تقل", "لا يقل", "الحد الأدنى", "الحد الادنى"} {
		if strings.Contains(tail, w) {
			out = append(out, "bound:min")
			break
		}
	}
	return out
}

// moneyVAT: vat:incl when the amount is said to include VAT or tax
// ("inclusive of VAT", شاملة ضريبة القيمة المضافة), vat:excl when to
// exclude it ("excluding VAT", "before VAT", غير شامل الضريبة): such an
// amount is a total or a net, not the tax, whatever the lexicon reads in
// "VAT". ctx is the amount's cell before it and the text after it.
func moneyVAT(ctx string) []string {
	l := lowerASCII(ctx)
	for _, w := range []string{"excluding vat", "exclusive of vat", "excl. vat", "excl vat", "before vat", "net of vat", "vat exclusive", "excluding tax", "before tax", "غير شامل", "غير شاملة", "قبل الضريبة", "بدون ضريبة", "لا تشمل"} {
		if strings.Contains(l, w) {
			return []string{"vat:excl"}
		}
	}
	for _, w := range []string{"including vat", "inclusive of vat", "incl. vat", "incl vat", "vat inclusive", "inclusive of all taxes", "including tax", "شامل", "شاملة", "بما في ذلك ضريبة", "بما فيها ضريبة"} {
		if strings.Contains(l, w) {
			return []string{"vat:incl"}
		}
	}
	return nil
}

// moneyHeaderCell is the header cell of the table column holding at in
// block si, as headerCell (datemodel.go) finds it, but with the table's
// first row its header even when it holds a digit ("VAT 5% (AED)",
// "Amount 2026") and columns counted by their bars, so that an empty
// cell ("a | | b") counts. (headerCell is left as the date and duration
// models were trained with it.) ok is false outside a table's rows.
func moneyHeaderCell(d *keyDoc, si, at int) (string, bool) {
	if si < 0 {
		return "", false
	}
	text := d.a.text
	seg := d.a.segs[si]
	if seg.end-seg.start > keyFeatBlock || seg.tableStart || !strings.Contains(text[seg.start:seg.end], " | ") {
		return "", false
	}
	top, first := -1, -1
	for j := si - 1; j >= 0 && j >= si-keyFeatRows; j-- {
		s := d.a.segs[j]
		if s.end-s.start > keyFeatBlock || !strings.Contains(text[s.start:s.end], " | ") {
			break
		}
		first = j
		if s.tableStart {
			top = j
			break
		}
	}
	if top < 0 && first >= 0 && !hasDigit(text[d.a.segs[first].start:d.a.segs[first].end]) {
		top = first // rows with no table start: their first row of words
	}
	if top < 0 {
		return "", false
	}
	col := strings.Count(text[seg.start:at], "|")
	h := d.a.segs[top]
	cells := strings.Split(text[h.start:h.end], "|")
	if col >= len(cells) {
		return "", false
	}
	return strings.TrimSpace(cells[col]), true
}

// unqualifyVAT blanks the words that name VAT as included in or left
// out of a sum (reVATQualifier), keeping the offsets; a text with no
// tax word is returned as it is.
func unqualifyVAT(s string) string {
	if !strings.Contains(s, "ضريبة") && !strings.Contains(lowerASCII(s), "vat") && !strings.Contains(lowerASCII(s), "tax") {
		return s
	}
	return reVATQualifier.ReplaceAllStringFunc(s, func(m string) string { return strings.Repeat(" ", len(m)) })
}
