package evidence

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		url, own string
		tier     int
		cat      string
	}{
		{"https://find-and-update.company-information.service.gov.uk/company/1", "", 1, CatRegulatory},
		{"https://www.sec.gov/litigation/x", "", 1, CatRegulatory},
		{"https://search.gleif.org/#/record/X", "", 1, CatRegulatory},
		{"https://www.cbo.gov.om/news", "", 1, CatRegulatory},
		{"https://www.reuters.com/a", "", 2, CatNews},
		{"https://amp.ft.com/content/b", "", 2, CatNews},
		{"https://www.trustpilot.com/review/x", "", 3, CatReview},
		{"https://some-blog.example.org/post", "", 3, CatWeb},
		{"https://www.reddit.com/r/x", "", 4, CatForum},
		{"https://acme.co.uk/about", "acme.co.uk", 4, CatWebsite},
		{"https://shop.acme.co.uk/about", "https://acme.co.uk/", 4, CatWebsite},
	} {
		tier, cat := Classify(c.url, c.own)
		if tier != c.tier || cat != c.cat {
			t.Errorf("%s: %d %s, want %d %s", c.url, tier, cat, c.tier, c.cat)
		}
	}
}

func TestCanonical(t *testing.T) {
	same := []string{"https://www.reuters.com/a/b?utm_source=x&utm_medium=y", "http://reuters.com/a/b/", "https://m.reuters.com/a/b#top",
		"https://reuters.com/a/b/amp", "https://www.reuters.com/a/b?fbclid=1"}
	for _, u := range same {
		if got := Canonical(u); got != "reuters.com/a/b" {
			t.Errorf("Canonical(%s) = %s", u, got)
		}
	}
	if Canonical("https://x.com/p?id=2&a=1") != "x.com/p?a=1&id=2" || Canonical("https://x.com/p?id=2") == Canonical("https://x.com/p?id=3") {
		t.Error("meaningful parameters must be kept, sorted")
	}
}

