package intel

import (
	"testing"

	"dalil"
	"dalil/internal/evidence"
)

func TestBasisOf(t *testing.T) {
	web := ProviderUse{Provider: "brave", Kind: "web_search", Status: "used"}
	lists := ProviderUse{Provider: "sanctions lists", Kind: "sanctions", Status: "used"}
	demo := ProviderUse{Provider: "sanctions lists", Kind: "sanctions", Status: "used", Synthetic: true}
	off := ProviderUse{Provider: "web_search", Kind: "web_search", Status: "not_configured"}
	failed := ProviderUse{Provider: "brave", Kind: "web_search", Status: "failed"}
	llm := ProviderUse{Provider: "claude", Kind: "llm", Status: "used"}
	supplied := evidence.Item{Source: "reuters.com", CallerSupplied: true}
	for _, c := range []struct {
		name      string
		providers []ProviderUse
		items     []evidence.Item
		charge    bool
		reason    string
	}{
		{"nothing configured", []ProviderUse{off}, nil, false, dalil.NotChargedNoEvidence},
		{"demo sanctions list only", []ProviderUse{demo, off}, nil, false, dalil.NotChargedSyntheticOnly},
		{"demo list and a failed search", []ProviderUse{demo, failed}, nil, false, dalil.NotChargedSyntheticOnly},
		{"real sanctions lists", []ProviderUse{lists, off}, nil, true, ""},
		{"web search used", []ProviderUse{web, demo}, []evidence.Item{{Source: "brave"}}, true, ""},
		{"search from the cache", []ProviderUse{{Provider: "brave", Kind: "web_search", Status: "cached"}}, nil, true, ""},
		{"an llm alone", []ProviderUse{llm}, nil, false, dalil.NotChargedNoEvidence},
		{"caller-supplied evidence over a demo list", []ProviderUse{demo}, []evidence.Item{supplied}, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			charge, reason := dalil.DecideEvidence(BasisOf(c.providers, c.items))
			if charge != c.charge || reason != c.reason {
				t.Errorf("DecideEvidence = %v %q, want %v %q", charge, reason, c.charge, c.reason)
			}
		})
	}
	b := BasisOf([]ProviderUse{web, demo}, []evidence.Item{{Source: "brave"}, {Source: "brave"}, supplied})
	want := []dalil.Source{{Kind: dalil.SourceLive, Name: "brave", Items: 2}, {Kind: dalil.SourceSynthetic, Name: "sanctions lists"},
		{Kind: dalil.SourceCaller, Name: "the evidence items supplied", Items: 1}}
	if len(b.Sources) != len(want) {
		t.Fatalf("sources %+v, want %+v", b.Sources, want)
	}
	for i := range want {
		if b.Sources[i] != want[i] {
			t.Errorf("source %d = %+v, want %+v", i, b.Sources[i], want[i])
		}
	}
}
