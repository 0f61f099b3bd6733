package httpapi

import "sync/atomic"

// CountCallDeadlinesArmed counts the paid calls' deadlines armed
// (withCallDeadline) until stop is called.
func CountCallDeadlinesArmed() (count func() int64, stop func()) {
	var n atomic.Int64
	testHookArmed = func() { n.Add(1) }
	return n.Load, func() { testHookArmed = nil }
}
