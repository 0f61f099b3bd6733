package mpp_test

import (
	"testing"

	"dalil/rail/mpp"
	"dalil/rail/mpp/channelstoretest"
)

func TestMemoryChannelStore(t *testing.T) {
	channelstoretest.Run(t, func(t *testing.T) (mpp.ChannelStore, mpp.ChannelStore) {
		s := mpp.NewMemoryChannelStore()
		return s, s
	})
}
