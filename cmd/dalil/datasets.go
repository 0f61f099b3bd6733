package main

import (
	"dalil/dataset"
	"dalil/store/sqlstore"
)

// datasetImporters lists every dataset an operator can import, each
// mounted as `dalil <name> import|stats` and /admin/v1/datasets/{name}/...
// Adding a dataset is one line here.
func datasetImporters(store *sqlstore.Store) []dataset.Importer {
	_ = store
	return []dataset.Importer{}
}
