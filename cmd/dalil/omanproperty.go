package main

import (
	"context"
	"fmt"
	"io"

	"dalil/capabilities/omanproperty"
	"dalil/capabilities/omanproperty/omanpropertysql"
	"dalil/dataset"
	"dalil/store/sqlstore"
)

// omanPropertyDeps wires analyze_oman_property to the comparables dataset
// in the store's database (none without a local database: every answer
// is then insufficient_comparables, not charged).
func omanPropertyDeps(d deps) omanproperty.Deps {
	if d.store == nil {
		return omanproperty.Deps{}
	}
	return omanproperty.Deps{Market: omanpropertysql.New(d.store.DB())}
}

// openComparables opens the comparables dataset's importer (datasetSpecs).
func openComparables(s *sqlstore.Store) dataset.Importer { return omanpropertysql.New(s.DB()) }

// seedComparablesDemo loads the synthetic demo comparables for `serve
// --demo`, once per database (every answer that uses them says they are
// synthetic).
func seedComparablesDemo(ctx context.Context, store *sqlstore.Store, stderr io.Writer) error {
	rep, loaded, err := omanpropertysql.New(store.DB()).LoadDemo(ctx)
	if err != nil {
		return fmt.Errorf("demo comparables: %w", err)
	}
	if loaded {
		fmt.Fprintf(stderr, "demo: loaded %d synthetic Muscat comparables (batch %s) for analyze_oman_property\n", rep.Imported, rep.Batch)
	}
	return nil
}
