package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"dalil/capability"
	"dalil/httpapi"
	"dalil/mcpserver"
	"dalil/store/sqlstore"
)

// service is what `dalil serve` and in-process `dalil mcp` share: the
// database, the registry and the REST server (with MCP at /mcp).
type service struct {
	api   *httpapi.Server
	reg   *capability.Registry
	store *sqlstore.Store
}

// buildServer opens cfg.DB (creating or migrating it) and builds the REST
// server with the MCP tool server mounted at /mcp. The caller closes
// store.
func buildServer(ctx context.Context, cfg *config, log *slog.Logger) (*service, error) {
	store, err := openStore(ctx, cfg.DB)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	reg, err := registry(deps{store: store})
	if err != nil {
		store.Close()
		return nil, err
	}
	// /mcp calls the REST routes of the server it is mounted on, so its
	// handler is bound once the server exists.
	var api *httpapi.Server
	self := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.ServeHTTP(w, r) })
	tools := mcpserver.New(reg, mcpserver.Options{Caller: mcpserver.InProcess{Handler: self}, Logger: log})
	api = httpapi.NewServer(httpapi.Config{
		Registry: reg, Store: store, Logger: log, BaseURL: cfg.BaseURL, Rails: cfg.Rails, AdminToken: cfg.AdminToken,
		MCP: mcpserver.HTTPHandler(tools, log),
	})
	return &service{api: api, reg: reg, store: store}, nil
}
