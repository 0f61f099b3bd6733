package safehttp

import (
	"errors"
	"fmt"
)

// Code classifies a refused or failed fetch. Codes are permanent.
type Code string

const (
	// CodeInvalidURL: the URL cannot be parsed, has no host, a scheme other
	// than http(s), credentials (userinfo), or is longer than 2048 bytes.
	CodeInvalidURL Code = "INVALID_URL"
	// CodeNotAllowed: a well-formed URL this client will not fetch: plain
	// http, a port not allowed, a reserved host name, or a host that is or
	// resolves to a non-public address (also after a redirect).
	CodeNotAllowed Code = "URL_NOT_ALLOWED"
	// CodeFetchFailed: the host could not be resolved or reached, TLS
	// failed, or the connection broke.
	CodeFetchFailed Code = "FETCH_FAILED"
	// CodeTimeout: Options.Timeout (or the caller's context) ran out.
	CodeTimeout Code = "FETCH_TIMEOUT"
	// CodeTooLarge: the body is over Options.MaxBytes (Limit and Actual say
	// by how much when it is known; Actual is -1 when only "more" is known).
	CodeTooLarge Code = "TOO_LARGE"
	// CodeTooManyRedirects: more than Options.MaxRedirects redirects, or a
	// redirect when redirects are off.
	CodeTooManyRedirects Code = "TOO_MANY_REDIRECTS"
)

// Error is every failure this package returns. Message is safe to show the
// caller; Err (the cause, possibly naming resolved addresses) is for logs.
type Error struct {
	Code    Code
	Message string
	// Limit and Actual are set for CodeTooLarge (bytes).
	Limit, Actual int64
	Err           error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("safehttp %s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("safehttp %s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the Code of err when it is (or wraps) an *Error, and ""
// otherwise.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// PublicMessage is what a caller may be shown of err: the Message of the
// *Error it is or wraps, a sentence that names neither a resolved address
// nor any internal detail (Error() adds the code and the cause, for logs).
// Any other error is given as err.Error(): the caller vouches for it.
func PublicMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

func errorf(code Code, cause error, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Err: cause}
}
