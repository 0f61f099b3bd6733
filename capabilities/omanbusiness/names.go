package omanbusiness

import "dalil/internal/names"

// NormalizeName is a company name's matching key (internal/names): case,
// diacritics and Arabic letter variants folded; articles, honorifics and
// legal forms (LLC, L.L.C., SAOG, SAOC, SPC, Est., ش.م.م, ش.م.ع.ع ...)
// removed; descriptors such as Trading kept.
func NormalizeName(s string) string { return names.Normalize(s).String() }

// NameSimilarity is internal/names' similarity of two names, 0 to 1:
// a word-order-free bigram Dice over the spelling both share (Latin
// phonetic, Arabic, or the consonant skeleton between the two scripts).
func NameSimilarity(a, b string) float64 { return names.Similarity(a, b) }
