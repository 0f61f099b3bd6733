package vehiclesql

import (
	"context"

	"dalil/dataset"
	"dalil/dataset/datasetsql"
	"dalil/module"
	"dalil/store/sqlstore"
)

// Data is vehicle_value_estimate's module: its tables and the listings
// dataset, with the synthetic listings of serve --demo.
func Data() module.Module {
	return module.Module{Store: Module(), Datasets: []module.Dataset{{
		Name: Name, Open: func(db sqlstore.DB) dataset.Importer { return New(db) },
		Batches: datasetsql.Tables{Batches: "vehicle_listing_batches", RowsCount: "rows_count", Rows: []string{"vehicle_listings"}},
		// An estimate reads the model's find and count indexes, then the
		// rows by id.
		Warm:     []string{"vehicle_listing_batches", "vehicle_listings"},
		WarmRows: []string{"vehicle_listings"},
		Demo: &module.Demo{
			Load: func(ctx context.Context, db sqlstore.DB) (dataset.Report, bool, error) { return New(db).LoadDemo(ctx) },
			Says: "%d synthetic vehicle listings (batch %s) for vehicle_value_estimate",
		},
	}}}
}
