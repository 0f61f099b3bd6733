package omanbusiness

import (
	"testing"
	"time"
)

// TestOmanBusinessReferenceRiskFlags raises every risk flag of the
// reference's Oman business scoring (reference-service.md Part 2 §2a
// "Risk") that Dalil's records can carry, each from one company's records,
// with the reference's points and Dalil's severity; the levels follow the
// reference's bands (≥60 high, ≥25 medium). TAX_NOT_REGISTERED is not
// reachable: docs/decisions.md says why.
func TestOmanBusinessReferenceRiskFlags(t *testing.T) {
	complete := func(x *Record) {
		x.Status, x.LegalForm, x.RegistrationDate, x.Industry, x.Governorate, x.Wilayat = "active", "LLC", "2010-01-01", "Trade", "Muscat", "Seeb"
		x.Address, x.Website, x.Email, x.Phone = "Seeb", "a.om", "a@a.om", "+96824123456"
	}
	one := func(mod func(*Record)) []Record {
		return []Record{r("1", "1234567", "A Co", "", SourcePublicRegistry, func(x *Record) { complete(x); mod(x) })}
	}
	for _, c := range []struct {
		flag, severity string
		points         int
		recs           []Record
	}{
		{"INACTIVE_COMPANY", "high", 50, one(func(x *Record) { x.Status = StatusInactive })},
		{"SUSPENDED_COMPANY", "high", 35, one(func(x *Record) { x.Status = StatusSuspended })},
		{"IDENTITY_CONFLICT", "high", 25, append(one(func(*Record) {}),
			r("2", "1234567", "Quite Different Name Co", "", SourceTaxAuthority, func(x *Record) { complete(x); x.Source = "tax" }))},
		{"CONFLICTING_ADDRESSES", "medium", 15, append(one(func(*Record) {}),
			r("2", "1234567", "A Co", "", SourceTaxAuthority, func(x *Record) { complete(x); x.Source, x.Governorate, x.Wilayat = "tax", "Dhofar", "Salalah" }))},
		{"RECENT_REGISTRATION", "medium", 10, one(func(x *Record) { x.RegistrationDate = now.AddDate(0, -2, 0).Format(time.DateOnly) })},
		{"STALE_SOURCE_DATA", "medium", 10, one(func(x *Record) { x.ObservedAt = now.AddDate(-2, 0, 0) })},
		{"MISSING_REGISTRATION_NUMBER", "medium", 10, []Record{r("1", "", "A Co", "", SourcePublicRegistry, complete)}},
		{"MISSING_REGISTRATION_DATE", "low", 5, one(func(x *Record) { x.RegistrationDate = "" })},
		{"LIMITED_OPERATING_HISTORY", "low", 5, one(func(x *Record) { x.RegistrationDate = now.AddDate(-1, 0, 0).Format(time.DateOnly) })},
		{"MISSING_LEGAL_STATUS", "low", 5, one(func(x *Record) { x.LegalForm = "" })},
		{"NO_WEBSITE", "low", 5, one(func(x *Record) { x.Website = "" })},
		{"NO_PUBLIC_CONTACT_INFO", "low", 5, one(func(x *Record) { x.Email, x.Phone = "", "" })},
		{"LIMITED_PUBLIC_INFORMATION", "low", 5, one(func(x *Record) {
			x.LegalForm, x.RegistrationDate, x.Industry, x.Address, x.Website, x.Email, x.Phone, x.Wilayat = "", "", "", "", "", "", "", ""
		})},
		{"UNKNOWN_OPERATING_STATUS", "low", 5, one(func(x *Record) { x.Status = "" })},
	} {
		co := NewCompany("x", c.recs)
		risk := AssessRisk(&co, now)
		var got *RiskFlag
		for i := range risk.Flags {
			if risk.Flags[i].Code == c.flag {
				got = &risk.Flags[i]
			}
		}
		if got == nil {
			t.Errorf("%s: not raised; flags %+v", c.flag, risk.Flags)
			continue
		}
		if got.Severity != c.severity || riskWeights[c.flag].points != c.points {
			t.Errorf("%s: %s, %d points; want %s, %d", c.flag, got.Severity, riskWeights[c.flag].points, c.severity, c.points)
		}
	}
	for _, c := range []struct {
		score int
		level string
	}{{0, "low"}, {24, "low"}, {25, "medium"}, {59, "medium"}, {60, "high"}, {150, "high"}} {
		if r := riskOf(c.score, nil); r.Level != c.level || r.Score > 100 {
			t.Errorf("score %d: %+v, want %s", c.score, r, c.level)
		}
	}
}

// TestOmanBusinessReferenceTrustLabels: the reference's verification labels
// follow the source's authority (≥0.9 verified, ≥0.6 reported, ≥0.3
// estimated, else inferred; demo unknown).
func TestOmanBusinessReferenceTrustLabels(t *testing.T) {
	for st, want := range map[SourceType]string{
		SourcePublicRegistry: VerVerified, SourceTaxAuthority: VerVerified, SourceGovernmentProcurement: VerVerified,
		SourceCompanyWebsite: VerReported, SourceLicensedFeed: VerReported, SourceDirectory: VerEstimated,
		SourceNews: VerEstimated, SourceAdminManual: VerInferred, SourceDemo: VerUnknown,
	} {
		if got := Verification(st, now.AddDate(0, -1, 0), now); got != want {
			t.Errorf("%s: %s, want %s", st, got, want)
		}
	}
}
