package dataset

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fakeBatches is an importer's storage as Commit sees it: the batches
// already imported, by hash, and what Write would add.
type fakeBatches struct {
	imported map[string]string // hash -> batch
	writes   int               // calls of Write
}

func (f *fakeBatches) steps(hash string, rows int, writeErr error) Steps {
	return Steps{
		Imported: func(context.Context) (string, error) { return f.imported[hash], nil },
		Write: func(context.Context) (string, int, error) {
			f.writes++
			if errors.Is(writeErr, ErrImported) {
				// A concurrent import of the file committed first.
				return "b_meanwhile", 0, writeErr
			}
			if writeErr != nil {
				return "", 0, writeErr
			}
			batch := "b_" + hash
			f.imported[hash] = batch
			return batch, rows, nil
		},
	}
}

func TestCommit(t *testing.T) {
	storageDown := errors.New("storage down")
	cases := []struct {
		name     string
		imported map[string]string
		bad      int
		skipBad  bool
		writeErr error
		want     Report
		wantErr  error
		writes   int
	}{
		{name: "new file", want: Report{Batch: "b_h1", Rows: 3, Imported: 3}, writes: 1},
		{name: "same file again", imported: map[string]string{"h1": "b_first"},
			want: Report{Batch: "b_first", Rows: 3, Unchanged: true}},
		{name: "same file again, bad rows: unchanged wins over refused", imported: map[string]string{"h1": "b_first"}, bad: 1,
			want: Report{Batch: "b_first", Rows: 3, BadRows: 1, Unchanged: true}},
		{name: "bad rows refused", bad: 1, want: Report{Batch: "preset", Rows: 3, BadRows: 1, Refused: true}},
		{name: "bad rows skipped", bad: 1, skipBad: true, want: Report{Batch: "b_h1", Rows: 3, BadRows: 1, Imported: 3}, writes: 1},
		{name: "imported meanwhile: the batch that imported it", writeErr: ErrImported,
			want: Report{Batch: "b_meanwhile", Rows: 3, Unchanged: true}, writes: 1},
		{name: "imported meanwhile, wrapped", writeErr: errors.Join(errors.New("tx"), ErrImported),
			want: Report{Batch: "b_meanwhile", Rows: 3, Unchanged: true}, writes: 1},
		{name: "write fails", writeErr: storageDown, want: Report{Batch: "preset", Rows: 3}, wantErr: storageDown, writes: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeBatches{imported: map[string]string{}}
			for h, b := range c.imported {
				f.imported[h] = b
			}
			rep := Report{Batch: "preset", Rows: 3, BadRows: c.bad}
			err := Commit(context.Background(), &rep, c.skipBad, f.steps("h1", 3, c.writeErr))
			if !errors.Is(err, c.wantErr) || (err != nil) != (c.wantErr != nil) {
				t.Fatalf("err = %v, want %v", err, c.wantErr)
			}
			if diff := cmp.Diff(c.want, rep); diff != "" {
				t.Errorf("report (-want +got):\n%s", diff)
			}
			if f.writes != c.writes {
				t.Errorf("Write ran %d times, want %d", f.writes, c.writes)
			}
		})
	}
}

// TestCommitTwice is the contract an operator relies on: the same file
// imported twice is written once, and the second report names the first
// batch.
func TestCommitTwice(t *testing.T) {
	f := &fakeBatches{imported: map[string]string{}}
	var reps [2]Report
	for i := range reps {
		reps[i] = Report{Rows: 2}
		if err := Commit(context.Background(), &reps[i], false, f.steps("same", 2, nil)); err != nil {
			t.Fatal(err)
		}
	}
	want := [2]Report{{Batch: "b_same", Rows: 2, Imported: 2}, {Batch: "b_same", Rows: 2, Unchanged: true}}
	if diff := cmp.Diff(want, reps); diff != "" || f.writes != 1 {
		t.Errorf("writes = %d, reports (-want +got):\n%s", f.writes, diff)
	}
}

