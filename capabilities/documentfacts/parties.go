package documentfacts

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	// personName is a person's name in Latin letters: two to five
	// capitalised words with the Arabic name particles; the accented
	// letters of Latin-1 count ("Joaquín Ferrer Castelló").
	personName = `[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:[ -](?:(?:Al|al|bin|bint|Bin|Bint|El|el|de|van|von|der|den|da|di|du|la|le|dos|das|ter|ten)\b(?:[ -](?:(?:de|der|den|la)\b[ -])?[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)?|[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)){1,4}`
	roleLabels = `landlord|lessor|tenant|lessee|buyer|purchaser|seller|supplier|vendor|customer|client|bill(?:ed)? to|sold to|employer|employee|contractor|consultant|service provider|distributor|disclosing party|discloser|receiving party|recipient|first party|second party|owner|licensor|licensee|guarantor|issued by|issuer|from|to|صادر عن|صادرة عن|المؤجر|المستأجر|البائع|المشتري|المورد|العميل|صاحب العمل|الموظف|الموظفة|المقاول|الطرف الأول|الطرف الثاني|المالك|رب العمل|الجهة المعلنة|الجهة المصدرة|من|إلى|الى`
	orgWord    = `(?:[A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ0-9&'.-]*|&|and|of|for|al|Al|bin|the)`
	// arOrgSuffix: an Arabic legal form, the class of dotted letters
	// that opens with ش، ذ or م (ش.م.م، ش.م.ع.ق، ش.م.ب.م، ش.ذ.م.م، ذ.م.م،
	// م.م.ح), with spaces after the stops or in brackets, or written out.
	arOrgSuffix = `(?:\(\s*` + arForm + `\s*\)|` + arForm + `(?:\s*\(\s*` + formQualifier + `\s*\))?|المحدودة|القابضة|ذات\s+المسؤولية\s+المحدودة)`
	arForm      = `[شذم]\.\s?(?:\p{Arabic}\.\s?){0,3}\p{Arabic}\.?`
)

// orgSuffix is a legal form after a company's name. The Gulf's and
// Europe's initialisms are written with stops or without ("SPC",
// "S.P.C.", "Q.P.S.C.", "KSCP"), so each is matched either way
// (dottedForms).
var orgSuffix = `(?:` + dottedForms("LLC", "SAOG", "SAOC", "SPC", "WLL", "PLC", "PJSC", "PSC", "QSC", "QPSC", "BSC", "KSC", "KSCC", "KSCP",
	"KPSC", "JSC", "FZE", "FZC", "FZCO", "DMCC", "LLP", "SARL", "SAS") +
	`|FZ[- ]LLC|Ltd\.?|Limited|Inc\.?|Corporation|Corp\.?|GmbH|AG|B\.V\.?|N\.V\.?|S\.A\.E\.?|S\.A\.U\.?|S\.L\.U?\.?|S\.A\.|S\.p\.A\.?|S\.r\.l\.?|Oy|A/S|ApS|Pty\.? Ltd\.?|Pvt\.? Ltd\.?|Pte\.? Ltd\.?|Sdn\.? Bhd\.?|Co\.|Company|Group|Holding|Holdings|Enterprises|Establishment|Est\.)`

// dottedForms is an alternation of initialisms, each written with a stop
// after every letter (the last one optional) or with none.
func dottedForms(forms ...string) string {
	// The longer first: "KSCP" before "KSC".
	slices.SortStableFunc(forms, func(a, b string) int { return len(b) - len(a) })
	var alts []string
	for _, f := range forms {
		var b strings.Builder
		for i, r := range f {
			b.WriteRune(r)
			if i < len(f)-1 {
				b.WriteString(`\.`)
			} else {
				b.WriteString(`\.?`)
			}
		}
		alts = append(alts, b.String(), f)
	}
	return strings.Join(alts, "|")
}

