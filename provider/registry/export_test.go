package registry

import (
	"encoding/json"
	"time"
)

// DecodeForTest decodes body as a GLEIF record, a Companies House
// profile and an OpenCorporates company, and normalises each that
// decodes (for the fuzz target).
func DecodeForTest(body []byte) []Company {
	var out []Company
	at := time.Unix(0, 0)
	var g gleifRecord
	if json.Unmarshal(body, &g) == nil {
		if c, ok := g.company("https://b", at); ok {
			out = append(out, c)
		}
	}
	var ch chCompany
	if json.Unmarshal(body, &ch) == nil {
		if c, ok := ch.company("https://b", at); ok {
			out = append(out, c)
		}
	}
	var oc ocCompany
	if json.Unmarshal(body, &oc) == nil {
		if c, ok := oc.company("https://b", at); ok {
			out = append(out, c)
		}
	}
	return out
}
