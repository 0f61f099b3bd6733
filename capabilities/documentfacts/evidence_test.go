package documentfacts

import (
	"context"
	"testing"

	"dalil"
)

// bytesFetcher answers every URL with the same text document, as fetched
// from final.
type bytesFetcher struct{ final, body string }

func (f bytesFetcher) Fetch(context.Context, string) (*Download, error) {
	return &Download{FinalURL: f.final, ContentType: "text/plain", Body: []byte(f.body)}, nil
}

func TestDocumentEvidence(t *testing.T) {
	const lease = "Lease agreement. The tenant shall pay a monthly rent of OMR 450 by 5 March 2026."
	tests := []struct {
		name       string
		deps       Deps
		in         Input
		wantCharge bool
		wantReason string
		wantDoc    string // name of the caller-supplied source
	}{
		{"text with facts", Deps{}, Input{Text: lease}, true, "", "the document text given"},
		{"text with nothing found", Deps{}, Input{Text: "just some words"}, false, "no_facts_found", "the document text given"},
		{"fetched document with facts", Deps{Fetcher: bytesFetcher{"https://docs.example.om/lease.txt", lease}},
			Input{DocumentURL: "https://docs.example.om/lease.txt"}, true, "", "docs.example.om"},
		{"fetched document with nothing found", Deps{Fetcher: bytesFetcher{"https://files.example.com/a.txt", "just some words"}},
			Input{DocumentURL: "https://example.com/a.txt"}, false, "no_facts_found", "files.example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := Handle(context.Background(), tt.deps, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			b := out.Basis()
			charge, reason := dalil.DecideEvidence(b)
			if charge != tt.wantCharge || reason != tt.wantReason {
				t.Fatalf("DecideEvidence = %v, %q; want %v, %q (basis %+v)", charge, reason, tt.wantCharge, tt.wantReason, b)
			}
			if len(b.Sources) == 0 || b.Sources[0].Kind != dalil.SourceCaller || b.Sources[0].Name != tt.wantDoc {
				t.Errorf("sources %+v, want first the caller-supplied %q", b.Sources, tt.wantDoc)
			}
		})
	}
}