var (
	reOrg = regexp.MustCompile(`\b([A-ZÀ-ÖØ-Þ][A-Za-zÀ-ÖØ-öø-ÿ0-9&'.-]*(?:\s+` + orgWord + `){0,6}\s+` + orgSuffix + `(?:,?\s+` + orgSuffix + `)?(?:\s+\((?:(?:[A-Z]\.){2,}[A-Z]?\.?|[a-z]|` + formQualifier + `)\))?)(?:\s|[,.;:)"”*_|/]|$)`)
	// reArOrgDefined: an organisation named by its kind without a
	// legal form ("مستشفى الشفاء التخصصي"), followed by its definition or
	// its representative.
	reArOrgDefined = regexp.MustCompile(`((?:مستشفى|بنك|مصرف|جامعة|كلية|معهد|هيئة|وزارة|بلدية|مجموعة|مصنع|مركز|فندق|مدرسة|جمعية|مختبر|مكتب|دائرة|مديرية|صندوق|مجلس|شرطة|جهاز)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,4}?)\s*[،,]?\s*(?:\(\s*)?(?:ويشار|ويُشار|والمشار|ويسمى|ويمثله|ويمثلها|يمثله|يمثلها|وتمثلها|ومقره|ومقرها|\(\s*["«“])`)
	// reAnnounces: "تعلن بلدية صلالة عن طرح مناقصة": the issuer; a
	// bracket may name its directorate before عن (session 23).
	reAnnounces = regexp.MustCompile(`(?:تعلن|يعلن|أعلنت|اعلنت|تدعو|يدعو)\s+((?:\p{Arabic}+\s+){0,1}(?:مستشفى|بنك|جامعة|كلية|هيئة|وزارة|بلدية|شركة|مؤسسة|مجموعة|مركز|مكتب|دائرة|مديرية|صندوق|مجلس|جهاز|المديرية|الهيئة|الشركة|وزارة)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,4}?)(?:\s*\([^()\n]{1,80}\))?\s+(?:عن|جميع|الشركات|المؤسسات|الراغبين)`)
	reArOrg     = regexp.MustCompile(`((?:شركة|مؤسسة|مجموعة|بنك|مصرف|مستشفى|مصنع|جامعة|كلية|معهد|مكتب|هيئة|وزارة|بلدية|مركز|فندق|مدرسة|جمعية|مختبر)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,5}?\s+` + arOrgSuffix + `(?:\s+` + arOrgSuffix + `)?)|((?:شركة|مؤسسة)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,3}?)(?:\s*[،,(]|\s+(?:` + arTashkeel(arDefCues...) + `|المسجلة|ومقرها|سجل|ص\.ب|وعنوانها|ويمثلها)|$)`)
	honorific   = regexp.MustCompile(`^(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng|Messrs|M/s|Capt|Captain)\.?\s+|(?:السيدة|السيد|الفاضلة|الفاضل|الدكتورة|الدكتور|المهندسة|المهندس|الأستاذة|الأستاذ|الاستاذة|الاستاذ|الشيخة|الشيخ)(?:\s*/\s*|\s+)|[مد]\.\s*)`)
	rePerson    = regexp.MustCompile(`\b(?:Mr|Mrs|Ms|Miss|Dr|Eng|Sheikh)\.?\s+(` + personName + `)`)
	reArPerson  = regexp.MustCompile(`(?:السيدة|السيد|الفاضلة|الفاضل|الدكتورة|الدكتور|المهندسة|المهندس|الأستاذة|الأستاذ|الاستاذة|الاستاذ|الشيخة|الشيخ|(?:^|\s)د\.)(?:\s*/\s*|\s+)(\p{Arabic}+(?:\s+\p{Arabic}+){1,5}?)(?:\s*[،,(]|\s+[-–—]\s|\s+(?:` + arTashkeel(arDefCues...) + `|الجنسية|عماني|عمانية|بطاقة|رقم|ويحمل|يحمل|بصفته|المقيم|المحامي|المحامية|بموجب|مديراً|مديرا|مديرةً|مديرة|رئيساً|رئيسا|ممثلاً|ممثلا|وكيلاً|وكيلا)|$)`)
	// A role in parentheses or after "hereinafter" after a name (see
	// definedRole); ويشار إليه بـ "المؤجر" (reArRole).
	reDefParen    = regexp.MustCompile(`\(([^()]{1,100})\)`)
	reDefBefore   = regexp.MustCompile(`^[^()]*$`)
	reHereinafter = regexp.MustCompile(`(?i)^[^()";]{0,160}?\b(?:hereinafter|hereafter)\b\s*[:,]?\s*(?:(?:referred\s+to\s+as|called|named|known\s+as|designated\s+as|defined\s+as)\b\s*[:,]?\s*)?([^;.,\n()]{1,60}|["“'‘][^"”'’\n]{1,40}["”'’])`)
	reQuotedWord  = regexp.MustCompile(`["“”'«‘’]\s*([^"“”'«»‘’]{2,40}?)\s*["“”'»‘’]`)
	reDefLead     = regexp.MustCompile(`(?i)^\s*(?:(?:hereinafter|hereafter)\s*[:,]?\s*(?:(?:referred\s+to\s+as|called|named|known\s+as)\s*)?|(?:referred\s+to\s+as|called)\s+)?(?:the\s+)?`)
	reArRole      = regexp.MustCompile(`^[^!?؟]{0,160}?(?:` + arTashkeel(arDefCues...) + `)\s*(?:` + arTashkeel("إليها", "إليه", "اليها", "اليه", "إليهم", "لها", "له") + `)?\s*(?:(?:` + arTashkeel("فيما بعد", "فيما يلي", "في هذا العقد", "في هذه الاتفاقية", "في هذا الاتفاق", "لاحقاً", "لاحقا") + `)\s*)?(?:بـ|باسم|ب)?\s*["«“]?([\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2})`)
	// A role label, with its translation ("Seller / البائع") or a note
	// in brackets ("First Party (Employer)"), then the name.
	reLabeled = regexp.MustCompile(`(?i)^[\s*_]*(` + roleLabels + `)(?:\s*/\s*[^:：|/()]{1,30}?)?[\s*_]*(?:\(\s*(?:the\s+)?["“'‘]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+)?|[A-Za-z ]+?)\s*["”'’]?\s*\))?[\s*_]*[:：|-][\s*_]*(.{2,160}|.{2,160}[،,].{0,600})$`)
	// reLabelOnly is a role label alone on its line ("Bill to:"): the
	// name is the next block.
	reLabelOnly = regexp.MustCompile(`(?i)^[\s*_]*(` + roleLabels + `)(?:\s*/\s*[^:：|/()]{1,30}?)?[\s*_]*(?:\(\s*(?:the\s+)?["“'‘]?\s*(\p{Arabic}+(?:\s+\p{Arabic}+)?|[A-Za-z ]+?)\s*["”'’]?\s*\))?[\s*_]*[:：][\s*_]*$`)
	// reDefinedParty: a name without a legal form, defined with a role
	// ("(1) Ministry of Tourism Projects Office, Muscat (the "Client")").
	reDefinedParty = regexp.MustCompile(`(?:^|\(\s*\d{1,2}\s*\)\s*|\b(?:between|and|by)\s+(?:the\s+)?)([A-Z][\w&'.-]*(?:\s+(?:of|for|and|the|&|[A-Z][\w&'.-]*)){0,7})\s*(?:,[^()"“”]{0,60})?\s*\(((?i:hereinafter|referred|called|the\s|["“”'‘])[^()]{1,80})\)`)
	// Signatories and senders of letters named without a title.
	rePlainName = regexp.MustCompile(`^` + personName + `$`)
	reSigned    = regexp.MustCompile(`(?i)^\s*(?:(?:signed|signature|for and on behalf of|accepted|agreed|acknowledged|confirmed)(?:\s+and\s+(?:accepted|agreed))?(?:\s+(?:for|on behalf of|by)\s+[^:]{1,60})?|(?:for|on behalf of)\s+[^:]{1,60}|signed\s+by|(?:authori[sz]ed|approved|prepared|checked|issued)\s+by|(?:authori[sz]ed\s+)?signatory)(?:\s*/\s*[^:：]{1,30})?\s*[:：]\s*(.{2,160})$`)
	// reSignedFor: a line naming whom the next line signs for ("For Gulf
	// Packaging Co. LLC", "Signed for and on behalf of the Buyer", "عن
	// مؤسسة الواحة"), or a signature block's "Name:" label.
	reSignedFor = regexp.MustCompile(`(?i)^\s*(?:(?:signed\s+)?(?:for\s+and\s+on\s+behalf\s+of|on\s+behalf\s+of|for)\s+\S.{0,80}|signed\s+by|signature|عن\s+\S.{0,80}|نيابة\s+عن\s+\S.{0,80}|بالنيابة\s+عن\s+\S.{0,80}|التوقيع|وتفضلوا\s+بقبول.*)[:：]?\s*$`)
	reNameLabel = regexp.MustCompile(`(?i)^\s*(?:name|الاسم)\s*[:：]\s*(.{2,80})$`)
	// reSignedAR: "عن المؤجر: X", "نيابة عن الشركة: X".
	reSignedAR = regexp.MustCompile(`^\s*(?:عن|نيابة\s+عن|بالنيابة\s+عن|التوقيع\s+عن)\s+[^:：]{1,60}[:：]\s*(.{2,120})$`)
	// reArPlainName: an Arabic person's name alone (two to six words,
	// with بن/بنت or after a signing line).
	reArPlainName = regexp.MustCompile(`^\p{Arabic}{2,}(?:\s+\p{Arabic}{2,}){1,5}$`)
	// reRepresentedBy: the words before a person who represents or signs
	// for a party ("ويمثلها السيد", "represented by Mr."): the person
	// takes none of the party's role.
	reRepresentedBy = regexp.MustCompile(`(?i)(?:represented\s+(?:herein\s+|hereby\s+)?by(?:\s+its\s+[A-Za-z ]{2,40},)?|acting\s+through|through\s+its|signed\s+by|by\s+its|ويمثلها|ويمثله|يمثلها|يمثله|وتمثلها|ممثلة\s+في|ممثلاً\s+في|ممثلا\s+في|ممثلة\s+ب|ويوقع\s+عنها|ويوقع\s+عنه)(?:\s+في\s+(?:التوقيع(?:\s+على\s+(?:هذا\s+العقد|هذه\s+الاتفاقية))?|هذا\s+العقد|هذه\s+الاتفاقية|العقد)|\s+قانوناً|\s+قانونا)?\s*(?:(?:\p{Arabic}+\s+)?\p{Arabic}+\s*/?\s*|(?:Mr|Mrs|Ms|Miss|Dr|Eng|Sheikh)\.?\s+)?$`)
	reClosing       = regexp.MustCompile(`(?i)^\s*(?:yours\s+(?:sincerely|faithfully|truly)|sincerely|regards|best\s+regards|kind\s+regards|with\s+(?:best\s+)?regards)\s*[,.]?\s*$`)
	// reIssuedBy and reHiring: the issuer of a tender or policy, the
	// employer of a vacancy, when the sentence says so.
	reInvites    = regexp.MustCompile(`(?i)^\s*(?:\([^()]{1,60}\)\s*)?(?:hereby\s+)?(?:invites|is\s+inviting|calls\s+upon|calls\s+for)\s+(?:[a-z]+\s+){0,3}?(?:suppliers|bidders|tenderers|contractors|companies|firms|vendors|operators|applicants|consultants|manufacturers|service\s+providers|providers|quotations|tenders|bids|proposals|offers|expressions\s+of\s+interest)\b`)
	reWeAre      = regexp.MustCompile(`(?i)\bwe\s*,\s*(?:the\s+undersigned\s*,\s*)?$`)
	reUndertakes = regexp.MustCompile(`(?i)^\s*,?\s*(?:\([^()]{1,60}\)\s*,?\s*)?(?:(?:hereby|irrevocably|unconditionally|and|jointly|severally)\s*,?\s+)*(?:undertake|guarantee|certify|confirm)`)
	reIssuedBy   = regexp.MustCompile(`(?i)\bissued\s+by\s*:?\s*$`)
	reHiring     = regexp.MustCompile(`(?i)^\s*(?:is|are)\s+(?:hiring|recruiting|seeking|looking\s+for)\b|^\s*invites?\s+applications\b|` +
		// 'X (the "Company") is pleased to offer you the position of',
		// 'يسر X (ويشار إليها ...) أن تعرض عليك وظيفة': an offer of
		// employment is the employer's.
		`^\s*,?\s*(?:\([^()]{1,80}\)\s*,?\s*)?(?:is|are)\s+(?:pleased|delighted|happy|glad)\s+to\s+offer\s+you\s+(?:the\s+|a\s+|an\s+)?(?:[a-z]+\s+){0,3}(?:position|post|role|job|employment)\b|` +
		`^\s*(?:\([^()]{1,120}\)\s*)?(?:أن|ان)\s+(?:تعرض|يعرض|تقدم|يقدم)\s+(?:عليك|عليكِ|لك|لكِ)\s+(?:وظيفة|منصب|العمل)`)
)

