package capability

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"dalil"
)

// errClass names the kind of a parse failure; "malformed JSON at byte N:
// ..." details differ between the two parsers by design (see
// docs/decisions.md), the kind and the path must not.
func errClass(e *dalil.Error) (class, path string) {
	ps := e.Details.([]dalil.Problem)
	p := ps[0]
	switch {
	case strings.HasPrefix(p.Message, "malformed JSON at byte"):
		return "malformed", p.Path
	default:
		return p.Message, p.Path
	}
}

// utf8Refusal reports whether a new-parser error is the deliberate
// difference: invalid UTF-8, raw or as an escaped lone surrogate, which
// encoding/json replaced by U+FFFD and parseTree refuses.
func utf8Refusal(e *dalil.Error) bool {
	m := e.Details.([]dalil.Problem)[0].Message
	return strings.Contains(m, "invalid UTF-8") || strings.Contains(m, "surrogate")
}

func compareParsers(t *testing.T, body []byte) {
	t.Helper()
	got, gst, gerr := parseTree(body)
	want, wst, werr := refParseTree(body)
	switch {
	case gerr != nil && werr != nil:
		if gerr.Code != dalil.CodeInvalidInput || len(gerr.Details.([]dalil.Problem)) != 1 {
			t.Fatalf("parseTree(%q) = %v, want one INVALID_INPUT problem", body, gerr)
		}
		if utf8Refusal(gerr) {
			return // refused earlier than the reference, which failed later
		}
		gc, gp := errClass(gerr)
		wc, wp := errClass(werr)
		if gc != wc || gp != wp {
			t.Fatalf("parseTree(%q): %q at %q, reference: %q at %q (%v / %v)", body, gc, gp, wc, wp, gerr.Details, werr.Details)
		}
	case gerr != nil:
		if !utf8Refusal(gerr) {
			t.Fatalf("parseTree(%q) = %v, reference accepts it", body, gerr.Details)
		}
	case werr != nil:
		t.Fatalf("parseTree(%q) accepts what the reference refuses: %v", body, werr.Details)
	default:
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("parseTree(%q) tree = %#v, reference %#v", body, got, want)
		}
		if gst.rewrote != wst.rewrote {
			t.Fatalf("parseTree(%q) rewrote = %v, reference %v", body, gst.rewrote, wst.rewrote)
		}
		if !reflect.DeepEqual(gst.outOfRange, wst.outOfRange) {
			t.Fatalf("parseTree(%q) out of range = %v, reference %v", body, gst.outOfRange, wst.outOfRange)
		}
	}
}

var parseCases = []string{
	``, ` `, "\t\n\r ", `{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1`, `"x"`,
	`{"a":1}`, `{"a":1,"a":2}`, `{"a":{"b":[1,{"c":1,"c":2}]}}`, `{"a":1} {}`, `{"a":1}x`, `{"a":1}}`,
	`1 2`, `01`, `1x`, `"a"x`, `[1]]`, `[1 2]`, `[,]`, `[1,]`, `{"a":1,}`, `{,}`, `{"a" 1}`, `{"a":}`,
	`{1:2}`, `{"a":x}`, `{"a":[1,x]}`, `[1,2`, `{"a":1,`, `{"a"`, `{"a":`, `"abc`, `tru`, `trux`, `nul`, `-`, `1.`, `1e`, `1e+`, `.5`, `+1`,
	`{"propertyValue":1e400,"annualRent":1}`, `{"a":[1e400,-1e400,1e-400]}`, `3.0`, `3e0`, `0.3e1`, `300e-2`, `1.0000000000000001`,
	`1E2`, `1e18`, `1e17`, `123456789012345678901234567890123456789012345678901234567890123456789`,
	`1234567890123456789012345678901234567890123456789012345678901234`,
	`12345678901234567890123456789012345678901234567890123456789012345`,
	`-1234567890123456789012345678901234567890123456789012345678901234`,
	`0.1234567890123456789012345678901234567890123456789012345678901234`,
	`"\ud800"`, `"\ud800\udc00"`, `"\udc00\ud800"`, "\"\xff\"", "\xff", "\ufeff{}", `"\u0000"`, `"\/\b\f\n\r\t\\\""`, `"\q"`, "\"\t\"", "\"\x7f\"",
	`{"":1}`, `{"a.b":{"c":1,"c":1}}`, `[[],[[]],{}]`,
	strings.Repeat("[", 64) + strings.Repeat("]", 64), strings.Repeat("[", 65) + strings.Repeat("]", 65),
	strings.Repeat("[", 66) + strings.Repeat("]", 66), strings.Repeat("[", 65) + "1" + strings.Repeat("]", 65),
	strings.Repeat("[", 10000), strings.Repeat(`{"a":`, 70),
}

func TestParseTreeMatchesReference(t *testing.T) {
	cases := append([]string{}, parseCases...)
	// Every corpus entry of both fuzz targets.
	for _, dir := range []string{"testdata/fuzz/FuzzDecode", "testdata/fuzz/FuzzParseTreeMatchesReference"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, corpusBytes(t, b))
		}
	}
	for _, c := range cases {
		compareParsers(t, []byte(c))
	}
}

// corpusBytes reads the one []byte value of a "go test fuzz v1" file.
func corpusBytes(t *testing.T, file []byte) string {
	_, rest, ok := strings.Cut(string(file), "\n")
	rest = strings.TrimSpace(rest)
	if !ok || !strings.HasPrefix(rest, "[]byte(") || !strings.HasSuffix(rest, ")") {
		t.Fatalf("corpus file %q: want one []byte value", file)
	}
	s, err := unquoteGo(rest[len("[]byte(") : len(rest)-1])
	if err != nil {
		t.Fatalf("corpus file %q: %v", file, err)
	}
	return s
}

// FuzzParseTreeMatchesReference: parseTree (jsontext) and the encoding/json
// parser it replaced agree on every input: the same tree, rewrote flag and
// numbers out of range, or the same kind of error at the same path, except
// the documented difference that invalid UTF-8 is refused.
func FuzzParseTreeMatchesReference(f *testing.F) {
	for _, c := range parseCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		compareParsers(t, body)
	})
}

func unquoteGo(s string) (string, error) { return strconv.Unquote(s) }
