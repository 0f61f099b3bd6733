package dataset

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Column is one column (CSV) or key (JSON lines) of a dataset file.
type Column struct {
	Name     string
	Aliases  []string // other names accepted for it (a reference service's header)
	Required bool
	// FreeForm accepts any JSON value and drops it (a free-form metadata
	// object that is not kept).
	FreeForm bool
	// JSON hands the column's value over as JSON text, so that a JSON
	// lines file may give a list or an object: a CSV cell or a JSON
	// string as a JSON string ("a;b" → `"a;b"`), a number as written, an
	// array or object as its JSON. The dataset's reader decodes it.
	JSON bool
}

// Schema is the shape of one dataset's files: CSV with a header line, or
// JSON lines with the same keys. ReadRows turns either into one
// column → text map per data row, so a dataset validates rows once.
type Schema struct {
	Columns []Column
	// FoldCase matches column names and keys whatever their case.
	FoldCase bool
	// MaxRows bounds the data rows of one file (more is an error: split
	// the file); MaxLineBytes one JSON line.
	MaxRows, MaxLineBytes int

	index  map[string]string // every name and alias (case-folded with FoldCase) → its column
	asJSON map[string]bool   // the JSON columns
}

// NewSchema indexes s's column names and aliases; build it once, at
// package level.
func NewSchema(s Schema) *Schema {
	s.index, s.asJSON = map[string]string{}, map[string]bool{}
	for _, c := range s.Columns {
		s.asJSON[c.Name] = c.JSON
		s.index[s.key(c.Name)] = c.Name
		for _, a := range c.Aliases {
			s.index[s.key(a)] = c.Name
		}
	}
	return &s
}

// RowFunc receives each data row: its line, its values by canonical column
// name (nil when the row could not be read at all) and the problems found
// reading it. A non-nil error stops the read.
type RowFunc func(line int, values map[string]string, errs []RowError) error

func (s *Schema) key(name string) string {
	if s.FoldCase {
		return strings.ToLower(name)
	}
	return name
}

// canonical is the canonical column of name, or "".
func (s *Schema) canonical(name string) string { return s.index[s.key(name)] }

// List names every column, the required ones marked, for messages.
func (s *Schema) List() string {
	names := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		names[i] = c.Name
		if c.Required {
			names[i] += " (required)"
		}
	}
	return strings.Join(names, ", ")
}

// Formats are the formats ReadRows reads, the first the default.
var Formats = []string{"csv", "jsonl"}

// DetectFormat returns format when set, else the format of filename's
// extension (.csv; .jsonl, .ndjson, .json), else "jsonl" when the first
// non-blank byte of head is '{', else "csv".
func DetectFormat(format, filename string, head []byte) string {
	if format != "" {
		return format
	}
	switch strings.ToLower(path.Ext(filename)) {
	case ".csv":
		return "csv"
	case ".jsonl", ".ndjson", ".json":
		return "jsonl"
	}
	if b := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\ufeff")), " \t\r\n"); len(b) > 0 && b[0] == '{' {
		return "jsonl"
	}
	return "csv"
}

// ReadRows reads a whole file as CSV or JSON lines (format, else
// DetectFormat) and calls each for every data row, and returns the
// SHA-256 of every byte of r (hex): the same file gives the same hash,
// whatever its name. The error is a *FileError, for a file that cannot be
// read at all (an unknown format, a bad CSV header, a first line with a
// NUL byte (CheckText), an I/O failure, too many rows), or each's own
// error as it is; bad rows go to each. Blank lines are no rows; text that
// is not UTF-8 or that holds a NUL byte is a problem of its row, never
// passed on (a free-form column, which no dataset keeps, may hold one).
func (s *Schema) ReadRows(r io.Reader, format, filename string, each RowFunc) (string, error) {
	var eachErr error
	hash, err := s.readRows(r, format, filename, func(line int, values map[string]string, errs []RowError) error {
		eachErr = each(line, values, errs)
		return eachErr
	})
	if err != nil && err != eachErr {
		err = Unreadable(err)
	}
	return hash, err
}