// parties finds organisations and people: labelled ("Landlord: X", or
// "Bill to:" with the name on the next line), defined ('X LLC (the
// "Supplier")', 'X ويشار إليه بـ "المؤجر"'), named with a legal form or a
// title anywhere, or signing ("Signed for the Lessor: Name, Title", the
// name after "Yours sincerely,").
func (x *extractor) parties(t string, base int, prev string) {
	taken := [][2]int{}
	addParty := func(ms, me int, name, role, method, etype string, conf float64) {
		name = strings.TrimSpace(strings.TrimRight(name, " ,.;:،*_"))
		if reAbbrevEnd.MatchString(name+".") && strings.HasPrefix(t[ms+strings.Index(t[ms:], name)+len(name):], ".") {
			name += "." // "B.V.", "Inc.", "Co.": the stop is the name's
		}
		if name == "" {
			return
		}
		me = ms + strings.Index(t[ms:], name) + len(name)
		ms = me - len(name)
		for _, tk := range taken {
			if ms < tk[1] && tk[0] < me {
				return
			}
		}
		taken = append(taken, [2]int{ms, me})
		key, label := "party", "Party"
		if role != "" {
			key, label = role, strings.ToUpper(role[:1])+strings.ReplaceAll(role[1:], "_", " ")
		}
		f := Fact{Type: TypeParty, Key: key, Label: label, Role: role, Value: name, Normalized: normalName(name), EntityType: etype, Method: method, Confidence: conf}
		x.add(candidate{fact: f, start: base + ms, end: base + me, prio: 2})
	}
	// Labelled: the whole block is "Role: Name", or the previous block
	// is the label alone.
	roleWord, roleNote, nameStart, nameEnd := "", "", -1, -1
	if m := reLabeled.FindStringSubmatchIndex(t); m != nil {
		roleWord, nameStart, nameEnd = t[m[2]:m[3]], m[6], m[7]
		if m[4] >= 0 {
			roleNote = t[m[4]:m[5]]
		}
	} else if m := reLabelOnly.FindStringSubmatch(prev); m != nil && strings.TrimSpace(t) != "" {
		roleWord, roleNote, nameStart, nameEnd = m[1], m[2], 0, len(t)
	} else if m := reArAddressee.FindStringSubmatchIndex(t); m != nil {
		// "السادة/ شركة X المحترمين": the addressee of a letter.
		roleWord, nameStart, nameEnd = "إلى", m[2], m[3]
	} else if m := reArAddresseeAfter.FindStringSubmatchIndex(t); m != nil {
		// "المحترمين/ شركة X": the same, the courtesy first (party_roles_by_doctype.go).
		roleWord, nameStart, nameEnd = "إلى", m[2], m[3]
	} else if w, s, e, ok := x.lexiconLabel(t, prev); ok {
		// "Charterers: X SAOG": a role word of the lexicon as the label
		// (rolelexicon.go).
		roleWord, nameStart, nameEnd = w, s, e
	}
	if nameStart >= 0 {
		role := labelRole(roleWord)
		if role == "" {
			role = lexRole(roleWord)
		}
		if r := lexRole(roleNote); roleNote != "" && r != "" && !jobTitle(roleNote) {
			role = r
		}
		name := t[nameStart:nameEnd]
		// A definition after the name gives the role ("الطرف الأول: X
		// ويشار إليها بـ "المؤجر"", "Supplier: X (the "Seller")").
		if r := arDefinedRole(name); r != "" {
			role = r
		} else if d := reArRoleFar.FindStringSubmatch(name); d != nil && roleOf(arRolePrefix(stripTashkeel(d[1]))) != "" {
			// A definition after the party's address and representative
			// on a long labelled line (round 11).
			role = roleOf(arRolePrefix(stripTashkeel(d[1])))
		} else if w, ok := definedRole(name); ok {
			if r := definedRoleFor(w, name[:max(0, strings.IndexAny(name, "(,"))], name); r != "" {
				role = r
			}
		}
		// A signing line after the label ("Landlord: ________ Hamad Al
		// Kuwari, for X") is a signature block: whoever is named there
		// signs, and the party's role comes from its definition.
		signLine := reSignLineIn.MatchString(t[:nameEnd])
		if signLine {
			role = ""
		}
		// A name in two scripts ("Majan Rental LLC / شركة مجان ش.م.م")
		// is two names of one party.
		for _, part := range bilingualParts(name) {
			at := nameStart + part[0]
			name := name[part[0]:part[1]]
			// Stop the name at the first separator, and at an Arabic
			// definition ("ويسمى فيما يلي", "ويُشار إليها").
			if m := reArDefCueIn.FindStringIndex(name); m != nil && m[0] > 0 {
				name = name[:m[0]]
			}
			for _, sep := range []string{" | ", ",", "،", " - ", " — ", " – ", "(", ";", " CR ", " C.R", " VAT", " السجل", " رقم", " ويشار", " والمشار", " المشار", " بصفته", " ويمثلها", " ويمثله", " يمثلها", " يمثله", " وتمثلها", " ممثلة", " represented by"} {
				if i := sepIndex(name, sep); i > 0 {
					name = name[:i]
				}
			}
			start := at
			if h := honorific.FindString(name); h != "" {
				name, start = name[len(h):], start+len(h)
			}
			etype := entityType(name)
			if at != start {
				etype = "person"
			}
			// A sender or an addressee must look like a name, not like
			// "all staff".
			named := looksLikeName(name)
			if role == "sender" || role == "addressee" {
				r, _ := utf8.DecodeRuneInString(strings.TrimSpace(name))
				named = named && (unicode.IsUpper(r) || unicode.Is(unicode.Arabic, r)) && !genericReaders(name) && !voyagePlace(name)
			}
			// A table's header row ("Supplier | Buyer", "Supplier | Item
			// | Qty") names columns, not a party.
			if roleOf(name) != "" || labelRole(name) != "" || columnWord(name) {
				named = false
			}
			// "Landlord / المؤجر | For the Tenant / عن المستأجر": the
			// heading of a signature column names whom it signs for.
			if reSignedFor.MatchString(name) {
				named = false
			}
			if role != "" && named && (rePlainName.MatchString(name) || reArPlainName.MatchString(name) && reBinWord.MatchString(name)) && x.companyHasRole(role) {
				// "صاحب العمل: هلال بن محمد الراشدي" under a company
				// defined as the employer: the person signs for it.
				role, signLine = "", true
			}
			if named && x.signsFor(role, name) {
				role, signLine = "", true
			}
			if role != "" && named && x.pairedSigner(t, name) { // party_tables.go
				role, signLine = "", true
			}
			if role == "issuer" && named && etype != "company" && (rePlainName.MatchString(name) && !titleWords(name) || reArPlainName.MatchString(name) && arPersonLike(name)) {
				// "Issued by / أصدرها: Sanjay Deshmukh, Accounts": a person
				// who made the document out signs it; the issuer is the
				// company.
				role, signLine = "", true
			}
			switch {
			case role != "" && named:
				addParty(start, start+len(name), name, role, "labeled_field", etype, 0.88)
			case signLine && named && (rePlainName.MatchString(name) && !titleWords(name) || reArPlainName.MatchString(name) && arPersonLike(name)):
				addParty(start, start+len(name), name, "", "pattern", "person", 0.7)
			}
		}
	}
	// Signatories: "Signed for the Lessor: Khalid Al Rawas, Managing
	// Director", "Signed: X SAOC, by Tariq Al Said, CEO"; the sender of a
	// letter on the line after "Yours sincerely,". They take no role. In
	// a table of signatures ("For X LLC | For the Buyer" over "Name,
	// Title | Name, Title") each cell is read under the cell above it.
	for _, sp := range signatories(t, prev) {
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
	}
	for _, lp := range arListedParties(t) { // party_signers_lists.go
		addParty(lp.s, lp.e, t[lp.s:lp.e], lp.role, "definition", "company", 0.85)
	}
	for _, sp := range roleSignerNames(t, x.signing) { // party_signers_lists.go
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
	}
	for _, sp := range bracketRoleSigners(t, x.signing) { // party_tables.go
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
	}
	if s, e, role, ok := x.firmAfterSigner(t); ok { // party_tables.go
		addParty(s, e, t[s:e], role, "labeled_field", "company", 0.8)
	}
	for _, sp := range roleContactNames(t) { // party_signers_lists.go
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
	}
	for _, sp := range contactNames(t, prev) {
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
	}
	for _, sp := range titledLineNames(t, prev) {
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
	}
	for _, sp := range bilingualPersons(t) {
		addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.75)
	}
	if x.signing || strings.Count(t, " | ") > 0 {
		for _, sp := range twinRowNames(t, prev) {
			addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
		}
	}
	if x.signing || reWitnessLine.MatchString(t) {
		for _, sp := range signingBlockNames(t) {
			addParty(sp[0], sp[1], t[sp[0]:sp[1]], "", "pattern", "person", 0.7)
		}
	}
	if strings.Contains(t, " | ") && strings.Contains(prev, " | ") {
		cells, above := strings.Split(t, " | "), strings.Split(prev, " | ")
		off := 0
		for j, cell := range cells {
			if j < len(above) {
				for _, sp := range signatories(cell, above[j]) {
					addParty(off+sp[0], off+sp[1], cell[sp[0]:sp[1]], "", "pattern", "person", 0.7)
				}
			}
			off += len(cell) + len(" | ")
		}
	}
	// Named organisations and people, each with a role defined after it.
	type found struct {
		s, e  int
		etype string
	}
	var names []found
	for _, m := range reOrg.FindAllStringSubmatchIndex(t, -1) {
		names = append(names, found{m[2], m[3], "company"})
	}
	ar := hasArabic(t)
	for _, m := range arMatches(ar, reArOrg, t) {
		if arWordBefore(t[:m[0]]) {
			continue // "الشركة المصنعة", "تلتزم الشركة بالسداد": a word, no name
		}
		if reArTitleBefore.MatchString(t[:m[0]]) {
			continue // "رئيس مجلس الإدارة": a title, no organisation
		}
		if m[2] >= 0 {
			names = append(names, found{m[2], m[3], "company"})
		} else {
			names = append(names, found{m[4], m[5], "company"})
		}
	}
	for _, m := range rePerson.FindAllStringSubmatchIndex(t, -1) {
		if placeWord(t[m[2]:m[3]]) {
			continue // "Sheikh Zayed Road": a place named after a person
		}
		names = append(names, found{m[2], m[3], "person"})
	}
	for _, m := range arMatches(ar, reArPerson, t) {
		names = append(names, found{m[2], m[3], "person"})
	}
	for _, m := range reNationalPerson.FindAllStringSubmatchIndex(t, -1) {
		names = append(names, found{m[2], m[3], "person"})
	}
	for _, m := range arMatches(ar, reArNationalPerson, t) {
		if !arOrgHead(t[m[2]:m[3]]) {
			names = append(names, found{m[2], m[3], "person"})
		}
	}
	if ar {
		for _, m := range reArOrgDefined.FindAllStringSubmatchIndex(t, -1) {
			if reArTitleBefore.MatchString(t[:m[2]]) {
				continue // "رئيس مجلس الإدارة (ويشار إليها ...)": the representative's title
			}
			names = append(names, found{m[2], m[3], entityType(t[m[2]:m[3]])})
		}
		for _, m := range reAnnounces.FindAllStringSubmatchIndex(t, -1) {
			names = append(names, found{m[2], m[3], entityType(t[m[2]:m[3]])})
		}
	}
	for _, m := range reDefinedParty.FindAllStringSubmatchIndex(t, -1) {
		if labelRole(t[m[2]:m[3]]) != "" {
			continue // 'Bill To (the "Customer"):' is a label
		}
		if w, ok := definedRole(t[m[3]:]); ok && definedRoleFor(w, t[m[2]:m[3]], t[m[3]:]) != "" {
			name := trimOrgLead(t[m[2]:m[3]])
			names = append(names, found{m[3] - len(name), m[3], entityType(name)})
		}
	}
	for _, n := range names {
		if reAccountName.MatchString(t[:n.s]) {
			continue // "A/C name X LLC": named for the payment details only
		}
		name := trimOrgLead(t[n.s:n.e])
		if !strings.Contains(name, " ") && n.etype == "company" || arFormOnly(name) {
			continue // "The Company shall pay": a legal form alone is no name
		}
		s := n.e - len(name)
		role, method, conf := "", "pattern", 0.75
		after := t[n.e:]
		if w, ok := definedRole(after); ok && !(hasArabic(name) && reArOtherParty.MatchString(after[:max(0, strings.Index(after, "("))])) {
			if r := definedRoleFor(w, name, after); r != "" {
				role, method, conf = r, "definition", 0.9
			}
		} else if r := arDefinedRole(after); r != "" {
			role, method, conf = r, "definition", 0.9
		}
		if reWeAre.MatchString(t[:s]) && reUndertakes.MatchString(x.a.text[base+n.e:min(len(x.a.text), base+n.e+160)]) {
			// "we, Gulf Bank K.S.C.P. (the "Guarantor"), hereby
			// irrevocably undertake to pay": whatever the letter calls
			// its writer, the writer of a guarantee issues it.
			role, method, conf = "issuer", "clause", 0.85
		}
		represents := reRepresentedBy.MatchString(t[:s]) || representedAcross(x.a.text, base+s)
		if represents {
			// "ويمثلها السيد/ X بصفته المدير العام، ويشار إليها بـ
			// "المؤجر"": the definition is the company's, not X's.
			role, method, conf = "", "pattern", 0.75
		}
		switch {
		case role != "" || represents:
		case reAnnounceBefore.MatchString(t[:s]):
			role, method, conf = "issuer", "clause", 0.8
		case reWeAre.MatchString(t[:s]) && reUndertakes.MatchString(x.a.text[base+n.e:min(len(x.a.text), base+n.e+160)]):
			// "we, Al Jabal Bank SAOG, hereby irrevocably undertake to
			// pay": the writer of a guarantee or an undertaking issues it.
			role, method, conf = "issuer", "clause", 0.85
		case reIssuedBy.MatchString(t[:s]):
			role, method, conf = "issuer", "clause", 0.85
		case reInvites.MatchString(after):
			// "X SAOC (the "Company") invites qualified suppliers to
			// submit quotations": the issuer of the request.
			role, method, conf = "issuer", "clause", 0.8
		case reHiring.MatchString(after):
			role, method, conf = "employer", "clause", 0.8
		case reSuppliedAfter.MatchString(x.a.text[base+n.e : min(len(x.a.text), base+n.e+240)]):
			// "تشهد X (...) بأنها قامت بتوريد وتركيب", "X certifies that
			// it has supplied and installed": the supplier.
			role, method, conf = "supplier", "clause", 0.8
		}
		if method == "definition" && addressLine(x.a.text, base+s) && x.companyHasRole(role) {
			continue // the wrapped address of the party named above
		}
		addParty(s, n.e, name, role, method, n.etype, conf)
	}
}

