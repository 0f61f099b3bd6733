package omanpropertysql

import (
	"context"

	"dalil/capabilities/omanproperty"
	"dalil/capability"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/module"
	"dalil/store/sqlstore"
)

// Data is analyze_oman_property's module: its tables, the comparables
// dataset with the synthetic Muscat comparables of serve --demo, and the
// capability over them (without a local database every answer is
// insufficient_comparables, not charged).
func Data() module.Module {
	open := func(db sqlstore.DB) dataset.Importer { return New(db) }
	return module.Module{Store: Module(), Datasets: []module.Dataset{{
		Name: omanproperty.Dataset, Open: open,
		Batches: datasetsql.Tables{Batches: "comparable_batches", RowsCount: "rows_count", Rows: []string{"comparables"}},
		// An analysis reads the area's, wilayat's or type's month index,
		// then the rows by id.
		Warm:     []string{"comparable_batches", "comparables"},
		WarmRows: []string{"comparables"},
		Demo: &module.Demo{
			Load: func(ctx context.Context, db sqlstore.DB) (dataset.Report, bool, error) { return New(db).LoadDemo(ctx) },
			Says: "%d synthetic Muscat comparables (batch %s) for analyze_oman_property",
		},
	}}, Entries: func(env module.Env) []capability.Entry {
		var deps omanproperty.Deps
		if env.HasDB {
			deps.Market = New(env.DB)
		}
		return []capability.Entry{omanproperty.Entry(deps)}
	}}
}
