package dalil

import (
	"errors"
	"fmt"
)

// Code is a machine-readable error code from the spec's Errors table or the
// contract (§6). Codes are permanent: add new ones, never rename or reuse one.
type Code string

// Error codes. The HTTP status for each lives in one table in package httpapi.
const (
	CodeInvalidInput             Code = "INVALID_INPUT"
	CodeUnauthorized             Code = "UNAUTHORIZED"
	CodePaymentRequired          Code = "PAYMENT_REQUIRED"
	CodePaymentInvalid           Code = "PAYMENT_INVALID"
	CodeInsufficientCredits      Code = "INSUFFICIENT_CREDITS"
	CodePaymentMethodUnsupported Code = "PAYMENT_METHOD_UNSUPPORTED"
	CodeNotFound                 Code = "NOT_FOUND"
	CodeMethodNotAllowed         Code = "METHOD_NOT_ALLOWED"
	CodeIdempotencyKeyReused     Code = "IDEMPOTENCY_KEY_REUSED"
	CodeIdempotencyInProgress    Code = "IDEMPOTENCY_IN_PROGRESS"
	CodePayloadTooLarge          Code = "PAYLOAD_TOO_LARGE"
	CodeUnsupportedMediaType     Code = "UNSUPPORTED_MEDIA_TYPE"
	CodeRateLimited              Code = "RATE_LIMITED"
	CodeQuotaExceeded            Code = "QUOTA_EXCEEDED"
	CodeInternal                 Code = "INTERNAL_ERROR"
	CodeServiceUnavailable       Code = "SERVICE_UNAVAILABLE"
	CodeProviderNotConfigured    Code = "PROVIDER_NOT_CONFIGURED"
	CodeProviderUnavailable      Code = "PROVIDER_UNAVAILABLE"
	CodeProviderTimeout          Code = "PROVIDER_TIMEOUT"
	// CodePriceAboveMaximum: the capability costs more than the caller's
	// spending ceiling (X-Max-Price, or maxPrice in an MCP call's _meta);
	// refused before any side effect, on every rail.
	CodePriceAboveMaximum Code = "PRICE_ABOVE_MAXIMUM"
	// CodeCapabilityNotFound: a free preview names no callable capability
	// (reference service, Part 2 §8).
	CodeCapabilityNotFound Code = "CAPABILITY_NOT_FOUND"
	// Refused input answered with a more specific code than
	// INVALID_INPUT, on the routes of capabilities that declare it as the
	// reference service does (invoice_anomaly_check): a body that is not
	// JSON, an amount, a date or a currency code that cannot be read. All
	// 400 and never charged; details.path names the field, and the value
	// is never echoed.
	CodeInvalidJSON               Code = "INVALID_JSON"
	CodeInvalidMonetaryValue      Code = "INVALID_MONETARY_VALUE"
	CodeInvalidDate               Code = "INVALID_DATE"
	CodeUnsupportedCurrencyFormat Code = "UNSUPPORTED_CURRENCY_FORMAT"
	// CodeAmbiguousEntity: more than one registered company matches the
	// company asked about (details.candidates); 409, never charged.
	CodeAmbiguousEntity Code = "AMBIGUOUS_ENTITY"
	// CodeEntityNotFound: the registers checked hold no such company and
	// nothing else identifies it (details.registriesChecked); 404, never
	// charged.
	CodeEntityNotFound Code = "ENTITY_NOT_FOUND"
	// CodeCompanyNotFound: no imported company has the companyId given
	// (capabilities/omanbusiness, as the reference service); 404, never
	// charged.
	CodeCompanyNotFound Code = "COMPANY_NOT_FOUND"

	// Voice calls (capabilities/voice); every refusal names its rule in
	// details.rule and is not charged.
	CodeDoNotCall             Code = "DO_NOT_CALL"              // 403: the number is on the do-not-call list
	CodeCallNotAllowed        Code = "CALL_NOT_ALLOWED"         // 403: emergency, premium, country, hours, daily caps
	CodeConsentNoticeRequired Code = "CONSENT_NOTICE_REQUIRED"  // 400: recording or transcription without a notice
	CodeUnsafeInstructions    Code = "UNSAFE_INSTRUCTIONS"      // 400: impersonation, threats, credential collection
	CodeInvalidPhoneNumber    Code = "INVALID_PHONE_NUMBER"     // 400: not a valid, allocated number
	CodeSlotRequired          Code = "SLOT_REQUIRED"            // 400: book or reschedule without availableSlots
	CodeInvalidCallTransition Code = "INVALID_CALL_TRANSITION"  // 409: an illegal lifecycle jump
	CodeTelephonyProvider     Code = "TELEPHONY_PROVIDER_ERROR" // 502: the provider refused the call

	// CodeValuationFailed: vehicle_value_estimate failed unexpectedly
	// (the reference service's 500 code); never charged.
	CodeValuationFailed Code = "VALUATION_FAILED"
	// CodeAnalysisFailed: invoice_anomaly_check failed unexpectedly (the
	// reference service's 500 code); never charged.
	CodeAnalysisFailed Code = "ANALYSIS_FAILED"
	// CodeExtractionFailed: document_facts_extract could not read or
	// extract for an unexpected reason (the reference service's 500 code);
	// never charged.
	CodeExtractionFailed Code = "EXTRACTION_FAILED"

	// Documents (capabilities/documentfacts, reference service Part 2 §6);
	// none is charged.
	CodeMissingDocument            Code = "MISSING_DOCUMENT"             // 400: neither documentUrl nor text
	CodeConflictingDocumentSources Code = "CONFLICTING_DOCUMENT_SOURCES" // 400: both documentUrl and text
	CodeEmptyDocument              Code = "EMPTY_DOCUMENT"               // 400: no text at all
	CodeInvalidURL                 Code = "INVALID_URL"                  // 400: not an https URL Dalil may fetch (SSRF refusals included)
	CodeDocumentTooLarge           Code = "DOCUMENT_TOO_LARGE"           // 413: pages, characters or bytes over the limit (details)
	CodeUnsupportedFormat          Code = "UNSUPPORTED_FORMAT"           // 415: images, spreadsheets, legacy Office, archives, binary
	CodeUnreadableDocument         Code = "UNREADABLE_DOCUMENT"          // 422: corrupt, hostile, or no text layer (no OCR)
	CodeDocumentFetchFailed        Code = "DOCUMENT_FETCH_FAILED"        // 502: the URL could not be fetched (details.upstreamStatus)
	CodeDocumentTimeout            Code = "DOCUMENT_TIMEOUT"             // 504: fetching or reading took too long (details.stage)
)