// arDefinedRole is the role an Arabic definition at the start of s gives
// ('ويشار إليها فيما بعد بـ "المؤجر"', 'ويُسمى "الطرف الأول"'): the role of
// its two words, or of its first ("المؤجر وعنوانه").
func arDefinedRole(s string) string {
	m := reArRole.FindStringSubmatchIndex(s)
	if m == nil {
		return ""
	}
	if reArOtherParty.MatchString(s[:m[2]]) {
		return "" // party_boards_definitions.go: the definition of the company named after a verb's preposition
	}
	return roleOf(arRolePrefix(s[m[2]:m[3]]))
}

// arRolePrefix: the longest run of a definition's first words that names
// a role ("المقاول من الباطن" before "المقاول"), else "".
func arRolePrefix(s string) string {
	words := strings.Fields(s)
	for n := len(words); n > 0; n-- {
		if w := strings.Join(words[:n], " "); roleOf(w) != "" {
			return w
		}
	}
	return ""
}

// reArRoleFar is reArRole over a party's description and its
// representative, up to a sentence's end.
var reArRoleFar = regexp.MustCompile(`^[^!?؟;؛]{0,480}?(?:` + arTashkeel(arDefCues...) + `)\s*(?:` + arTashkeel("إليها", "إليه", "اليها", "اليه", "لها", "له") + `)?\s*(?:(?:` + arTashkeel("فيما بعد", "فيما يلي", "في هذا العقد", "في هذه الاتفاقية", "لاحقاً", "لاحقا") + `)\s*)?(?:بـ|باسم|ب)?\s*["«“]?([\p{Arabic}\x{064B}-\x{0652}]+(?:\s+[\p{Arabic}\x{064B}-\x{0652}]+){0,2})`)

// reArDefCueIn: an Arabic definition's verb after a space.
var reArDefCueIn = regexp.MustCompile(`\s(?:` + arTashkeel(arDefCues...) + `)(?:\s|$)`)

// arDefCues are the verbs an Arabic definition of a party opens with:
// يشار إليه، المشار إليه، ويسمى، المسماة، ويدعى، ويعرف.
var arDefCues = []string{"ويشار", "يشار", "والمشار", "المشار", "ويسمى", "يسمى", "وتسمى", "تسمى", "المسمى", "المسماة", "والمسمى",
	"والمسماة", "ويدعى", "يدعى", "وتدعى", "تدعى", "ويعرف", "يعرف", "وتعرف", "تعرف"}

// definedRole reads the definition that follows a name: the first
// parenthesis within 160 bytes that is no number ("(CR No. 1298765)" is
// passed over) or a "hereinafter" phrase, and in it the quoted word that
// names a role, or the words after "the": '(the "Supplier")', '("the
// Discloser")', '("ERH" or the "Client")', '(hereinafter "Seller")',
// "hereinafter: the “Supplier”", "hereinafter referred to as 'the
// Purchaser'", '(ويشار إليه بـ "المؤجر")' and '("صاحب العمل")'. ok says a
// definition was found; word is its role word when one names a role,
// else its first word.
func definedRole(after string) (word string, ok bool) {
	cands, ok := definitionWords(after)
	if !ok {
		return "", false
	}
	return pickRoleWord(cands), true
}

// definitionWords are the words of the definition that follows a name
// (see definedRole): its quoted words, else its words after "the".
func definitionWords(after string) ([]string, bool) {
	var inner string
	from := 0
	// 'X LLC, hereinafter the "Caterer", and Y (the "Client")': a
	// "hereinafter" before any bracket defines X.
	if m := reHereinafter.FindStringSubmatch(after); m != nil {
		inner = m[1]
	}
	for _, m := range reDefParen.FindAllStringSubmatchIndex(after, 6) {
		if inner != "" {
			break
		}
		n := utf8.RuneCountInString(after[:m[0]])
		if n > 360 || !reDefBefore.MatchString(after[from:m[0]]) {
			break
		}
		gap := after[from:m[0]]
		from = m[1]
		c := after[m[2]:m[3]]
		if n > 160 && (!reDefWords.MatchString(c) || reOrg.MatchString(gap) || reSentenceGap.MatchString(gap)) {
			// Past a short description, only a definition ("hereinafter
			// referred to as the "Agent"") counts, and none across
			// another company's name or a sentence's end.
			break
		}
		if !hasDigit(c) && (n <= 160 || reDefWords.MatchString(c)) {
			if reFormInParen.MatchString(c) {
				continue // "Co. (P.S.C.)": a legal form in brackets, not a definition
			}
			inner = c
			break
		}
	}
	if inner == "" {
		m := reHereinafter.FindStringSubmatch(after)
		if m == nil {
			return nil, false
		}
		inner = m[1]
	}
	var cands []string
	for _, q := range reQuotedWord.FindAllStringSubmatch(inner, -1) {
		cands = append(cands, q[1])
	}
	if len(cands) == 0 {
		cands = append(cands, inner[len(reDefLead.FindString(inner)):])
	}
	for i, c := range cands {
		c = strings.TrimSpace(c)
		cands[i] = strings.TrimSpace(c[len(reDefLead.FindString(c)):])
	}
	return cands, true
}

// reFormInParen: a legal form's abbreviation in brackets ("P.S.C.",
// "c" of "B.S.C. (c)").
var reFormInParen = regexp.MustCompile(`^\s*(?:(?:[A-Za-z]\.){2,}[A-Za-z]?\.?|[a-z]|` + formQualifier + `)\s*$`)

// formQualifier: the kind of a joint-stock company written in brackets
// after its legal form ("K.S.C. (Closed)", "ش.م.ب (مقفلة)", "(Public)").
const formQualifier = `(?i:closed|public|private|c|مقفلة|عامة|مغلقة|خاصة)`

// sepIndex is where sep ends a labelled name: not the comma of "Co.,
// Ltd." nor the bracket of "Co. (P.S.C.)" or "B.S.C. (c)", which are
// the legal form's.
func sepIndex(name, sep string) int {
	from := 0
	for {
		i := strings.Index(name[from:], sep)
		if i < 0 {
			return -1
		}
		i += from
		rest := name[i+len(sep):]
		switch {
		case sep == "," && reFormAfterComma.MatchString(rest),
			sep == "(" && reFormParenAfter.MatchString(rest):
			from = i + len(sep)
			continue
		}
		return i
	}
}

var (
	reFormAfterComma = regexp.MustCompile(`^\s*(?:Ltd\.?|Limited|Inc\.?|LLC|L\.L\.C\.?)(?:\s|[,.;)(]|$)`)
	reFormParenAfter = regexp.MustCompile(`^\s*(?:(?:[A-Z]\.){2,}[A-Z]?\.?|[a-z]|` + arForm + `|` + formQualifier + `)\s*\)`)
)

// reDefWords: a parenthesis that defines ("hereinafter referred to as",
// "the "Agent"", quotes).
var reDefWords = regexp.MustCompile(`(?i)\bhereinafter\b|\bhereafter\b|\breferred\s+to\b|\bcalled\b|["“”'‘’«»]`)

// reSentenceGap: a sentence ends in a gap ("... Muscat. The Supplier");
// an abbreviation's stop ("No. 12") ends none.
var reSentenceGap = regexp.MustCompile(`(?:[a-z]{3}|\))[.;]\s+[A-Z]`)

// reArAddressee: the salutation line of an Arabic letter, "السادة/ X
// المحترمين", "الفاضل/ X المحترم".
var reArAddressee = regexp.MustCompile(`^\s*(?:إلى\s+)?(?:السادة|السيد|السيدة|الفاضل|الفاضلة|الأفاضل|المكرم|حضرة)\s*/\s*(\p{Arabic}.{2,100}?)[\s|]+(?:المحترمين|المحترم|المحترمة|الموقرين|الموقرة|الموقر|حفظه\s+الله|حفظهم\s+الله)\s*[،,.]*\s*$`)

// companyHasRole: an organisation found before has the role.
func (x *extractor) companyHasRole(role string) bool {
	for _, c := range x.cands {
		if c.fact.Type == TypeParty && c.fact.Role == role && c.fact.EntityType != "person" && (c.fact.EntityType == "company" || !reBinWord.MatchString(c.fact.Value)) {
			return true
		}
	}
	return false
}

// reSignLineIn: a line drawn to sign on (underscores or dots).
var reSignLineIn = regexp.MustCompile(`_{3,}|\.{4,}|…{2,}`)

