package voicesql

// OpenPredicate is Unfinished's WHERE clause, for the plan tests.
const OpenPredicate = open
