package main

import (
	"context"
	"fmt"

	"dalil/store/sqlstore"
)

// benchStatuses runs a capability's calls, one an input of ins, over the
// dataset in dsn (its module's tables), under the memory watchdog, and
// prints measure's figures with the count of each status the answers
// gave. answer is given the store's database once and returns the call
// (the capability's own code without HTTP); class names an input's kind.
func benchStatuses[In any](capability, dsn string, limitMB int, module sqlstore.Module, ins []In, class func(int) string,
	answer func(sqlstore.DB) func(context.Context, In) (string, error)) error {
	watchdog(limitMB)
	ctx := context.Background()
	st, err := openStore(ctx, dsn, sqlstore.Options{Modules: []sqlstore.Module{module}})
	if err != nil {
		return err
	}
	defer st.Close()
	call := answer(st.DB())
	statuses := map[string]int{}
	return measure(capability, len(ins), class, func(i int) error {
		status, err := call(ctx, ins[i])
		statuses[status]++
		return err
	}, func() string { return fmt.Sprintf("statuses %v", statuses) })
}