// bilingualParts splits a name written in two scripts and parted by " /
// " (or " | ") into its parts, as [start, end) offsets in s; a name in
// one script is one part.
func bilingualParts(s string) [][2]int {
	for _, sep := range []string{" / ", " | ", " — ", " – "} {
		i := strings.Index(s, sep)
		if i <= 0 {
			continue
		}
		a, b := s[:i], s[i+len(sep):]
		if hasArabic(a) != hasArabic(b) && strings.TrimSpace(b) != "" {
			// "To: Ms. X | إلى: الفاضلة/ Y": the second half repeats the
			// label in its language.
			from := i + len(sep)
			if m := reLabelLead.FindStringIndex(b); m != nil && m[1] < len(b) {
				from += m[1]
			} else if m := reLexLabelLead.FindStringSubmatchIndex(b); m != nil && m[1] < len(b) && signerRoleWord(b[m[2]:m[3]]) {
				from += m[1] // "| المقرض: X" (party_signers_lists.go)
			}
			return [][2]int{{0, i}, {from, len(s)}}
		}
	}
	return [][2]int{{0, len(s)}}
}

// reLabelLead: a role label opening the second half of a bilingual cell.
var reLabelLead = regexp.MustCompile(`(?i)^[\s*_]*(?:` + roleLabels + `)[\s*_]*[:：][\s*_]*`)

// signatories finds the people who sign in block t (prev is the block
// before it), as [start, end) offsets in t: "Name: X" in a signing line
// or under one, the names of "Signed: X, Title" and "Authorised by: X",
// "Signed for Y by X, Title", "SIGNED by X, Director, for and on behalf
// of Y", "عن المؤجر: X", and a name (with its title after a comma) alone
// on the line under "Yours sincerely,", under "For Y LLC" / "عن مؤسسة
// Y", under an organisation named alone on its line, or under a role
// heading a signature column ("Seller / البائع").
func signatories(t, prev string) [][2]int {
	var out [][2]int
	if m := reInlineName.FindStringSubmatchIndex(t); m != nil && m[0] > 0 && reSignWord.MatchString(t[:m[0]]) {
		// "Signed: ________  Name: Khalid Al Harthy  Title: ...".
		p := t[m[2]:m[3]]
		for _, label := range []string{" Title", " Position", " Designation", " Date", " Signature", " Capacity", " Role"} {
			if i := strings.Index(p, label); i > 0 {
				p = p[:i]
			}
		}
		if strings.Contains(p, " ") && !titleWords(p) {
			out = append(out, [2]int{m[2], m[2] + len(p)})
		}
	} else if m := reSignedByName.FindStringSubmatchIndex(t); m != nil && !titleWords(t[m[2]:m[3]]) {
		out = append(out, [2]int{m[2], m[3]})
	} else if m := reSigned.FindStringSubmatchIndex(t); m != nil {
		off := m[2]
		for i, part := range strings.Split(t[m[2]:m[3]], ",") {
			p := strings.TrimSpace(part)
			if strings.HasPrefix(p, "by ") {
				p = strings.TrimSpace(p[3:])
			} else if i > 0 {
				off += len(part) + 1
				continue
			}
			if h := honorific.FindString(p); h != "" {
				p = p[len(h):]
			}
			if rePlainName.MatchString(p) && !titleWords(p) {
				at := off + strings.Index(part, p)
				out = append(out, [2]int{at, at + len(p)})
			}
			off += len(part) + 1
		}
	} else if m := reTitledName.FindStringSubmatchIndex(t); m != nil {
		p := t[m[2]:m[3]]
		if i := strings.IndexAny(p, ",،("); i > 0 {
			p = p[:i]
		}
		p = strings.TrimSpace(p)
		if h := honorific.FindString(p); h != "" {
			p = strings.TrimSpace(p[len(h):])
		}
		// A contact label names a person ("أعده: م. هاني سمير
		// عبدالفتاح"), also without بن; a job title's line needs it.
		contact := rePreparerLabel.MatchString(t[:m[2]])
		if rePlainName.MatchString(p) && !titleWords(p) || reArPlainName.MatchString(p) && (reBinWord.MatchString(p) || contact && arPersonLike(p) && !arOrgHead(p) && roleOf(p) == "" && labelRole(p) == "") {
			at := m[2] + strings.Index(t[m[2]:], p)
			out = append(out, [2]int{at, at + len(p)})
		}
	} else if m := reSignedAR.FindStringSubmatchIndex(t); hasArabic(t) && m != nil {
		// "عن المؤجر: ناصر بن علي الهنائي": the person who signs; an
		// organisation after it is found as one below.
		p := t[m[2]:m[3]]
		if i := strings.IndexAny(p, "،,("); i > 0 {
			p = p[:i]
		}
		p = strings.TrimSpace(p)
		if h := honorific.FindString(p); h != "" {
			p = strings.TrimSpace(p[len(h):])
		}
		if reArPlainName.MatchString(p) && !arOrgHead(p) && roleOf(p) == "" && labelRole(p) == "" {
			at := m[2] + strings.Index(t[m[2]:], p)
			out = append(out, [2]int{at, at + len(p)})
		}
	} else if m := reNameLabel.FindStringSubmatchIndex(t); m != nil && (reSignatureArea(prev) || roleHeading(prev)) {
		p := strings.TrimSpace(strings.TrimRight(t[m[2]:m[3]], " ,.;"))
		if i := strings.IndexAny(p, ",،"); i > 0 {
			p = strings.TrimSpace(p[:i])
		}
		if rePlainName.MatchString(p) && !titleWords(p) || reArPlainName.MatchString(p) && !arOrgHead(p) {
			at := m[2] + strings.Index(t[m[2]:], p)
			out = append(out, [2]int{at, at + len(p)})
		}
	} else if reClosing.MatchString(prev) || reSignedFor.MatchString(prev) || orgAlone(prev) || roleHeading(prev) {
		// The name under "Yours sincerely," or under "For Gulf Packaging
		// Co. LLC" / "عن مؤسسة الواحة" is the person who signs; a title
		// may follow it after a comma ("Stefan Hoffmann, Sales
		// Director").
		p := strings.TrimSpace(t)
		if i := strings.IndexAny(p, ",،"); i > 0 {
			// Under an organisation or a role, what follows the comma
			// must be a title: "Wadi Kabir, Muscat" under a letterhead's
			// company is its address.
			if (orgAlone(prev) || roleHeading(prev)) && !titleWords(p[i+1:]) {
				return out
			}
			p = strings.TrimSpace(p[:i])
		}
		if h := honorific.FindString(p); h != "" {
			p = strings.TrimSpace(p[len(h):])
		}
		if (orgAlone(prev) || roleHeading(prev)) && !reSignedFor.MatchString(prev) && !reClosing.MatchString(prev) && hasArabic(p) && !reBinWord.MatchString(p) {
			// Under a company or a role, an Arabic name needs بن/بنت:
			// "فاتورة ضريبية" under a letterhead is the title.
			return out
		}
		if rePlainName.MatchString(p) && !titleWords(p) ||
			reArPlainName.MatchString(p) && !arOrgHead(p) && roleOf(p) == "" && !strings.HasPrefix(p, "عن ") && arPersonLike(p) {
			at := strings.Index(t, p)
			out = append(out, [2]int{at, at + len(p)})
		}
	}
	return out
}

// reBinWord: بن, بنت or ابن in an Arabic name.
var reBinWord = regexp.MustCompile(`(?:^|\s)(?:بن|بنت|ابن)(?:\s|$)`)

// reTitledName: a line naming a person by a job title ("المحاسب: سالم
// بن خلفان المعولي", "Contact person: Noura Al Lawati"): a contact, with
// no role.
// rePreparerLabel: the labels of reTitledName that name a contact or the
// writer, not a job ("Prepared by", "cc", أعده، إعداد).
var rePreparerLabel = regexp.MustCompile(`(?i)prepared\s+by|checked\s+by|\bcc\b|c\.c\.|أعد|اعد|إعداد|اعداد`)

var reTitledName = regexp.MustCompile(`(?i)^\s*(?:المحاسب|المحاسبة|المدير|المديرة|مدير\s+\p{Arabic}+|مديرة\s+\p{Arabic}+|المسؤول|المسؤولة|المندوب|المندوبة|منسق\s+\p{Arabic}+|ضابط\s+\p{Arabic}+|accountant|contact(?:\s+person)?|sales\s+(?:manager|executive|representative)|account\s+manager|project\s+manager|procurement\s+(?:manager|officer)|prepared\s+by|checked\s+by|cc|c\.c\.|(?:أعد|أعدت|اعد|اعدت)(?:ه|ها)?(?:\s+(?:الفاتورة|العرض|المستند|الطلب))?|إعداد|اعداد)\s*[:：]\s*(.{4,80})$`)

// reSignedByName: "Signed for X by Y, Title", "SIGNED by Y, Director,
// for and on behalf of X": Y signs.
var reSignedByName = regexp.MustCompile(`(?i)^\s*signed\s+(?:for\s+(?:and\s+on\s+behalf\s+of\s+)?\S.{0,100}?\s+)?by\s*:?\s+(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng|Sheikh)\.?\s+)?((?-i:` + personName + `))\s*(?:,|$)`)

// orgAlone: a line that is an organisation's name with its legal form
// and nothing else (a signature block: the company, then who signs).
func orgAlone(s string) bool {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ",:"))
	if s == "" {
		return false
	}
	if m := reOrg.FindStringSubmatchIndex(s + " "); m != nil && m[2] == 0 && strings.TrimSpace(s[m[3]:]) == "" {
		return true
	}
	if !mayMatch(reArOrg, s) {
		return false // prefilter.go
	}
	m := reArOrg.FindStringSubmatchIndex(s)
	return m != nil && m[0] == 0 && m[1] == len(s)
}

// roleHeading: a line (or a cell) that is a role word alone, or with its
// translation ("Seller / البائع", "المقاول"): the heading of a signature
// column.
func roleHeading(s string) bool {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ":："))
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, "/") {
		if labelRole(strings.TrimSpace(part)) == "" {
			return false
		}
	}
	return true
}

// arMatches runs an Arabic pattern only on a block with Arabic letters.
func arMatches(ar bool, re *regexp.Regexp, t string) [][]int {
	if !ar {
		return nil
	}
	return re.FindAllStringSubmatchIndex(t, -1)
}

