package oman

import (
	"slices"
	"testing"
)

func TestGazetteerShape(t *testing.T) {
	if n := len(Governorates()); n != 11 {
		t.Fatalf("%d governorates, want 11", n)
	}
	// 61 wilayats of Royal Decree 114/2011, plus Al Jabal Al Akhdar and Sinaw.
	if n := WilayatCount(); n != 63 {
		t.Errorf("%d wilayats, want 63", n)
	}
	want := map[string]int{"muscat": 6, "dhofar": 10, "musandam": 4, "buraimi": 3, "dakhiliyah": 9, "north_sharqiyah": 7,
		"south_sharqiyah": 5, "north_batinah": 6, "south_batinah": 6, "dhahirah": 3, "wusta": 4}
	for _, g := range Governorates() {
		if got := len(g.Wilayats); got != want[g.ID] {
			t.Errorf("%s: %d wilayats, want %d", g.ID, got, want[g.ID])
		}
		if g.NameEn == "" || g.NameAr == "" {
			t.Errorf("%s: missing a name", g.ID)
		}
		for _, wl := range g.Wilayats {
			if wl.NameEn == "" || wl.NameAr == "" || wl.Governorate != g.ID {
				t.Errorf("%s/%s: incomplete %+v", g.ID, wl.ID, wl)
			}
			// Every name of every wilayat resolves back to it within its governorate.
			for _, n := range wl.names() {
				got, ok := LookupWilayat(g.NameAr, n)
				if !ok || got.ID != wl.ID {
					t.Errorf("LookupWilayat(%q, %q) = %v, %v; want %s", g.NameAr, n, got.ID, ok, wl.ID)
				}
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct{ gov, wil, wantGov, wantWil string }{
		{"Muscat", "A'Seeb", "muscat", "seeb"},
		{"muscat governorate", "Seeb", "muscat", "seeb"},
		{"محافظة مسقط", "السيب", "muscat", "seeb"},
		{"مسقط", "ولاية بوشر", "muscat", "bawshar"},
		{"Ash Sharqiyah South", "Sur", "south_sharqiyah", "sur"},
		{"North Batinah", "SOHAR", "north_batinah", "sohar"},
		{"الظاهرة", "عبري", "dhahirah", "ibri"},
		{"A'Dakhiliyah", "Jabal Akhdar", "dakhiliyah", "jabal_akhdar"},
		{"Ad-Dakhiliyah", "الجبل الاخضر", "dakhiliyah", "jabal_akhdar"},
		{"Dhofar", "Ṣalālah", "dhofar", "salalah"},
		{"", "Barka", "south_batinah", "barka"},
		{"", "إبراء", "north_sharqiyah", "ibra"},
	} {
		if tc.gov != "" {
			g, ok := LookupGovernorate(tc.gov)
			if !ok || g.ID != tc.wantGov {
				t.Errorf("LookupGovernorate(%q) = %s, %v", tc.gov, g.ID, ok)
			}
		}
		wl, ok := LookupWilayat(tc.gov, tc.wil)
		if !ok || wl.ID != tc.wantWil || wl.Governorate != tc.wantGov {
			t.Errorf("LookupWilayat(%q, %q) = %+v, %v", tc.gov, tc.wil, wl, ok)
		}
	}
	if _, ok := LookupWilayat("Dhofar", "Seeb"); ok {
		t.Error("Seeb resolved in Dhofar")
	}
	if _, ok := LookupGovernorate("Dubai"); ok {
		t.Error("Dubai resolved as a governorate")
	}
	if _, ok := LookupWilayat("", "Atlantis"); ok {
		t.Error("Atlantis resolved")
	}
	if g, ok := GovernorateOf("Nizwa"); !ok || g.ID != "dakhiliyah" {
		t.Errorf("GovernorateOf(Nizwa) = %s, %v", g.ID, ok)
	}
}

func TestMentions(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Building 12, Way 3301, Al Khuwair, Bawshar, Muscat, Sultanate of Oman", []string{"muscat"}},
		{"P.O. Box 44, PC 311, Sohar Industrial Estate", []string{"north_batinah"}},
		{"صلالة، ظفار", []string{"dhofar"}},
		{"Office 4, Jebel Ali Free Zone, Dubai, UAE", nil},
		{"Nizwa and Salalah branches", []string{"dakhiliyah", "dhofar"}},
	} {
		got := GovernoratesIn(tc.text)
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("GovernoratesIn(%q) = %v, want %v", tc.text, got, want)
		}
	}
}

func TestFoldKey(t *testing.T) {
	for _, tc := range []struct {
		in, fold, key string
		governorate   bool
	}{
		{"AL-KHUWAIR", "al khuwair", "khuwair", false},
		{"A'Seeb", "a seeb", "seeb", false},
		{"An Nahdah", "an nahdah", "nahdah", false},
		{"Sur Aal Hadid", "sur aal hadid", "sur hadid", false},
		{"Madīnat Sulṭān Qābūs", "madinat sultan qabus", "madinat sultan qabus", false},
		{"الْسِّيب", "السيب", "سيب", false},
		{"سمائل", "سمايل", "سمايل", false},
		{"العذيبة", "العذيبه", "عذيبه", false},
		{"Al Kamil Wal Wafi", "al kamil wal wafi", "kamil wafi", false},
		{"Wilayat Muscat", "wilayat muscat", "muscat", false},
		{"Muscat Governorate", "muscat governorate", "muscat", true},
		{"Governorate of Muscat", "governorate of muscat", "muscat", true},
		{"محافظة مسقط", "محافظه مسقط", "مسقط", true},
		{"  ", "", "", false},
	} {
		if got := Fold(tc.in); got != tc.fold {
			t.Errorf("Fold(%q) = %q, want %q", tc.in, got, tc.fold)
		}
		if got := Key(tc.in); got != tc.key {
			t.Errorf("Key(%q) = %q, want %q", tc.in, got, tc.key)
		}
		if got := HasGovernorateWord(tc.in); got != tc.governorate {
			t.Errorf("HasGovernorateWord(%q) = %v", tc.in, got)
		}
	}
}
