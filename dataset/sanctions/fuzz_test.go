package sanctions

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// FuzzRead: every reader takes any bytes without panicking or hanging;
// what it returns is consistent (each entity has an id, a name and a
// type, and no NUL byte; errors have lines).
func FuzzRead(f *testing.F) {
	// In the order of Formats.
	for i, name := range []string{"sdn.xml", "sdn.csv", "un.xml", "entities.ftm.json", "eu.xml", "uk.xml"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
	}
	f.Add(uint8(1), []byte("1,\"X\",-0- \n\x1a"))
	f.Add(uint8(1), []byte("1,\"X\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n2,\"Y\x00\",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n"))
	f.Add(uint8(3), []byte(`{"id":"a","schema":"Person","properties":{"name":["A\u0000"]}}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		format := Formats[int(which)%len(Formats)]
		l, err := Read(format, bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, e := range l.Entities {
			if e.ID == "" || e.Name == "" || e.Type == "" {
				t.Fatalf("entity without id, name or type: %+v", e)
			}
			if strings.ContainsRune(fmt.Sprintf("%+v", e), 0) {
				t.Fatalf("entity with a NUL byte: %+v", e)
			}
		}
		for _, e := range l.Errors {
			if e.Line < 0 || e.Message == "" {
				t.Fatalf("row error %+v", e)
			}
		}
		if l.Records < len(l.Entities) {
			t.Fatalf("%d records, %d entities", l.Records, len(l.Entities))
		}
	})
}