// reAbbrevEnd: a name ending in an abbreviation whose stop belongs to it.
var reAbbrevEnd = regexp.MustCompile(`(?:\b[A-Za-z]\.[A-Za-z]\.|\b(?:Inc|Ltd|Co|Corp|Est|Bhd|Pvt|Pty|Bros|S\.p\.A|S\.r\.l)\.)$`)

// reInlineName: a "Name:" label inside a signing line; reSignWord: the
// line signs.
var (
	reInlineName = regexp.MustCompile(`\b(?:Name|NAME|name)\s*[:：]\s*(` + personName + `)`)
	reSignWord   = regexp.MustCompile(`(?i)\bsign(?:ed|ature)?\b|توقيع|التوقيع`)
)

// reAnnounceBefore: "تعلن بلدية صلالة عن طرح مناقصة" names the issuer.
var reAnnounceBefore = regexp.MustCompile(`(?:تعلن|يعلن|أعلنت|اعلنت|تدعو|يدعو)\s+$`)

// columnWords are the usual column headers of a table ("Supplier |
// Description | Qty"): a labelled "name" that is one of them is a header.
var columnWords = []string{"name", "description", "item", "items", "qty", "quantity", "amount", "price", "unit price", "total", "date",
	"signature", "address", "title", "position", "details", "value", "no.", "no", "remarks", "product", "service", "services",
	"الاسم", "التوقيع", "البيان", "الوصف", "البند", "الصنف", "الكمية", "المبلغ", "السعر", "الإجمالي", "التاريخ", "العنوان", "الصفة", "المنصب", "ملاحظات"}

func columnWord(s string) bool {
	return slices.Contains(columnWords, lowerASCII(strings.TrimSpace(s)))
}

// reSignatureArea: the block before a "Name:" line is a signing line.
func reSignatureArea(prev string) bool {
	return reSignedFor.MatchString(prev) || reSigned.MatchString(prev) || reClosing.MatchString(prev)
}

// arOrgHead reports whether an Arabic name starts with the kind of an
// organisation (شركة, مؤسسة, مستشفى, ...).
func arOrgHead(s string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	switch first {
	case "شركة", "مؤسسة", "مجموعة", "بنك", "مصرف", "مستشفى", "مصنع", "جامعة", "كلية", "معهد", "مكتب", "هيئة", "وزارة", "بلدية", "مركز",
		"فندق", "مدرسة", "جمعية", "مختبر", "دائرة", "مديرية", "صندوق", "مجلس", "الشركة", "المؤسسة":
		return true
	}
	return false
}

// arPersonLike: an Arabic line is a person's name when it carries بن or
// بنت, or is two to four words none of which is a common word of a job
// title or a closing ("مدير", "المبيعات", "وتفضلوا").
func arPersonLike(s string) bool {
	words := strings.Fields(s)
	for _, w := range words {
		switch w {
		case "بن", "بنت", "ابن":
			return true
		case "مدير", "المدير", "مديرة", "رئيس", "الرئيس", "قسم", "إدارة", "ادارة", "المبيعات", "المشتريات", "العام", "التنفيذي",
			"وتفضلوا", "بقبول", "الاحترام", "والتقدير", "المخول", "بالتوقيع", "الختم", "التوقيع", "التاريخ":
			return false
		}
	}
	return len(words) >= 2 && len(words) <= 4
}

// labelRole is the role a label gives: its role word, first_party and
// second_party for الطرف الأول/الثاني, and sender or addressee for From:
// and To: (settled by the document type, see senderRoles).
func labelRole(word string) string {
	w := lowerASCII(strings.TrimSpace(word))
	switch w {
	case "from", "من":
		return "sender"
	case "to", "إلى", "الى":
		return "addressee"
	case "الطرف الأول", "first party", "party of the first part", "party a":
		return "first_party"
	case "الطرف الثاني", "second party", "party of the second part", "party b":
		return "second_party"
	}
	return roleOf(w)
}

// titleWords: a capitalised phrase that is a job title or a department,
// not a name.
func titleWords(s string) bool {
	for _, w := range strings.Fields(lowerASCII(s)) {
		switch w {
		case "director", "manager", "officer", "chief", "executive", "department", "procurement", "finance", "owner", "president",
			"secretary", "controller", "head", "team", "company", "agreement", "contract", "lessor", "lessee", "landlord", "tenant",
			"partner", "engineer", "representative", "signatory", "authorised", "authorized", "ceo", "cfo", "coo", "chairman", "treasurer",
			"accountant", "coordinator", "administrator", "supervisor", "stamp", "seal", "witness":
			return true
		}
	}
	return false
}

// senderRoles settles From: and To: by the document's type: on an
// invoice, a quotation or a letter the sender is the supplier and the
// addressee the customer; on a purchase order the buyer writes to the
// supplier; on a tender or policy the sender is the issuer. Otherwise
// they keep no role.
func senderRoles(facts []Fact, docType, subtype string, buyerSide bool) {
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "sender" && f.Role != "addressee" && f.Role != "issuer" {
			continue
		}
		if f.Role == "issuer" {
			// The issuer of an invoice or a quotation is its supplier.
			if docType == "invoice" || docType == "quotation" {
				facts[i].Role, facts[i].Key, facts[i].Label = "supplier", "supplier", "Supplier"
			}
			continue
		}
		role := ""
		switch docType + "|" + f.Role {
		case "contract|sender", "contract|addressee", "other|sender", "other|addressee":
			// An employment offer or contract written as a letter: the
			// company writes, the person it is addressed to is employed.
			if subtype == "employment_letter" {
				switch {
				case f.Role == "sender" && f.EntityType != "person":
					role = "employer"
				case f.Role == "addressee" && f.EntityType != "company":
					role = "employee"
				}
				break
			}
			if docType == "other" {
				role = map[string]string{"sender": "supplier", "addressee": "customer"}[f.Role]
			}
		case "invoice|sender", "quotation|sender":
			role = "supplier"
		case "invoice|addressee", "quotation|addressee":
			role = "customer"
			if buyerSide {
				// A quotation whose terms call its addressee "the
				// Buyer" (and never "the Customer"): the stated role.
				role = "buyer"
			}
		case "purchase_order|sender":
			role = "buyer"
		case "purchase_order|addressee":
			role = "supplier"
		case "tender|sender", "policy|sender":
			role = "issuer"
		}
		facts[i].Role, facts[i].Key, facts[i].Label = role, "party", "Party"
		if role != "" {
			facts[i].Key, facts[i].Label = role, strings.ToUpper(role[:1])+role[1:]
		}
	}
}

// buyerSide: the text calls the side that buys "the Buyer" / المشتري and
// never "the Customer" / العميل.
func buyerSide(text string) bool {
	return reTheBuyer.MatchString(text) && !reTheCustomer.MatchString(text)
}

var (
	// Session 21 (party_roles_bilingual.go, family B): المشتري as a word (المشترية
	// too), not the opening of المشتريات, purchases ("إدارة المشتريات",
	// "مديرة المشتريات" in an address).
	reTheBuyer    = regexp.MustCompile(`\b(?:the|The)\s+Buyer\b|المشتري(?:ة|$|[^\p{Arabic}])`)
	reTheCustomer = regexp.MustCompile(`(?i)\bthe\s+(?:customer|client)\b|العميل`)
)

// trimOrgLead drops words a name pattern may take from the sentence
// before the name ("between", "and", "The").
func trimOrgLead(s string) string {
	for {
		w, rest, ok := strings.Cut(s, " ")
		if !ok {
			return s
		}
		switch strings.ToLower(w) {
		case "between", "and", "the", "by", "with", "to", "from", "of", "for", "dear", "at", "is", "are", "this", "that",
			"signed", "executed", "witnessed", "on", "behalf", "attention", "attn", "attn.", "messrs", "messrs.", "m/s",
			"accepted", "agreed", "approved", "acknowledged", "confirmed", "authorised", "authorized":
			s = rest
			continue
		}
		return s
	}
}

