package documentfacts

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Governing law: the jurisdiction named by a governing-law clause or
// label, in English and Arabic, as ISO 3166.
//
// English: a jurisdiction is read where a law is named by it — "the
// laws of X", "the substantive law of X", "the laws in force in X", "X
// law", "Omani law" — in a sentence that says the law governs: a
// governing word before it in the sentence (governed by, construed,
// interpreted, subject to, governing law, applicable law) or a verb
// after it ("Dutch law governs", "English law shall apply"). Arabic: a
// governing verb or phrase (يخضع, يحكم, يفسر, يسري, القانون الواجب
// التطبيق, ...) followed in its sentence by قانون/قوانين and a known
// jurisdiction (سلطنة عمان, العماني, ...). A company "incorporated under
// the laws of X" names no governing law, and a heading such as
// "القانون الواجب التطبيق وتسوية النزاعات" gives nothing (an Arabic law
// is reported only when its jurisdiction is known).

var (
	lawName = `([A-Z][A-Za-z'-]*(?:\s+(?:of|and|the|[A-Z][A-Za-z'-]*)){0,5})`
	// reLawOf: "the laws of X", "the substantive law of the Federal
	// Republic of Germany", "the laws in force in X".
	reLawOf = regexp.MustCompile(`(?i:\b(?:laws?|legislation)(?:\s+and\s+(?:regulations|rules|statutes))?\s+(?:of|(?:(?:for\s+the\s+time\s+being|from\s+time\s+to\s+time|currently|then)\s+)?(?:in\s+force|in\s+effect|applicable|prevailing|applied)\s+(?:in|by)(?:\s+the\s+courts\s+of)?|of\s+and\s+in\s+force\s+in))\s+(?:(?i:the)\s+)?` + lawName)
	// reLawNumbered: a statute named by its number, then the state that
	// made it ("Law No. 4 of 2008 on Property Leasing of the State of
	// Qatar", "Federal Law No. 5 of 1985 of the United Arab Emirates").
	reLawNumbered = regexp.MustCompile(`(?i:\b(?:law|decree|code)\s+(?:no\.?|number|n°)\s*[0-9/]+(?:\s+of\s+[0-9]{4})?[^.;()]{0,80}?\bof)\s+(?:(?i:the)\s+)?` + lawName)
	// reLawTrigger: a governing word in the sentence before the law.
	reLawTrigger = regexp.MustCompile(`(?i)\b(?:governed|governs?|governing|construed|interpreted|subject\s+to|applicable\s+law|law\s+applicable|proper\s+law|choice\s+of\s+law|law\s+and\s+jurisdiction)\b`)
	// reLawVerbAfter: "Dutch law governs", "English law shall apply".
	reLawVerbAfter = regexp.MustCompile(`^(?:\s+(?:shall|will|is\s+to|does|exclusively|solely|alone))?\s+(?i:governs?|appl(?:y|ies)|prevails?|shall\s+govern|is\s+applicable|be\s+applicable|(?:is|be)\s+the\s+(?:sole\s+|exclusive\s+)?(?:governing|applicable|proper|chosen)\s+law|(?:is|be)\s+the\s+law\s+(?:applicable|governing)|(?:is|are|be)\s+(?:hereby\s+)?(?:chosen|selected|agreed)\s+as)\b`)
	// reIncorporated: "incorporated under the laws of X" describes a
	// company, not the law that governs the document.
	reIncorporated = regexp.MustCompile(`(?i)\b(?:incorporated|registered|organi[sz]ed|established|existing|formed)\s+(?:and\s+\w+\s+)?(?:under|in\s+accordance\s+with|pursuant\s+to)\s+(?:the\s+)?$`)
	reLawLabel     = regexp.MustCompile(`(?i:(?:governing|applicable|proper)\s+law)\s*[:：.|=–—-]\s*(?:(?i:the)\s+)?(?:(?i:laws?\s+of)\s+)?(?:(?i:the)\s+)?` + lawName)
	// reLawTriggerAR: a governing verb or phrase.
	reLawTriggerAR = regexp.MustCompile(`(?:تفسير|وفقاً\s+لل?قوانين|وفقا\s+لل?قوانين|طبقاً\s+لل?قوانين|طبقا\s+لل?قوانين|يخضع|تخضع|يحكم|تحكم|يفسر|تفسر|يُفسر|تُفسر|يسري|تسري|يطبق|تطبق|يُطبق|تُطبق|القانون\s+الواجب\s+التطبيق|القانون\s+الحاكم|القانون\s+المطبق|القانون\s+المختص)`)
)

