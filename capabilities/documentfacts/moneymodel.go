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
		facts[it.idx].Key, facts[it.idx].Label = k, moneyLabel20(k)
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
// mag:, inwords, ar, pos:, nth:, same:.
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
	if c, ok := nearestCue(cueCtx, moneyCues); ok {
		feats = append(feats, "cue:"+c.key)
	} else {
		feats = append(feats, "cue:-")
	}
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
	if table {
		feats = append(feats, moneyRowFeatures(d, si, start)...)
	}
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
