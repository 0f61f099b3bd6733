package httpapi

import (
	"context"
	"errors"
	"net/http"

	"dalil"
)

// statusOf is the one table from error code to HTTP status: the spec's
// Errors table plus contract §6. No other file picks an error status.
var statusOf = map[dalil.Code]int{
	dalil.CodeInvalidInput:             http.StatusBadRequest,
	dalil.CodePaymentMethodUnsupported: http.StatusBadRequest,
	dalil.CodeUnauthorized:             http.StatusUnauthorized,
	dalil.CodePaymentRequired:          http.StatusPaymentRequired,
	dalil.CodePaymentInvalid:           http.StatusPaymentRequired,
	dalil.CodeInsufficientCredits:      http.StatusPaymentRequired,
	dalil.CodePriceAboveMaximum:        http.StatusPaymentRequired,
	dalil.CodeNotFound:                 http.StatusNotFound,
	dalil.CodeCapabilityNotFound:       http.StatusNotFound,
	dalil.CodeMethodNotAllowed:         http.StatusMethodNotAllowed,
	dalil.CodeIdempotencyKeyReused:     http.StatusConflict,
	dalil.CodeIdempotencyInProgress:    http.StatusConflict,
	dalil.CodePayloadTooLarge:          http.StatusRequestEntityTooLarge,
	dalil.CodeUnsupportedMediaType:     http.StatusUnsupportedMediaType,
	dalil.CodeRateLimited:              http.StatusTooManyRequests,
	dalil.CodeQuotaExceeded:            http.StatusTooManyRequests,
	dalil.CodeInternal:                 http.StatusInternalServerError,
	dalil.CodeServiceUnavailable:       http.StatusServiceUnavailable,
	dalil.CodeProviderNotConfigured:    http.StatusServiceUnavailable,
	dalil.CodeProviderUnavailable:      http.StatusServiceUnavailable,
	dalil.CodeProviderTimeout:          http.StatusGatewayTimeout,
	dalil.CodeAmbiguousEntity:          http.StatusConflict,
	dalil.CodeEntityNotFound:           http.StatusNotFound,
	dalil.CodeCompanyNotFound:          http.StatusNotFound,
	dalil.CodeDoNotCall:                http.StatusForbidden,
	dalil.CodeCallNotAllowed:           http.StatusForbidden,
	dalil.CodeConsentNoticeRequired:    http.StatusBadRequest,
	dalil.CodeUnsafeInstructions:       http.StatusBadRequest,
	dalil.CodeInvalidPhoneNumber:       http.StatusBadRequest,
	dalil.CodeSlotRequired:             http.StatusBadRequest,
	dalil.CodeInvalidCallTransition:    http.StatusConflict,
	dalil.CodeTelephonyProvider:        http.StatusBadGateway,
	dalil.CodeValuationFailed:          http.StatusInternalServerError,
	dalil.CodeAnalysisFailed:           http.StatusInternalServerError,
	dalil.CodeExtractionFailed:         http.StatusInternalServerError,

	dalil.CodeMissingDocument:            http.StatusBadRequest,
	dalil.CodeConflictingDocumentSources: http.StatusBadRequest,
	dalil.CodeEmptyDocument:              http.StatusBadRequest,
	dalil.CodeInvalidURL:                 http.StatusBadRequest,
	dalil.CodeDocumentTooLarge:           http.StatusRequestEntityTooLarge,
	dalil.CodeUnsupportedFormat:          http.StatusUnsupportedMediaType,
	dalil.CodeUnreadableDocument:         http.StatusUnprocessableEntity,
	dalil.CodeDocumentFetchFailed:        http.StatusBadGateway,
	dalil.CodeDocumentTimeout:            http.StatusGatewayTimeout,

	// Specific input codes a capability may declare (reference service).
	dalil.CodeInvalidJSON:               http.StatusBadRequest,
	dalil.CodeInvalidMonetaryValue:      http.StatusBadRequest,
	dalil.CodeInvalidDate:               http.StatusBadRequest,
	dalil.CodeUnsupportedCurrencyFormat: http.StatusBadRequest,
}

// Status returns the HTTP status for a code; unknown codes are 500, so a
// new code without a row here is caught by the table test.
func Status(c dalil.Code) int {
	if s, ok := statusOf[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// publicError turns any error into the *dalil.Error that may be sent.
// Storage failures become 503; anything unknown becomes a bare 500.
func publicError(err error) *dalil.Error {
	var de *dalil.Error
	switch {
	case errors.As(err, &de):
		return de
	case errors.Is(err, dalil.ErrOutcomeUnknown):
		return outcomeUnknown("", err)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		// The call's deadline passed (or its client left) before anything
		// was paid: a charge is only ever answered with its outcome.
		return &dalil.Error{Code: dalil.CodeServiceUnavailable, Message: "The call did not finish within its deadline; retry shortly. Nothing was charged.", Headers: map[string]string{"Retry-After": "5"}, Err: err}
	case errors.Is(err, dalil.ErrStorageUnavailable):
		return &dalil.Error{Code: dalil.CodeServiceUnavailable, Message: "Account storage is unavailable; retry shortly. Nothing was charged.", Headers: map[string]string{"Retry-After": "5"}, Err: err}
	default:
		return &dalil.Error{Code: dalil.CodeInternal, Message: "An unexpected error occurred. Nothing was charged.", Err: err}
	}
}
