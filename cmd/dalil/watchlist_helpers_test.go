package main

import (
	"context"
	"testing"

	"dalil/capabilities/sanctions/sanctionssql"
	"dalil/store/sqlstore"
)

func sanctionssqlWatchlist(s *sqlstore.Store) *sanctionssql.Watchlist {
	return sanctionssql.NewWatchlist(s.DB())
}
func sanctionssqlLists(s *sqlstore.Store) *sanctionssql.Store { return sanctionssql.New(s.DB()) }

func watchlistKey(t *testing.T, s *sqlstore.Store) []byte {
	t.Helper()
	k, err := s.Secret(context.Background(), watchlistSecret)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