func (s *Schema) readRows(r io.Reader, format, filename string, each RowFunc) (string, error) {
	h := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(r, h), 64<<10)
	head, _ := br.Peek(512)
	rows := 0
	counted := func(line int, values map[string]string, errs []RowError) error {
		if rows++; s.MaxRows > 0 && rows > s.MaxRows {
			return fmt.Errorf("more than %d rows: split the file", s.MaxRows)
		}
		return each(line, values, errs)
	}
	var err error
	switch DetectFormat(format, filename, head) {
	case "csv":
		if err := CheckText(head, "CSV"); err != nil {
			return "", err
		}
		err = s.readCSV(br, counted)
	case "jsonl":
		if err := CheckText(head, "JSON lines"); err != nil {
			return "", err
		}
		err = s.readJSONL(br, counted)
	default:
		return "", fmt.Errorf("unknown format %q: use one of %s", format, strings.Join(Formats, ", "))
	}
	if err != nil {
		return "", err
	}
	// Whatever the reader left unread still counts in the hash.
	if _, err := io.Copy(io.Discard, br); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func (s *Schema) readCSV(r io.Reader, each RowFunc) error {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err == io.EOF {
		return errors.New("line 1: the file is empty; the first line must be the header")
	}
	if err != nil {
		return fmt.Errorf("line 1: %w", err)
	}
	cols, err := s.header(header)
	if err != nil {
		return err
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" && (err == nil || errors.Is(err, csv.ErrFieldCount)) {
			continue // a line of spaces (encoding/csv skips empty ones)
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				return err
			}
			msg := "unreadable CSV: " + pe.Err.Error()
			if errors.Is(err, csv.ErrFieldCount) {
				msg = fmt.Sprintf("%d fields, the header has %d", len(rec), len(cols))
			}
			if err := each(pe.StartLine, nil, []RowError{{Line: pe.StartLine, Message: msg}}); err != nil {
				return err
			}
			continue
		}
		line, _ := cr.FieldPos(0)
		values := make(map[string]string, len(cols))
		var errs []RowError
		for i, c := range cols {
			switch {
			case !utf8.ValidString(rec[i]):
				errs = append(errs, RowError{Line: line, Field: c, Message: notUTF8})
			case HasNUL(rec[i]) && !s.freeForm(c):
				errs = append(errs, RowError{Line: line, Field: c, Message: NULByte})
			case s.isJSON(c):
				values[c] = jsonText(rec[i])
			default:
				values[c] = rec[i]
			}
		}
		if err := each(line, values, errs); err != nil {
			return err
		}
	}
}

// header checks a CSV header: known names, no column twice (an alias
// counts as its column), every required column present.
func (s *Schema) header(header []string) ([]string, error) {
	cols := make([]string, len(header))
	for i, h := range header {
		name := strings.TrimSpace(h)
		if i == 0 {
			name = strings.TrimSpace(strings.TrimPrefix(name, "\ufeff"))
		}
		c := s.canonical(name)
		switch {
		case c == "":
			return nil, fmt.Errorf("line 1: unknown column %q; the columns are %s", Clip(name), s.List())
		case slices.Contains(cols[:i], c) && s.key(c) != s.key(name):
			return nil, fmt.Errorf("line 1: column %q is given twice (%q is another name for it)", c, name)
		case slices.Contains(cols[:i], c):
			return nil, fmt.Errorf("line 1: column %q is given twice", c)
		}
		cols[i] = c
	}
	for _, c := range s.Columns {
		if c.Required && !slices.Contains(cols, c.Name) {
			return nil, fmt.Errorf("line 1: required column %q is missing; the columns are %s", c.Name, s.List())
		}
	}
	return cols, nil
}

func (s *Schema) readJSONL(r io.Reader, each RowFunc) error {
	max := s.MaxLineBytes
	if max <= 0 {
		max = 64 << 10
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, min(max, 64<<10)), max)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if line == 1 {
			text = bytes.TrimPrefix(text, []byte("\ufeff"))
		}
		if len(text) == 0 {
			continue
		}
		if !utf8.Valid(text) {
			if err := each(line, nil, []RowError{{Line: line, Message: notUTF8}}); err != nil {
				return err
			}
			continue
		}
		if bytes.IndexByte(text, 0) >= 0 { // not JSON either: a string may hold one only as \u0000
			if err := each(line, nil, []RowError{{Line: line, Message: NULByte}}); err != nil {
				return err
			}
			continue
		}
		values, errs := s.object(text, line)
		if err := each(line, values, errs); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("line %d: longer than %d bytes", line+1, max)
	}
	return sc.Err()
}

