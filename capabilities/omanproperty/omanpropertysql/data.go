package omanpropertysql

import (
	"context"

	"dalil/capabilities/omanproperty"
	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/module"
	"dalil/store/sqlstore"
)

// Data is analyze_oman_property's module: its tables and the comparables
// dataset, with the synthetic Muscat comparables of serve --demo.
func Data() module.Module {
	open := func(db sqlstore.DB) dataset.Importer { return New(db) }
	return module.Module{Store: Module(), Datasets: []module.Dataset{{
		Name: omanproperty.Dataset, Open: open,
		Batches: datasetsql.Tables{Batches: "comparable_batches", RowsCount: "rows_count", Rows: []string{"comparables"}},
		Demo: &module.Demo{
			Load: func(ctx context.Context, db sqlstore.DB) (dataset.Report, bool, error) { return New(db).LoadDemo(ctx) },
			Says: "%d synthetic Muscat comparables (batch %s) for analyze_oman_property",
		},
	}}}
}
