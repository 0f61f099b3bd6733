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
	"qsc", "qpsc", "qscc", "qcsc", "qfzc", "bsc", "bscc", "ksc", "kscc", "kscp", "ksca", "ksccc", "sae", "pjscc",
	"fze", "fzco", "fzc", "fz", "fzllc", "fzlle", "dmcc", "llp", "lp", "ltd", "limited", "liability", "co", "company", "corp",
	"corporation", "inc", "incorporated", "plc", "gmbh", "ag", "bv", "nv", "sa", "sarl", "sas", "srl", "spa", "pte", "pty", "pvt",
	"private", "sdn", "bhd", "ooo", "zao", "oao", "pao", "tov", "sal", "lda", "ltda", "kft", "proprietorship",
	// Arabic: شركة, مؤسسة and the abbreviations ش.م.م (LLC), ش.م.ع.ع
	// (SAOG), ش.م.ع.م (SAOC), ش.ش.و (SPC), ذ.م.م (UAE LLC), ش.م.ب
	// (Bahrain), ش.م.ك (Kuwait), ش.م.ع (PJSC), م.م.ح (free zone).
	"شركه", "موسسه", "شمق", "شمقع", "شمل", "شمم", "شمعع", "شمعم", "شمع", "ششو", "ذمم", "شذمم", "شمب", "شمبم", "شمك", "شمكع", "شمكم", "ممح", "شممح",
	// Persian: شرکت (company). Arabic خاص (private), as Private is;
	// وشركاه (and partners), as & Co. is.
	"شركت", "خاص", "خاصه", "شركاه", "وشركاه", "وشركاوه",
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
	// Persian: سهامی خاص (private joint stock), سهامی عام (public),
	// با مسئولیت محدود (limited liability).
	{"سهامي", "خاص"},
	{"سهامي", "عام"},
	{"با", "مسئوليت", "محدود"},
	{"مسئوليت", "محدود"},
}

// articles are the article (Al, El) and آل (family of): the word after
// them is a family or tribal name (or a company's word). ال alone is آل
// folded.
var articles = setOf("al", "el", "ul", "ال")

// kinship words: the word after bin, ibn, bint is a father's (or an
// ancestor's) name.
var kinship = setOf("bin", "ibn", "bint", "binti", "ben", "bn", "بن", "ابن", "بنت")

// particles are the other connectives removed: and, of. Abu (father of)
// is joined to the word after it (joinAbu).
var particles = setOf(
	"and", "the", "of", "for", "und", "et",
	"و",
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

// setOf is a set of words, the Arabic ones folded as tokens are
// (hamza dropped, alef and ya variants folded).
func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		if isArabicWord(w) {
			w = foldArabic(w)
		}
		m[w] = true
	}
	return m
}

// leadTitles are titles removed only where a name starts with them
// (Seyed Ali Khamenei, Ayatollah, Imam): some are names too elsewhere.
var leadTitles = setOf(
	"seyed", "seyyed", "seyyid", "sayed", "sayyed", "syed", "sayyad", "sayid", "sayyida", "seyyedeh", "seyedeh",
	"ayatollah", "ayatullah", "ayatolla", "ayatlah", "hojatoleslam", "hojjatoleslam", "hujjatulislam", "allameh", "mullah", "mulla", "maulana", "mawlana", "molana", "imam", "mufti", "grand",
	"prince", "princess", "president", "minister", "hon", "honourable", "honorable", "sir", "lord",
	"sh", "shk", "hrh", // Sh. Mohammed: Sheikh abbreviated; H.R.H.
	"سماحه", "فضيله", "ايهله", "ايتله", "ايتالله", "حجهالاسلام", "دكتر", "مهندسه", "استاد", "سردار", "سرتيپ", "سرلشكر", "سپهبد", "ژنرال", "شيخه",
)

// rankTitles are military and police ranks: removed where a person's name
// starts with them, kept in a company's name (General Trading).
var rankTitles = setOf(
	"general", "gen", "genl", "brig", "brigadier", "col", "colonel", "lt", "lieut", "lieutenant", "maj", "major", "capt", "captain", "cpt",
	"adm", "admiral", "commander", "cmdr", "cdr", "marshal", "field", "vice", "rear", "sgt", "sergeant", "cpl", "corporal", "commodore",
	"لواء", "عميد", "عقيد", "مقدم", "نقيب", "ملازم", "مشير", "عماد", "جنرال",
)

