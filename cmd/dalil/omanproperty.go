package main

import (
	"dalil/capabilities/omanproperty"
	"dalil/capabilities/omanproperty/omanpropertysql"
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
