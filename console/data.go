package console

import "dalil/console/consoledata"

// The console's port to storage (package consoledata), under short names.
type (
	Data          = consoledata.Data
	RevenueSource = consoledata.RevenueSource
	DayRevenue    = consoledata.DayRevenue
	Spender       = consoledata.Spender
	AuditEntry    = consoledata.AuditEntry
	Session       = consoledata.Session
)

// ErrNoSession is Data.Session's answer for an unknown session.
var ErrNoSession = consoledata.ErrNoSession

// Audit log actions.
const (
	ActionLogin     = consoledata.ActionLogin
	ActionLogout    = consoledata.ActionLogout
	ActionTopUp     = consoledata.ActionTopUp
	ActionSetPlan   = consoledata.ActionSetPlan
	ActionCreateKey = consoledata.ActionCreateKey
	ActionRevokeKey = consoledata.ActionRevokeKey
	// ActionRetractBatch is a dataset batch retracted.
	ActionRetractBatch = consoledata.ActionRetractBatch
)
