// Package sanctionsync keeps the official sanctions lists current (issue
// 31): each source (OFAC SDN, OFAC Consolidated, UN, EU, UK) is
// downloaded from its publisher's documented URL with a conditional
// request, read by the native readers (dataset/sanctions) and made that
// list's current batch in one transaction. A failed download, a file that
// cannot be read, or a list that shrank by more than the allowed share
// keeps the previous list; the failure is recorded (State), logged at
// ERROR and counted (Collector).
//
// Its ports are Store (the lists and the sync state, implemented by
// sanctionssql) and Fetcher (the download, implemented over
// internal/safehttp by HTTPFetcher). cmd/dalil wires them: `dalil
// sanctions sync`, and the scheduled job (Args, Workers, Schedule) on the
// River queue when DALIL_SANCTIONS_SYNC is set.
package sanctionsync

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"

	"dalil/dataset"
	reader "dalil/dataset/sanctions"
)

// Source is one official list the sync keeps current.
type Source struct {
	// Name is the source's name (DALIL_SANCTIONS_SYNC lists them) and the
	// list's name: the import's --source, the list an answer names.
	Name string
	// Title is what the publisher calls the list.
	Title string
	// Format is the reader (dataset/sanctions) that reads the file.
	Format string
	// URL is the publisher's documented download URL;
	// DALIL_SANCTIONS_URL_<NAME> overrides it.
	URL string
	// Filename is the file's name as the batch records it.
	Filename string
	// License is the terms the list is published under, stored with
	// every batch.
	License string
}

// Sources are the lists the sync knows, by name. The URLs are the
// publishers' own (docs/sanctions.md cites where each is documented).
var Sources = []Source{
	{Name: "ofac_sdn", Title: reader.TitleOFACSDN, Format: reader.FormatOFACXML, Filename: "SDN.XML",
		URL:     "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.XML",
		License: "US government publication (OFAC Sanctions List Service), public domain"},
	{Name: "ofac_consolidated", Title: reader.TitleOFACCons, Format: reader.FormatOFACXML, Filename: "CONSOLIDATED.XML",
		URL:     "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONSOLIDATED.XML",
		License: "US government publication (OFAC Sanctions List Service), public domain"},
	{Name: "un", Title: reader.TitleUN, Format: reader.FormatUNXML, Filename: "consolidated.xml",
		URL:     "https://scsanctions.un.org/resources/xml/en/consolidated.xml",
		License: "UN Security Council Consolidated List, published by the United Nations for public use"},
	{Name: "eu", Title: reader.TitleEU, Format: reader.FormatEUXML, Filename: "xmlFullSanctionsList_1_1.xml",
		URL:     "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
		License: "EU Financial Sanctions Files, reuse with acknowledgement of the source (Commission Decision 2011/833/EU)"},
	{Name: "uk", Title: reader.TitleUK, Format: reader.FormatUKXML, Filename: "UK-Sanctions-List.xml",
		URL:     "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml",
		License: "UK Sanctions List (FCDO), Open Government Licence v3.0"},
}

// Names lists the sources' names, in Sources' order.
func Names() []string {
	out := make([]string, len(Sources))
	for i, s := range Sources {
		out[i] = s.Name
	}
	return out
}

// Lookup returns the source named name.
func Lookup(name string) (Source, bool) {
	i := slices.IndexFunc(Sources, func(s Source) bool { return s.Name == name })
	if i < 0 {
		return Source{}, false
	}
	return Sources[i], true
}

// Defaults.
const (
	// DefaultMaxShrink: a new version with more than this share fewer
	// entries than the current one is refused (DALIL_SANCTIONS_MAX_SHRINK).
	DefaultMaxShrink = 0.20
	// DefaultInterval between scheduled syncs (DALIL_SANCTIONS_SYNC_INTERVAL).
	DefaultInterval = 6 * time.Hour
	// MinInterval is the shortest interval accepted: the publishers
	// update their lists at most a few times a day.
	MinInterval = 10 * time.Minute
	// DefaultMaxBytes caps one download (the OFAC SDN XML, the largest,
	// is tens of MiB).
	DefaultMaxBytes = 256 << 20
	// DefaultTimeout bounds one download, headers and body.
	DefaultTimeout = 10 * time.Minute
)

