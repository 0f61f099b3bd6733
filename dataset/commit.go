package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// ErrImported is what a Steps.Write returns when it finds, inside its
// transaction, that the same file was imported meanwhile (a concurrent
// import of it committed first), with the batch that imported it. Commit
// reports it as Unchanged, with that batch.
var ErrImported = errors.New("dataset: the file was imported already")

// ImportTimeout bounds an import's write (Steps.Write: its transaction and
// what follows it, such as refreshing the planner's statistics) when the
// caller's context sets no deadline of its own (the admin request's, ended
// when its client goes away). An import is an operator's command, not a
// request path: it writes files of up to 1 GiB in one transaction, so it
// is not held to the store's operation timeout (sqlstore.Options.OpTimeout,
// 5 s by default). A caller that sets a deadline is held to that one
// instead, longer or shorter: `dalil <name> import --timeout` (a million
// sanctions entities took 46-58 minutes to write on a loaded 2-core
// machine, docs/performance.md), the sync job's own time limit.
const ImportTimeout = 10 * time.Minute

// Steps are an importer's own storage steps for one file that has been
// read and validated: the importer's queries and its transaction. Commit
// calls them in the order every dataset follows.
type Steps struct {
	// Imported returns the batch that imported this very file before, or
	// "" when there is none. What counts as this very file is the
	// importer's rule: the same content hash, for some within a source.
	// ctx is the caller's: a lookup on the store bounds itself with the
	// store's operation timeout (sqlstore.DB.Bound).
	Imported func(ctx context.Context) (batch string, err error)
	// Write writes the good rows and their batch in one transaction and
	// returns the batch written and its rows. It decides what a file
	// without good rows means (an error, or nothing to write: no batch,
	// ""). ErrImported from it means Unchanged; the batch returned with
	// it is the one that imported the file. ctx is the caller's, bounded
	// by ImportTimeout; Write must not bound it further with the store's
	// operation timeout.
	Write func(ctx context.Context) (batch string, rows int, err error)
}

// Commit finishes the import that rep describes (the reader has set its
// Rows, BadRows and Errors), in the order every dataset follows:
//
//  1. a file imported before (steps.Imported) is Unchanged, with the
//     batch it got then; nothing is written, whatever its bad rows;
//  2. otherwise a file with bad rows is Refused unless skipBad; nothing
//     is written, and rep.Batch stays as the caller left it;
//  3. otherwise steps.Write runs, within ctx's deadline or, when ctx has
//     none, ImportTimeout; ErrImported from
//     it is Unchanged, with the batch Write returned with it (the one
//     that imported the file meanwhile);
//  4. rep.Batch and rep.Imported become what Write returned.
//
// rep.Batch therefore names a batch that exists, or is what the caller
// left it (importers leave it empty: a refused file, or one with nothing
// to write, names no batch). Errors of Imported and Write are returned as
// they are, with rep as far as it got (Imported stays 0).
func Commit(ctx context.Context, rep *Report, skipBad bool, steps Steps) error {
	prev, err := steps.Imported(ctx)
	if err != nil {
		return err
	}
	if prev != "" {
		rep.Batch, rep.Unchanged = prev, true
		return nil
	}
	if rep.BadRows > 0 && !skipBad {
		rep.Refused = true
		return nil
	}
	wctx := ctx
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		wctx, cancel = context.WithTimeout(ctx, ImportTimeout)
		defer cancel()
	}
	batch, n, err := steps.Write(wctx)
	if errors.Is(err, ErrImported) {
		rep.Batch, rep.Unchanged = batch, true
		return nil
	}
	if err != nil {
		return err
	}
	rep.Batch, rep.Imported = batch, n
	return nil
}

// ReadAll reads the whole of r, at most limit bytes: a larger file is a
// *FileError that names the limit in MiB, as is a failure to read r (the
// upload broke off; the cause stays wrapped).
func ReadAll(r io.Reader, limit int) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, Unreadable(err)
	}
	if len(data) > limit {
		return nil, Unreadable(fmt.Errorf("the file is larger than %d MiB", limit>>20))
	}
	return data, nil
}

// Period is the earliest and the latest of the rows' dates (a batch's
// period); both are zero when there are no rows.
func Period[T any](rows []T, date func(T) time.Time) (from, to time.Time) {
	for i, r := range rows {
		d := date(r)
		if i == 0 || d.Before(from) {
			from = d
		}
		if i == 0 || d.After(to) {
			to = d
		}
	}
	return from, to
}
