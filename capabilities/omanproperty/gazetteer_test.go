package omanproperty

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
		w, ok := byID[p.Wilayat]
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
