package omanproperty

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"dalil"
)

// omanComps: three rents at 4 OMR/sqm and three sales at 700 OMR/sqm of
// two-bedroom flats in Al Khuwair.
func omanComps() *memMarket {
	return &memMarket{rows: []Comparable{
		comp(KindRent, "al-khuwair", TypeApartment, 2, 100, 400, 0),
		comp(KindRent, "al-khuwair", TypeApartment, 2, 110, 440, 0),
		comp(KindRent, "al-khuwair", TypeApartment, 2, 90, 360, 0),
		comp(KindSale, "al-khuwair", TypeApartment, 2, 100, 70000, 0),
		comp(KindSale, "al-khuwair", TypeApartment, 2, 110, 77000, 0),
		comp(KindSale, "al-khuwair", TypeApartment, 2, 90, 63000, 0),
	}}
}

// TestOmanPropertyReferenceOutputs reaches the reference's
// analyze_oman_property values no other test reaches (reference-service.md
// Part 2 §1): the wilayat_mismatch flag, marketPosition below_market, and
// normalizedLocation.matchType alias.
func TestOmanPropertyReferenceOutputs(t *testing.T) {
	in := flat("Al Khuwair", 2, 100, 70000)
	in.Wilayat = "Seeb"
	out := analyze(t, omanComps(), in)
	if !slices.Contains(out.RiskFlags, "wilayat_mismatch") || out.Location.Wilayat != "Bawshar" {
		t.Errorf("wilayat Seeb for Al Khuwair: flags %v, wilayat %s", out.RiskFlags, out.Location.Wilayat)
	}
	for _, c := range []struct {
		price float64
		want  string
	}{{60000, "below_market"}, {70000, "at_market"}, {80000, "above_market"}} {
		out := analyze(t, omanComps(), flat("Al Khuwair", 2, 100, c.price))
		if out.PricePosition.MarketPosition != c.want {
			t.Errorf("asking %v at 700/sqm: %s, want %s", c.price, out.PricePosition.MarketPosition, c.want)
		}
	}
	out = analyze(t, omanComps(), flat("al khuwayr", 2, 100, 70000))
	if out.Location.MatchType != "alias" || out.Location.Area != "Al Khuwair" {
		t.Errorf("al khuwayr: %+v", out.Location)
	}
}

// TestOmanPropertyUnsupportedLocation: where the reference answers an
// unsupported location with a charged 200 (flag unsupported_location,
// matchType unmatched, confidence insufficient), Dalil refuses it with 400
// INVALID_INPUT naming the field and where the place is (docs/decisions.md,
// docs/oman-property.md).
func TestOmanPropertyUnsupportedLocation(t *testing.T) {
	for _, c := range []struct{ field, value, says string }{
		{"area", "Sohar", "North Al Batinah"},
		{"area", "Al Khuwiar", "Did you mean Al Khuwair"},
		{"governorate", "Dhofar", "Muscat"},
	} {
		in := flat("Al Khuwair", 2, 100, 70000)
		if c.field == "area" {
			in.Area = c.value
		} else {
			in.Governorate = c.value
		}
		_, err := Analyze(context.Background(), Deps{Market: omanComps()}, in, now)
		var de *dalil.Error
		if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
			t.Errorf("%s %q: %v, want INVALID_INPUT", c.field, c.value, err)
			continue
		}
		if !strings.Contains(err.Error()+detailsText(de), c.says) {
			t.Errorf("%s %q: %q does not say %q", c.field, c.value, err.Error()+detailsText(de), c.says)
		}
	}
}

func detailsText(e *dalil.Error) string {
	var b strings.Builder
	ps, _ := e.Details.([]dalil.Problem)
	for _, p := range ps {
		b.WriteString(p.Path + ": " + p.Message + "\n")
	}
	return b.String()
}
