package websearch

import "encoding/json"

// DecodeForTest decodes body as a Brave web answer, a Brave news answer
// and a Tavily answer, and normalises each (for the fuzz target).
func DecodeForTest(body []byte, max int) [][]Result {
	var out [][]Result
	var b braveResponse
	if json.Unmarshal(body, &b) == nil {
		out = append(out, b.results(false, max), b.results(true, max))
	}
	var t tavilyResponse
	if json.Unmarshal(body, &t) == nil {
		out = append(out, t.results(max))
	}
	return out
}
