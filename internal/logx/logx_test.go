package logx_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"dalil/internal/logx"
)

func TestMinLevel(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(logx.MinLevel(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}), slog.LevelWarn))
	log.Info("dropped")
	log.With("k", "v").WithGroup("g").Warn("kept", "a", 1)
	log.Error("kept too")
	out := buf.String()
	if strings.Contains(out, "dropped") || !strings.Contains(out, "kept") || !strings.Contains(out, "kept too") || !strings.Contains(out, "k=v") || !strings.Contains(out, "g.a=1") {
		t.Errorf("log = %q", out)
	}
}
