// Package mppsql keeps the state of the MPP rail in the store's SQL
// database, SQLite or PostgreSQL: budget sessions and their reservations
// (Sessions, an mpp.SessionStore) and session-intent payment channels
// (Channels, an mpp.ChannelStore). It works on the handle store/sqlstore
// lends modules and owns its tables through its own embedded migrations:
// list Module() in sqlstore.Options.Modules. Both stores pass the shared
// suites rail/mpp/sessionstoretest and channelstoretest on both databases.
package mppsql

import (
	"context"
	"database/sql"
	"embed"
	"time"

	"dalil/store/sqlstore"
)

//go:embed migrations
var migrations embed.FS

// Module is the schema of the MPP tables, recorded in schema_migrations as
// "mpp/NNN_...". Each migration names the core migration that did the same
// before this package owned the tables (Legacy), so a database created
// before the move keeps its sessions and channels.
func Module() sqlstore.Module {
	m := sqlstore.EmbeddedModule("mpp", migrations)
	m.Legacy = map[string]string{
		"001_sessions":          "004_mpp_sessions",
		"002_reservation_time":  "006_mpp_reservation_time",
		"003_channels":          "007_mpp_channels",
		"004_channels_unclosed": "008_mpp_channels_unclosed",
	}
	return m
}

// querier is what both *sql.DB and *sql.Tx offer for one-row reads.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func nullBytes(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}

func micros(t time.Time) int64 { return t.UTC().UnixMicro() }

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }
