package companysql

import (
	"bytes"
	"time"

	"dalil/capabilities/omanbusiness"
	"dalil/dataset"
)

// ParseForFuzz reads and validates a file as Import does, without storage.
func ParseForFuzz(data []byte, format string) {
	if format != "csv" && format != "jsonl" {
		format = ""
	}
	read(bytes.NewReader(data), format, "", omanbusiness.Record{Source: "s"}, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
}

// Read is read for the tests: the records, the rows read, the bad rows
// and their problems.
func Read(data, format string, synthetic bool) ([]omanbusiness.Record, int, int, []dataset.RowError, error) {
	res, err := read(bytes.NewReader([]byte(data)), format, "", omanbusiness.Record{Source: "s", Synthetic: synthetic}, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	return res.records, res.rows, res.bad, res.errors, err
}

// SetHook makes f run at the steps of an import's write: "write" before
// its transaction, "tx" inside it.
func (s *Store) SetHook(f func(step string)) { s.hook = f }
