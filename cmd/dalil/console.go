package main

import (
	"log/slog"
	"net/http"

	"dalil/capability"
	"dalil/console"
	"dalil/httpapi"
	"dalil/store/sqlstore"
)

// consoleFor builds the operator console mounted at /console (issue 20),
// or nil when DALIL_ADMIN_TOKEN is unset: then /console is 404 like
// /admin/v1. It runs the account operations of package ops on store, as
// the CLI and the admin API do.
func consoleFor(cfg *Config, store *sqlstore.Store, reg *capability.Registry, log *slog.Logger) func(*httpapi.Server) http.Handler {
	token := cfg.Listen.AdminToken.Reveal()
	if token == "" {
		return nil
	}
	return func(api *httpapi.Server) http.Handler {
		return console.New(console.Options{
			Token: token, Store: store, Data: store, Registry: reg, Configured: configured(cfg),
			Datasets: datasetImporters(store), Host: api, BaseURL: string(cfg.Listen.BaseURL), Logger: log,
		})
	}
}