// jurisdictions maps how a governing law is written to ISO 3166: names
// (after "the laws of") and adjectives ("Omani law", القانون العماني),
// lower-case.
var jurisdictions = []struct {
	code        string
	names, adjs []string
}{
	{"OM", []string{"sultanate of oman", "oman", "sultanate", "سلطنة عمان", "سلطنة عُمان", "عمان", "عُمان", "السلطنة"}, []string{"omani", "العماني", "العمانية", "السلطاني", "سلطاني"}},
	{"AE", []string{"united arab emirates", "uae", "u.a.e", "emirate of dubai", "emirate of abu dhabi", "dubai", "abu dhabi", "الإمارات العربية المتحدة", "دولة الإمارات", "الإمارات", "الامارات", "إمارة دبي", "دبي", "أبوظبي", "أبو ظبي"}, []string{"emirati", "uae", "dubai", "الإماراتي", "الإماراتية", "الاماراتي"}},
	{"SA", []string{"kingdom of saudi arabia", "saudi arabia", "ksa", "المملكة العربية السعودية", "السعودية"}, []string{"saudi", "saudi arabian", "السعودي", "السعودية"}},
	{"GB", []string{"england and wales", "england & wales", "england", "united kingdom", "scotland"}, []string{"english", "scots", "scottish", "الإنجليزي", "الإنكليزي", "الانجليزي", "البريطاني"}},
	{"QA", []string{"state of qatar", "qatar", "دولة قطر", "قطر"}, []string{"qatari", "القطري", "القطرية"}},
	{"BH", []string{"kingdom of bahrain", "bahrain", "مملكة البحرين", "البحرين"}, []string{"bahraini", "البحريني", "البحرينية"}},
	{"KW", []string{"state of kuwait", "kuwait", "دولة الكويت", "الكويت"}, []string{"kuwaiti", "الكويتي", "الكويتية"}},
	{"EG", []string{"arab republic of egypt", "egypt", "جمهورية مصر العربية", "مصر"}, []string{"egyptian", "المصري", "المصرية"}},
	{"JO", []string{"hashemite kingdom of jordan", "jordan", "المملكة الأردنية الهاشمية", "الأردن"}, []string{"jordanian", "الأردني", "الأردنية"}},
	{"SG", []string{"republic of singapore", "singapore"}, []string{"singapore", "singaporean"}},
	{"US-NY", []string{"state of new york", "new york"}, []string{"new york"}},
	{"US-DE", []string{"state of delaware", "delaware"}, []string{"delaware"}},
	{"US-CA", []string{"state of california", "california"}, []string{"california", "californian"}},
	{"US-TX", []string{"state of texas", "texas"}, []string{"texas"}},
	{"IN", []string{"republic of india", "india", "الهند"}, []string{"indian", "الهندي"}},
	{"PK", []string{"islamic republic of pakistan", "pakistan"}, []string{"pakistani"}},
	{"CH", []string{"swiss confederation", "switzerland", "سويسرا"}, []string{"swiss", "السويسري"}},
	{"FR", []string{"french republic", "republic of france", "france", "فرنسا"}, []string{"french", "الفرنسي"}},
	{"DE", []string{"federal republic of germany", "germany", "ألمانيا", "المانيا"}, []string{"german", "الألماني", "الالماني"}},
	{"NL", []string{"kingdom of the netherlands", "the netherlands", "netherlands", "holland", "هولندا"}, []string{"dutch", "netherlands", "الهولندي"}},
	{"BE", []string{"kingdom of belgium", "belgium"}, []string{"belgian"}},
	{"LU", []string{"grand duchy of luxembourg", "luxembourg"}, []string{"luxembourg"}},
	{"IE", []string{"republic of ireland", "ireland"}, []string{"irish"}},
	{"IT", []string{"italian republic", "italy"}, []string{"italian"}},
	{"ES", []string{"kingdom of spain", "spain"}, []string{"spanish"}},
	{"PT", []string{"portuguese republic", "portugal"}, []string{"portuguese"}},
	{"AT", []string{"republic of austria", "austria"}, []string{"austrian"}},
	{"SE", []string{"kingdom of sweden", "sweden"}, []string{"swedish"}},
	{"DK", []string{"kingdom of denmark", "denmark"}, []string{"danish"}},
	{"NO", []string{"kingdom of norway", "norway"}, []string{"norwegian"}},
	{"FI", []string{"republic of finland", "finland"}, []string{"finnish"}},
	{"PL", []string{"republic of poland", "poland"}, []string{"polish"}},
	{"CY", []string{"republic of cyprus", "cyprus"}, []string{"cypriot", "cyprus"}},
	{"TR", []string{"republic of turkey", "republic of türkiye", "turkey", "türkiye", "تركيا"}, []string{"turkish", "التركي"}},
	{"HK", []string{"hong kong special administrative region", "hong kong"}, []string{"hong kong"}},
	{"CN", []string{"people's republic of china", "china", "الصين"}, []string{"chinese", "prc", "الصيني"}},
	{"JP", []string{"japan"}, []string{"japanese"}},
	{"KR", []string{"republic of korea", "south korea", "korea"}, []string{"korean"}},
	{"AU", []string{"commonwealth of australia", "australia"}, []string{"australian"}},
	{"ZA", []string{"republic of south africa", "south africa"}, []string{"south african"}},
	{"LB", []string{"lebanese republic", "lebanon", "لبنان"}, []string{"lebanese", "اللبناني"}},
	{"IQ", []string{"republic of iraq", "iraq", "العراق"}, []string{"iraqi", "العراقي"}},
	{"MA", []string{"kingdom of morocco", "morocco", "المغرب"}, []string{"moroccan", "المغربي"}},
	{"BN", []string{"sultanate of brunei", "brunei darussalam", "brunei"}, []string{"bruneian"}},
	// Round 15: the other emirates, and countries beyond the Gulf and
	// Europe that contracts in the region choose.
	{"AE", []string{"emirate of sharjah", "sharjah", "emirate of ajman", "ajman", "emirate of ras al khaimah", "ras al khaimah", "emirate of fujairah", "fujairah", "emirate of umm al quwain", "umm al quwain",
		"إمارة الشارقة", "الشارقة", "إمارة عجمان", "عجمان", "إمارة رأس الخيمة", "رأس الخيمة", "الفجيرة", "أم القيوين"}, nil},
	{"US", []string{"united states of america", "united states", "usa", "u.s.a", "u.s", "الولايات المتحدة الأمريكية", "الولايات المتحدة"}, []string{"american", "us", "u.s", "الأمريكي", "الامريكي"}},
	{"US-FL", []string{"state of florida", "florida"}, []string{"florida"}},
	{"US-IL", []string{"state of illinois", "illinois"}, []string{"illinois"}},
	{"US-MA", []string{"commonwealth of massachusetts", "massachusetts"}, []string{"massachusetts"}},
	{"US-NJ", []string{"state of new jersey", "new jersey"}, []string{"new jersey"}},
	{"US-PA", []string{"commonwealth of pennsylvania", "pennsylvania"}, []string{"pennsylvania"}},
	{"US-NV", []string{"state of nevada", "nevada"}, []string{"nevada"}},
	{"GB", []string{"wales", "northern ireland"}, []string{"welsh"}},
	{"MY", []string{"malaysia", "ماليزيا"}, []string{"malaysian", "الماليزي"}},
	{"CA", []string{"canada"}, []string{"canadian"}},
	{"LK", []string{"democratic socialist republic of sri lanka", "sri lanka"}, []string{"sri lankan"}},
	{"BD", []string{"people's republic of bangladesh", "bangladesh"}, []string{"bangladeshi"}},
	{"PH", []string{"republic of the philippines", "philippines"}, []string{"philippine"}},
	{"ID", []string{"republic of indonesia", "indonesia"}, []string{"indonesian"}},
	{"TH", []string{"kingdom of thailand", "thailand"}, []string{"thai"}},
	{"VN", []string{"socialist republic of vietnam", "vietnam", "viet nam"}, []string{"vietnamese"}},
	{"NZ", []string{"new zealand"}, []string{"new zealand"}},
	{"NG", []string{"federal republic of nigeria", "nigeria"}, []string{"nigerian"}},
	{"KE", []string{"republic of kenya", "kenya"}, []string{"kenyan"}},
	{"GR", []string{"hellenic republic", "greece"}, []string{"greek"}},
	{"RU", []string{"russian federation", "russia"}, []string{"russian"}},
	{"BR", []string{"federative republic of brazil", "brazil"}, []string{"brazilian"}},
	{"MX", []string{"united mexican states", "mexico"}, []string{"mexican"}},
	{"CZ", []string{"czech republic", "czechia"}, []string{"czech"}},
	{"HU", []string{"hungary"}, []string{"hungarian"}},
	{"RO", []string{"romania"}, []string{"romanian"}},
	{"MT", []string{"republic of malta", "malta"}, []string{"maltese"}},
	{"MU", []string{"republic of mauritius", "mauritius"}, []string{"mauritian"}},
	{"JE", []string{"bailiwick of jersey", "jersey"}, nil},
	{"GG", []string{"bailiwick of guernsey", "guernsey"}, nil},
	{"IM", []string{"isle of man"}, []string{"manx"}},
	{"KY", []string{"cayman islands"}, []string{"cayman islands"}},
	{"VG", []string{"british virgin islands"}, []string{"bvi"}},
	{"TN", []string{"republic of tunisia", "tunisia", "الجمهورية التونسية", "تونس"}, []string{"tunisian", "التونسي"}},
	{"DZ", []string{"algeria", "الجزائر"}, []string{"algerian", "الجزائري"}},
	{"LY", []string{"state of libya", "libya", "ليبيا"}, []string{"libyan", "الليبي"}},
	{"SD", []string{"republic of the sudan", "sudan", "السودان"}, []string{"sudanese", "السوداني"}},
	{"YE", []string{"republic of yemen", "yemen", "الجمهورية اليمنية", "اليمن"}, []string{"yemeni", "اليمني"}},
	{"SY", []string{"syrian arab republic", "syria", "سوريا", "سورية"}, []string{"syrian", "السوري"}},
	{"PS", []string{"state of palestine", "palestine", "دولة فلسطين", "فلسطين"}, []string{"palestinian", "الفلسطيني"}},
}

