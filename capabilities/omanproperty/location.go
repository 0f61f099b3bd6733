package omanproperty

import (
	"fmt"
	"strings"

	"dalil"
)

// resolved is the subject's location in the gazetteer.
type resolved struct {
	place           *Place // an area or a wilayat
	wilayat         *Place
	exact           bool // the area as its canonical English or Arabic name
	wilayatMismatch bool // the input's wilayat is another one than the area's
	input           string
}

// ValidateError implements capability.ErrorValidator: the governorate,
// wilayat and area must be places of the Muscat governorate. A place
// elsewhere in Oman, or one the gazetteer does not know, is a 400
// INVALID_INPUT naming the field, where the place is when known, and the
// nearest names; nothing is charged.
func (in Input) ValidateError() *dalil.Error {
	if _, ps := resolve(in); len(ps) > 0 {
		return dalil.InvalidInput(ps...)
	}
	return nil
}

// coverageNote ends every location refusal.
const coverageNote = "Dalil covers the Muscat governorate only (wilayats Muscat, Muttrah, Bawshar, Seeb, Al Amerat, Qurayyat and their neighbourhoods). Nothing was charged."

// resolve finds the input's place, or says what is wrong with each of
// governorate, wilayat and area.
func resolve(in Input) (resolved, []dalil.Problem) {
	var ps []dalil.Problem
	if g := strings.TrimSpace(in.Governorate); g != "" {
		switch m, ok := lookup(g); {
		case !ok:
			ps = append(ps, placeProblem("governorate", g))
		case m.place.ID != GovernorateID && m.place.ID != "muscat":
			ps = append(ps, dalil.Problem{Path: "governorate", Message: fmt.Sprintf("%q is a %s of the Muscat governorate, not a governorate: send \"Muscat\" and put the place in area", g, m.place.Level)})
		}
	}
	var w *Place
	if name := strings.TrimSpace(in.Wilayat); name != "" {
		m, ok := lookup(name)
		switch {
		case ok && m.place.Level == LevelWilayat:
			w = m.place
		case ok && m.place.Level == LevelArea:
			// An area in the wilayat field: take its wilayat.
			w = idx.byID[m.place.Wilayat]
		case ok: // the governorate: no wilayat given in effect
		default:
			ps = append(ps, placeProblem("wilayat", name))
		}
	}
	r := resolved{input: in.Area}
	name := strings.TrimSpace(in.Area)
	m, ok := lookup(name)
	switch {
	case name == "":
		// The schema refuses an empty area; a blank one is refused here.
		ps = append(ps, dalil.Problem{Path: "area", Message: "give the neighbourhood or wilayat. " + coverageNote})
	case !ok:
		ps = append(ps, placeProblem("area", name))
	case m.place.Level == LevelGovernorate:
		ps = append(ps, dalil.Problem{Path: "area", Message: fmt.Sprintf("%q is the whole governorate: give a neighbourhood (such as Al Khuwair or Al Mouj) or a wilayat (such as Seeb)", name)})
	default:
		r.place, r.exact = m.place, m.exact
		r.wilayat = idx.byID[m.place.Wilayat]
		r.wilayatMismatch = w != nil && w.ID != r.wilayat.ID
	}
	return r, ps
}

// placeProblem explains why a place name was refused.
func placeProblem(field, name string) dalil.Problem {
	if gov, ok := outsideMuscat(name); ok {
		where := "in " + gov
		if gov == "outside Oman" {
			where = gov
		}
		return dalil.Problem{Path: field, Message: fmt.Sprintf("%q is %s. %s", name, where, coverageNote)}
	}
	msg := fmt.Sprintf("%q is not a place Dalil knows in the Muscat governorate.", name)
	if s := suggest(name, 3); len(s) > 0 {
		msg += " Did you mean " + orList(s) + "?"
	}
	return dalil.Problem{Path: field, Message: msg + " " + coverageNote}
}

// orList writes ["a", "b", "c"] as "a, b or c".
func orList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Locate finds the place of an imported comparable: the area must be a
// neighbourhood or wilayat of the Muscat governorate, and a wilayat given
// must be the area's own. It returns the place's and its wilayat's ids, or
// what is wrong (paths governorate, wilayat, area).
func Locate(in Input) (place, wilayat string, problems []dalil.Problem) {
	r, ps := resolve(in)
	if len(ps) > 0 {
		for i := range ps { // an import charges nobody
			ps[i].Message = strings.TrimSuffix(ps[i].Message, " Nothing was charged.")
		}
		return "", "", ps
	}
	if r.wilayatMismatch {
		return "", "", []dalil.Problem{{Path: "wilayat", Message: fmt.Sprintf("%s is in %s, not %s", r.place.Name, r.wilayat.Name, strings.TrimSpace(in.Wilayat))}}
	}
	return r.place.ID, r.wilayat.ID, nil
}
