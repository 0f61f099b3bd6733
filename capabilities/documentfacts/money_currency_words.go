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

// reFigureWords: a figure followed by words in brackets.
var reFigureWords = regexp.MustCompile(`(` + numPat + `)\s*(?:/-\s*)?\(\s*([^()\n0-9٠-٩]{4,200})\)`)

// reBracketFigure: a figure in brackets followed by words.
var reBracketFigure = regexp.MustCompile(`\(\s*(` + numPat + `)\s*\)\s*([^()\n0-9٠-٩.؛،,:;]{4,260})`)

// reCurPhrase: a currency written in words or letters, with the word
// after it ("ريالاً سعودياً", "Omani Rials").
var reCurPhrase = regexp.MustCompile(`(?i)(?:` + curWords + `)(?:\s+(?:omani|saudi|qatari|kuwaiti|bahraini|emirati|عمانياً|عمانيا|عماني|سعودياً|سعوديا|سعودي|قطرياً|قطريا|قطري|كويتياً|كويتيا|كويتي|بحرينياً|بحرينيا|بحريني|إماراتياً|إماراتي))?`)

// reNumberWord: a word of a number written out, or a word that joins
// them ("and", "only", و, فقط, لا غير) or names a fraction of the
// currency (baisa, fils, هللة).
var reNumberWord = regexp.MustCompile(`(?i)^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|and|only|zero|point|baisa|baiza|baizas|baisas|fils|halala|halalas|cents?|و?(?:واحد|إحدى|احدى|أحد|اثن|إثن|ثلاث|أربع|اربع|خمس|ست|سبع|ثمان|تسع|عشر|مائ|مئ|ألف|الف|آلاف|الاف|مليون|ملايين|مليار|هللة|بيسة|بيسات|فلس|فلوس|فقط|لا|غير).*)$`)

// reRealNumberWord: a word that is a number (not a joiner).
var reRealNumberWord = regexp.MustCompile(`(?i)^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|و?(?:واحد|إحدى|احدى|أحد|اثن|إثن|ثلاث|أربع|اربع|خمس|ست|سبع|ثمان|تسع|عشر|مائ|مئ|ألف|الف|آلاف|الاف|مليون|ملايين|مليار).*)$`)

// wordsCurrency: the figures of t whose currency only the words beside
// them name, as [figure start, figure end, currency start, currency end];
// a figure inside a match of before or after (an amount with its
// currency) is skipped.
func wordsCurrency(t string, before, after [][]int) [][4]int {
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
	for _, m := range reFigureWords.FindAllStringSubmatchIndex(t, -1) {
		// "48,000.000 (forty-eight thousand Omani Rials)": the words in
		// the brackets are a number and a currency, in either order.
		ws, we := m[4], m[5]
		if c, ok := numberWordsCurrency(t[ws:we], true); ok && !inside(m[2], m[3]) && !currencyBefore(t[:m[2]]) {
			out = append(out, [4]int{m[2], m[3], ws + c[0], ws + c[1]})
		}
	}
	for _, m := range reBracketFigure.FindAllStringSubmatchIndex(t, -1) {
		// "(٤٥٠) أربعمائة وخمسون ريالاً عمانياً": number words up to a
		// currency.
		ws, we := m[4], m[5]
		if c, ok := numberWordsCurrency(t[ws:we], false); ok && !inside(m[2], m[3]) && !currencyBefore(t[:m[2]]) {
			out = append(out, [4]int{m[2], m[3], ws + c[0], ws + c[1]})
		}
	}
	for _, m := range bracketCurrency(t) {
		// "(٤٬٥٠٠) ر.ع.": a bracketed figure right before its currency
		// (money_total_rows.go).
		if !inside(m[0], m[1]) && !currencyBefore(t[:m[0]]) {
			out = append(out, m)
		}
	}
	return out
}

// currencyBefore: s ends in a currency ("OMR (", "ر.ع. ("), so that the
// figure after it has one.
func currencyBefore(s string) bool {
	s = strings.TrimRight(tail(s, 30), " (\u00a0")
	loc := reCurPhrase.FindAllStringIndex(s, -1)
	return len(loc) > 0 && loc[len(loc)-1][1] == len(s)
}

// numberWordsCurrency: the span of the currency in words w, when w is a
// number written out and its currency (whole: every word a number, a
// joiner or the currency; else only the words before the currency), with
// at least one number word.
func numberWordsCurrency(w string, whole bool) ([2]int, bool) {
	var loc []int
	for _, l := range reCurPhrase.FindAllStringIndex(w, -1) {
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
		if !reNumberWord.MatchString(word) {
			return [2]int{}, false
		}
		if reRealNumberWord.MatchString(word) {
			n++
		}
	}
	return [2]int{loc[0], loc[1]}, n > 0
}
