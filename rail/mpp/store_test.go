package mpp_test

import (
	"testing"

	"dalil/rail/mpp"
	"dalil/rail/mpp/sessionstoretest"
)

func TestMemoryStore(t *testing.T) {
	sessionstoretest.Run(t, func(t *testing.T) mpp.SessionStore { return mpp.NewMemoryStore() })
}
