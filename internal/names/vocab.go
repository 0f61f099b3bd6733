package names

// The words Normalize removes. Keys are folded words as tokens() sees
// them: lower case, initials joined (L.L.C. → llc, ش.م.م → شمم), Arabic
// letters folded and the article removed (الشركة → شركه).

// legalForms are company legal forms and their abbreviations in Oman,
// the other GCC states and the common foreign ones. Descriptors that are
// part of a name (Trading, Services, Group, Holding) are not among them.
var legalForms = setOf(
	// Oman: LLC, SAOG (public joint stock), SAOC (closed), SPC (single
	// person), establishment; and the GCC's WLL, PJSC, PSC, QSC, BSC, KSC.
	"llc", "saog", "saoc", "sao", "spc", "est", "establishment", "wll", "pjsc", "psc", "jsc", "cjsc", "ojsc",
	"qsc", "qpsc", "qscc", "qfzc", "bsc", "bscc", "ksc", "kscc", "kscp", "ksca", "ksccc", "sae", "pjscc",
	"fze", "fzco", "fzc", "fz", "fzllc", "fzlle", "dmcc", "llp", "lp", "ltd", "limited", "liability", "co", "company", "corp",
	"corporation", "inc", "incorporated", "plc", "gmbh", "ag", "bv", "nv", "sa", "sarl", "sas", "srl", "spa", "pte", "pty", "pvt",
	"private", "sdn", "bhd", "ooo", "zao", "oao", "lda", "ltda", "kft", "proprietorship",
	// Arabic: شركة, مؤسسة and the abbreviations ش.م.م (LLC), ش.م.ع.ع
	// (SAOG), ش.م.ع.م (SAOC), ش.ش.و (SPC), ذ.م.م (UAE LLC), ش.م.ب
	// (Bahrain), ش.م.ك (Kuwait), ش.م.ع (PJSC), م.م.ح (free zone).
	"شركه", "موسسه", "شمم", "شمعع", "شمعم", "شمع", "ششو", "ذمم", "شذمم", "شمب", "شمبم", "شمك", "شمكع", "شمكم", "ممح", "شممح",
)

// legalPhrases are legal forms of several words.
var legalPhrases = [][]string{
	{"sole", "proprietorship"},
	{"public", "joint", "stock"},
	{"closed", "joint", "stock"},
	{"joint", "stock"},
	{"single", "person"},
	{"ذات", "مسووليه", "محدوده"},
	{"مسووليه", "محدوده"},
	{"محدوده", "مسووليه"},
	{"مساهمه", "عامه"},
	{"مساهمه", "مقفله"},
	{"شخص", "واحد"},
}

// particles are articles, kinship words and connectives: Al, bin, ibn,
// bint, and, of. Abu (father of) is kept: it starts many place and family
// names (Abu Dhabi).
var particles = setOf(
	"al", "el", "ul", "bin", "ibn", "bint", "binti", "ben", "bn",
	"and", "the", "of", "for", "und", "et",
	"ال", "بن", "ابن", "بنت", "و",
)

// honorifics are titles that are not part of a name.
var honorifics = setOf(
	"sheikh", "shaikh", "sheik", "shaykh", "sheikha", "shaikha", "shaykha", "sheikhah", "shaikhah",
	"sayyid", "sayyida", "sayyidah", "sayyidati",
	"hh", "he", "his", "her", "highness", "excellency",
	"dr", "doctor", "eng", "engr", "engineer", "prof", "professor", "mr", "mrs", "ms", "miss", "mister", "madam",
	"haj", "haji", "hajji", "hajj", "alhaj", "alhajj",
	"شيخ", "شيخه", "سيد", "سيده", "دكتور", "دكتوره", "د", "مهندس", "مهندسه", "م", "حاج", "حاجه", "سمو", "سموه", "معالي", "سعاده", "فضيله", "صاحب",
)

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}
