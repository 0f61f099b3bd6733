//go:build !linux

package main

import "errors"

// evictPostgres needs Linux's posix_fadvise (evict_linux.go).
func evictPostgres(string) error {
	return errors.New("evict-pg: Linux only")
}

// evictSQLite needs Linux's posix_fadvise (evict_linux.go).
func evictSQLite(string) error {
	return errors.New("evict-sqlite: Linux only")
}
