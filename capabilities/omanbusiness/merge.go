package omanbusiness

import (
	"cmp"
	"slices"
	"time"

	"dalil/internal/names"
	"dalil/internal/oman"
)

// Company is every record that belongs to one company (CompanyID), most
// trusted first, merged into one view.
type Company struct {
	ID      string
	Records []Record
	Merged  Merged
}

// Merged is a company's fields as its sources state them: each field
// from the most trusted source that states it (then the most recent,
// then the lowest record id), with the source it came from.
type Merged struct {
	NameEn, NameAr, LegalForm, CRNumber, Status, RegistrationDate  string
	Industry, Governorate, Wilayat, Address, Website, Email, Phone string
	Activities                                                     []Activity
	// From names, per output field, the record (index in Records) that
	// stated its value.
	From map[string]int
	// IdentityConflict: sources of this CR number name it differently.
	IdentityConflict bool
	// AddressConflict: sources place it in different governorates.
	AddressConflict bool
	// DemoOnly: every record is synthetic.
	DemoOnly bool
	// Latest is the newest ObservedAt of its records.
	Latest time.Time
}

// Name is the display name: English, else Arabic.
func (m *Merged) Name() string {
	if m.NameEn != "" {
		return m.NameEn
	}
	return m.NameAr
}

// Field names as the profile's company object calls them (and the
// sources' fields lists name them).
const (
	FieldCompanyName      = "companyName"
	FieldCompanyNameAr    = "companyNameAr"
	FieldLegalType        = "legalType"
	FieldRegistration     = "registrationNumber"
	FieldStatus           = "status"
	FieldRegistrationDate = "registrationDate"
	FieldIndustry         = "industry"
	FieldActivities       = "activities"
	FieldGovernorate      = "governorate"
	FieldWilayat          = "wilayat"
	FieldAddress          = "address"
	FieldWebsite          = "website"
	FieldEmail            = "email"
	FieldPhone            = "phone"
)

// stated lists the fields a record states, in output order.
func stated(r *Record) []string {
	var out []string
	add := func(f, v string) {
		if v != "" {
			out = append(out, f)
		}
	}
	add(FieldCompanyName, r.NameEn)
	add(FieldCompanyNameAr, r.NameAr)
	add(FieldLegalType, r.LegalForm)
	add(FieldRegistration, r.CRNumber)
	add(FieldStatus, r.Status)
	add(FieldRegistrationDate, r.RegistrationDate)
	add(FieldIndustry, r.Industry)
	if len(r.Activities) > 0 {
		out = append(out, FieldActivities)
	}
	add(FieldGovernorate, r.Governorate)
	add(FieldWilayat, r.Wilayat)
	add(FieldAddress, r.Address)
	add(FieldWebsite, r.Website)
	add(FieldEmail, r.Email)
	add(FieldPhone, r.Phone)
	return out
}

// trustOrder sorts records most trusted first, then newest, then by
// source and record id, so a merge never depends on storage order.
func trustOrder(a, b Record) int {
	if c := cmp.Compare(Authority(b.SourceType), Authority(a.SourceType)); c != 0 {
		return c
	}
	if c := b.ObservedAt.Compare(a.ObservedAt); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Source, b.Source); c != 0 {
		return c
	}
	return cmp.Compare(a.RecordID, b.RecordID)
}

// NewCompany merges records that share one CompanyID.
func NewCompany(id string, records []Record) Company {
	rs := slices.Clone(records)
	slices.SortFunc(rs, trustOrder)
	m := Merged{From: map[string]int{}, DemoOnly: true}
	pick := func(field string, dst *string, get func(*Record) string) {
		for i := range rs {
			if v := get(&rs[i]); v != "" {
				*dst = v
				m.From[field] = i
				return
			}
		}
	}
	pick(FieldCompanyName, &m.NameEn, func(r *Record) string { return r.NameEn })
	pick(FieldCompanyNameAr, &m.NameAr, func(r *Record) string { return r.NameAr })
	pick(FieldLegalType, &m.LegalForm, func(r *Record) string { return r.LegalForm })
	pick(FieldRegistration, &m.CRNumber, func(r *Record) string { return r.CRNumber })
	pick(FieldStatus, &m.Status, func(r *Record) string { return r.Status })
	pick(FieldRegistrationDate, &m.RegistrationDate, func(r *Record) string { return r.RegistrationDate })
	pick(FieldIndustry, &m.Industry, func(r *Record) string { return r.Industry })
	pick(FieldGovernorate, &m.Governorate, func(r *Record) string { return r.Governorate })
	pick(FieldWilayat, &m.Wilayat, func(r *Record) string { return r.Wilayat })
	pick(FieldAddress, &m.Address, func(r *Record) string { return r.Address })
	pick(FieldWebsite, &m.Website, func(r *Record) string { return r.Website })
	pick(FieldEmail, &m.Email, func(r *Record) string { return r.Email })
	pick(FieldPhone, &m.Phone, func(r *Record) string { return r.Phone })
	for i := range rs {
		if len(rs[i].Activities) > 0 {
			m.Activities = rs[i].Activities
			m.From[FieldActivities] = i
			break
		}
	}
	if m.NameEn == "" && m.NameAr == "" {
		m.NameEn = id
	}
	// The wilayat must sit in the governorate shown: when the most
	// trusted wilayat belongs elsewhere, take the governorate from it.
	if m.Wilayat != "" {
		if wl, ok := oman.LookupWilayat(m.Governorate, m.Wilayat); !ok {
			if g, ok := oman.GovernorateOf(m.Wilayat); ok {
				m.Governorate, m.From[FieldGovernorate] = g.NameEn, m.From[FieldWilayat]
			}
		} else {
			_ = wl
		}
	}
	govs := map[string]bool{}
	for i := range rs {
		r := &rs[i]
		if !r.Synthetic {
			m.DemoOnly = false
		}
		if r.ObservedAt.After(m.Latest) {
			m.Latest = r.ObservedAt
		}
		if r.Governorate != "" {
			govs[r.Governorate] = true
		}
	}
	m.AddressConflict = len(govs) > 1
	// Sources of one CR number that name it differently: compare every
	// record's names with the most trusted record's.
	for i := 1; i < len(rs) && m.CRNumber != ""; i++ {
		if namesDiffer(&rs[0], &rs[i]) {
			m.IdentityConflict = true
		}
	}
	return Company{ID: id, Records: rs, Merged: m}
}

// namesDiffer reports whether two records name a company differently:
// for the languages both give, their normalised names are not similar
// (names.Similarity below 0.8).
func namesDiffer(a, b *Record) bool {
	compared := false
	for _, p := range [][2]string{{a.NameEn, b.NameEn}, {a.NameAr, b.NameAr}} {
		if p[0] == "" || p[1] == "" {
			continue
		}
		compared = true
		if names.Similarity(p[0], p[1]) >= 0.8 {
			return false
		}
	}
	return compared
}

// Sources counts a company's distinct (source type, source name) pairs:
// real ones and synthetic ones.
func (c *Company) Sources() (real, demo int) {
	seen := map[string]bool{}
	for _, r := range c.Records {
		k := string(r.SourceType) + "\x00" + r.Source
		if seen[k] {
			continue
		}
		seen[k] = true
		if r.Synthetic {
			demo++
		} else {
			real++
		}
	}
	return real, demo
}

// MaxAuthority is the trust of the company's most trusted real source (0
// when it has none).
func (c *Company) MaxAuthority() float64 {
	best := 0.0
	for _, r := range c.Records {
		if !r.Synthetic {
			best = max(best, Authority(r.SourceType))
		}
	}
	return best
}