// Problem is one input problem: a dotted path into the request body ("" for
// the whole body, "properties.2.name") and what is wrong there.
type Problem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error is an error whose code, message and details may be shown to any
// caller. Err holds the underlying cause, which is logged and never sent.
type Error struct {
	Code    Code
	Message string
	// Details is either []Problem (input problems) or any JSON-encodable
	// object with more context (a rail's routes, a limit). Nil when none.
	Details any
	// Headers are extra response headers that belong to this error
	// (Retry-After, WWW-Authenticate, a payment challenge).
	Headers map[string]string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// InvalidInput returns an INVALID_INPUT error listing every problem.
func InvalidInput(problems ...Problem) *Error {
	return &Error{Code: CodeInvalidInput, Message: "The request body is not valid; see details for each problem.", Details: problems}
}

// ErrorCode reports the code of err when it is (or wraps) an *Error, and
// INTERNAL_ERROR otherwise.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrStorageUnavailable is wrapped by stores when the database cannot be
// reached; the HTTP layer answers 503 SERVICE_UNAVAILABLE.
var ErrStorageUnavailable = errors.New("storage unavailable")

// ErrOutcomeUnknown is wrapped by a store when storage failed while
// committing a charge and the store could not find out whether it was
// committed. The HTTP layer answers 503 without saying that nothing was
// charged, and points to a retry with the same Idempotency-Key.
var ErrOutcomeUnknown = errors.New("the charge's outcome is unknown")