// Outcomes of one source's sync.
const (
	OutcomeImported    = "imported"     // a new version is the current batch
	OutcomeUnchanged   = "unchanged"    // downloaded, the same file as the current batch
	OutcomeNotModified = "not_modified" // the publisher answered 304: nothing downloaded
	OutcomeFailed      = "failed"       // download or read failed: the previous list stays
	OutcomeRefused     = "refused"      // a suspicious change (shrink): the previous list stays
	// OutcomeInterrupted: the sync's context ended (shutdown, Ctrl-C)
	// before it finished; the previous list stays. Not counted as a
	// failure: the next sync runs it again.
	OutcomeInterrupted = "interrupted"
)

// State is one source's sync state, kept by the Store.
type State struct {
	Source string `json:"source"`
	// URL is where it was last fetched from; its validators below belong
	// to it (a changed URL is fetched unconditionally).
	URL string `json:"url"`
	// ETag and LastModified are the validators of the file FileBatch
	// came from, sent back as If-None-Match and If-Modified-Since while
	// that batch is the list's current one.
	ETag         string `json:"etag"`
	LastModified string `json:"lastModified"`
	FileBatch    string `json:"fileBatch"`
	// LastAttempt is when the last sync of it started; LastSuccess when
	// one last ended with the list current (imported, unchanged or not
	// modified); LastChange when a sync last imported a new version.
	LastAttempt time.Time `json:"lastAttempt,omitzero"`
	LastSuccess time.Time `json:"lastSuccess,omitzero"`
	LastChange  time.Time `json:"lastChange,omitzero"`
	// LastOutcome is the last attempt's outcome (Outcome*).
	LastOutcome string `json:"lastOutcome"`
	// LastError is the last failure's reason ("" once a later attempt
	// succeeded) and LastErrorAt its time (kept after a success).
	LastError   string    `json:"lastError"`
	LastErrorAt time.Time `json:"lastErrorAt,omitzero"`
	// Failures counts every failed attempt; ConsecutiveFailures those
	// since the last success.
	Failures            int `json:"failures"`
	ConsecutiveFailures int `json:"consecutiveFailures"`
}

// Status is a source's State with its current list.
type Status struct {
	State
	// Batch is the list's current batch ("" none), Published the date
	// the file states, RetrievedAt when it was downloaded, Entries its
	// entries.
	Batch       string    `json:"batch"`
	Published   string    `json:"published"`
	RetrievedAt time.Time `json:"retrievedAt,omitzero"`
	Entries     int       `json:"entries"`
}

// Store is where the lists and the sync state live (sanctionssql).
type Store interface {
	// SyncState is source's state (zero, Source set, when it was never
	// synced) with its current list.
	SyncState(ctx context.Context, source string) (Status, error)
	// SyncStatuses lists every synced source's status, by name.
	SyncStatuses(ctx context.Context) ([]Status, error)
	// ImportSync imports r as source opts.Source's new version in one
	// transaction that also records st as its state, its FileBatch the
	// new batch. Inside it, check
	// receives the current version's entries (0: none) and the new one's
	// and may refuse the change: its error is returned and nothing is
	// written. A file identical to the current version is Unchanged and
	// writes nothing (st is not recorded: the caller records it).
	ImportSync(ctx context.Context, r io.Reader, opts dataset.ImportOptions, check func(current, next int) error, st State) (dataset.Report, error)
	// RecordSync records st (an attempt that wrote no new version).
	RecordSync(ctx context.Context, st State) error
}

// Request is a conditional download.
type Request struct {
	URL string
	// ETag and LastModified, when set, make the request conditional
	// (If-None-Match, If-Modified-Since).
	ETag, LastModified string
}

// Response is a download's result.
type Response struct {
	// NotModified: the publisher answered 304; Body is nil.
	NotModified bool
	// Body is the downloaded file; the caller closes it (HTTPFetcher's
	// is a temporary file, which Close removes).
	Body io.ReadCloser
	// The new validators (ETag, Last-Modified headers).
	ETag, LastModified string
}

// Fetcher downloads a list.
type Fetcher interface {
	Fetch(ctx context.Context, req Request) (Response, error)
}

// Options configure a Syncer.
type Options struct {
	Store   Store
	Fetcher Fetcher
	// URLs override sources' URLs by name (DALIL_SANCTIONS_URL_<NAME>).
	URLs map[string]string
	// MaxShrink is the share of entries a new version may lose
	// (0 < MaxShrink <= 1); zero is DefaultMaxShrink.
	MaxShrink float64
	Logger    *slog.Logger
	Now       func() time.Time
}

// Syncer syncs sources. Safe for concurrent use (each source's write is
// one transaction; two syncs of one source at once import it once).
type Syncer struct {
	o Options
}