// jurisdiction is the ISO 3166 code of a jurisdiction's name or
// adjective at the start of s ("Sultanate of Oman", "the Federal Republic
// of Germany", "Omani law"), or "".
func jurisdiction(s string) string {
	code, _ := jurisdictionAt(s)
	return code
}

// jurisdictionAt is jurisdiction with the length (bytes) of the name or
// adjective it read at the start of s (after "the ").
func jurisdictionAt(s string) (code string, n int) {
	w := lowerASCII(strings.TrimSpace(s))
	lead := len(s) - len(strings.TrimLeft(s, " \t"))
	if strings.HasPrefix(w, "the ") {
		w, lead = w[4:], lead+4
	}
	best := 0
	for _, j := range jurisdictions {
		for _, x := range slices.Concat(j.names, j.adjs) {
			if len(x) > best && strings.HasPrefix(w, x) && wordEnds(w, len(x)) {
				code, best = j.code, len(x)
			}
		}
	}
	if best == 0 {
		return "", 0
	}
	return code, lead + best
}

// wordEnds reports whether s[:i] ends a word (no letter follows).
func wordEnds(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !unicode.IsLetter(r)
}

// subjectWords begin a sentence's subject, never a jurisdiction.
var subjectWords = []string{"this", "these", "that", "those", "each", "any", "all", "such", "agreement", "contract", "lease",
	"terms", "party", "parties", "document", "order", "invoice", "tender", "policy", "company", "supplier", "customer", "buyer", "seller"}

