package vapi

import "time"

// SetNow replaces the webhook's clock (for the signature window).
func SetNow(w *Webhook, now func() time.Time) { w.now = now }
