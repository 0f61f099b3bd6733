// Package channelstoretest is the behaviour suite of mpp.ChannelStore:
// MemoryChannelStore and the SQL store in rail/mpp/mppsql both run it.
package channelstoretest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"testing"
	"time"

	"dalil/rail/mpp"
)

// Run checks the behaviour every mpp.ChannelStore must have. open returns
// an empty store and a second handle on the same storage (another replica;
// the same value for an in-memory store), both cleaned up with t. Times go
// through at microsecond precision.
func Run(t *testing.T, open func(t *testing.T) (mpp.ChannelStore, mpp.ChannelStore)) {
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 10, 0, 0, 123456000, time.UTC)
	maxU128 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	newChannel := func(id string, deposit *big.Int) mpp.Channel {
		return mpp.Channel{
			ID: id, Escrow: "0xe1c4d3dce17bc111181ddf716f75bae49e61a336", ChainID: 42431,
			Payer: "0x00000000000000000000000000000000000000a1", Payee: "0x00000000000000000000000000000000000000b2",
			Token: "0x20c0000000000000000000000000000000000000", AuthorizedSigner: "0x00000000000000000000000000000000000000a1",
			Deposit: deposit, SettledOnChain: big.NewInt(0), Accepted: big.NewInt(0), Spent: big.NewInt(0),
			Status: mpp.ChannelOpen, CreatedAt: now, UpdatedAt: now,
		}
	}
	id := func(n int) string { return fmt.Sprintf("0x%064x", n) }
	eq := func(a, b *big.Int) bool { return (a == nil) == (b == nil) && (a == nil || a.Cmp(b) == 0) }

	t.Run("CreateGet", func(t *testing.T) {
		st, _ := open(t)
		c := newChannel(id(1), new(big.Int).Set(maxU128))
		c.Accepted, c.Signature = new(big.Int).Sub(maxU128, big.NewInt(1)), bytes.Repeat([]byte{7}, 65)
		c.Spent = big.NewInt(12345)
		got, created, err := st.CreateChannel(ctx, c)
		if err != nil || !created {
			t.Fatalf("CreateChannel = %v, created %v", err, created)
		}
		again, err := st.GetChannel(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range []mpp.Channel{got, again} {
			if g.ID != c.ID || g.Escrow != c.Escrow || g.ChainID != c.ChainID || g.Payer != c.Payer || g.Payee != c.Payee || g.Token != c.Token ||
				g.AuthorizedSigner != c.AuthorizedSigner || !eq(g.Deposit, c.Deposit) || !eq(g.Accepted, c.Accepted) || !eq(g.Spent, c.Spent) ||
				!eq(g.SettledOnChain, c.SettledOnChain) || !bytes.Equal(g.Signature, c.Signature) || g.Status != mpp.ChannelOpen ||
				g.CloseAmount != nil || g.CloseTx != "" || len(g.CloseRaw) != 0 || !g.CreatedAt.Equal(now) || g.Version == 0 {
				t.Errorf("stored %+v, want %+v", g, c)
			}
		}
		// A second create keeps the first.
		other := newChannel(id(1), big.NewInt(5))
		got, created, err = st.CreateChannel(ctx, other)
		if err != nil || created || !eq(got.Deposit, maxU128) {
			t.Errorf("duplicate CreateChannel = %+v created %v err %v", got, created, err)
		}
		if _, err := st.GetChannel(ctx, id(99)); !errors.Is(err, mpp.ErrChannelNotFound) {
			t.Errorf("GetChannel(missing) = %v", err)
		}
		if _, err := st.UpdateChannel(ctx, id(99), now, func(*mpp.Channel) error { return nil }); !errors.Is(err, mpp.ErrChannelNotFound) {
			t.Errorf("UpdateChannel(missing) = %v", err)
		}
		bad := newChannel(id(2), big.NewInt(1))
		bad.Accepted = big.NewInt(2)
		if _, _, err := st.CreateChannel(ctx, bad); !errors.Is(err, mpp.ErrChannelInvariant) {
			t.Errorf("CreateChannel(accepted > deposit) = %v", err)
		}
	})

	t.Run("UpdateAndInvariants", func(t *testing.T) {
		st, _ := open(t)
		if _, _, err := st.CreateChannel(ctx, newChannel(id(3), big.NewInt(1000))); err != nil {
			t.Fatal(err)
		}
		later := now.Add(time.Minute)
		got, err := st.UpdateChannel(ctx, id(3), later, func(c *mpp.Channel) error {
			c.Accepted, c.Signature, c.Spent = big.NewInt(300), []byte{1, 2, 3}, big.NewInt(100)
			return nil
		})
		if err != nil || got.Accepted.Int64() != 300 || got.Spent.Int64() != 100 || !got.UpdatedAt.Equal(later) {
			t.Fatalf("UpdateChannel = %+v %v", got, err)
		}
		v := got.Version
		for name, fn := range map[string]func(*mpp.Channel){
			"lower accepted":        func(c *mpp.Channel) { c.Accepted = big.NewInt(299) },
			"lower spent":           func(c *mpp.Channel) { c.Spent = big.NewInt(99) },
			"spent above accepted":  func(c *mpp.Channel) { c.Spent = big.NewInt(301) },
			"accepted over deposit": func(c *mpp.Channel) { c.Accepted, c.Signature = big.NewInt(1001), []byte{9} },
			"lower deposit":         func(c *mpp.Channel) { c.Deposit = big.NewInt(999) },
			"other payer":           func(c *mpp.Channel) { c.Payer = "0x00000000000000000000000000000000000000ff" },
			"new signature":         func(c *mpp.Channel) { c.Signature = []byte{4} },
		} {
			if _, err := st.UpdateChannel(ctx, id(3), later, func(c *mpp.Channel) error { fn(c); return nil }); !errors.Is(err, mpp.ErrChannelInvariant) {
				t.Errorf("%s: UpdateChannel = %v, want ErrChannelInvariant", name, err)
			}
		}
		boom := errors.New("boom")
		if _, err := st.UpdateChannel(ctx, id(3), later, func(c *mpp.Channel) error { c.Spent = big.NewInt(200); return boom }); !errors.Is(err, boom) {
			t.Errorf("fn error = %v", err)
		}
		cur, _ := st.GetChannel(ctx, id(3))
		if cur.Version != v || cur.Accepted.Int64() != 300 || cur.Spent.Int64() != 100 {
			t.Errorf("refused updates changed the channel: %+v", cur)
		}
		// Closing: status forward, close fields stored and cleared.
		got, err = st.UpdateChannel(ctx, id(3), later, func(c *mpp.Channel) error {
			c.Status, c.CloseAmount, c.CloseSignature, c.CloseTx, c.CloseRaw = mpp.ChannelClosing, big.NewInt(300), []byte{5}, "0xabc", []byte{0x76, 1}
			return nil
		})
		if err != nil || got.Status != mpp.ChannelClosing {
			t.Fatal(err)
		}
		cur, _ = st.GetChannel(ctx, id(3))
		if cur.CloseAmount.Int64() != 300 || cur.CloseTx != "0xabc" || !bytes.Equal(cur.CloseRaw, []byte{0x76, 1}) || !bytes.Equal(cur.CloseSignature, []byte{5}) {
			t.Errorf("close fields: %+v", cur)
		}
		if _, err := st.UpdateChannel(ctx, id(3), later, func(c *mpp.Channel) error { c.Status = mpp.ChannelOpen; return nil }); !errors.Is(err, mpp.ErrChannelInvariant) {
			t.Errorf("status back to open = %v", err)
		}
		if _, err := st.UpdateChannel(ctx, id(3), later, func(c *mpp.Channel) error {
			c.CloseAmount, c.CloseSignature, c.CloseTx, c.CloseRaw = nil, nil, "", nil
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		cur, _ = st.GetChannel(ctx, id(3))
		if cur.CloseAmount != nil || cur.CloseTx != "" || cur.CloseRaw != nil || cur.Status != mpp.ChannelClosing {
			t.Errorf("cleared close fields: %+v", cur)
		}
	})

	// Concurrent spends on two handles (replicas): exactly what was
	// accepted is spent, never more.
	t.Run("ConcurrentSpend", func(t *testing.T) {
		a, b := open(t)
		if _, _, err := a.CreateChannel(ctx, newChannel(id(4), big.NewInt(1000))); err != nil {
			t.Fatal(err)
		}
		if _, err := a.UpdateChannel(ctx, id(4), now, func(c *mpp.Channel) error {
			c.Accepted, c.Signature = big.NewInt(20), []byte{1}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		insufficient := errors.New("insufficient")
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, other := 0, []error{}
		for i := range 40 {
			st := a
			if i%2 == 1 {
				st = b
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := st.UpdateChannel(ctx, id(4), now, func(c *mpp.Channel) error {
					if c.Available().Sign() <= 0 {
						return insufficient
					}
					c.Spent = new(big.Int).Add(c.Spent, big.NewInt(1))
					return nil
				})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case !errors.Is(err, insufficient):
					other = append(other, err)
				}
			}()
		}
		wg.Wait()
		cur, _ := a.GetChannel(ctx, id(4))
		if ok != 20 || cur.Spent.Int64() != 20 || len(other) > 0 {
			t.Errorf("40 concurrent spends of 1 on 20: %d succeeded, spent %s, errors %v", ok, cur.Spent, other)
		}
	})

	// Concurrent vouchers: the accepted amount only grows and ends at the
	// highest; equal duplicates change nothing.
	t.Run("ConcurrentAccept", func(t *testing.T) {
		a, b := open(t)
		if _, _, err := a.CreateChannel(ctx, newChannel(id(5), big.NewInt(1_000_000))); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range 30 {
			st := a
			if i%2 == 1 {
				st = b
			}
			amount := big.NewInt(int64(1000 * (i%10 + 1)))
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _ = st.UpdateChannel(ctx, id(5), now, func(c *mpp.Channel) error {
					if amount.Cmp(c.Accepted) <= 0 {
						return nil // stale or equal: nothing to do
					}
					c.Accepted, c.Signature = amount, amount.Bytes()
					return nil
				})
			}()
		}
		wg.Wait()
		cur, _ := b.GetChannel(ctx, id(5))
		if cur.Accepted.Int64() != 10_000 || !bytes.Equal(cur.Signature, big.NewInt(10_000).Bytes()) {
			t.Errorf("accepted %s signature %x, want 10000", cur.Accepted, cur.Signature)
		}
	})

	t.Run("IdleChannels", func(t *testing.T) {
		st, other := open(t)
		old, cutoff := now.Add(-2*time.Hour), now.Add(-time.Hour)
		mk := func(n int, updated time.Time, status mpp.ChannelStatus) {
			t.Helper()
			c := newChannel(id(n), big.NewInt(100))
			c.Accepted, c.Signature, c.Spent = big.NewInt(40), bytes.Repeat([]byte{byte(n)}, 65), big.NewInt(30)
			c.CreatedAt, c.UpdatedAt = old, old
			if _, _, err := st.CreateChannel(ctx, c); err != nil {
				t.Fatal(err)
			}
			if _, err := st.UpdateChannel(ctx, id(n), updated, func(c *mpp.Channel) error { c.Status = status; return nil }); err != nil {
				t.Fatal(err)
			}
		}
		mk(10, old, mpp.ChannelOpen)    // idle
		mk(11, now, mpp.ChannelOpen)    // active
		mk(12, old, mpp.ChannelClosing) // idle, close unfinished
		mk(13, old, mpp.ChannelClosed)  // closed: never listed
		mk(14, cutoff, mpp.ChannelOpen) // updated exactly at the cutoff: not before it
		mk(15, old.Add(-time.Hour), mpp.ChannelOpen)
		ids := func(cs []mpp.Channel) string {
			var out []string
			for _, c := range cs {
				out = append(out, c.ID)
			}
			return fmt.Sprint(out)
		}
		for _, h := range []mpp.ChannelStore{st, other} {
			got, err := h.IdleChannels(ctx, cutoff, "", 0)
			if want := fmt.Sprint([]string{id(10), id(12), id(15)}); err != nil || ids(got) != want {
				t.Fatalf("IdleChannels(cutoff) = %v %v, want %v", ids(got), err, want)
			}
			if c := got[0]; c.Accepted.Int64() != 40 || c.Spent.Int64() != 30 || !bytes.Equal(c.Signature, bytes.Repeat([]byte{10}, 65)) ||
				c.Status != mpp.ChannelOpen || !c.UpdatedAt.Equal(old) || c.Version != 2 {
				t.Errorf("listed channel %+v", c)
			}
			if got[1].Status != mpp.ChannelClosing {
				t.Errorf("listed closing channel has status %s", got[1].Status)
			}
		}
		// Paging: limit and after.
		page, err := st.IdleChannels(ctx, cutoff, "", 2)
		if want := fmt.Sprint([]string{id(10), id(12)}); err != nil || ids(page) != want {
			t.Fatalf("page 1 = %v %v, want %v", ids(page), err, want)
		}
		page, err = st.IdleChannels(ctx, cutoff, page[1].ID, 2)
		if want := fmt.Sprint([]string{id(15)}); err != nil || ids(page) != want {
			t.Fatalf("page 2 = %v %v, want %v", ids(page), err, want)
		}
		if page, err = st.IdleChannels(ctx, cutoff, id(15), 2); err != nil || len(page) != 0 {
			t.Fatalf("page 3 = %v %v, want none", ids(page), err)
		}
		// idleSince just after now lists every unclosed channel.
		all, err := st.IdleChannels(ctx, now.Add(time.Microsecond), "", 0)
		if want := fmt.Sprint([]string{id(10), id(11), id(12), id(14), id(15)}); err != nil || ids(all) != want {
			t.Fatalf("IdleChannels(now) = %v %v, want %v", ids(all), err, want)
		}
		// Activity takes a channel off the idle list.
		if _, err := st.UpdateChannel(ctx, id(10), now, func(c *mpp.Channel) error { c.Spent = big.NewInt(40); return nil }); err != nil {
			t.Fatal(err)
		}
		if got, err := other.IdleChannels(ctx, cutoff, "", 0); err != nil || ids(got) != fmt.Sprint([]string{id(12), id(15)}) {
			t.Fatalf("after activity = %v %v", ids(got), err)
		}
	})
}