// reVerbAfter: the words after a label's value carry on a sentence (the
// value was its subject: "Governing law. This Agreement is governed ...").
var reVerbAfter = regexp.MustCompile(`^\s*(?i:is|are|was|shall|will|must|may|and|agrees?|hereby|governed|be|has|have)\b`)

// subjectPhrase reports whether a value taken after a "Governing law"
// label or heading is the subject of the sentence that follows it rather
// than the law: its first word is a determiner or a document or party
// noun and it names no known jurisdiction, or a verb follows it.
func subjectPhrase(v, after string) bool {
	if reVerbAfter.MatchString(after) {
		return true
	}
	if jurisdiction(v) != "" {
		return false
	}
	first, _, _ := strings.Cut(lowerASCII(v), " ")
	return slices.Contains(subjectWords, first)
}

// lawSentence is the part of t before at that is in at's sentence (after
// the last full stop followed by a space, semicolon or line break), at
// most 200 bytes.
func lawSentence(t string, at int) string {
	s := t[max(0, at-200):at]
	for _, sep := range []string{". ", "; ", "\n", "؛", ". "} {
		if i := strings.LastIndex(s, sep); i >= 0 {
			s = s[i+len(sep):]
		}
	}
	return s
}

// lawFields are the words between a jurisdiction and "law" ("Omani
// substantive law", "Qatar Labour Law", "UAE Commercial Transactions
// Law").
var lawFields = []string{"substantive", "federal", "civil", "internal", "domestic", "labour", "labor", "employment", "commercial", "transactions",
	"companies", "company", "tenancy", "leasing", "lease", "contracts", "obligations", "procurement", "tender", "tax"}