// articleTitles are titles only with the article (الرائد the major,
// الأمير the prince, الإمام): without it they are given names (Raed,
// Amir).
var articleTitles = setOf("رائد", "فريق", "امير", "اميره", "امام", "سيد", "سيده", "شيخ", "شيخه", "دكتور", "مهندس")

// titlePhrases are titles of several words.
var titlePhrases = [][]string{
	{"his", "highness"}, {"her", "highness"}, {"his", "excellency"}, {"her", "excellency"},
	{"his", "eminence"}, {"his", "majesty"}, {"her", "majesty"}, {"royal", "highness"},
	{"ايه", "له"}, {"حجه", "اسلام"}, {"ايت", "له"}, {"صاحب", "سمو"}, {"صاحب", "معالي"}, {"صاحبه", "سمو"},
}

// companyWords name a business, an organisation or what it does: a name
// with one is compared as a company's (every word, in order).
var companyWords = setOf(
	"trading", "trade", "traders", "services", "service", "bank", "banking", "group", "holding", "holdings", "industries", "industry",
	"industrial", "international", "national", "petroleum", "oil", "gas", "petrochemical", "petrochemicals", "energy", "steel",
	"cement", "shipping", "logistics", "logistic", "transport", "transportation", "airlines", "airline", "airways", "aviation", "marine", "maritime",
	"engineering", "contracting", "contractors", "construction", "investment", "investments", "insurance", "exchange", "finance",
	"financial", "capital", "partners", "enterprises", "enterprise", "commercial", "factory", "factories", "mills", "foods", "food",
	"fisheries", "feeds", "pharmacy", "pharmaceuticals", "pharmaceutical", "hospital", "clinic", "university", "agency", "bureau",
	"authority", "ministry", "council", "foundation", "society", "association", "organization", "organisation", "front", "movement",
	"party", "brigade", "brigades", "corps", "army", "battalion", "committee", "institute", "center", "centre", "network", "media", "telecom", "telecommunications", "electric", "electricity", "electronics",
	"technologies", "technology", "tech", "solutions", "systems", "consulting", "consultancy", "consultants", "development", "properties",
	"property", "resources", "mining", "chemicals", "chemical", "plastics", "motors", "textiles", "textile", "import", "export", "imports",
	"exports", "supplies", "supply", "equipment", "products", "manufacturing", "cables", "paints", "ceramics", "aluminium", "aluminum",
	"flour", "metals", "minerals", "shipyard", "port", "ports", "terminal", "terminals", "airport", "fund", "trust", "distribution",
	"industrie", "handels", "gesellschaft", "societe", "compagnie", "sanayi", "ticaret",
	"بنك", "مصرف", "بانك", "تجاره", "خدمات", "مجموعه", "قابضه", "صناعات", "صناعه", "نفط", "غاز", "بترول", "طاقه", "تامين", "مقاولات",
	"استثمار", "استثمارات", "شحن", "نقل", "مصنع", "مصانع", "حركه", "جبهه", "منظمه", "جمعيه", "هيئه", "وزاره", "جامعه", "مستشفى",
	"صيدليه", "انترناشونال", "ستيل", "كيبلز", "فارمسي", "وطنيه", "دوليه", "شركت", "صنايع", "گروه", "مؤسسه",
)

// abbreviations are shortened given names and company words written in
// lists and registers, and the word they stand for.
var abbreviations = map[string]string{"mohd": "mohammed", "mhd": "mohammed", "muhd": "muhammad", "mohd.": "mohammed",
	// A company's words.
	"mgmt": "management", "intl": "international", "natl": "national", "svcs": "services", "mfg": "manufacturing",
	"bros": "brothers", "hldgs": "holdings", "grp": "group", "engg": "engineering", "inds": "industries", "trdg": "trading",
	"contg": "contracting", "mktg": "marketing", "ins": "insurance",
}
