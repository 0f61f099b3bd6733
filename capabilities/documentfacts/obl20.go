package documentfacts

import (
	"regexp"
	"strings"
)

// Obligations by families (issue 29, session 20; docs/documents.md "Issue
// 29, session 20: obligations and requirements by families"). Each family
// is a wording seen in two labelled documents or more; obl20 runs after the
// obligations of every sentence have been read.

func (x *clauseExtractor) obl20() {
	for si, s := range x.sents {
		if x.skipped(s) {
			continue
		}
		t := x.a.text[s.start:s.end]
		x.mustStayValid20(si, s, t)
	}
}

// Family 1: a bid, a quotation or a bond that MUST stay valid ("Quotations
// must remain valid for ninety (90) days", "Proposals must be valid for 120
// days", "يجب أن تظل العطاءات سارية لمدة ١٢٠ يوماً", "يجب أن يكون الضمان
// الابتدائي سارياً") is a duty of no one named: heldout3 12, heldout9 09,
// heldout10 02, 09, 10, heldout11 02, 09, heldout12 09, 12, partyprobe 04
// label it so. Without must / يجب it stays a state ("Quotations shall
// remain valid", "تظل العطاءات سارية"; dev4, dev6, heldout9, heldout10).
// Where the sentence reads as a requirement too, it is the duty as well.
var (
	reMustValidEN20 = regexp.MustCompile(`(?i)\b(?:quotations?|bids?|tenders?|offers?|proposals?|prices?|rates?|applications?|submissions?|(?:bid|tender)\s+(?:bonds?|security|securities|guarantees?)|(?:bank\s+)?guarantees?|bonds?)(?:\s+\w+){0,2}\s+(?:must|is\s+required\s+to|are\s+required\s+to)\s+(?:remain|be|stay|be\s+kept)\s+valid\b`)
	reMustValidAR20 = regexp.MustCompile(`(?:^|[\s،,(])(و?يجب\s+أن\s+(?:تظل|يظل|تبقى|يبقى|تكون|يكون))\s+((?:\p{Arabic}+\s+){1,3})(?:سارية|ساري|سارياً|ساريا|صالحة|صالح|صالحاً|صالحا|نافذة|نافذاً)(?:\s|[،,.]|$)`)
	// reValidThingAR20: the words of what stays valid (the bid, the offer,
	// the bond and its qualifier).
	reValidThingAR20 = regexp.MustCompile(`^(?:ال)?(?:عطاءات|عطاء|عطاؤه|عروض|عرض|عرضه|أسعار|ضمان|ضمانات|كفالة|كفالات|تأمين|ابتدائي|ابتدائية|مؤقت|مؤقتة|أولي|أولية|بنكي|بنكية|مصرفي|مصرفية|طلبات|طلب|هذا|هذه|المقدم|المقدمة|العطاء|للعطاء)$`)
)

func (x *clauseExtractor) mustStayValid20(si int, s span, t string) {
	if m := reMustValidEN20.FindStringIndex(t); m != nil {
		at := leadingNumber(t)
		if _, b := lastBoundary(t[:m[0]], true); b >= 0 {
			at = b
		}
		at += len(t[at:]) - len(strings.TrimLeft(t[at:], "-–•* "))
		if at <= m[0] {
			x.addDuty(si, s, t, at, clauseEnd(t, at), at, clauseParty{}, 0.7, cutEN)
		}
	}
	for _, m := range reMustValidAR20.FindAllStringSubmatchIndex(t, -1) {
		ok := true
		for _, w := range strings.Fields(t[m[4]:m[5]]) {
			if !reValidThingAR20.MatchString(w) {
				ok = false
			}
		}
		if !ok {
			continue // "يجب أن يكون المتقدم حاصلاً على شهادة سارية": a requirement
		}
		at := m[2] + len(t[m[2]:m[3]]) - len(strings.TrimPrefix(t[m[2]:m[3]], "و"))
		end := len(t)
		if i := strings.Index(t[m[5]:], "،"); i >= 0 {
			end = m[5] + i
		}
		x.addDuty(si, s, t, at, end, at, clauseParty{}, 0.7, cutAR)
	}
}
