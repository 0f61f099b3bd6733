package capability

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// FastCompiled reports whether the entry's schema compiled to the fast
// check (false: every body goes to santhosh alone).
func (e *Entry) FastCompiled() bool { return e.fast != nil }

// FastCheck parses body and reports whether the fast check proves it
// valid, and an error when it does so for a body santhosh refuses.
func (e *Entry) FastCheck(body []byte) (fastValid bool, err error) {
	tree, _, perr := parseTree(body)
	if perr != nil || e.fast == nil {
		return false, nil
	}
	fastValid = e.fast.valid(tree)
	if verr := e.validator.Validate(tree); verr != nil && fastValid {
		return true, fmt.Errorf("the fast check accepts %s, santhosh refuses it: %v", body, verr)
	}
	return fastValid, nil
}

// ExampleBody is the entry's example input as JSON.
func (e *Entry) ExampleBody() []byte {
	b, _ := json.Marshal(e.Example)
	return b
}

// TypedAgrees decodes body, when it parses, into the entry's input type
// with json/v2 (typedOptions) and with encoding/json, and reports json/v2
// accepting what encoding/json refuses or decoding another value. (json/v2
// refusing is no disagreement: Decode then asks encoding/json.)
func (e *Entry) TypedAgrees(body []byte) error {
	tree, st, perr := parseTree(body)
	if perr != nil || e.typedV2 == nil {
		return nil
	}
	b := body
	if st.rewrote {
		b, _ = json.Marshal(tree)
	}
	v2, err2 := e.typedV2(b)
	std, errStd := e.typedStd(b)
	switch {
	case err2 == nil && errStd != nil:
		return fmt.Errorf("json/v2 accepts %s, encoding/json refuses it: %v", b, errStd)
	case err2 == nil && !reflect.DeepEqual(v2, std):
		return fmt.Errorf("%s: json/v2 decodes %#v, encoding/json %#v", b, v2, std)
	}
	return nil
}

// FastDecoded reports whether the entry reads valid bodies in one pass.
func (e *Entry) FastDecoded() bool { return e.fastdec != nil }

// DecodeAgrees runs body through Decode and through the tree path alone,
// and reports whether the one-pass reader took it, and an error when the
// two answer differently: another value, or another error (code, message,
// details, headers or cause).
func (e *Entry) DecodeAgrees(body []byte) (oneTook bool, err error) {
	if e.fastdec != nil {
		_, oneTook = e.fastdec.decode(body)
	}
	got, gerr := e.Decode(body)
	want, werr := e.decodeTree(body)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gerr, werr) {
		return oneTook, fmt.Errorf("%s: Decode(%s) = %#v, %v; the tree path: %#v, %v", e.ID, body, got, gerr, want, werr)
	}
	return oneTook, nil
}

// AppendCompiled runs the compiled output writer alone: false when there
// is none or it leaves out to Marshal.
func (e *Entry) AppendCompiled(dst []byte, out any) ([]byte, bool) {
	if e.enc == nil {
		return dst, false
	}
	v := reflect.ValueOf(out)
	if !v.IsValid() || v.Type() != e.enc.typ {
		return dst, false
	}
	return e.enc.fn(dst, v)
}
