package documentfacts

import (
	"regexp"
	"strings"
)

// Round 19 (issue 29, session 21; docs/documents.md "round 19, the rules
// follow conventions 33-43"): the rules follow the label conventions
// 33-43 (docs/documents.md, "Issue 29, session 21: conventions 33
// onwards"). Hooked by one line after conv20Requirements
// (requirements.go) and by a line in handle.go; the table cases are in
// conv21_test.go.

// conv21Requirements applies the requirement decisions of 33-43.
func (x *clauseExtractor) conv21Requirements(ctx reqContext) {
	if ctx.binding {
		return
	}
	x.accompanyingBonds21()
	if ctx.tender {
		x.rejectedBonds21()
	}
}

// Decision 33: a rejection or exclusion sentence ("Bids not accompanied by
// a bid bond will be rejected", "يستبعد كل عطاء غير مصحوب بالضمان", "late
// bids will not be considered") gives nothing of its own: no obligation
// (conv21Obligations) and no requirement beside the one it restates; when
// it is the only sentence naming a bid bond in its language it carries
// the bond's mandatory financial requirement.
var (
	reReject21  = regexp.MustCompile(`(?i)\b(?:will|shall|may|would|is\s+liable\s+to|are\s+liable\s+to)\s+(?:be\s+)?(?:rejected|disqualified|excluded|disregarded|returned\s+unopened|declared\s+(?:void|invalid|non-?responsive)|considered\s+(?:void|invalid|non-?responsive)|treated\s+as\s+non-?responsive)\b|\b(?:will|shall)\s+not\s+be\s+(?:considered|accepted|opened|evaluated|entertained)\b|\bliable\s+to\s+(?:be\s+)?rejection\b|\bgrounds?\s+for\s+(?:rejection|disqualification)\b|\bresult\s+in\s+(?:the\s+)?(?:rejection|disqualification|exclusion)\b|(?:^|[\s.:)-])(?:و)?(?:يستبعد|يُستبعد|تستبعد|تُستبعد|يرفض|يُرفض|ترفض|تُرفض)\s|(?:سيتم|يتم|يجوز)\s+(?:استبعاد|رفض)|لن\s+(?:ينظر|يُنظر|يلتفت|يُلتفت|تقبل|تُقبل|يقبل|يُقبل|تفتح|تُفتح)|لا\s+(?:ينظر|يُنظر|يلتفت|يُلتفت|تقبل|تُقبل|يقبل|يُقبل)\s|(?:يعتبر|يُعتبر|تعتبر|تُعتبر)\s+(?:لاغي|ملغ|مرفوض)`)
	reBidNoun21 = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|proposals?|offers?|quotations?|submissions?|applications?|eois?)\b|عطاء|عطاءات|العطاء|العطاءات|عرض|العرض|عروض|العروض`)
)

// reClauseJoin21: a clause break before the rejection ("تقدم العطاءات
// في مظروفين ...، ولا تقبل العطاءات الورقية": a duty, then a rejection).
var reClauseJoin21 = regexp.MustCompile(`(?i)[,،;؛]\s*(?:و|and\s+|but\s+)?$|[;؛]`)

// rejection21: t is a rejection sentence about bids, the rejection its
// first clause.
func rejection21(t string) bool {
	m := reReject21.FindStringIndex(t)
	return m != nil && reBidNoun21.MatchString(t) && !reClauseJoin21.MatchString(t[:m[0]])
}

// rejectedBonds21 drops the requirements read from a rejection sentence
// that names a bond another requirement states, and gives the bond's
// requirement to the one that states it alone (decision 33).
func (x *clauseExtractor) rejectedBonds21() {
	for si, sp := range x.sents {
		if x.skipped(sp) || sp.end-sp.start > 400 {
			continue
		}
		t := x.a.text[sp.start:sp.end]
		if !rejection21(t) || !reGuarantee19.MatchString(t) || rePerfBond20.MatchString(t) {
			continue
		}
		stated := false
		for _, r := range x.reqs {
			if (r.end <= sp.start || r.start >= sp.end) && r.r.Category == "financial" && hasArabic(r.r.Requirement) == hasArabic(t) &&
				reGuarantee19.MatchString(r.r.Requirement) && !rePerfBond20.MatchString(r.r.Requirement) {
				stated = true
				break
			}
		}
		if stated {
			kept := x.reqs[:0]
			for _, r := range x.reqs {
				if r.end <= sp.start || r.start >= sp.end {
					kept = append(kept, r)
				}
			}
			x.reqs = kept
			continue
		}
		if x.reqOverlaps(sp.start, sp.end) {
			continue
		}
		lead := leadingNumber(t)
		r := Requirement{Requirement: clip(strings.TrimSpace(t[lead:]), 300), Category: "financial", Mandatory: true, Method: "clause", Confidence: 0.75}
		x.reqs = append(x.reqs, reqFound{r: r, start: sp.start + lead, end: sp.end, explicit: true, section: x.sectionOf[sp.seg]})
		x.reqSents[si] = true
	}
}

// Decision 34: a bond that must accompany each bid, the bid as subject
// ("Each bid must be accompanied by a bid bond", "A bid bond must
// accompany each proposal", "يجب أن يرفق بالعطاء ضمان", "يرفق مع كل عطاء
// ضمان بنكي") is the bond's financial requirement and an obligation of
// - (a passive instruction on bids, decision 31): the sentence a
// requirement was read from is read for obligations as well. A bidder
// named as the subject ("يجب أن يرفق المناقص بعطائه") is another
// wording, read as before; a rejection sentence ("Bids not accompanied by
// a bid bond will be rejected", decision 33) names no duty.
var reAccompanyBond21 = regexp.MustCompile(`(?i)\b(?:bids?|tenders?|proposals?|quotations?|offers?|submissions?|applications?)\s+(?:must|shall|is\s+to|are\s+to)\s+be\s+accompanied\s+by\s+(?:an?\s+|the\s+)?(?:original\s+)?(?:\w+\s+){0,2}?(?:bonds?|security|guarantee)\b|\b(?:bond|security|guarantee)\b(?:[^.;\n]|\.[0-9]){0,80}?\b(?:must|shall)\s+accompany\s+(?:each|every|all|the|any)?\s*(?:bids?|tenders?|proposals?|quotations?|offers?|submissions?)\b|(?:يجب|ويجب|يتعين)\s+أن\s+(?:يرفق|يُرفق|ترفق|تُرفق)\s+(?:ب|مع\s+)(?:كل\s+)?(?:ال)?(?:عطاء|عطاءات|عرض|عروض)\S*\s+(?:ال)?(?:ضمان|كفالة|تأمين)`)

// accompanyingBonds21 lets the obligations read a requirement's sentence
// that binds the bid to carry a bond (decision 34).
func (x *clauseExtractor) accompanyingBonds21() {
	for si, sp := range x.sents {
		if !x.reqSents[si] || x.skipped(sp) || sp.end-sp.start > 500 {
			continue
		}
		if reAccompanyBond21.MatchString(x.a.text[sp.start:sp.end]) {
			x.reqSents[si] = false
		}
	}
}

// conv21Obligations applies the obligation decisions of 33-43, after
// the session 20 conventions (handle.go).
func (x *clauseExtractor) conv21Obligations() {
	kept := x.obls[:0:0]
	for _, o := range x.obls {
		sent := x.a.text[o.start:o.end]
		if (o.o.PartyRole == "" || o.o.PartyRole == "issuer") && rejection21(sent) {
			continue // decision 33
		}
		switch {
		case (o.o.Party != "" || o.o.PartyRole != "") && reAccompanyBond21.MatchString(sent) && !namesBidder21(o):
			// Decision 34: the bid carries the bond; no party is named
			// ("صادر من أحد البنوك العاملة" names a bank's kind, not the
			// employee).
			o.o.Party, o.o.PartyRole = "", ""
		}
		kept = append(kept, o)
	}
	x.obls = kept
}

// reBidderWord21: a bidder named in a sentence.
var reBidderWord21 = regexp.MustCompile(`(?i)\b(?:bidders?|tenderers?|applicants?|suppliers?|contractors?|consultants?|vendors?)\b|(?:ال)?(?:مناقص|متناقص|متقدم|مورد|مقاول|مقدم\s+العطاء)(?:\s|$|ين|ون)`)

// namesBidder21: the obligation's party is a bidder the sentence names,
// not a word the bond's wording holds.
func namesBidder21(o oblFound) bool {
	return o.o.PartyRole == "bidder" || reBidderWord21.MatchString(o.o.Party)
}
