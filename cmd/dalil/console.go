package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"dalil"
	"dalil/capability"
	"dalil/console"
	"dalil/httpapi"
	"dalil/rail/mpp/mppsql"
	"dalil/store/sqlstore"
)

// consoleFor builds the operator console mounted at /console (issue 20),
// or nil when DALIL_ADMIN_TOKEN is unset: then /console is 404 like
// /admin/v1. It runs the account operations of package ops on store, as
// the CLI and the admin API do. Its figures are the store's (ledger
// charges and settled pay-per-call claims, MPP charges and channel
// vouchers among them) plus the MPP budget-session draws, which the MPP
// module keeps in its own tables (mppsql.Module is always among the
// store's modules, so they exist whether or not the rail is on now).
func consoleFor(cfg *Config, store *sqlstore.Store, reg *capability.Registry, supply *datasetSupply, log *slog.Logger) func(*httpapi.Server) http.Handler {
	token := cfg.Listen.AdminToken.Reveal()
	if token == "" {
		return nil
	}
	draws := mppDraws{mppsql.NewSessions(store.DB())}
	return func(api *httpapi.Server) http.Handler {
		return console.New(console.Options{
			Token: token, Store: store, Data: store, Revenue: []console.RevenueSource{draws}, Registry: reg,
			Datasets: supply.Wrap(datasetImporters(store)), Host: api, BaseURL: string(cfg.Listen.BaseURL), Logger: log,
		})
	}
}

// mppDraws shows the MPP budget-session draws to the console as revenue
// of the mpp rail.
type mppDraws struct{ s *mppsql.Sessions }

// mppSessionsSource is how the overview names these payments under the
// mpp rail.
const mppSessionsSource = "budget sessions"

var _ console.RevenueSource = mppDraws{}

// Revenue implements console.RevenueSource.
func (m mppDraws) Revenue(ctx context.Context, from, to time.Time) ([]console.DayRevenue, error) {
	days, err := m.s.DrawsByDay(ctx, from, to)
	if err != nil {
		return nil, err
	}
	out := make([]console.DayRevenue, len(days))
	for i, d := range days {
		out[i] = console.DayRevenue{Day: d.Day, Rail: dalil.RailMPP, Tool: d.Tool, Calls: d.Calls, Amount: d.Amount, Source: mppSessionsSource}
	}
	return out, nil
}
