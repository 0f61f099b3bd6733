package llm

import (
	"context"
	"io"
)

// ReadStreamForTest reads a streamed answer's events from r.
func ReadStreamForTest(r io.Reader) (StreamResult, error) {
	c := New(Config{APIKey: "k"})
	return c.readStream(context.Background(), r, func(string) error { return nil })
}
