package capability

import (
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// marshalOptions are encoding/json's rules (json/v2 in its v1 mode: field
// names, omitempty, MarshalJSON methods, sorted map keys, float formatting
// byte for byte), without HTML escaping, and with two changes: a nil slice
// is written [] and a nil map {}. A list with nothing in it is empty, never
// null, whichever way a handler built it (issue #12 item 4); the output
// schemas say so (nonNullCollections). Only a nil pointer is null.
var marshalOptions = jsonv2.JoinOptions(
	jsonv1.DefaultOptionsV1(),
	jsonv2.FormatNilSliceAsNull(false),
	jsonv2.FormatNilMapAsNull(false),
	jsontext.EscapeForHTML(false),
)

// Marshal renders a capability's output, or any document the service
// answers with, as one line of JSON under marshalOptions: lists and maps
// are never null. It fails on what encoding/json fails on (NaN, infinities,
// unsupported types, a failing MarshalJSON).
func Marshal(v any) ([]byte, error) {
	return jsonv2.Marshal(v, marshalOptions)
}
