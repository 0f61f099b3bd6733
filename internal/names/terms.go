package names

import "slices"

// Term kinds: the first byte of a term says what it is, so one index
// table can hold all of them.
const (
	termWord    = 'w' // a word as normalised: "wnoor"
	termSound   = 'c' // a word's sound classes, shared across scripts: "cnr"
	termMeaning = 'm' // a company's generic word by meaning, shared across languages: "mtrading"
	termExact   = 'x' // the whole name, words sorted (Sorted)
	termName    = 'n' // the whole name, words in order (String), for prefixes
)

// TermsVersion names the scheme of Terms: a change to what a name is
// filed under (a new kind of term, another normalisation) raises it, and
// a database index filed under another version is rebuilt on first use
// (dataset/nameindex's Stale).
const TermsVersion = 2

// Terms are the terms a database index files a name under (the SQL
// indexes of the companies and sanctions datasets): each word as
// normalised, each word's sound classes (which an Arabic spelling and its
// transliterations share: محمد, Mohammed and Muhammad are all "mhmd"),
// for a company's name the meanings of its generic words (which an
// English name and its Arabic translation share: Trading and للتجارة are
// both "mtrading"; Key.Meanings), the whole name with its words sorted
// (ExactTerm) and in order (NameTerm).
// A name that Match or Similarity finds like a query almost always
// shares a word or sound term with it (TestTermsFindTheLabelledPairs
// measures how often on every labelled pair); the index is a candidate
// filter, and callers score the candidates with Match or Similarity.
// The terms are distinct and sorted; an empty key has none.
func (k Key) Terms() []string {
	if k.Empty() {
		return nil
	}
	out := make([]string, 0, 2*len(k.words)+2)
	out = append(out, k.ExactTerm(), k.NameTerm())
	out = append(out, k.WordTerms()...)
	slices.Sort(out)
	return slices.Compact(out)
}

// WordTerms are the word, sound and meaning terms of Terms, without the
// whole name's: what a search looks up for names sharing a word. Two
// Latin words side by side are also filed joined: a compound is written
// split or whole (Gholam Reza / Gholamreza, Ali Akbar / Aliakbar, Abu
// Bakr / Abubakar), and Match compares the two. A company's name is
// also filed under its meanings (so is a name with a word of an
// activity, حديد الإمارات, whose other name may be the company's:
// Emirates Steel): Gulf Trading and الخليج للتجارة share no word or
// sound, and Match takes them for one name.
func (k Key) WordTerms() []string {
	out := make([]string, 0, 4*len(k.words))
	add := func(text string, w *word) {
		out = append(out, string(termWord)+text)
		// "a" is a word of vowels only: no sound to share.
		if c := coarseOf(w); c != "a" {
			out = append(out, string(termSound)+c)
		}
	}
	for i := range k.words {
		add(k.tokens[i], &k.words[i])
		if i > 0 && !k.words[i-1].arabic && !k.words[i].arabic {
			joined := k.tokens[i-1] + k.tokens[i]
			w := newWord(joined)
			add(joined, &w)
		}
	}
	if k.company || k.namesActivity() {
		for _, m := range k.Meanings() {
			out = append(out, string(termMeaning)+m)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// ExactTerm is the term of names with the same words as k in any order
// (Sorted): an exact-name lookup.
func (k Key) ExactTerm() string { return string(termExact) + k.Sorted() }

// NameTerm is the term of k's words in order (String); names that start
// with a query are the NameTerms that have NameTerm(query) as a prefix.
func (k Key) NameTerm() string { return string(termName) + k.String() }
