package documentfacts

import (
	"regexp"
	"strings"
)

// Round 21 of money (issue 29, session 21, third pass): family MW (table
// tests in money_consideration_dues_test.go).
//
//   - MW: a figure whose currency only its words name: "the sum of
//     48,000.000 (forty-eight thousand Omani Rials)", "(٥٢٠٬٠٠٠٫٠٠)
//     خمسمائة وعشرون ألف ريال سعودي". The figure is the amount, in the
//     currency the words beside it name; the words are no second amount.
//     money() (money.go) emits these figures after the amounts written
//     with their currency.

// reFigureWords21: a figure followed by words in brackets.
var reFigureWords21 = regexp.MustCompile(`(` + numPat + `)\s*(?:/-\s*)?\(\s*([^()\n0-9٠-٩]{4,200})\)`)

// reBracketFigure21: a figure in brackets followed by words.
var reBracketFigure21 = regexp.MustCompile(`\(\s*(` + numPat + `)\s*\)\s*([^()\n0-9٠-٩.؛،,:;]{4,260})`)

// reCurPhrase21: a currency written in words or letters, with the word
// after it ("ريالاً سعودياً", "Omani Rials").
var reCurPhrase21 = regexp.MustCompile(`(?i)(?:` + curWords + `)(?:\s+(?:omani|saudi|qatari|kuwaiti|bahraini|emirati|عمانياً|عمانيا|عماني|سعودياً|سعوديا|سعودي|قطرياً|قطريا|قطري|كويتياً|كويتيا|كويتي|بحرينياً|بحرينيا|بحريني|إماراتياً|إماراتي))?`)

// reNumberWord21: a word of a number written out, or a word that joins
// them ("and", "only", و, فقط, لا غير) or names a fraction of the
// currency (baisa, fils, هللة).
var reNumberWord21 = regexp.MustCompile(`(?i)^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|and|only|zero|point|baisa|baiza|baizas|baisas|fils|halala|halalas|cents?|و?(?:واحد|إحدى|احدى|أحد|اثن|إثن|ثلاث|أربع|اربع|خمس|ست|سبع|ثمان|تسع|عشر|مائ|مئ|ألف|الف|آلاف|الاف|مليون|ملايين|مليار|هللة|بيسة|بيسات|فلس|فلوس|فقط|لا|غير).*)$`)

// reRealNumberWord21: a word that is a number (not a joiner).
var reRealNumberWord21 = regexp.MustCompile(`(?i)^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|و?(?:واحد|إحدى|احدى|أحد|اثن|إثن|ثلاث|أربع|اربع|خمس|ست|سبع|ثمان|تسع|عشر|مائ|مئ|ألف|الف|آلاف|الاف|مليون|ملايين|مليار).*)$`)

// wordsCurrency21: the figures of t whose currency only the words beside
// them name, as [figure start, figure end, currency start, currency end];
// a figure inside a match of before or after (an amount with its
// currency) is skipped.
func wordsCurrency21(t string, before, after [][]int) [][4]int {
	if !strings.Contains(t, "(") {
		return nil
	}
	inside := func(s, e int) bool {
		for _, ms := range [][][]int{before, after} {
			for _, m := range ms {
				if s < m[1] && e > m[0] {
					return true
				}
			}
		}
		return false
	}
	var out [][4]int
	for _, m := range reFigureWords21.FindAllStringSubmatchIndex(t, -1) {
		// "48,000.000 (forty-eight thousand Omani Rials)": the words in
		// the brackets are a number and a currency, in either order.
		ws, we := m[4], m[5]
		if c, ok := numberWordsCurrency21(t[ws:we], true); ok && !inside(m[2], m[3]) && !currencyBefore21(t[:m[2]]) {
			out = append(out, [4]int{m[2], m[3], ws + c[0], ws + c[1]})
		}
	}
	for _, m := range reBracketFigure21.FindAllStringSubmatchIndex(t, -1) {
		// "(٤٥٠) أربعمائة وخمسون ريالاً عمانياً": number words up to a
		// currency.
		ws, we := m[4], m[5]
		if c, ok := numberWordsCurrency21(t[ws:we], false); ok && !inside(m[2], m[3]) && !currencyBefore21(t[:m[2]]) {
			out = append(out, [4]int{m[2], m[3], ws + c[0], ws + c[1]})
		}
	}
	for _, m := range bracketCurrency22(t) {
		// "(٤٬٥٠٠) ر.ع.": a bracketed figure right before its currency
		// (money_total_rows.go).
		if !inside(m[0], m[1]) && !currencyBefore21(t[:m[0]]) {
			out = append(out, m)
		}
	}
	return out
}

// currencyBefore21: s ends in a currency ("OMR (", "ر.ع. ("), so that the
// figure after it has one.
func currencyBefore21(s string) bool {
	s = strings.TrimRight(tail(s, 30), " (\u00a0")
	loc := reCurPhrase21.FindAllStringIndex(s, -1)
	return len(loc) > 0 && loc[len(loc)-1][1] == len(s)
}

// numberWordsCurrency21: the span of the currency in words w, when w is a
// number written out and its currency (whole: every word a number, a
// joiner or the currency; else only the words before the currency), with
// at least one number word.
func numberWordsCurrency21(w string, whole bool) ([2]int, bool) {
	var loc []int
	for _, l := range reCurPhrase21.FindAllStringIndex(w, -1) {
		if l[0] == 0 || strings.ContainsRune(" (-,\u00a0", rune(w[l[0]-1])) {
			loc = l // a currency that starts a word ("zero" holds no "RO")
			break
		}
	}
	if loc == nil {
		return [2]int{}, false
	}
	rest := w[:loc[0]]
	if whole {
		rest += " " + w[loc[1]:]
	}
	n := 0
	for word := range strings.FieldsFuncSeq(rest, func(r rune) bool {
		return r == ' ' || r == '-' || r == ',' || r == '\t' || r == '\u00a0' || r == '،'
	}) {
		word = strings.Trim(word, ".:/")
		if word == "" {
			continue
		}
		if !reNumberWord21.MatchString(word) {
			return [2]int{}, false
		}
		if reRealNumberWord21.MatchString(word) {
			n++
		}
	}
	return [2]int{loc[0], loc[1]}, n > 0
}
