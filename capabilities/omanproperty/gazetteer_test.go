package omanproperty

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"dalil/internal/oman"
)

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		name  string
		id    string
		exact bool
	}{
		// English, canonical and common spellings.
		{"Al Khuwair", "al-khuwair", true},
		{"al khuwair", "al-khuwair", true},
		{"AL-KHUWAIR", "al-khuwair", true},
		{"Khuwair", "al-khuwair", false},
		{"Al Khuwayr", "al-khuwair", false},
		{"Al Khuwair 33", "al-khuwair", false},
		{"Alkhuwair", "al-khuwair", false},
		{"Seeb", "seeb", true},
		{"As Seeb", "seeb", false},
		{"A'Seeb", "seeb", false},
		{"Al-Seeb", "seeb", false},
		{"Bausher", "bawshar", false},
		{"Bowsher", "bawshar", false},
		{"Azaiba", "azaiba", true},
		{"Al Athaiba", "azaiba", false},
		{"The Wave", "al-mouj", false},
		{"Al Mouj (The Wave)", "al-mouj", false},
		{"MSQ", "madinat-sultan-qaboos", false},
		{"Shatti Al Qurum", "shatti-al-qurum", true},
		{"Qurm", "qurum", false},
		{"Al Ghubrah North", "al-ghubrah", false},
		{"Al Hail South", "al-hail", false},
		{"Mawalih", "mawaleh", false},
		{"Quriyat", "qurayyat", false},
		{"Al Amirat", "al-amerat", false},
		{"Ruwi", "ruwi", true},
		{"Bowsher Heights", "bowsher-heights", true},
		{"Muscat Hills", "muscat-hills", true},
		{"Madīnat Sulṭān Qābūs", "madinat-sultan-qaboos", false},
		{"Madīnat Sulṭān Qaboos", "madinat-sultan-qaboos", true},
		// Arabic, with and without the article, diacritics and letter variants.
		{"الخوير", "al-khuwair", true},
		{"خوير", "al-khuwair", false},
		{"السيب", "seeb", true},
		{"الْسِّيب", "seeb", true},
		{"العذيبة", "azaiba", true},
		{"العذيبه", "azaiba", true},
		{"الأنصب", "al-ansab", true},
		{"الانصب", "al-ansab", true},
		{"الموج", "al-mouj", true},
		{"مدينة السلطان قابوس", "madinat-sultan-qaboos", true},
		{"العرفان", "madinat-al-irfan", false}, // the reference service's short form
		{"مدينة العرفان", "madinat-al-irfan", true},
		{"القرم", "qurum", true},
		{"الغبرة الشمالية", "al-ghubrah", false},
		{"مطرح", "muttrah", true},
		{"مسقط", "muscat", true},
		{"محافظة مسقط", GovernorateID, true},
		{"Muscat Governorate", GovernorateID, true},
		{"Governorate of Muscat", GovernorateID, false},
		{"Capital Area", GovernorateID, false},
		{"Wilayat Muscat", "muscat", false},
		{"ولاية مسقط", "muscat", false},
		{"Masqat", "muscat", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, ok := lookup(tc.name)
			if !ok {
				t.Fatalf("%q not found", tc.name)
			}
			if m.place.ID != tc.id || m.exact != tc.exact {
				t.Errorf("%q = %s exact %v, want %s exact %v", tc.name, m.place.ID, m.exact, tc.id, tc.exact)
			}
		})
	}
}

