package documentfacts

import (
	"regexp"
	"strings"
)

const (
	orgSuffix   = `(?:L\.L\.C\.?|LLC|SAOG|S\.A\.O\.G\.?|SAOC|S\.A\.O\.C\.?|Ltd\.?|Limited|Inc\.?|Corporation|Corp\.?|PLC|GmbH|FZE|FZ-LLC|FZCO|W\.L\.L\.?|LLP|Co\.|Company|Group|Holding|Holdings|Enterprises|Establishment|Est\.)`
	orgWord     = `(?:[A-Z][A-Za-z0-9&'.-]*|&|and|of|for|al|Al|bin|the)`
	arOrgSuffix = `(?:ش\.م\.م\.?|ش\.م\.ع\.ع\.?|ش\.م\.ع\.م\.?|ش\.م\.ع\.?|ذ\.م\.م\.?|المحدودة|القابضة|ش\.ش\.و)`
)

var (
	reOrg      = regexp.MustCompile(`\b([A-Z][A-Za-z0-9&'.-]*(?:\s+` + orgWord + `){0,6}\s+` + orgSuffix + `)(?:\s|[,.;:)"”]|$)`)
	reArOrg    = regexp.MustCompile(`((?:شركة|مؤسسة|مجموعة|بنك)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,5}?\s+` + arOrgSuffix + `)|((?:شركة|مؤسسة)\s+\p{Arabic}+(?:\s+\p{Arabic}+){0,3}?)(?:\s*[،,(]|\s+(?:ويشار|والمشار|المسجلة|ومقرها|سجل|ص\.ب|وعنوانها|ويمثلها)|$)`)
	honorific  = regexp.MustCompile(`^(?:(?:Mr|Mrs|Ms|Miss|Dr|Eng)\.?\s+|(?:السيد|السيدة|الفاضل|الفاضلة|الدكتور|المهندس)\s*/?\s*)`)
	rePerson   = regexp.MustCompile(`\b(?:Mr|Mrs|Ms|Miss|Dr|Eng|Sheikh)\.?\s+([A-Z][a-z]+(?:[ -](?:(?:Al|al|bin|bint|Bin|Bint|El|el)(?:[ -][A-Z][a-z]+)?|[A-Z][a-z]+)){1,4})`)
	reArPerson = regexp.MustCompile(`(?:السيد|السيدة|الفاضل|الفاضلة|الدكتور|المهندس)\s*/?\s*(\p{Arabic}+(?:\s+\p{Arabic}+){1,3}?)(?:\s*[،,(]|\s+(?:ويشار|المشار|الجنسية|عماني|عمانية|بطاقة|رقم|ويحمل|يحمل|بصفته|المقيم)|$)`)
	// A role in parentheses or quotes after a name: (the "Supplier"),
	// (hereinafter referred to as the "Landlord"), ويشار إليه بـ "المؤجر".
	reRoleDef = regexp.MustCompile(`(?i)^[^()]{0,160}?\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?["“”']?([A-Za-z ]{3,25}?)["“”']?\s*\)`)
	reArRole  = regexp.MustCompile(`^[^!?؟]{0,160}?(?:ويشار إليها|ويشار إليه|ويشار اليها|ويشار اليه|والمشار إليها|والمشار إليه|المشار إليها|المشار إليه)\s*(?:فيما بعد\s*)?(?:بـ|باسم|ب)?\s*["«“]?(\p{Arabic}+(?:\s+\p{Arabic}+)?)`)
	reLabeled = regexp.MustCompile(`(?i)^\s*(landlord|lessor|tenant|lessee|buyer|purchaser|seller|supplier|vendor|customer|client|bill(?:ed)? to|sold to|employer|employee|contractor|service provider|disclosing party|receiving party|المؤجر|المستأجر|البائع|المشتري|المورد|العميل|صاحب العمل|الموظف|المقاول|الطرف الأول|الطرف الثاني)\s*(?:\(\s*(\p{Arabic}+|[A-Za-z ]+)\s*\))?\s*[:：|-]\s*(.{2,120})$`)
)