// New returns a Syncer.
func New(o Options) *Syncer {
	if o.MaxShrink <= 0 || o.MaxShrink > 1 {
		o.MaxShrink = DefaultMaxShrink
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Syncer{o: o}
}

// URL is where source is downloaded from: its override, else its
// publisher's URL.
func (s *Syncer) URL(src Source) string {
	if u := s.o.URLs[src.Name]; u != "" {
		return u
	}
	return src.URL
}

// Result is one source's sync.
type Result struct {
	Source  string `json:"source"`
	Outcome string `json:"outcome"`
	// Batch is the current batch after the sync (the new one when
	// imported), Entries its entries, Previous the entries before.
	Batch    string `json:"batch,omitempty"`
	Entries  int    `json:"entries,omitempty"`
	Previous int    `json:"previous,omitempty"`
	// BadRows are the records of the new version that could not be read
	// and were left out.
	BadRows int `json:"badRows,omitempty"`
	// Error is why a failed or refused sync kept the previous list.
	Error string `json:"error,omitempty"`
}

// Failed reports whether the previous list was kept (for a problem, or
// because the sync was interrupted).
func (r Result) Failed() bool {
	return r.Outcome == OutcomeFailed || r.Outcome == OutcomeRefused || r.Outcome == OutcomeInterrupted
}

// ShrinkError is a new version refused for having too few entries.
type ShrinkError struct {
	Current, Next int
	Max           float64
}

func (e *ShrinkError) Error() string {
	return fmt.Sprintf("the new version has %d entries, %.1f%% fewer than the %d of the current one (at most %.1f%% fewer are accepted, DALIL_SANCTIONS_MAX_SHRINK): "+
		"a truncated or wrong file is more likely than so many delistings; if the change is real, import the file by hand with `dalil sanctions import`",
		e.Next, 100*float64(e.Current-e.Next)/float64(e.Current), e.Current, 100*e.Max)
}

// ErrUnknownSource names a source the sync does not know.
var ErrUnknownSource = errors.New("unknown sanctions source")

// Resolve resolves names (all of them when none is given), refusing an
// unknown one.
func Resolve(names []string) ([]Source, error) {
	if len(names) == 0 {
		return slices.Clone(Sources), nil
	}
	var out []Source
	for _, n := range names {
		src, ok := Lookup(strings.ToLower(strings.TrimSpace(n)))
		if !ok {
			return nil, fmt.Errorf("%w %q: the sources are %s", ErrUnknownSource, n, strings.Join(Names(), ", "))
		}
		if !slices.ContainsFunc(out, func(s Source) bool { return s.Name == src.Name }) {
			out = append(out, src)
		}
	}
	return out, nil
}

// Sync syncs each source in turn (all when none is named) and reports
// each; one source's failure does not stop the others.
func (s *Syncer) Sync(ctx context.Context, names ...string) ([]Result, error) {
	srcs, err := Resolve(names)
	if err != nil {
		return nil, err
	}
	out := make([]Result, 0, len(srcs))
	for _, src := range srcs {
		out = append(out, s.SyncSource(ctx, src))
	}
	return out, nil
}

// recordTimeout bounds recording an attempt's outcome, which runs even
// when the sync's context ended (shutdown): the operator must see it.
const recordTimeout = 10 * time.Second

// SyncSource syncs one source.
func (s *Syncer) SyncSource(ctx context.Context, src Source) Result {
	now := s.o.Now().UTC()
	res := Result{Source: src.Name}
	u := s.URL(src)
	log := s.o.Logger.With("source", src.Name, "url", redact(u))
	status, err := s.o.Store.SyncState(ctx, src.Name)
	if err != nil {
		res.Outcome, res.Error = OutcomeFailed, "reading its sync state: "+err.Error()
		log.Error("sanctions sync failed: the previous list stays in use", "error", res.Error)
		return res
	}
	st := status.State
	st.Source = src.Name
	req := Request{URL: u}
	if st.URL == u && st.FileBatch != "" && st.FileBatch == status.Batch {
		// The validators describe the file the current batch came from
		// (not one imported by hand since, nor a retracted one).
		req.ETag, req.LastModified = st.ETag, st.LastModified
	} else {
		st.ETag, st.LastModified, st.FileBatch = "", "", ""
	}
	st.URL, st.LastAttempt = u, now
	// succeeded is st after an attempt that left the list current.
	succeeded := func(st State, outcome string) State {
		st.LastOutcome, st.LastError, st.LastSuccess = outcome, "", now
		st.ConsecutiveFailures = 0
		return st
	}
	record := func(st State) error {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
		defer cancel()
		return s.o.Store.RecordSync(rctx, st)
	}
	fail := func(outcome, msg string) Result {
		if ctx.Err() != nil && outcome == OutcomeFailed {
			// Stopped, not broken: the attempt is recorded, no failure.
			st.LastOutcome = OutcomeInterrupted
			if err := record(st); err != nil {
				log.Error("sanctions sync: recording the interruption failed", "error", err.Error())
			}
			res.Outcome, res.Error = OutcomeInterrupted, "interrupted: "+msg
			log.Warn("sanctions sync interrupted: the previous list stays in use; the next sync runs it again", "error", msg)
			return res
		}
		st.LastOutcome, st.LastError, st.LastErrorAt = outcome, msg, now
		st.Failures++
		st.ConsecutiveFailures++
		if err := record(st); err != nil {
			log.Error("sanctions sync: recording the failure failed", "error", err.Error())
		}
		res.Outcome, res.Error = outcome, msg
		log.Error("sanctions sync failed: the previous list stays in use", "outcome", outcome, "error", msg,
			"consecutiveFailures", st.ConsecutiveFailures)
		return res
	}
	resp, err := s.o.Fetcher.Fetch(ctx, req)
	if err != nil {
		return fail(OutcomeFailed, "download: "+err.Error())
	}
	if resp.Body != nil {
		defer resp.Body.Close()
	}
	if resp.NotModified {
		if req.ETag == "" && req.LastModified == "" {
			return fail(OutcomeFailed, "download: the publisher answered 304 Not Modified to an unconditional request")
		}
		if err := record(succeeded(st, OutcomeNotModified)); err != nil {
			return fail(OutcomeFailed, "recording the sync: "+err.Error())
		}
		res.Outcome = OutcomeNotModified
		log.Info("sanctions sync: the list is unchanged (304 Not Modified)")
		return res
	}
	if resp.Body == nil {
		return fail(OutcomeFailed, "download: no body")
	}
	// The state once the file now downloaded is the current version: its
	// validators, recorded only with it.
	next := succeeded(st, OutcomeImported)
	next.ETag, next.LastModified, next.LastChange = resp.ETag, resp.LastModified, now
	opts := dataset.ImportOptions{Source: src.Name, License: src.License, Format: src.Format, Filename: src.Filename, SkipBad: true, RetrievedAt: now}
	check := func(current, next int) error {
		res.Previous = current
		if current > 0 && float64(current-next) > s.o.MaxShrink*float64(current) {
			return &ShrinkError{Current: current, Next: next, Max: s.o.MaxShrink}
		}
		return nil
	}
	rep, err := s.o.Store.ImportSync(ctx, resp.Body, opts, check, next)
	if err != nil {
		var se *ShrinkError
		if errors.As(err, &se) {
			return fail(OutcomeRefused, err.Error())
		}
		var fe *dataset.FileError
		if errors.As(err, &fe) {
			return fail(OutcomeFailed, "the downloaded file cannot be read as "+src.Format+": "+err.Error())
		}
		return fail(OutcomeFailed, "import: "+err.Error())
	}
	res.Batch, res.BadRows = rep.Batch, rep.BadRows
	if rep.Unchanged {
		next.LastOutcome, next.LastChange, next.FileBatch = OutcomeUnchanged, st.LastChange, rep.Batch
		if err := record(next); err != nil {
			return fail(OutcomeFailed, "recording the sync: "+err.Error())
		}
		res.Outcome = OutcomeUnchanged
		log.Info("sanctions sync: the downloaded list is the current one", "batch", rep.Batch)
		return res
	}
	res.Outcome, res.Entries = OutcomeImported, rep.Imported
	log.Info("sanctions sync: new version imported", "batch", rep.Batch, "entries", rep.Imported, "previous", res.Previous, "badRecords", rep.BadRows)
	if rep.BadRows > 0 {
		log.Warn("sanctions sync: records of the new version could not be read and were left out", "batch", rep.Batch, "badRecords", rep.BadRows,
			"first", firstErrors(rep.Errors, 3))
	}
	return res
}

func firstErrors(errs []dataset.RowError, n int) string {
	var out []string
	for _, e := range errs[:min(n, len(errs))] {
		out = append(out, e.Error())
	}
	return strings.Join(out, "; ")
}

// redact is a URL as logs show it: scheme, host and path (a query may
// carry a token).
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Scheme + "://" + u.Host + u.Path
}