func TestResolveRefusals(t *testing.T) {
	for _, tc := range []struct {
		name               string
		in                 Input
		path               string
		contains, excludes []string
	}{
		{"outside Muscat", Input{Governorate: "Muscat", Area: "Sohar"}, "area", []string{`"Sohar" is in North Al Batinah Governorate`, "Muscat governorate only", "Nothing was charged"}, []string{"Did you mean"}},
		{"outside Muscat in Arabic", Input{Governorate: "Muscat", Area: "صلالة"}, "area", []string{"Dhofar Governorate"}, nil},
		{"Nizwa", Input{Governorate: "Muscat", Area: "Nizwa"}, "area", []string{"Ad Dakhiliyah Governorate"}, nil},
		{"outside Oman", Input{Governorate: "Muscat", Area: "Dubai"}, "area", []string{`"Dubai" is outside Oman`}, nil},
		{"other governorate", Input{Governorate: "Dhofar", Area: "Al Khuwair"}, "governorate", []string{"Dhofar Governorate"}, nil},
		{"misspelt area", Input{Governorate: "Muscat", Area: "Al Khuwir"}, "area", []string{"not a place Dalil knows", "Did you mean Al Khuwair"}, nil},
		{"misspelt Mawaleh", Input{Governorate: "Muscat", Area: "Mawalleh"}, "area", []string{"Did you mean Mawaleh"}, nil},
		{"misspelt Azaiba", Input{Governorate: "Muscat", Area: "Azaaiba"}, "area", []string{"Did you mean Azaiba"}, nil},
		{"misspelt Arabic", Input{Governorate: "Muscat", Area: "الخويير"}, "area", []string{"Did you mean Al Khuwair"}, nil},
		{"nonsense", Input{Governorate: "Muscat", Area: "Xyzzyplugh"}, "area", []string{"not a place Dalil knows", "Muscat governorate only"}, []string{"Did you mean"}},
		{"the whole governorate", Input{Governorate: "Muscat", Area: "Muscat Governorate"}, "area", []string{"whole governorate"}, nil},
		{"wilayat as governorate", Input{Governorate: "Seeb", Area: "Al Mouj"}, "governorate", []string{"not a governorate"}, nil},
		{"unknown wilayat", Input{Governorate: "Muscat", Wilayat: "Barka", Area: "Al Mouj"}, "wilayat", []string{"South Al Batinah"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ps := resolve(tc.in)
			if len(ps) != 1 {
				t.Fatalf("problems = %+v, want one", ps)
			}
			if ps[0].Path != tc.path {
				t.Errorf("path = %q, want %q", ps[0].Path, tc.path)
			}
			for _, s := range tc.contains {
				if !strings.Contains(ps[0].Message, s) {
					t.Errorf("message %q lacks %q", ps[0].Message, s)
				}
			}
			for _, s := range tc.excludes {
				if strings.Contains(ps[0].Message, s) {
					t.Errorf("message %q has %q", ps[0].Message, s)
				}
			}
			if err := tc.in.ValidateError(); err == nil || err.Code != "INVALID_INPUT" {
				t.Errorf("ValidateError = %v", err)
			}
		})
	}
}

