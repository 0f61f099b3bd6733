package datasetsql_test

import (
	"testing"

	"dalil/internal/testenv"
)

// TestMain reports the tests skipped for a missing PostgreSQL or Redis.
func TestMain(m *testing.M) { testenv.Main(m) }
