package documentfacts

import (
	"net/url"

	"dalil"
)

// Basis implements capability.Evidenced: the facts rest on the document
// the caller supplied -- its text, or the document fetched at the URL the
// caller gave (still the caller's evidence, named by the URL's host) --
// and the extraction rules. A readable document in which nothing was
// found is Unanswered (no_facts_found): sent, not charged.
func (o Output) Basis() dalil.Basis {
	doc := dalil.Source{Kind: dalil.SourceCaller, Name: "the document text given", Items: 1}
	if o.Metadata.Source == "url" {
		doc.Name = "the document at the URL given"
		if u, err := url.Parse(o.Metadata.FinalURL); err == nil && u.Hostname() != "" {
			doc.Name = u.Hostname()
		}
	}
	return dalil.Basis{
		Sources:    []dalil.Source{doc, {Kind: dalil.SourceComputation, Name: "the fact extraction rules"}},
		Unanswered: o.unanswered(),
	}
}