func looksLikeName(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 3 || len(s) > 120 {
		return false
	}
	if reDateISO.MatchString(s) || reIBAN.MatchString(s) || reEmail.MatchString(s) {
		return false
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits*3 < len(s)
}

func entityType(name string) string {
	if reOrg.MatchString(name+" ") || reArOrg.MatchString(name) || strings.HasPrefix(name, "شركة") {
		return "company"
	}
	if rePerson.MatchString(name) || reArPerson.MatchString(name) {
		return "person"
	}
	if strings.Contains(lowerASCII(name), "ministry") || strings.HasPrefix(name, "وزارة") {
		return "government"
	}
	return "organization"
}

// normalName is a name as compared: lower-case, one space, no final
// punctuation.
func normalName(s string) string {
	return strings.Join(strings.Fields(strings.TrimRight(lowerASCII(s), " .,")), " ")
}

// wrappedDefinitions: in text wrapped at a fixed width (a plain-text
// contract), a company's definition is often on a later line than its
// name ("(1) Gulf Crescent Logistics FZE, a free zone establishment
// ...\n    (hereinafter referred to as the "Service Provider"); and"):
// a company found with no role takes the definition that follows it
// across its line ends, when no other company is named and no sentence
// ends in between (definedRole's rules, the lines joined).
func (x *extractor) wrappedDefinitions() {
	text := x.a.text
	for i := range x.cands {
		c := &x.cands[i]
		f := &c.fact
		// A From: or To: label's role waits for the document's type
		// (senderRoles), and الطرف الأول / "First Party" stands for the
		// role the text goes on to define: a definition on a later line
		// is surer.
		labelled := f.Role == "sender" || f.Role == "addressee"
		partyNo := (f.Role == "first_party" || f.Role == "second_party") && f.Method == "labeled_field"
		if f.Type != TypeParty || f.Role != "" && !labelled && !partyNo || f.EntityType == "person" && !describedPerson(text, c.start, c.end) {
			continue
		}
		end := min(len(text), c.end+700)
		for end < len(text) && !utf8.RuneStart(text[end]) {
			end++
		}
		after := text[c.end:end]
		nl := strings.IndexByte(after, '\n')
		if nl < 0 {
			continue // one block to the end: read as it was
		}
		joined := strings.ReplaceAll(after, "\n", " ")
		var w string
		p := -1
		if line := after[:nl]; !strings.Contains(line, ")") && strings.Count(line, "(") <= 1 {
			if d, ok := definedRole(joined); ok && definedRoleFor(d, f.Value, joined) != "" {
				w, p = d, strings.Index(joined, "(")
			}
		}
		if w == "" && !labelled {
			// An Arabic definition with no bracket after the party's
			// description and its representative, wrapped to a later
			// line ("، ويمثلها في / التوقيع السيدة/ X ...، ويشار إليها
			// فيما بعد / بـ"العميل"").
			if m := reArRoleFar.FindStringSubmatchIndex(joined); m != nil && !strings.Contains(after[:nl], "ويشار") {
				if d := arRolePrefix(joined[m[2]:m[3]]); d != "" {
					w, p = d, m[2]
				}
			}
		}
		if w == "" || partyNo && (lexRole(w) == "first_party" || lexRole(w) == "second_party") {
			continue
		}
		if p < 0 || reOrg.MatchString(joined[:p]) || paragraphBetween(after, p) || reSentenceGap.MatchString(joined[:p]) || strings.Contains(joined[:p], " between ") { // party_roles_issuer_kind.go
			continue
		}
		r := definedRoleFor(w, f.Value, joined)
		// Another party named between the name and the definition
		// ("GULF BANK K.S.C.P. ... To: Ministry of Public Works ... (the
		// "Beneficiary")") is the one defined.
		if slices.ContainsFunc(x.cands, func(o candidate) bool {
			if o.fact.Type != TypeParty || o.start >= c.end+p || o.start <= c.end {
				return false
			}
			// (A labelled name's definition is its own only with no name
			// between; otherwise one on a later line that is no word of
			// the definition's own line.)
			if o.fact.EntityType == "person" && f.EntityType != "person" && !labelled {
				return false // its representative, named before its definition
			}
			return labelled || o.start > c.end+nl && !(o.fact.Role == r && o.fact.Method == "definition")
		}) {
			continue
		}
		f.Role, f.Key, f.Label, f.Method, f.Confidence = r, r, strings.ToUpper(r[:1])+strings.ReplaceAll(r[1:], "_", " "), "definition", 0.85
		// The definition's line may have given its first word a role
		// of its own ("Dubai, United Arab Emirates (hereinafter ...)"):
		// that was this company's.
		defAt := c.end + p
		for j := range x.cands {
			o := &x.cands[j]
			if j != i && o.fact.Type == TypeParty && o.fact.Role == r && o.start > c.end && o.start < defAt && o.fact.Method == "definition" {
				o.fact.Role, o.fact.Key, o.fact.Label = "-drop", "", ""
			}
		}
	}
	x.cands = slices.DeleteFunc(x.cands, func(c candidate) bool { return c.fact.Role == "-drop" })
}

// reSignLabel: a label before a signer's name in a signature block
// ("Name:", "Witness:", "الاسم:", "الشاهد:").
var reSignLabel = regexp.MustCompile(`(?i)^\s*(?:name|(?:(?:first|second|third)\s+)?witness(?:\s+(?:no\.?\s*)?\d|\s+\(\d\))?|witnessed\s+by|الاسم|(?:ال)?شاهد(?:\s+(?:الأول|الاول|الثاني|الثالث|رقم\s*\d|\d|\(\d\)))?)\s*(?:/\s*[^:：]{1,20})?[:：]\s*`)

// reArTitleAfter: a job title after a name ("- المدير التنفيذي", "،
// مدير المبيعات").
var reArTitleAfter = regexp.MustCompile(`^\s*[-–،,]\s*(?:ال)?(?:مدير|مديرة|رئيس|رئيسة|نائب|مسؤول|المسؤول|شريك|الشريك|وكيل)`)

// signingBlockNames finds, in a block of the signature block, the people
// who sign or witness: each cell (or the line) that is a person's name,
// after a "Name:" or "Witness:" label or alone, with a title after a
// comma or a dash, and in two scripts parted by " / ". An English name
// is two to five capitalised words that are no title; an Arabic one
// needs بن/بنت, a label, an honorific, an English twin in the cell, or a
// title after it (so that "ختم الشركة" or "عن المستأجر" is nobody).
func signingBlockNames(t string) [][2]int {
	var out [][2]int
	for _, ce := range labelledEntries(t) { // party_signers_lists.go
		at, cell := ce[0], t[ce[0]:ce[1]]
		c := cell
		labelled := false
		if m := reSignLabel.FindString(c); m != "" {
			c, at, labelled = c[len(m):], at+len(m), true
		}
		if h := honorific.FindString(c); h != "" {
			c, at, labelled = c[len(h):], at+len(h), true
		}
		if strings.Contains(c, ":") || strings.Contains(c, "：") || hasDigit(c) {
			continue
		}
		// The name ends at a title after a comma or a dash.
		body := c
		titled := false
		if i := strings.IndexAny(body, ",،"); i > 0 {
			body, titled = body[:i], true
		}
		if i := strings.Index(body, " - "); i > 0 {
			titled = titled || reArTitleAfter.MatchString(body[i:]) || titleWords(body[i:])
			body = body[:i]
		}
		parts := bilingualParts(body)
		twin := len(parts) == 2
		for _, pr := range parts {
			p := body[pr[0]:pr[1]]
			lead := len(p) - len(strings.TrimLeft(p, " "))
			if h := honorific.FindString(p[lead:]); h != "" {
				lead += len(h)
			}
			p = p[lead:]
			lead += len(p) - len(strings.TrimLeft(p, " "))
			p = strings.TrimSpace(p)
			if p == "" || roleOf(p) != "" || labelRole(p) != "" || roleHeading(p) {
				continue
			}
			ok := rePlainName.MatchString(p) && !titleWords(p) && trimOrgLead(p) == p
			if !ok && reArPlainName.MatchString(p) && !arOrgHead(p) && arPersonLike(p) && !strings.HasPrefix(p, "عن ") && !strings.HasPrefix(p, "نيابة") {
				ok = reBinWord.MatchString(p) || labelled || twin || titled
			}
			if ok {
				s := at + pr[0] + lead
				out = append(out, [2]int{s, s + len(p)})
			}
		}
	}
	return out
}

// describedPerson: a person's name that opens its line and is followed by
// a comma, as an individual party is listed in a contract's preamble
// ("Said bin Nasser Al Busaidi, Omani national, ID No. ..."; "سعيد بن
// ناصر البوسعيدي، عماني الجنسية"), so that its definition may follow on
// a later line.
func describedPerson(text string, s, e int) bool {
	ls := strings.LastIndexByte(text[:s], '\n') + 1
	if strings.TrimSpace(text[ls:s]) != "" {
		return false
	}
	rest := strings.TrimLeft(text[e:], " ")
	return strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, "،")
}

// reNationalPerson: an individual party listed by name and nationality at
// the start of a line: "Said bin Nasser Al Busaidi, Omani national",
// "سعيد بن ناصر البوسعيدي، عماني الجنسية".
var (
	reNationalPerson   = regexp.MustCompile(`^\s*(?:\(?\d{1,2}[.)]\s*)?(` + personName + `)\s*,\s*(?:an?\s+)?[A-Z][a-z]+\s+(?:national|citizen)\b`)
	reArNationalPerson = regexp.MustCompile(`^\s*(?:\(?\d{1,2}[.)]\s*|` + arEnumerator + `)?(\p{Arabic}{2,}(?:\s+\p{Arabic}{2,}){1,5}?)\s*[،,]\s*(?:\p{Arabic}+\s+)?الجنسية`)
)

// reArTitleBefore: a job title right before an organisation's kind word
// ("رئيس مجلس الإدارة", "مدير مكتب", "عضو مجلس").
var reArTitleBefore = regexp.MustCompile(`(?:^|[\s،,/])(?:رئيس|رئيسة|نائب|مدير|مديرة|عضو|أمين|امين|سكرتير)\s+$`)

// reArTitleLine: a line that is an Arabic job title ("رئيس لجنة المناقصات",
// "مدير إدارة المشتريات").
var reArTitleLine = regexp.MustCompile(`^\s*(?:ال)?(?:رئيس|رئيسة|مدير|مديرة|نائب|أمين|امين|مسؤول|مسؤولة|منسق|منسقة|عضو)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,4}\s*[:：]?\s*$`)

// titledLineNames: an Arabic name with بن or بنت alone on the line under
// a line that is a job title (a notice's or a letter's signer: "رئيس
// لجنة المناقصات" over "سعيد بن أحمد الشحري").
func titledLineNames(t, prev string) [][2]int {
	if !hasArabic(t) {
		return nil
	}
	var out [][2]int
	above := prev
	if i := strings.LastIndexByte(above, '\n'); i >= 0 {
		above = above[i+1:]
	}
	off := 0
	for _, line := range strings.SplitAfter(t, "\n") {
		name := strings.TrimSpace(line)
		if reArTitleLine.MatchString(above) && reArPlainName.MatchString(name) && reBinWord.MatchString(name) && arPersonLike(name) {
			s := off + strings.Index(line, name)
			out = append(out, [2]int{s, s + len(name)})
		}
		above = line
		off += len(line)
	}
	return out
}

// reSuppliedAfter: the name's own sentence says it supplied the goods.
var reSuppliedAfter = regexp.MustCompile(`(?i)^\s*,?\s*(?:\([^()]{1,120}\)\s*,?\s*)?(?:(?:بأنها|بأنه|أنها|أنه|بانها|بانه)\s+(?:قد\s+)?(?:قامت|قام)\s+(?:ب)?(?:توريد|بتوريد)|(?:certifies|confirms|declares)\s+that\s+it\s+(?:has\s+)?(?:supplied|delivered))`)

// reAccountName: the label of a bank account's holder.
var reAccountName = regexp.MustCompile(`(?i)(?:a/c|account)\s*(?:name|title|holder)\s*[:：]?\s*$|اسم\s+(?:صاحب\s+)?الحساب\s*[:：]?\s*$`)

// placeWord: a name's last word makes it a place ("Sheikh Zayed Road",
// "Sultan Qaboos Street", "Dr. Sulaiman Al Habib Hospital").
func placeWord(name string) bool {
	last := name[strings.LastIndexByte(name, ' ')+1:]
	switch strings.ToLower(last) {
	case "road", "street", "highway", "avenue", "mosque", "hospital", "tower", "towers", "bridge", "park", "airport", "port",
		"university", "school", "centre", "center", "complex", "roundabout", "city", "mall", "building":
		return true
	}
	return false
}

