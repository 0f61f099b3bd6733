// Package logx holds the small slog helpers more than one package needs.
package logx

import (
	"context"
	"log/slog"
)

// MinLevel passes on h's records of at least level only (a library's info
// logs, such as River's or the MCP SDK's, are its own business).
func MinLevel(h slog.Handler, level slog.Level) slog.Handler { return minLevel{h, level} }

type minLevel struct {
	slog.Handler
	level slog.Level
}

func (m minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= m.level && m.Handler.Enabled(ctx, l)
}

func (m minLevel) WithAttrs(as []slog.Attr) slog.Handler {
	return minLevel{m.Handler.WithAttrs(as), m.level}
}

func (m minLevel) WithGroup(name string) slog.Handler {
	return minLevel{m.Handler.WithGroup(name), m.level}
}