// wrappedBefore is the sentence before t[:at] when t continues the
// sentence of the block before it (plain text wrapped at a fixed width:
// "... is subject to Royal Decree No. 6/89 and the other\nlaws of the
// Sultanate of Oman."): prev's last sentence, then t's text before at.
func wrappedBefore(t string, at int, prev string) string {
	before := lawSentence(t, at)
	p := strings.TrimSpace(prev)
	if p == "" || len(before) < len(strings.TrimLeft(t[:at], " ")) || strings.ContainsAny(p[len(p)-1:], ".;:؛") {
		return before
	}
	p = p[max(0, len(p)-200):]
	if locs := reSentenceGap.FindAllStringIndex(p, -1); len(locs) > 0 {
		p = p[locs[len(locs)-1][1]-1:] // an abbreviation's stop ("No. 6/89") ends no sentence
	}
	return p + " " + before
}

func (x *extractor) law(t string, base int, prev string) {
	found := x.lawIn(t, t, base, prev, nil)
	// A clause wrapped across lines ("... subject to the Labour Law,
	// Law No. 36 of 2012," / "of the Kingdom of Bahrain."; "... في المملكة"
	// / "العربية السعودية"): read the block before and this one as one
	// text, and keep what this block alone did not give.
	if raw, jbase, ok := x.lawJoined(base, len(t), prev); ok {
		x.lawIn(strings.ReplaceAll(raw, "\n", " "), raw, jbase, "", func(s, e int) bool {
			if e <= base {
				return false
			}
			for _, k := range found {
				if s < k[1] && k[0] < e {
					return false
				}
			}
			return true
		})
	}
}