// parties finds organisations and people: labelled ("Landlord: X"),
// defined ('X LLC (the "Supplier")', 'X ويشار إليه بـ "المؤجر"'), or named
// with a legal form or a title anywhere.
func (x *extractor) parties(t string, base int, prev string) {
	taken := [][2]int{}
	addParty := func(ms, me int, name, role, method, etype string, conf float64) {
		name = strings.TrimSpace(strings.TrimRight(name, " ,.;:،"))
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
	// Labelled: the whole block is "Role: Name".
	if m := reLabeled.FindStringSubmatchIndex(t); m != nil {
		roleWord := t[m[2]:m[3]]
		role := roleOf(roleWord)
		if role == "" {
			switch roleWord {
			case "الطرف الأول":
				role = "first_party"
			case "الطرف الثاني":
				role = "second_party"
			}
			if m[4] >= 0 {
				if r := roleOf(t[m[4]:m[5]]); r != "" {
					role = r
				}
			}
		}
		name := t[m[6]:m[7]]
		// A definition after the name gives the role ("الطرف الأول: X
		// ويشار إليها بـ "المؤجر"", "Supplier: X (the "Seller")").
		if d := reArRole.FindStringSubmatch(name); d != nil {
			if r := roleOf(d[1]); r != "" {
				role = r
			}
		} else if d := reRoleDef.FindStringSubmatch(name); d != nil {
			if r := roleOf(d[1]); r != "" {
				role = r
			}
		}
		// Stop the name at the first separator.
		for _, sep := range []string{" | ", ",", "،", " - ", "(", ";", " CR ", " C.R", " VAT", " السجل", " رقم", " ويشار", " والمشار", " المشار", " بصفته"} {
			if i := strings.Index(name, sep); i > 0 {
				name = name[:i]
			}
		}
		start := m[6]
		if h := honorific.FindString(name); h != "" {
			name, start = name[len(h):], start+len(h)
		}
		etype := entityType(name)
		if m[6] != start {
			etype = "person"
		}
		if role != "" && looksLikeName(name) {
			addParty(start, start+len(name), name, role, "labeled_field", etype, 0.88)
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
	for _, m := range reArOrg.FindAllStringSubmatchIndex(t, -1) {
		if m[2] >= 0 {
			names = append(names, found{m[2], m[3], "company"})
		} else {
			names = append(names, found{m[4], m[5], "company"})
		}
	}
	for _, m := range rePerson.FindAllStringSubmatchIndex(t, -1) {
		names = append(names, found{m[2], m[3], "person"})
	}
	for _, m := range reArPerson.FindAllStringSubmatchIndex(t, -1) {
		names = append(names, found{m[2], m[3], "person"})
	}
	for _, n := range names {
		name := trimOrgLead(t[n.s:n.e])
		s := n.e - len(name)
		role, method, conf := "", "pattern", 0.75
		after := t[n.e:]
		if m := reRoleDef.FindStringSubmatch(after); m != nil {
			if r := roleOf(m[1]); r != "" {
				role, method, conf = r, "definition", 0.9
			}
		} else if m := reArRole.FindStringSubmatch(after); m != nil {
			if r := roleOf(m[1]); r != "" {
				role, method, conf = r, "definition", 0.9
			} else if strings.HasPrefix(m[1], "الطرف الأول") {
				role, method, conf = "first_party", "definition", 0.85
			} else if strings.HasPrefix(m[1], "الطرف الثاني") {
				role, method, conf = "second_party", "definition", 0.85
			}
		}
		addParty(s, n.e, name, role, method, n.etype, conf)
	}
}

// trimOrgLead drops words a name pattern may take from the sentence
// before the name ("between", "and", "The").
func trimOrgLead(s string) string {
	for {
		w, rest, ok := strings.Cut(s, " ")
		if !ok {
			return s
		}
		switch strings.ToLower(w) {
		case "between", "and", "the", "by", "with", "to", "from", "of", "for", "dear", "at", "is", "are", "this", "that":
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
