// The committer's round, timed in phases only in a build with -tags
// roundstats (roundstats_on.go; docs/performance.md, issue 34, session
// 27, "what bounds 32 connections"); every other build compiles it away.

package sqlstore

// The phases of a round, in order.
const (
	phWait   = iota // the committer idle, waiting for a group's first charge
	phGather        // drain, gatherRunnable, gatherMore
	phRun           // runGroup: BEGIN, the statements, COMMIT, the answers
	phCommit        // of which COMMIT: the WAL's frames written and synced
	phFinish        // of which every caller's done channel closed
	phQueued        // per charge: from its send to its group's start (gather end)
	phWake          // per charge: from its channel's close to its caller running
	phTotal         // per charge: from its send to its caller running
	nPhases
)