// lawIn reads the governing laws of t (raw as written: t is raw with its
// line breaks made spaces, or raw itself) at base; keep, when given,
// says which spans (offsets in the text) to report. It returns the spans
// it reported.
func (x *extractor) lawIn(t, raw string, base int, prev string, keep func(s, e int) bool) [][2]int {
	type span struct{ s, e int }
	var taken []span
	var reported [][2]int
	// add reports t[ms:me] as a governing law; code, when given, is its
	// jurisdiction already read (Arabic, read without its short vowels).
	add := func(ms, me int, method string, conf float64, code string) {
		for _, k := range taken {
			if ms < k.e && k.s < me {
				return
			}
		}
		v := strings.TrimSpace(t[ms:me])
		// Trim a trailing connective the pattern may have taken.
		for _, suf := range []string{" and", " the", " of", " without", " in", " with", " excluding", " except", " وذلك", " و"} {
			v = strings.TrimSuffix(v, suf)
		}
		ms += strings.Index(t[ms:me], v)
		if code == "" {
			code = jurisdiction(v)
		}
		if code == "" && (noPlace(v) || method == "clause" && strings.TrimSpace(t[ms+len(v):]) == "" && !strings.ContainsAny(t[len(t)-1:], ".;؛")) {
			// "the Laws of Nature", "Governing Law: As set out in ...",
			// or a name the line breaks ("the laws of the United").
			return
		}
		if keep != nil && !keep(base+ms, base+ms+len(v)) {
			return
		}
		if code != "" && method != "labeled_field" {
			// Keep the jurisdiction as named ("Sultanate of Oman",
			// "Omani law"), not the words the pattern ran on into.
			if _, n := jurisdictionAt(v); n > 0 && n < len(v) && !strings.HasPrefix(lowerASCII(v[n:]), " law") {
				v = strings.TrimSpace(v[:n])
			}
		}
		me = ms + len(v)
		if i := strings.LastIndexByte(raw[ms:me], '\n'); i >= 0 {
			// A name the line breaks is shown by its part on this
			// block's line (the evidence is one block's).
			ms += i + 1
		}
		v = raw[ms:me]
		f := Fact{Type: TypeGoverningLaw, Key: "governing_law", Label: "Governing law", Value: v, Normalized: code, Method: method, Confidence: conf}
		if code == "" {
			f.Confidence = 0.7
		}
		taken = append(taken, span{ms, ms + len(v)})
		reported = append(reported, [2]int{base + ms, base + ms + len(v)})
		x.add(candidate{fact: f, start: base + ms, end: base + ms + len(v), prio: 4})
	}
	headedAbove := x.lawHeadingAbove(base)
	// Under a "Governing Law" heading, a block that is only the law
	// ("The laws of Oman.", "English law.", "قوانين سلطنة عمان").
	if len(t) <= 160 && headedAbove {
		if code, s, e := lawAlone(t); code != "" {
			add(s, e, "clause", 0.85, code)
		}
	}
	// Under a "Governing Law" heading, the law its first sentence names.
	headed := headedAbove
	first := firstSentenceEnd(t)
	lower := lowerASCII(t)
	if strings.Contains(lower, "law") || strings.Contains(lower, "legislation") {
		// "the laws of X" in a governing sentence.
		for _, m := range reLawOf.FindAllStringSubmatchIndex(t, -1) {
			before := wrappedBefore(t, m[0], prev)
			if reIncorporated.MatchString(before) {
				continue
			}
			if reLawTrigger.MatchString(before) || reLawVerbAfter.MatchString(t[m[3]:]) || reLawLabel.MatchString(before+t[m[0]:m[3]]) || lawLinked(before) || headed && m[0] < first {
				add(m[2], m[3], "clause", 0.9, "")
			}
		}
		for _, m := range reLawNumbered.FindAllStringSubmatchIndex(t, -1) {
			if jurisdiction(t[m[2]:m[3]]) != "" && reLawTrigger.MatchString(lawSentence(t, m[0])) {
				add(m[2], m[3], "clause", 0.85, "")
			}
		}
		// "Omani law", "New York law", "Dutch law governs".
		for _, m := range reLawWord.FindAllStringIndex(t, -1) {
			code, n := x.lawAdjective(t, m[0])
			if code == "" || reLawFirm.MatchString(t[m[1]:]) {
				continue
			}
			before := wrappedBefore(t, n, prev)
			if reIncorporated.MatchString(before) {
				continue
			}
			if reLawTrigger.MatchString(before) || reLawVerbAfter.MatchString(t[m[1]:]) || (lawLinked(before) || headed && m[0] < first) && !statuteField(t, n, m[0]) {
				add(n, m[1], "clause", 0.88, "")
			}
		}
		for _, m := range reLawLabel.FindAllStringSubmatchIndex(t, -1) {
			if subjectPhrase(t[m[2]:m[3]], t[m[3]:]) {
				continue
			}
			add(m[2], m[3], "labeled_field", 0.9, "")
		}
	}
	// "This Contract is an Omani contract."
	for _, m := range reContractOf.FindAllStringSubmatchIndex(t, -1) {
		if code, n := jurisdictionAt(t[m[2]:m[3]]); code != "" && n == m[3]-m[2] && reThisContract.MatchString(lawSentence(t, m[0])) {
			add(m[2], m[3], "clause", 0.85, code)
		}
	}
	x.lawArabic(t, add)
	return reported
}

