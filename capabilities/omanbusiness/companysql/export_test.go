package companysql

import (
	"time"

	"dalil/capabilities/omanbusiness"
)

// ParseForFuzz reads and validates a file as Import does, without storage.
func ParseForFuzz(data []byte, format string) {
	if format != "csv" && format != "jsonl" {
		format = detect("", data)
	}
	rows, _, err := readRows(data, format)
	if err != nil {
		return
	}
	for _, rw := range rows {
		parse(rw, omanbusiness.Record{Source: "s"}, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	}
}
