package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"unsafe"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
)

// evictPostgres drops the files of every relation of the schema dsn's
// search_path names (tables, indexes, their TOAST tables and indexes,
// every segment and fork) from the operating system's page cache: each
// is flushed (fdatasync), then posix_fadvise(POSIX_FADV_DONTNEED). It
// must run on the database's machine, as a user that may read its files
// (root). PostgreSQL's shared_buffers keep what they hold: only a
// restart of the server empties them. It prints the MB of those files in
// the page cache before and after.
func evictPostgres(dsn string) error {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `WITH rels AS (
		SELECT c.oid, c.reltoastrelid FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'i', 'm')),
	all_rels AS (
		SELECT oid FROM rels
		UNION SELECT reltoastrelid FROM rels WHERE reltoastrelid <> 0
		UNION SELECT i.indexrelid FROM rels JOIN pg_index i ON i.indrelid = rels.reltoastrelid)
	SELECT current_setting('data_directory') || '/' || pg_relation_filepath(oid) FROM all_rels WHERE pg_relation_filepath(oid) IS NOT NULL`)
	if err != nil {
		return err
	}
	var files []string
	for rows.Next() {
		var base string
		if err := rows.Scan(&base); err != nil {
			rows.Close()
			return err
		}
		more, _ := filepath.Glob(base + "*")
		for _, f := range more {
			if f == base || strings.ContainsAny(f[len(base):len(base)+1], "._") {
				files = append(files, f)
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	before, after, err := evictFiles(files)
	if err != nil {
		return err
	}
	// What shared_buffers hold of the schema, where pg_buffercache is
	// installed, in whichever schema (nothing is said otherwise).
	shared := ""
	var ext string
	var blocks int64
	if db.QueryRowContext(ctx, `SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
		WHERE e.extname = 'pg_buffercache'`).Scan(&ext) == nil &&
		db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+ext+`.pg_buffercache b JOIN pg_class c ON b.relfilenode = pg_relation_filenode(c.oid)
		WHERE b.reldatabase = (SELECT oid FROM pg_database WHERE datname = current_database()) AND c.relnamespace = current_schema()::regnamespace`).Scan(&blocks) == nil {
		shared = fmt.Sprintf("; shared_buffers hold %d MB of the schema", blocks*8192>>20)
	}
	fmt.Printf("evicted %d files: %d MB in the page cache before, %d MB after%s\n", len(files), before>>20, after>>20, shared)
	return nil
}

// evictSQLite drops a SQLite database file and its -wal (where there is
// one) from the page cache, as evictPostgres does a schema's files, and
// prints the MB of them cached before and after. No process should have
// the database open: one that has keeps its own page cache.
func evictSQLite(path string) error {
	if strings.Contains(path, "://") {
		return fmt.Errorf("evict-sqlite: %s is not a file", path)
	}
	files := []string{path}
	if _, err := os.Stat(path + "-wal"); err == nil {
		files = append(files, path+"-wal")
	}
	before, after, err := evictFiles(files)
	if err != nil {
		return err
	}
	fmt.Printf("evicted %d files: %d MB in the page cache before, %d MB after\n", len(files), before>>20, after>>20)
	return nil
}

// evictFiles flushes each of files (fdatasync) and drops it from the page
// cache (posix_fadvise(POSIX_FADV_DONTNEED)), and says how many bytes of
// them the page cache held before and after.
func evictFiles(files []string) (before, after int64, err error) {
	if before, err = cachedBytes(files); err != nil {
		return 0, 0, err
	}
	for _, f := range files {
		fd, err := os.Open(f)
		if err != nil {
			return 0, 0, err
		}
		if err := syscall.Fdatasync(int(fd.Fd())); err != nil {
			fd.Close()
			return 0, 0, err
		}
		// fadvise64(fd, offset 0, length 0: to the end, POSIX_FADV_DONTNEED).
		_, _, errno := syscall.Syscall6(syscall.SYS_FADVISE64, fd.Fd(), 0, 0, fadvDontNeed, 0, 0)
		fd.Close()
		if errno != 0 {
			return 0, 0, errno
		}
	}
	after, err = cachedBytes(files)
	return before, after, err
}

// fadvDontNeed is POSIX_FADV_DONTNEED on Linux.
const fadvDontNeed = 4

// cachedBytes is how much of files the page cache holds (mincore(2) on a
// mapping of each).
func cachedBytes(files []string) (int64, error) {
	page := int64(os.Getpagesize())
	var total int64
	for _, f := range files {
		fd, err := os.Open(f)
		if err != nil {
			return 0, err
		}
		st, err := fd.Stat()
		if err != nil || st.Size() == 0 {
			fd.Close()
			if err != nil {
				return 0, err
			}
			continue
		}
		m, err := syscall.Mmap(int(fd.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
		fd.Close()
		if err != nil {
			return 0, err
		}
		vec := make([]byte, (st.Size()+page-1)/page)
		_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&m[0])), uintptr(len(m)), uintptr(unsafe.Pointer(&vec[0])))
		syscall.Munmap(m)
		if errno != 0 {
			return 0, errno
		}
		for _, v := range vec {
			if v&1 == 1 {
				total += page
			}
		}
	}
	return total, nil
}
