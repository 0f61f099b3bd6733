package x402

import (
	"fmt"
	"strconv"

	"dalil"
)

// AtomicUnits converts a registry price to USDC atomic units as the decimal
// string x402 puts in amount / maxAmountRequired. USDC has 6 decimals, so
// one micro-USD is exactly one atomic unit: 0.01 USD = 10000 micro-USD =
// "10000". Zero and negative prices are refused: x402 cannot collect them.
func AtomicUnits(price dalil.MicroUSD) (string, error) {
	if price <= 0 {
		return "", fmt.Errorf("x402: price %s cannot be collected over x402", price)
	}
	return strconv.FormatInt(int64(price), 10), nil
}