// lawArabic reads the Arabic governing-law clauses of t (see law), with
// t's short vowels taken out.
func (x *extractor) lawArabic(t string, add func(ms, me int, method string, conf float64, code string)) {
	if !strings.ContainsFunc(t, func(r rune) bool { return unicode.Is(unicode.Arabic, r) }) {
		return
	}
	s, idx := lawUnvowelled(t)
	found := func(from int, rest string) bool {
		if code, i, e := arJurisdictionAfter(rest); code != "" {
			add(idx[from+i], idx[from+e], "clause", 0.9, code)
			return true
		}
		return false
	}
	// A governing phrase, then in its sentence a law word and a known
	// jurisdiction.
	for _, m := range reLawTriggerAR.FindAllStringIndex(s, -1) {
		rest := arSentenceEnd(s[m[1]:])
		if len(rest) > 240 {
			rest = rest[:240]
		}
		law := -1
		for _, w := range []string{"قانون", "قوانين", "أنظمة", "الأنظمة", "انظمة", "تشريعات", "التشريعات"} {
			for off := 0; ; {
				l := strings.Index(rest[off:], w)
				if l < 0 {
					break
				}
				l += off
				if !reIncorporatedAR.MatchString(arLinkTrimmed(rest[:l])) {
					if law < 0 || l < law {
						law = l
					}
					break
				}
				off = l + len(w)
			}
		}
		if law < 0 && !strings.HasPrefix(s[m[0]:m[1]], "القانون") {
			continue
		}
		found(m[1]+max(0, law), rest[max(0, law):])
	}
	// A conformity link in a sentence about a dispute or the contract's
	// interpretation: "يفصل في النزاع وفقاً لقوانين مملكة البحرين".
	for _, m := range reLawLinkAR.FindAllStringIndex(s, -1) {
		before := arSentenceStart(s[max(0, m[0]-240):m[0]])
		if reIncorporatedAR.MatchString(before) || !reLawCueAR.MatchString(before) {
			continue
		}
		rest := arSentenceEnd(s[m[1]:])
		if len(rest) > 160 {
			rest = rest[:160]
		}
		found(m[1], rest)
	}
	// "يكون القانون العماني هو القانون الواجب التطبيق".
	for _, m := range reApplicableIsAR.FindAllStringIndex(s, -1) {
		from := max(0, m[0]-200)
		before := arSentenceStart(s[from:m[0]])
		from = m[0] - len(before)
		for _, w := range []string{"قوانين", "قانون", "القانون", "القوانين", "أنظمة", "الأنظمة"} {
			if l := strings.Index(before, w); l >= 0 {
				if found(from+l+len(w), before[l+len(w):]) {
					break
				}
			}
		}
	}
}

// arLinkTrimmed is s without a conformity link at its end ("مسجلة وفقاً
// ل" is "مسجلة").
func arLinkTrimmed(s string) string {
	s = strings.TrimRight(s, " ")
	for _, suf := range []string{"ل", "لل", "ال", "لأحكام", "لاحكام", "أحكام"} {
		s = strings.TrimRight(strings.TrimSuffix(s, suf), " ")
	}
	for _, suf := range []string{"وفقا", "وفقاً", "طبقا", "طبقاً", "وفق", "حسب", "بموجب"} {
		s = strings.TrimRight(strings.TrimSuffix(s, suf), " ")
	}
	return s
}

// reLawFirm: "law" in "an English law firm" names no law.
var reLawFirm = regexp.MustCompile(`^\s+(?i:firms?|offices?|practices?|school|faculty|degree|graduate|society)\b`)

// reLawWord finds "law"/"laws" as a word (the adjective or name before it
// is read by lawAdjective).
var reLawWord = regexp.MustCompile(`(?i)\blaws?\b`)

// lawAdjective reads the jurisdiction written right before "law" at
// lawAt ("Omani law", "the substantive Swiss law", "New York law"): its
// code and where its words start.
func (x *extractor) lawAdjective(t string, lawAt int) (string, int) {
	head := strings.TrimRight(t[:lawAt], " ")
	// "Qatar Labour Law No. 14 of 2004", "UAE Commercial Transactions
	// Law": the law's field stands between the jurisdiction and "Law".
	for trimmed := true; trimmed; {
		trimmed = false
		for _, q := range lawFields {
			if h := strings.TrimSuffix(lowerASCII(head), " "+q); len(h) < len(head) {
				head, trimmed = strings.TrimRight(head[:len(h)], " "), true
			}
		}
	}
	// Try the last one, two and three words.
	best, at := "", -1
	for words, i := 0, len(head); words < 3 && i > 0; words++ {
		j := strings.LastIndexAny(head[:i], " \t(\"“,")
		start := j + 1
		w := head[start:]
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) {
			break // adjectives and names are capitalised in English
		}
		if code, n := jurisdictionAt(w); code != "" && n == len(w) {
			best, at = code, start
		}
		if j < 0 {
			break
		}
		i = j
	}
	return best, at
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
