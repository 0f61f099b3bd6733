package read

import (
	"bytes"
	"compress/zlib"
	"io"
)

// Bounds of the PDF pre-scan. The third-party parser recurses on nested
// arrays and dictionaries and inflates streams without a limit; the scan
// refuses what would make it overflow its stack or allocate without bound
// before the parser sees the file.
const (
	maxPDFNesting      = 5000     // [ and << levels, in the file and in every Flate stream
	defaultMaxInflated = 64 << 20 // all Flate streams together
)

// prescanPDF walks the raw file: nesting depth outside streams, and every
// /FlateDecode stream inflated through the remaining budget with its own
// nesting measured (content streams and object streams alike). Files
// using /Extends chains of object streams (which the parser follows
// without a bound) and encrypted files are refused.
func prescanPDF(b *budget, data []byte, maxInflated int64) error {
	if maxInflated <= 0 {
		maxInflated = defaultMaxInflated
	}
	if bytes.Contains(data, []byte("/Extends")) {
		return unreadable("The PDF uses chained object streams (/Extends), which are not read.")
	}
	if bytes.Contains(data, []byte("/Encrypt")) {
		return unreadable("The PDF is encrypted.")
	}
	left := maxInflated
	depth := 0
	i := 0
	for i < len(data) {
		b.check()
		c := data[i]
		switch c {
		case '%': // comment to end of line
			for i < len(data) && data[i] != '\n' && data[i] != '\r' {
				i++
			}
			continue
		case '(':
			i = skipLiteralString(data, i)
			continue
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case '<':
			if i+1 < len(data) && data[i+1] == '<' {
				depth++
				i++
			}
		case '>':
			if i+1 < len(data) && data[i+1] == '>' {
				if depth > 0 {
					depth--
				}
				i++
			}
		case 's':
			if bytes.HasPrefix(data[i:], []byte("stream")) && (i == 0 || !isRegular(data[i-1])) {
				start := i + len("stream")
				if start < len(data) && data[start] == '\r' {
					start++
				}
				if start < len(data) && data[start] == '\n' {
					start++
				}
				end := bytes.Index(data[start:], []byte("endstream"))
				if end < 0 {
					end = len(data) - start
				}
				dict := data[max(0, i-1024):i]
				if k := bytes.LastIndex(dict, []byte("<<")); k >= 0 {
					dict = dict[k:]
				}
				if bytes.Contains(dict, []byte("/FlateDecode")) && !bytes.Contains(dict, []byte("/DecodeParms")) {
					n, err := scanFlate(b, data[start:start+end], left, maxInflated)
					if err != nil {
						return err
					}
					left -= n
				}
				i = start + end + len("endstream")
				continue
			}
		}
		if depth > maxPDFNesting {
			return unreadable("The PDF nests arrays or dictionaries more than %d deep.", maxPDFNesting)
		}
		i++
	}
	return nil
}

func isRegular(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func skipLiteralString(data []byte, i int) int {
	depth := 0
	for ; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return i
}

// scanFlate inflates one stream through the budget and measures nesting
// in what it produces. A stream that does not inflate is left for the
// parser to reject.
func scanFlate(b *budget, raw []byte, left, limit int64) (int64, error) {
	zr, err := zlib.NewReader(bytes.NewReader(raw))
	if err != nil {
		return 0, nil
	}
	defer zr.Close()
	buf := make([]byte, 32<<10)
	var total int64
	depth := 0
	inString := 0
	for {
		b.check()
		n, err := zr.Read(buf)
		total += int64(n)
		if total > left {
			return total, tooLarge("bytes", limit, -1)
		}
		for _, c := range buf[:n] {
			switch {
			case inString > 0:
				if c == ')' {
					inString--
				} else if c == '(' {
					inString++
				}
			case c == '(':
				inString = 1
			case c == '[' || c == '{':
				depth++
				if depth > maxPDFNesting {
					return total, unreadable("The PDF nests arrays more than %d deep in a stream.", maxPDFNesting)
				}
			case c == ']' || c == '}':
				if depth > 0 {
					depth--
				}
			}
		}
		if err == io.EOF {
			return total, nil
		}
		if err != nil {
			return total, nil
		}
	}
}
