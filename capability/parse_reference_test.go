package capability

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"dalil"
)

// refParseTree is the parser parseTree replaced (encoding/json's
// Decoder.Token, one allocation per token), kept verbatim as the reference
// for FuzzParseTreeMatchesReference.
func refParseTree(body []byte) (any, *parseState, *dalil.Error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	st := &parseState{}
	v, err := refParseValue(dec, "", 0, st)
	if err != nil {
		return nil, nil, err
	}
	if _, e := dec.Token(); e != io.EOF {
		return nil, nil, dalil.InvalidInput(dalil.Problem{Path: "", Message: "the body must hold exactly one JSON value"})
	}
	return v, st, nil
}

func refParseValue(dec *json.Decoder, path string, depth int, st *parseState) (any, *dalil.Error) {
	if depth > maxDepth {
		return nil, dalil.InvalidInput(dalil.Problem{Path: path, Message: fmt.Sprintf("nesting deeper than %d levels", maxDepth)})
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, refSyntaxProblem(err, path)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			obj := map[string]any{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, refSyntaxProblem(err, path)
				}
				key, ok := kt.(string)
				if !ok {
					return nil, dalil.InvalidInput(dalil.Problem{Path: path, Message: "malformed JSON object"})
				}
				child := join(path, key)
				if _, dup := obj[key]; dup {
					return nil, dalil.InvalidInput(dalil.Problem{Path: child, Message: "duplicate key " + strconv.Quote(key)})
				}
				v, perr := refParseValue(dec, child, depth+1, st)
				if perr != nil {
					return nil, perr
				}
				obj[key] = v
			}
			if _, err := dec.Token(); err != nil {
				return nil, refSyntaxProblem(err, path)
			}
			return obj, nil
		case '[':
			arr := []any{}
			for i := 0; dec.More(); i++ {
				v, perr := refParseValue(dec, join(path, strconv.Itoa(i)), depth+1, st)
				if perr != nil {
					return nil, perr
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, refSyntaxProblem(err, path)
			}
			return arr, nil
		}
		return nil, dalil.InvalidInput(dalil.Problem{Path: path, Message: "malformed JSON"})
	case json.Number:
		// Numbers are normalised by the shared normalizeNumber (its own
		// table tests); this reference checks the parsing around it.
		out, rewrote, problem := normalizeNumber(string(t))
		if problem != "" {
			st.outOfRange = append(st.outOfRange, dalil.Problem{Path: path, Message: problem})
			return json.Number("0"), nil
		}
		if rewrote {
			st.rewrote = true
		}
		return json.Number(out), nil
	default:
		return t, nil // string, bool or nil
	}
}

func refSyntaxProblem(err error, path string) *dalil.Error {
	msg := "malformed JSON"
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		msg = "malformed JSON: the body ends too early"
	case errors.As(err, &se):
		msg = fmt.Sprintf("malformed JSON at byte %d: %s", se.Offset, se.Error())
	}
	return dalil.InvalidInput(dalil.Problem{Path: path, Message: msg})
}
