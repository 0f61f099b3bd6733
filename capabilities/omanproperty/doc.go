// Package omanproperty is analyze_oman_property: a Muscat property's rent
// and value (low, median, high), yields, the asking price's and rent's
// position, a confidence score with its factors and full provenance, from
// the rent and sale comparables an operator imported.
//
// The package holds the declaration (Entry, with its preview), the
// gazetteer of the Muscat governorate (gazetteer.go: its neighbourhoods,
// with English and Arabic names and spellings, built on internal/oman's
// governorate, wilayats and name normaliser; near-miss suggestions), the
// method (analyze.go, stats.go, confidence.go), the published historical
// benchmarks (benchmarks.go, an embedded copy of muscat-benchmarks.csv)
// and the port to the dataset, Market. omanpropertysql implements Market
// and the dataset's importer on SQLite and PostgreSQL; dataset/comparables
// reads the import files. docs/oman-property.md explains the method and
// the file format.
package omanproperty
