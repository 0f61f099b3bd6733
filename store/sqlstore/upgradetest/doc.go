// Package upgradetest checks that a database created before modules owned
// their tables (core migrations 001 to 008, frozen in testdata/v008) opens
// with today's code, every module listed as cmd/dalil lists them, and keeps
// its rows; and that a fresh database gets the same schema. It has only
// tests: it imports the module packages (invoicesql, mppsql), which the
// core store itself never may.
package upgradetest
