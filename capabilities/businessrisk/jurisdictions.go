package businessrisk

import (
	"context"
	"fmt"
	"time"

	"dalil/dataset/jurisdictions"
)

// Jurisdictions is where the FATF lists the operator imported are (the
// jurisdictions dataset; jurisdictionsql implements it).
type Jurisdictions interface {
	// Current is the current imported publication; ok is false when
	// none is imported.
	Current(ctx context.Context) (l jurisdictions.Lists, ok bool, err error)
}

// JurisdictionsMaxAge is the age past which the FATF lists an answer
// uses are probably not the FATF's current ones: the FATF publishes them
// after each of its three plenaries a year (February, June and October,
// about four months apart), so a publication older than 135 days has most
// likely been replaced. The answer then carries a stale_list warning; the
// lists are still used (a jurisdiction rarely leaves or joins them
// between two publications, and nothing better is on the server).
const JurisdictionsMaxAge = 135 * 24 * time.Hour

// ChooseLists is the publication an answer uses: the one imported, when
// there is one and it is not older than the embedded default, else the
// embedded default (an upgrade of Dalil may bring a newer publication
// than an old import).
func ChooseLists(imported jurisdictions.Lists, ok bool) jurisdictions.Lists {
	def := jurisdictions.Default()
	if ok && imported.Published >= def.Published {
		return imported
	}
	return def
}

// JurisdictionList is one FATF list as an answer names it.
type JurisdictionList struct {
	List      string `json:"list" schema:"enum=call_for_action|increased_monitoring"`
	Title     string `json:"title"`
	Published string `json:"published" jsonschema:"The date the FATF published this version of the list (YYYY-MM-DD)."`
	// Source is the import's source, or the embedded default's.
	Source      string     `json:"source"`
	Batch       string     `json:"batch,omitempty" jsonschema:"The import batch; empty for the embedded default."`
	RetrievedAt *time.Time `json:"retrievedAt,omitempty" jsonschema:"When the operator obtained the imported file; absent for the embedded default."`
	Embedded    bool       `json:"embedded" jsonschema:"The list is the default built into this server, not an import."`
	// Jurisdictions is how many jurisdictions the list holds.
	Jurisdictions int `json:"jurisdictions"`
	// AgeDays is the days from its publication to the answer; Stale is
	// set past JurisdictionsMaxAge (the answer warns).
	AgeDays int  `json:"ageDays"`
	Stale   bool `json:"stale" jsonschema:"Older than 135 days: the FATF has most likely published newer lists since (it does after each plenary, in February, June and October)."`
	// Listed says whether the company's country is on this list.
	Listed bool `json:"listed" jsonschema:"The company's country is on this list."`
}

// jurisdictionLists names both lists of l as used for country at now,
// and the stale_list warning when l is older than JurisdictionsMaxAge.
func jurisdictionLists(l jurisdictions.Lists, country string, now time.Time) ([]JurisdictionList, string) {
	age := max(now.Sub(l.PublishedAt()), 0)
	days := int(age / (24 * time.Hour))
	stale := age > JurisdictionsMaxAge
	on, _ := l.On(country)
	var out []JurisdictionList
	for _, name := range []string{jurisdictions.CallForAction, jurisdictions.IncreasedMonitoring} {
		jl := JurisdictionList{List: name, Title: jurisdictions.Titles[name], Published: l.Published, Source: l.Source, Batch: l.Batch,
			Embedded: l.Embedded, Jurisdictions: l.Count(name), AgeDays: days, Stale: stale, Listed: on.List == name}
		if !l.RetrievedAt.IsZero() {
			t := l.RetrievedAt
			jl.RetrievedAt = &t
		}
		out = append(out, jl)
	}
	warning := ""
	if stale {
		warning = fmt.Sprintf("stale_list: the FATF jurisdiction lists used (published %s) are %d days old, past the %d days between FATF plenaries: newer lists have most likely been published since; the operator should import them (dalil jurisdictions import).",
			l.Published, days, int(JurisdictionsMaxAge/(24*time.Hour)))
	}
	return out, warning
}