func TestResolveAccepts(t *testing.T) {
	for _, tc := range []struct {
		in       Input
		place    string
		wilayat  string
		mismatch bool
	}{
		{Input{Governorate: "Muscat", Area: "Al Mouj"}, "al-mouj", "seeb", false},
		{Input{Governorate: "muscat governorate", Wilayat: "A'Seeb", Area: "The Wave"}, "al-mouj", "seeb", false},
		{Input{Governorate: "مسقط", Wilayat: "Bawshar", Area: "Al Mouj"}, "al-mouj", "seeb", true},
		{Input{Governorate: "Muscat", Area: "Seeb"}, "seeb", "seeb", false},
		{Input{Governorate: "Muscat", Wilayat: "Qurum", Area: "Al Khuwair"}, "al-khuwair", "bawshar", false},
	} {
		r, ps := resolve(tc.in)
		if len(ps) > 0 {
			t.Fatalf("%+v: %+v", tc.in, ps)
		}
		got := []any{r.place.ID, r.wilayat.ID, r.wilayatMismatch}
		if diff := cmp.Diff([]any{tc.place, tc.wilayat, tc.mismatch}, got); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestGazetteer: every place's wilayat is one of the six, every area has
// an Arabic name, and the named areas are all there.
func TestGazetteer(t *testing.T) {
	wilayats := 0
	for _, p := range places {
		w, ok := idx.byID[p.Wilayat]
		if p.Level != LevelGovernorate && (!ok || w.Level != LevelWilayat) {
			t.Errorf("%s: wilayat %q", p.ID, p.Wilayat)
		}
		if p.Arabic == "" {
			t.Errorf("%s has no Arabic name", p.ID)
		}
		if p.Level == LevelWilayat {
			wilayats++
		}
	}
	if wilayats != 6 {
		t.Errorf("%d wilayats, want 6", wilayats)
	}
	for _, n := range []string{"Muscat", "Muttrah", "Bawshar", "Seeb", "Al Amerat", "Qurayyat", "Al Mouj", "Qurum", "Shatti Al Qurum",
		"Madinat Sultan Qaboos", "Al Khuwair", "Al Ghubrah", "Azaiba", "Al Hail", "Mawaleh", "Ghala", "Al Ansab", "Ruwi", "Bowsher Heights",
		"Muscat Hills", "Al Khoud"} {
		if _, ok := lookup(n); !ok {
			t.Errorf("%s missing", n)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"abc", "acb", 1}, {"khuwair", "khuwir", 1}, {"kitten", "sitting", 3}, {"", "abc", 3}} {
		if d := distance([]rune(tc.a), []rune(tc.b)); d != tc.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

// TestOneGazetteer: the governorate and wilayats here are internal/oman's.
// Each name resolves to the same place through both: lookup here (a
// Muscat place, or outsideMuscat's governorate for a place elsewhere) and
// oman.LookupGovernorate / oman.LookupWilayat. The table holds the
// spellings the two gazetteers disagreed on before they became one (each
// kept: both are in use), then every national name is checked the same
// way; no neighbourhood name is a national place.
func TestOneGazetteer(t *testing.T) {
	check := func(t *testing.T, name, gov, wil string) {
		t.Helper()
		if wil == "" {
			if g, ok := oman.LookupGovernorate(name); !ok || g.ID != gov {
				t.Errorf("oman.LookupGovernorate(%q) = %q, %v; want %s", name, g.ID, ok, gov)
			}
		} else if w, ok := oman.LookupWilayat("", name); !ok || w.Governorate != gov || w.ID != wil {
			t.Errorf("oman.LookupWilayat(%q) = %s/%s, %v; want %s/%s", name, w.Governorate, w.ID, ok, gov, wil)
		}
		m, ok := lookup(name)
		if gov != nationalMuscat {
			g, _ := oman.LookupGovernorate(gov)
			if where, out := outsideMuscat(name); ok || !out || where != g.NameEn+" Governorate" {
				t.Errorf("%q: lookup %v, outsideMuscat %q, %v; want %s Governorate", name, ok, where, out, g.NameEn)
			}
			return
		}
		want := GovernorateID
		if wil != "" {
			want = nationalWilayats[wil]
		} else if w, ok := oman.LookupWilayat(gov, name); ok && !oman.HasGovernorateWord(name) {
			// "Muscat", "مسقط", "Masqat" name the governorate and the
			// wilayat: here, as an area, they are the wilayat.
			want = nationalWilayats[w.ID]
		}
		if !ok || m.place.ID != want {
			t.Errorf("lookup(%q) = %v, %v; want %s", name, m.place, ok, want)
		}
	}
	for _, tc := range []struct{ name, gov, wil string }{
		{"Mattrah", "muscat", "muttrah"},
		{"Bowshar", "muscat", "bawshar"},
		{"Bowsher", "muscat", "bawshar"},
		{"Bawsher", "muscat", "bawshar"},
		{"Bushar", "muscat", "bawshar"},
		{"As Seeb", "muscat", "seeb"},
		{"As-Sib", "muscat", "seeb"},
		{"Seeb Souq", "muscat", "seeb"},
		{"Al Amarat", "muscat", "amerat"},
		{"Amarat", "muscat", "amerat"},
		{"Amirat", "muscat", "amerat"},
		{"Al Ameraat", "muscat", "amerat"},
		{"Quryat", "muscat", "qurayyat"},
		{"Qariyat", "muscat", "qurayyat"},
		{"مسقط القديمة", "muscat", "muscat"},
		{"Muscat Gov", "muscat", ""},
		{"Capital Area", "muscat", ""},
		{"Governorate of Muscat", "muscat", ""},
		{"Masqat Governorate", "muscat", ""},
		{"Jebel Akhdar", "dakhiliyah", "jabal_akhdar"},
		{"Musanna", "south_batinah", "musannah"},
		{"Dima Wa Al Taiyeen", "north_sharqiyah", "dima_taiyyin"},
		{"North Ash Sharqiyah", "north_sharqiyah", ""},
		{"South Ash Sharqiyah", "south_sharqiyah", ""},
		{"Ad Dhahirah", "dhahirah", ""},
		{"Dhufar", "dhofar", ""},
	} {
		check(t, tc.name, tc.gov, tc.wil)
	}
	for _, g := range oman.Governorates() {
		for _, n := range append([]string{g.NameEn, g.NameAr}, g.Aliases...) {
			if g.ID == nationalMuscat || !slices.ContainsFunc(g.Wilayats, func(w oman.Wilayat) bool { wl, ok := oman.LookupWilayat("", n); return ok && wl.ID == w.ID }) {
				check(t, n, g.ID, "")
			}
		}
		for _, w := range g.Wilayats {
			for _, n := range append([]string{w.NameEn, w.NameAr}, w.Aliases...) {
				check(t, n, g.ID, w.ID)
			}
		}
	}
	for _, p := range areas {
		for _, n := range append([]string{p.Name, p.Arabic}, p.Aliases...) {
			_, isGov := oman.LookupGovernorate(n)
			_, isWil := oman.LookupWilayat("", n)
			if isGov || isWil {
				t.Errorf("area %s's name %q is a national place", p.ID, n)
			}
		}
	}
}