// TestCommitWriteDeadline: Write runs within ImportTimeout of the caller's
// context (not the store's short operation timeout, nor without any
// bound), and the caller's cancellation still reaches it.
func TestCommitWriteDeadline(t *testing.T) {
	var deadline time.Time
	var bounded bool
	start := time.Now()
	rep := Report{Rows: 1}
	err := Commit(context.Background(), &rep, false, Steps{
		Imported: func(context.Context) (string, error) { return "", nil },
		Write: func(ctx context.Context) (string, int, error) {
			deadline, bounded = ctx.Deadline()
			return "b", 1, nil
		},
	})
	if err != nil || !bounded || deadline.Before(start.Add(ImportTimeout)) || deadline.After(time.Now().Add(ImportTimeout)) {
		t.Fatalf("err = %v; Write's deadline %v (set: %v), want ImportTimeout (%v) from the call", err, deadline, bounded, ImportTimeout)
	}

	ctx, cancel := context.WithCancel(context.Background())
	err = Commit(ctx, &Report{Rows: 1}, false, Steps{
		Imported: func(context.Context) (string, error) { return "", nil },
		Write: func(ctx context.Context) (string, int, error) {
			cancel()
			<-ctx.Done()
			return "", 0, ctx.Err()
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want the caller's cancellation", err)
	}
}

func TestCommitLookupFails(t *testing.T) {
	down := errors.New("down")
	rep := Report{Rows: 1}
	wrote := false
	err := Commit(context.Background(), &rep, true, Steps{
		Imported: func(context.Context) (string, error) { return "", down },
		Write:    func(context.Context) (string, int, error) { wrote = true; return "b", 1, nil },
	})
	if !errors.Is(err, down) || wrote || rep.Imported != 0 || rep.Unchanged || rep.Refused {
		t.Errorf("err = %v, wrote = %v, report = %+v; want the lookup's error and nothing written", err, wrote, rep)
	}
}

func TestReadAll(t *testing.T) {
	const limit = 2 << 20
	for _, c := range []struct {
		name    string
		size    int
		wantErr string
	}{
		{name: "empty"},
		{name: "at the limit", size: limit},
		{name: "one byte over", size: limit + 1, wantErr: "the file is larger than 2 MiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, err := ReadAll(strings.NewReader(strings.Repeat("x", c.size)), limit)
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || len(data) != c.size {
				t.Fatalf("read %d bytes, %v; want %d", len(data), err, c.size)
			}
		})
	}
}

func TestPeriod(t *testing.T) {
	d := func(day int) time.Time { return time.Date(2026, 1, day, 0, 0, 0, 0, time.UTC) }
	id := func(t time.Time) time.Time { return t }
	for _, c := range []struct {
		name     string
		dates    []time.Time
		from, to time.Time
	}{
		{name: "none"},
		{name: "one", dates: []time.Time{d(5)}, from: d(5), to: d(5)},
		{name: "unordered", dates: []time.Time{d(5), d(2), d(9), d(3)}, from: d(2), to: d(9)},
	} {
		t.Run(c.name, func(t *testing.T) {
			from, to := Period(c.dates, id)
			if !from.Equal(c.from) || !to.Equal(c.to) {
				t.Errorf("Period = %v, %v; want %v, %v", from, to, c.from, c.to)
			}
		})
	}
}

func TestRetrieved(t *testing.T) {
	now, then := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC), time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	if got := (ImportOptions{}).Retrieved(now); !got.Equal(now) {
		t.Errorf("zero RetrievedAt: %v, want now", got)
	}
	if got := (ImportOptions{RetrievedAt: then}).Retrieved(now); !got.Equal(then) {
		t.Errorf("RetrievedAt given: %v, want %v", got, then)
	}
}

func TestNewReportHasAnErrorList(t *testing.T) {
	rep := NewReport("listings", ImportOptions{Source: "s", License: "l"})
	if rep.Errors == nil || rep.Dataset != "listings" || rep.Source != "s" || rep.License != "l" {
		t.Errorf("NewReport = %+v", rep)
	}
}

// TestCommitWriteHeldToTheCallersDeadline: the write runs within the
// caller's deadline when its context has one, longer or shorter than
// ImportTimeout (the CLI's --timeout, the sync job's limit);
// TestCommitWriteDeadline covers a context with none.
func TestCommitWriteHeldToTheCallersDeadline(t *testing.T) {
	writeDeadline := func(ctx context.Context) (time.Time, bool) {
		t.Helper()
		var dl time.Time
		var has bool
		steps := Steps{
			Imported: func(context.Context) (string, error) { return "", nil },
			Write: func(wctx context.Context) (string, int, error) {
				dl, has = wctx.Deadline()
				return "b", 1, nil
			},
		}
		if err := Commit(ctx, &Report{Rows: 1}, false, steps); err != nil {
			t.Fatal(err)
		}
		return dl, has
	}
	for _, d := range []time.Duration{2 * time.Hour, 30 * time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		want, _ := ctx.Deadline()
		got, has := writeDeadline(ctx)
		cancel()
		if !has || !got.Equal(want) {
			t.Errorf("caller's deadline in %v: the write's is %v (%v), want the caller's %v", d, got, has, want)
		}
	}
}
