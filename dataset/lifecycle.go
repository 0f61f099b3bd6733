package dataset

import (
	"context"
	"fmt"
	"time"
	"unicode/utf8"
)

// Lifecycle is a dataset's batches over time, beside its Importer: every
// batch it holds or held, and retracting one. cmd/dalil gives every
// dataset one (the same code, dataset/datasetsql, over the tables each
// dataset declares in its module.Dataset), mounted as `dalil <name>
// batches|retract`, the admin routes /admin/v1/datasets/{name}/batches
// and .../batches/{batch}/retract, and the console's dataset page.
type Lifecycle interface {
	// Batches lists every batch the dataset holds or held (retracted),
	// oldest import first.
	Batches(ctx context.Context) ([]BatchState, error)
	// Retract removes batch's rows and the batch in one transaction and
	// records the retraction (when, why, how many rows were removed).
	// An unknown batch, or one retracted already, is a *dalil.Error
	// NOT_FOUND; a reason CheckReason refuses is INVALID_INPUT.
	Retract(ctx context.Context, batch, reason string) (Retraction, error)
}

// BatchState is one batch in a dataset's lifecycle: its provenance,
// whether answers use its rows now, and its retraction, if it was
// retracted.
type BatchState struct {
	Batch
	// Current: answers use this batch's rows now. False for a batch that
	// was retracted and, for a sanctions list, for a version another
	// import of the same source replaced.
	Current bool `json:"current"`
	// Retracted is set for a batch that was retracted (its rows are
	// gone; Rows is what it held when it was imported).
	Retracted *Retraction `json:"retracted,omitempty"`
}

// BatchList is a dataset's batches (`dalil <name> batches --json`, the
// admin API's answer).
type BatchList struct {
	Dataset string       `json:"dataset"`
	Batches []BatchState `json:"batches"`
}

// Retraction records a batch's removal.
type Retraction struct {
	Dataset     string    `json:"dataset"`
	Batch       string    `json:"batch"`
	RetractedAt time.Time `json:"retractedAt"`
	// Reason is what the operator gave ("" when none was).
	Reason string `json:"reason"`
	// RowsRemoved counts the rows deleted with the batch: its rows that
	// were still its own (a company record a later import restated
	// belongs to that import; a sanctions list version another replaced
	// holds none).
	RowsRemoved int `json:"rowsRemoved"`
}

// MaxReason bounds a retraction's reason, in characters.
const MaxReason = 500

// CheckReason reports what is wrong with a retraction's reason: it is
// stored and shown as text, so it is UTF-8 without a NUL byte, and at
// most MaxReason characters. "" (no reason) is allowed.
func CheckReason(reason string) error {
	switch {
	case !utf8.ValidString(reason):
		return fmt.Errorf("is not UTF-8 text")
	case HasNUL(reason):
		return fmt.Errorf("%s", NULByte)
	case utf8.RuneCountInString(reason) > MaxReason:
		return fmt.Errorf("is longer than %d characters", MaxReason)
	}
	return nil
}
