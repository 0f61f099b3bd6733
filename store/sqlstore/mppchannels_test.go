package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"

	"dalil/internal/testenv"
	"dalil/rail/mpp"
	"dalil/rail/mpp/channelstoretest"
	"dalil/store/sqlstore"
)

func TestMPPChannelsSQLite(t *testing.T) {
	channelstoretest.Run(t, func(t *testing.T) (mpp.ChannelStore, mpp.ChannelStore) {
		path := filepath.Join(t.TempDir(), "dalil.db")
		a, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		b, err := sqlstore.Open(context.Background(), path, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return a.MPPChannels(), b.MPPChannels()
	})
}

func TestMPPChannelsPostgres(t *testing.T) {
	url := testenv.Postgres(t)
	channelstoretest.Run(t, func(t *testing.T) (mpp.ChannelStore, mpp.ChannelStore) {
		dsn := testenv.FreshPostgresSchema(t, url)
		a, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		b, err := sqlstore.Open(context.Background(), dsn, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		return a.MPPChannels(), b.MPPChannels()
	})
}
