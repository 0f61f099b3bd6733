package sqlstore

import (
	"context"
	"database/sql"
	"sync"
)

// Prepared keeps the preparations of a module's read statements on SQLite,
// whose driver would otherwise parse and plan a statement at each call: a
// tenth of a dataset query's time at a million rows (issue 34). database/sql
// prepares a kept statement again on each connection it runs on, then
// reuses it. PostgreSQL's driver keeps its own, so there Prepared runs each
// statement as it is. The zero value is ready to use; it is safe for
// concurrent use.
type Prepared struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// MaxPrepared bounds the statements a Prepared keeps: a statement beyond
// it runs unprepared. Modules make few shapes (IN lists padded to powers of
// two), so the bound is never reached unless a module builds statements
// from values.
const MaxPrepared = 256

// Query runs q with args on db's read pool.
func (p *Prepared) Query(ctx context.Context, db DB, q string, args ...any) (*sql.Rows, error) {
	if st := p.stmt(ctx, db, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return db.Read().QueryContext(ctx, q, args...)
}

// QueryRow runs q, a statement of one row, with args on db's read pool and
// scans the row into dest.
func (p *Prepared) QueryRow(ctx context.Context, db DB, q string, args []any, dest ...any) error {
	if st := p.stmt(ctx, db, q); st != nil {
		return st.QueryRowContext(ctx, args...).Scan(dest...)
	}
	return db.Read().QueryRowContext(ctx, q, args...).Scan(dest...)
}

// stmt is q's kept preparation, made now if need be; nil on PostgreSQL,
// when MaxPrepared are kept already, or when preparing failed (the
// statement then runs unprepared and reports its own error).
func (p *Prepared) stmt(ctx context.Context, db DB, q string) *sql.Stmt {
	if db.Dialect() != "sqlite" {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if st, ok := p.m[q]; ok {
		return st
	}
	if len(p.m) >= MaxPrepared {
		return nil
	}
	st, err := db.Read().PrepareContext(ctx, q)
	if err != nil {
		return nil
	}
	if p.m == nil {
		p.m = map[string]*sql.Stmt{}
	}
	p.m[q] = st
	return st
}

// Len is how many statements are kept.
func (p *Prepared) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.m)
}