// object reads one JSON-lines object into the same name → text map a CSV
// row gives: strings as they are, numbers as written, null as absent.
func (s *Schema) object(text []byte, line int) (map[string]string, []RowError) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return nil, []RowError{{Line: line, Message: "not a JSON object"}}
	}
	if dec.More() {
		return nil, []RowError{{Line: line, Message: "more than one JSON value on the line"}}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	values := map[string]string{}
	var errs []RowError
	for _, k := range keys {
		c := s.canonical(k)
		if c == "" && HasNUL(k) {
			errs = append(errs, RowError{Line: line, Message: "a key " + NULByte})
			continue
		}
		if c == "" {
			errs = append(errs, RowError{Line: line, Field: Clip(k), Message: "unknown key; the keys are " + s.List()})
			continue
		}
		if _, dup := values[c]; dup {
			errs = append(errs, RowError{Line: line, Field: k, Message: "given twice (under another of its names)"})
			continue
		}
		if hasNUL(obj[k]) && !s.freeForm(c) {
			errs = append(errs, RowError{Line: line, Field: c, Message: NULByte})
			continue
		}
		switch v := obj[k].(type) {
		case nil:
		case string:
			values[c] = v
			if s.isJSON(c) {
				values[c] = jsonText(v)
			}
		case json.Number:
			values[c] = v.String()
		default:
			switch {
			case s.isJSON(c):
				b, err := json.Marshal(v)
				if err != nil { // not reached: v was decoded from JSON
					errs = append(errs, RowError{Line: line, Field: c, Message: err.Error()})
					continue
				}
				values[c] = string(b)
			case !s.freeForm(c):
				errs = append(errs, RowError{Line: line, Field: c, Message: "must be a string or a number"})
			}
		}
	}
	return values, errs
}

// notUTF8 is the problem of a row whose text is in another encoding.
const notUTF8 = "not UTF-8 text: save the file as UTF-8"

// NULByte is the problem of a value that holds a NUL byte (0x00): no
// text column stores one (PostgreSQL refuses the row, SQLite would keep
// it and answers would show it), so its row is bad, like text that is not
// UTF-8.
const NULByte = "holds a NUL byte (0x00), which text cannot hold"

// HasNUL reports whether s holds a NUL byte.
func HasNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

// hasNUL reports whether a decoded JSON value holds a NUL byte (written
// \u0000) in a string or a key, at any depth.
func hasNUL(v any) bool {
	switch v := v.(type) {
	case string:
		return HasNUL(v)
	case []any:
		return slices.ContainsFunc(v, hasNUL)
	case map[string]any:
		for k, x := range v {
			if HasNUL(k) || hasNUL(x) {
				return true
			}
		}
	}
	return false
}

// CheckText refuses a file whose first line (within head, its first
// bytes) holds a NUL byte: no text file has one there, a CSV header least
// of all, but a spreadsheet (an .xlsx is a ZIP archive, an .xls a binary
// file) and text saved as UTF-16 do. what names the format the file should
// be in ("CSV"). A NUL byte further on is a problem of its row.
func CheckText(head []byte, what string) error {
	first, _, _ := bytes.Cut(head, []byte("\n"))
	if bytes.IndexByte(first, 0) < 0 {
		return nil
	}
	return fmt.Errorf("line 1: the file holds NUL bytes (0x00), so it is not %s text: is it a spreadsheet (.xlsx, .xls) or text saved as UTF-16? Save it as %s in UTF-8", what, what)
}

// jsonText is text as a JSON string.
func jsonText(t string) string {
	b, _ := json.Marshal(t) // a string always marshals
	return string(b)
}

func (s *Schema) freeForm(name string) bool {
	return slices.ContainsFunc(s.Columns, func(c Column) bool { return c.Name == name && c.FreeForm })
}

func (s *Schema) isJSON(name string) bool { return s.asJSON[name] }

// Clip shortens s to 60 bytes at a character boundary, for messages that
// quote what a file held.
func Clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// ParseDate reads a row's date: YYYY-MM-DD, or an RFC 3339 date-time,
// which stands for its UTC day. The date is at midnight UTC.
func ParseDate(s string) (time.Time, bool) {
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return d, true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		y, m, d := t.UTC().Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}
