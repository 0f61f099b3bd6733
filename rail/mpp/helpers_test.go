package mpp

import (
	"github.com/decred/dcrd/dcrec/secp256k1/v4"

	"dalil"
)

func dalilMicro(v int64) dalil.MicroUSD { return dalil.MicroUSD(v) }

func secp256k1PrivKey(b []byte) *secp256k1.PrivateKey { return secp256k1.PrivKeyFromBytes(b) }