// arEnumerator: the ordinal that numbers a party in an Arabic preamble
// ("أولاً:", "ثانياً -").
const arEnumerator = `(?:أولاً|أولا|اولاً|اولا|ثانياً|ثانيا|ثالثاً|ثالثا|رابعاً|رابعا)\s*[:：\-–]\s*`

// wrappedNames: a name wrapped over two lines of plain text ("you,
// Dhofar Utilities\n   Development Company SAOC (hereinafter ... the
// "Beneficiary")", "وتمثلها الفاضلة/ زينب محمد\nالبلوشي") is read as a
// fragment on one line. When the document names the whole ("To: Dhofar
// Utilities Development Company SAOC") and the fragment's neighbouring
// line holds the rest, the fragment is that party: its role goes to the
// whole name and the fragment is dropped.
func wrappedNames(cs []candidate, text string) []candidate {
	drop := map[int]bool{}
	for i, a := range cs {
		if a.fact.Type != TypeParty || a.start < 0 || a.end > len(text) {
			continue
		}
		for _, b := range cs {
			if b.fact.Type != TypeParty || len(b.fact.Normalized) <= len(a.fact.Normalized) {
				continue
			}
			whole, part := b.fact.Normalized, a.fact.Normalized
			ok := false
			switch {
			case strings.HasSuffix(whole, " "+part):
				// The fragment opens its line; the line before ends
				// with the rest.
				ls := strings.LastIndexByte(text[:a.start], '\n')
				if ls < 0 || strings.TrimSpace(text[ls+1:a.start]) != "" {
					continue
				}
				prev := normalName(text[strings.LastIndexByte(text[:ls], '\n')+1 : ls])
				rest := whole[:len(whole)-len(part)-1]
				ok = strings.HasSuffix(prev, rest) && (len(prev) == len(rest) || prev[len(prev)-len(rest)-1] == ' ')
			case strings.HasPrefix(whole, part+" "):
				// The fragment ends its line; the next line starts with
				// the rest.
				nl := strings.IndexByte(text[a.end:], '\n')
				if nl < 0 || strings.TrimSpace(text[a.end:a.end+nl]) != "" {
					continue
				}
				from := a.end + nl + 1
				to := strings.IndexByte(text[from:], '\n')
				if to < 0 {
					to = len(text) - from
				}
				next := normalName(text[from : from+to])
				rest := whole[len(part)+1:]
				if strings.HasPrefix(next, rest) {
					r, _ := utf8.DecodeRuneInString(next[len(rest):])
					ok = len(next) == len(rest) || !unicode.IsLetter(r) && !unicode.IsDigit(r)
				}
			}
			if !ok {
				continue
			}
			drop[i] = true
			if a.fact.Role != "" {
				for k := range cs {
					if cs[k].fact.Type == TypeParty && cs[k].fact.Normalized == whole && (cs[k].fact.Role == "" || cs[k].fact.Role == "sender" || cs[k].fact.Role == "addressee") {
						f := &cs[k].fact
						f.Role, f.Key, f.Label, f.Method = a.fact.Role, a.fact.Key, a.fact.Label, a.fact.Method
					}
				}
			}
			break
		}
	}
	if len(drop) == 0 {
		return cs
	}
	out := cs[:0:0]
	for i, c := range cs {
		if !drop[i] {
			out = append(out, c)
		}
	}
	return out
}

// allCaps: a name written in capitals only (a letterhead's "AL JABAL
// COMMERCIAL BANK SAOG").
func allCaps(s string) bool {
	upper := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		upper = upper || unicode.IsUpper(r)
	}
	return upper
}

// reBilingualPerson: a person's name written in Latin letters and then in
// Arabic, parted by " / " (a title may follow the Latin name after a
// comma): "Hilal Saud Al Kharusi / هلال بن سعود الخروصي", "Nasser
// Mohammed Al Shukaili, Sales Manager / ناصر بن محمد الشكيلي، مدير".
var reBilingualPerson = regexp.MustCompile(`(?:^|[:：|]\s*|\s{3,})(` + personName + `)(?:\s*,\s*\p{L}[\p{L} &.-]{1,40}?)?\s+/\s+(\p{Arabic}{2,}(?:\s+\p{Arabic}{2,}){1,5}?)\s*(?:[،,|]|$|\s{3,})`)

// bilingualPersons finds the people a block names in both scripts: the
// Latin name and its Arabic writing, each a name of the same person, when
// the two are a transliteration of each other (as many name words, not
// counting Al / bin / بن, and the first and last words starting with
// letters that sound alike). "Muscat Branch / فرع مسقط" is no person.
func bilingualPersons(t string) [][2]int {
	if !hasArabic(t) {
		return nil
	}
	var out [][2]int
	off := 0
	for _, cell := range strings.Split(t, " | ") {
		for _, m := range reBilingualPerson.FindAllStringSubmatchIndex(cell, -1) {
			lat, ar := cell[m[2]:m[3]], cell[m[4]:m[5]]
			if titleWords(lat) || arOrgHead(ar) || !arPersonLike(ar) || !transliterates(lat, ar) {
				continue
			}
			out = append(out, [2]int{off + m[2], off + m[3]}, [2]int{off + m[4], off + m[5]})
		}
		off += len(cell) + len(" | ")
	}
	return out
}

// arInitials: the Latin letters an Arabic name's first letter is written
// with.
var arInitials = map[rune]string{
	'ا': "AEIOU", 'أ': "AEIOU", 'إ': "AEIOU", 'آ': "AEIOU", 'ع': "AEIOU", 'ب': "B", 'ت': "T", 'ث': "T", 'ج': "JG", 'ح': "H",
	'خ': "KH", 'د': "D", 'ذ': "DZT", 'ر': "R", 'ز': "Z", 'س': "S", 'ش': "S", 'ص': "S", 'ض': "D", 'ط': "T", 'ظ': "ZD",
	'غ': "G", 'ف': "FV", 'ق': "QKG", 'ك': "KC", 'ل': "L", 'م': "M", 'ن': "N", 'ه': "H", 'و': "WOU", 'ي': "YIEJ",
}

// transliterates: Latin name lat and Arabic name ar are one name.
func transliterates(lat, ar string) bool {
	var lw, aw []string
	for _, w := range strings.FieldsFunc(lat, func(r rune) bool { return r == ' ' || r == '-' }) {
		switch strings.ToLower(w) {
		case "al", "el", "bin", "bint", "ibn":
		default:
			lw = append(lw, w)
		}
	}
	for _, w := range strings.Fields(ar) {
		if w == "بن" || w == "بنت" || w == "ابن" {
			continue
		}
		aw = append(aw, strings.TrimPrefix(w, "ال"))
	}
	if len(lw) != len(aw) || len(lw) < 2 {
		return false
	}
	same := func(l, a string) bool {
		r, _ := utf8.DecodeRuneInString(a)
		return strings.ContainsRune(arInitials[r], unicode.ToUpper(rune(l[0])))
	}
	return same(lw[0], aw[0]) && same(lw[len(lw)-1], aw[len(aw)-1])
}

// arWordBefore: the text before ends inside an Arabic word (so that a
// match after it starts mid-word: "ال" + "شركة"); the conjunction و alone
// ("وشركة الجزيرة") is no word.
func arWordBefore(before string) bool {
	r, n := utf8.DecodeLastRuneInString(before)
	if n == 0 || !unicode.Is(unicode.Arabic, r) || !unicode.IsLetter(r) {
		return false
	}
	if r == 'و' {
		p, _ := utf8.DecodeLastRuneInString(before[:len(before)-n])
		return unicode.IsLetter(p)
	}
	return true
}

// twinRoles: a company written in both scripts is one party, so a name
// without a role takes the role of its twin in the other script when the
// two stand together anywhere in the text: side by side with nothing but
// separators between ("Gulf Co.\nشركة الخليج"), or each opening a cell of
// the same table row ("Gulf Co. Muscat | شركة الخليج مسقط", a bilingual
// letterhead in two columns). translationRoles looks only at the
// occurrence each fact was kept from, which for a name that states its
// role later in the text is not the one beside its twin.
func twinRoles(facts []Fact, text string) {
	for i, f := range facts {
		if f.Type != TypeParty || f.Role != "" || f.EntityType != "company" || f.Value == "" {
			continue
		}
		for _, g := range facts {
			if g.Type != TypeParty || g.Role == "" || g.EntityType != "company" || g.Value == "" || hasArabic(f.Value) == hasArabic(g.Value) {
				continue
			}
			if twinsIn(text, f.Value, g.Value) {
				facts[i].Role, facts[i].Key, facts[i].Label = g.Role, g.Key, g.Label
				break
			}
		}
	}
}

// twinsIn: some occurrence of name a and some of name b stand together in
// text (see twinRoles).
func twinsIn(text, a, b string) bool {
	as, bs := occurrences(text, a), occurrences(text, b)
	for _, x := range as {
		for _, y := range bs {
			s, e, sl := x, y, len(a) // s before e
			if s > e {
				s, e, sl = y, x, len(b)
			}
			if s+sl > e {
				continue
			}
			between := text[s+sl : e]
			if strings.Trim(between, " /|()-–—,،*\t\n") == "" || twinLines(text, s, between) { // party_tables.go
				return true
			}
			if strings.Contains(between, "\n") || strings.Count(between, " | ") != 1 {
				continue
			}
			if strings.TrimSpace(between[strings.Index(between, " | ")+3:]) != "" {
				continue // the second name does not open its cell
			}
			ls := strings.LastIndex(text[:s], "\n") + 1
			if strings.Trim(text[ls:s], " *#_") == "" {
				return true // both open a cell of one row
			}
		}
	}
	return false
}

// occurrences are the offsets of name in text (at most a few).
func occurrences(text, name string) []int {
	var out []int
	for off := 0; len(out) < 20; {
		i := strings.Index(text[off:], name)
		if i < 0 {
			break
		}
		out = append(out, off+i)
		off += i + len(name)
	}
	return out
}
