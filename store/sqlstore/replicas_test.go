package sqlstore_test

import (
	"context"
	"sync"
	"testing"

	"dalil"
	"dalil/internal/testenv"
	"dalil/store/sqlstore"
	"dalil/store/storetest"
)

// TestTwoStoresManyAccountsPostgres: two stores on one PostgreSQL (two
// replicas' pools) charge several accounts concurrently, so their group
// transactions lock rows of several accounts at once. No charge may fail
// for any reason but money (a deadlock would surface as an error), and
// every ledger must sum to its balance.
func TestTwoStoresManyAccountsPostgres(t *testing.T) {
	url := testenv.FreshPostgresSchema(t, testenv.Postgres(t))
	ctx := context.Background()
	var stores []*sqlstore.Store
	for i := 0; i < 2; i++ {
		s, err := sqlstore.Open(ctx, url, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores = append(stores, s)
	}
	var ids []string
	for i := 0; i < 4; i++ {
		a, err := stores[0].CreateAccount(ctx, "acct", "free", 30*10_000) // 30 calls each
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	paid := map[string]int{}
	for g := 0; g < 160; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			// Each caller charges two accounts in opposite orders on the
			// two stores: the pattern that deadlocks without a lock order.
			a, b := ids[g%4], ids[(g+1)%4]
			if g%2 == 1 {
				a, b = b, a
			}
			for _, id := range []string{a, b} {
				_, err := stores[g%2].Charge(ctx, dalil.ChargeRequest{AccountID: id, Tool: "t", Price: 10_000, Method: dalil.MethodCredits})
				switch dalil.ErrorCode(err) {
				case dalil.CodeInsufficientCredits:
				case dalil.CodeInternal:
					if err != nil {
						t.Errorf("charge failed: %v", err)
						return
					}
					mu.Lock()
					paid[id]++
					mu.Unlock()
				default:
					t.Errorf("charge: %v", err)
				}
			}
		}(g)
	}
	wg.Wait()
	for _, id := range ids {
		a, _ := stores[1].Account(ctx, id)
		if paid[id] != 30 || a.Credits != 0 {
			t.Errorf("%s: %d paid, credits %d; want 30 and 0", id, paid[id], a.Credits)
		}
		if sum := storetest.LedgerSum(t, stores[1], id); sum != a.Credits {
			t.Errorf("%s: ledger sums to %d, balance %d", id, sum, a.Credits)
		}
	}
}
