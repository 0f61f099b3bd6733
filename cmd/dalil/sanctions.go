package main

import (
	"dalil/capabilities/sanctions"
	"dalil/capabilities/sanctions/sanctionssql"
)

// Sanctions screening wiring (issue 16): sanctions_screen and the
// screening engine read the "sanctions" dataset (sanctionssql) in the
// store's database. The adapters below give the engine to the other
// capabilities through their own ports.

// sanctionsDeps wires sanctions_screen: nil lists (no store) answers 503.
func sanctionsDeps(d deps) sanctions.Deps {
	if d.store == nil {
		return sanctions.Deps{}
	}
	return sanctions.Deps{Lists: sanctionssql.New(d.store.DB()), Freshness: d.sanctionsAge}
}

// sanctionsScreener is the engine over the store's lists, nil without a
// store.
func sanctionsScreener(d deps) *sanctions.Screener {
	if d.store == nil {
		return nil
	}
	return &sanctions.Screener{Lists: sanctionssql.New(d.store.DB()), Freshness: d.sanctionsAge}
}
