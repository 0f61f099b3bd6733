package voice

import (
	"net/http"

	"dalil"
)

// dncNumberRules is what the do-not-call routes say of their number.
const dncNumberRules = "The number is in E.164 form (+ and the country code; + may be sent as is or as %2B), read with the safety gate's rules: anything else, or a number the gate never calls anyway (emergency, premium-rate, shared-cost), is 400 INVALID_INPUT at path number. " +
	"The list keeps only a keyed hash of the number; the answer repeats its E.164 form. 503 PROVIDER_NOT_CONFIGURED when the list is not available on this server."

// AdminRoutes are the operator's routes of the do-not-call list under
// /admin/v1, the same operations as `dalil voice do-not-call
// add|check|remove --json`: the number is the path parameter, read as the
// CLI reads it (DoNotCallNumber). l is nil when the list is not available:
// the routes then answer 503 PROVIDER_NOT_CONFIGURED.
func AdminRoutes(l DoNotCallList) []dalil.Route {
	number := map[string]string{"number": "the phone number in E.164 form, such as +96891234567 (+ as is or as %2B)"}
	op := func(f func(*http.Request) (DoNotCallAnswer, error)) func(*http.Request, []byte) (dalil.Reply, error) {
		return func(r *http.Request, _ []byte) (dalil.Reply, error) {
			v, err := f(r)
			return dalil.Reply{Data: v}, err
		}
	}
	return []dalil.Route{
		{Method: http.MethodPut, Path: "/admin/v1/voice/do-not-call/{number}", ID: "add_do_not_call", Tag: "Voice",
			Summary: "Put a number on the do-not-call list",
			Description: "Source operator: calls to the number are refused 403 DO_NOT_CALL from the next request on, on every replica. A number already listed keeps its entry, whoever added it (added false). " +
				"The body is empty or {}. " + dncNumberRules + " The same as `dalil voice do-not-call add --json`.",
			Params: number, Body: dalil.BodyEmpty, Data: DoNotCallAnswer{}, DataName: "DoNotCall", Errors: []int{400, 413, 415},
			Handle: op(func(r *http.Request) (DoNotCallAnswer, error) {
				return AddDoNotCall(r.Context(), l, r.PathValue("number"))
			})},
		{Method: http.MethodGet, Path: "/admin/v1/voice/do-not-call/{number}", ID: "check_do_not_call", Tag: "Voice",
			Summary:     "Say whether a number is on the do-not-call list",
			Description: "listed, and when it is, who put it there (operator, or callee: an opt-out said during a call) and when. " + dncNumberRules + " The same as `dalil voice do-not-call check --json`.",
			Params:      number, Data: DoNotCallAnswer{}, DataName: "DoNotCall", Errors: []int{400},
			Handle: op(func(r *http.Request) (DoNotCallAnswer, error) {
				return CheckDoNotCall(r.Context(), l, r.PathValue("number"))
			})},
		{Method: http.MethodDelete, Path: "/admin/v1/voice/do-not-call/{number}", ID: "remove_do_not_call", Tag: "Voice",
			Summary: "Take off the do-not-call list a number an operator added",
			Description: "removed false when the number was not listed (nothing changed). A callee's own opt-out is never removed: 403 DO_NOT_CALL with details.rule callee_opt_out, and the entry stays. " +
				dncNumberRules + " The same as `dalil voice do-not-call remove --json`.",
			Params: number, Data: DoNotCallAnswer{}, DataName: "DoNotCall", Errors: []int{400, 403},
			Handle: op(func(r *http.Request) (DoNotCallAnswer, error) {
				return RemoveDoNotCall(r.Context(), l, r.PathValue("number"))
			})},
	}
}