func TestDetectStage(t *testing.T) {
	for text, want := range map[string]string{
		"The director was convicted of fraud":                   "conviction",
		"pleaded guilty to bribery":                             "conviction",
		"The company was fined $2m by the regulator":            "judgment",
		"agreed to pay a settlement":                            "settlement",
		"was charged with money laundering":                     "charge",
		"Customers sued the firm":                               "lawsuit",
		"Regulators opened an investigation":                    "investigation",
		"The firm allegedly misled investors":                   "allegation",
		"The firm was acquitted; charges of fraud were dropped": "allegation",
		"The firm opened a new office":                          "",
	} {
		if got := DetectStage(text); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	if !Established("judgment") || !Established("conviction") || Established("charge") || Established("") {
		t.Error("Established")
	}
}

func TestNormalizeCountry(t *testing.T) {
	for in, want := range map[string]string{"gbr": "GB", "UK": "GB", "Sultanate of Oman": "OM", "OMN": "OM", "om": "OM", "United Arab Emirates": "AE",
		"germany": "DE", "USA": "US", " france ": "FR"} {
		if got, ok := NormalizeCountry(in); !ok || got != want {
			t.Errorf("%q: %q", in, got)
		}
	}
	if _, ok := NormalizeCountry("Narnia"); ok {
		t.Error("Narnia is a country")
	}
	if got := CountriesMentioned("Offices in Mumbai, India and in South Korea; not Omani."); !slices.Equal(got, []string{"IN", "KR"}) {
		t.Errorf("mentioned %v", got)
	}
}

func TestNames(t *testing.T) {
	if NormalizeName("ACME TRADING L.L.C.") != "acme trading" || NormalizeName("The Acme Trading Co., Ltd") != "acme trading" {
		t.Errorf("%q %q", NormalizeName("ACME TRADING L.L.C."), NormalizeName("The Acme Trading Co., Ltd"))
	}
	if !OnlyLegalForm("Ltd") || !OnlyLegalForm("LLC Inc.") || OnlyLegalForm("Acme Ltd") {
		t.Error("OnlyLegalForm")
	}
}

func TestSplitByEntity(t *testing.T) {
	items := []Item{
		{URL: "https://a.example/1", Title: "Acme Trading fined", Excerpt: "Acme Trading of London", Category: CatNews},
		{URL: "https://a.example/2", Title: "Acme Trading raided", Excerpt: "Acme Trading of Mumbai, India", Category: CatNews},
		{URL: "https://a.example/3", Title: "Widgets rise", Excerpt: "A story about widgets", Category: CatNews},
		{URL: "https://registry/1", Title: "ACME TRADING LTD", Excerpt: "number 1", Category: CatRegistry, Country: "IN"},
	}
	kept, ex := SplitByEntity(items, []string{"Acme Trading Ltd"}, "GB")
	if len(kept) != 2 || kept[0].URL != "https://a.example/1" || kept[1].Category != CatRegistry || len(ex) != 2 {
		t.Errorf("kept %+v excluded %+v", kept, ex)
	}
}

// TestCollapseOrderIndependent: any order of the same items gives the
// same collapsed items.
func TestCollapseOrderIndependent(t *testing.T) {
	story := "Acme Trading was fined two million pounds by the regulator for failings in its controls over several years, the agency said."
	items := []Item{
		{URL: "https://www.reuters.com/a?utm_source=x", Title: "Acme fined by regulator", Excerpt: story, Tier: 2, Category: CatNews, PublishedAt: "2026-01-02T00:00:00Z"},
		{URL: "https://reuters.com/a/", Title: "Acme fined by regulator", Excerpt: story, Tier: 2, Category: CatNews},
		{URL: "https://news.yahoo.com/acme", Title: "Acme Trading fined by the regulator - Yahoo", Excerpt: story + " More below.", Tier: 3, Category: CatWeb},
		{URL: "https://blog.example/x", Title: "Unrelated item here today", Excerpt: "Something else entirely about other matters and firms in the region today.", Tier: 3, Category: CatWeb},
	}
	want, merged := Collapse(items)
	if len(want) != 2 || merged != 2 || want[0].DuplicatesMerged != 2 || want[0].Tier != 2 {
		t.Fatalf("collapsed %+v merged %d", want, merged)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		s := slices.Clone(items)
		rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		got, _ := Collapse(s)
		if !slices.EqualFunc(got, want, func(a, b Item) bool {
			return a.ID == b.ID && a.DuplicatesMerged == b.DuplicatesMerged && slices.Equal(a.AlsoAt, b.AlsoAt)
		}) {
			t.Fatalf("order changed the result: %+v", got)
		}
	}
}

func TestDecay(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if w, s := Decay(CatNews, now.AddDate(0, 0, -540), now); w < 0.49 || w > 0.51 || s {
		t.Errorf("news at one half-life: %v %v", w, s)
	}
	if _, s := Decay(CatForum, now.AddDate(0, 0, -400), now); !s {
		t.Error("forum post of 400 days is not stale")
	}
	if w, _ := Decay(CatRegistry, now.AddDate(-10, 0, 0), now); w != 1 {
		t.Error("registry records do not decay")
	}
}

func TestFromSupplied(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	in := []Supplied{{URL: "https://www.reuters.com/x", Excerpt: "Acme was convicted of fraud."}, {URL: "https://www.reuters.com/y", Excerpt: "Acme opened."}}
	got := FromSupplied(in, "", now, nil)
	if got[0].Tier != TierSelf || got[0].Verified || !got[0].CallerSupplied || got[0].Polarity != Negative || got[0].LegalStage != "conviction" {
		t.Errorf("unverified: %+v", got[0])
	}
	got = FromSupplied(in, "", now, func(u, ex string) bool { return u == "https://www.reuters.com/x" })
	if got[0].Tier != TierMedia || !got[0].Verified || got[1].Tier != TierSelf {
		t.Errorf("verified: %+v %+v", got[0], got[1])
	}
}
