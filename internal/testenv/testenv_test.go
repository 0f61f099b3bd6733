package testenv

import (
	"net"
	"strings"
	"testing"
)

// closedAddr returns an address on which nothing listens.
func closedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestReportCountsSkippedTests(t *testing.T) {
	t.Setenv("DALIL_REQUIRE_SERVICES", "")
	addr := closedAddr(t)
	t.Setenv("DALIL_TEST_REDIS", "redis://:hunter2@"+addr+"/0")
	for _, name := range []string{"first", "second", "third"} {
		t.Run(name, func(t *testing.T) {
			Redis(t)
			t.Error("Redis returned for a closed port instead of skipping")
		})
	}
	got := Report()
	for _, want := range []string{
		"dalil/internal/testenv: SKIPPED: 3 tests need Redis at redis://:xxxxx@" + addr + "/0 (",
		"connection refused); set DALIL_REQUIRE_SERVICES=1 to fail instead\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Report() = %q, want it to contain %q", got, want)
		}
	}
	if strings.Contains(got, "hunter2") {
		t.Errorf("Report() shows the password: %q", got)
	}
	if n := strings.Count(got, "\n"); n != 1 {
		t.Errorf("Report() has %d lines, want 1", n)
	}
}
