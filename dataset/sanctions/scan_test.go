package sanctions

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// sized is a file read in place (as dataset.Spooled is).
type sizedFile struct{ *os.File }

func (f sizedFile) Size() int64 {
	st, _ := f.Stat()
	return st.Size()
}

// scanFiles are a list of every format, with a bad record in each.
func scanFiles(t *testing.T) []struct {
	format string
	data   []byte
} {
	sdn := string(mustRead(t, "sdn.csv")) + "\n,NO ID,individual,[SDGT],-0-,-0-,-0-,-0-,-0-,-0-,-0-,-0-\n"
	return []struct {
		format string
		data   []byte
	}{
		{FormatOFACXML, mustRead(t, "sdn.xml")},
		{FormatOFACCSV, zipOf(t, map[string][]byte{"sdn.csv": []byte(sdn), "alt.csv": mustRead(t, "alt.csv"), "add.csv": mustRead(t, "add.csv")})},
		{FormatUNXML, mustRead(t, "un.xml")},
		{FormatEUXML, mustRead(t, "eu.xml")},
		{FormatUKXML, mustRead(t, "uk.xml")},
		{FormatFTM, []byte(string(mustRead(t, "entities.ftm.json")) + "not json\n")},
	}
}

// Scan hands every record over as it is read (the good ones as entities,
// the bad ones as nil) and keeps none; the entities are Read's. An error
// from each stops the read at once and is returned as it is.
func TestScan(t *testing.T) {
	for _, f := range scanFiles(t) {
		t.Run(f.format, func(t *testing.T) {
			want, err := Read(f.format, bytes.NewReader(f.data))
			if err != nil {
				t.Fatal(err)
			}
			var good []Entity
			calls := 0
			l, err := Scan(f.format, bytes.NewReader(f.data), func(e *Entity) error {
				calls++
				if e != nil {
					good = append(good, *e)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Entities) != 0 || calls != l.Records || l.Records != want.Records || l.Bad != want.Bad || len(good) != len(want.Entities) {
				t.Errorf("scan: %d kept, %d calls, %d records (read: %d), %d bad (read: %d), %d entities (read: %d)",
					len(l.Entities), calls, l.Records, want.Records, l.Bad, want.Bad, len(good), len(want.Entities))
			}
			for i := range good {
				if good[i].ID != want.Entities[i].ID {
					t.Errorf("entity %d: %s, read %s", i, good[i].ID, want.Entities[i].ID)
				}
			}
			stop := errors.New("stop")
			calls = 0
			_, err = Scan(f.format, bytes.NewReader(f.data), func(*Entity) error { calls++; return stop })
			if err != stop || calls != 1 {
				t.Errorf("stopping: %v after %d calls, want the error of each after 1", err, calls)
			}
		})
	}
	// Which formats have a bad record, so that nil is handed over.
	for _, f := range scanFiles(t) {
		if l, _ := Read(f.format, bytes.NewReader(f.data)); (f.format == FormatOFACCSV || f.format == FormatFTM) && l.Bad == 0 {
			t.Errorf("%s: no bad record in the test file", f.format)
		}
	}
}

// An OFAC CSV archive is read in place from a file (no copy in memory)
// and gives what it gives from memory.
func TestOFACCSVArchiveInPlace(t *testing.T) {
	data := scanFiles(t)[1].data
	path := filepath.Join(t.TempDir(), "sdn.zip")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fromFile, err := ReadOFACCSV(sizedFile{f})
	if err != nil {
		t.Fatal(err)
	}
	fromMemory, err := ReadOFACCSV(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(fromFile.Entities) != len(fromMemory.Entities) || len(fromFile.Entities) == 0 || fromFile.Bad != fromMemory.Bad ||
		len(fromFile.Entities[0].Aliases) != len(fromMemory.Entities[0].Aliases) {
		t.Errorf("in place: %d entities %d bad; in memory: %d entities %d bad", len(fromFile.Entities), fromFile.Bad, len(fromMemory.Entities), fromMemory.Bad)
	}
}
