package l402

import (
	"fmt"
	"math/bits"

	"dalil"
)

// SatsPerBTC is the number of satoshis in one bitcoin.
const SatsPerBTC = 100_000_000

// maxSats is the whole bitcoin supply (21 million BTC) in satoshis. No price
// can sensibly convert to more; a larger result means a broken rate.
const maxSats = 21_000_000 * SatsPerBTC

// ParseRate parses a BTC/USD rate (US dollars per bitcoin) written as a plain
// decimal with at most six fractional digits, such as "97123.45". It returns
// the rate in micro-USD per bitcoin and refuses zero, signs, exponents and
// anything ParseUSD refuses, so the conversion never touches a float.
func ParseRate(s string) (dalil.MicroUSD, error) {
	r, err := dalil.ParseUSD(s)
	if err != nil {
		return 0, fmt.Errorf("l402: BTC/USD rate: %w", err)
	}
	if r <= 0 {
		return 0, fmt.Errorf("l402: BTC/USD rate %q must be positive", s)
	}
	return r, nil
}

// PriceSats converts price (micro-USD) to satoshis at rate (micro-USD per
// bitcoin, from ParseRate): ceil(price × 1e8 / rate), and at least 1 sat,
// because Lightning cannot be asked for nothing and rounding down would
// undercharge. The product is computed in 128 bits, so no input overflows
// silently. It fails on a negative price, a non-positive rate, or a result
// above the bitcoin supply.
func PriceSats(price, rate dalil.MicroUSD) (int64, error) {
	if price < 0 {
		return 0, fmt.Errorf("l402: negative price %d micro-USD", price)
	}
	if rate <= 0 {
		return 0, fmt.Errorf("l402: BTC/USD rate must be positive, got %d micro-USD", rate)
	}
	hi, lo := bits.Mul64(uint64(price), SatsPerBTC)
	if hi >= uint64(rate) {
		return 0, fmt.Errorf("l402: price %s at rate %s is too many satoshis", price, rate.Decimal())
	}
	q, rem := bits.Div64(hi, lo, uint64(rate))
	if rem != 0 {
		q++
	}
	if q > maxSats {
		return 0, fmt.Errorf("l402: price %s at rate %s is %d sats, more than all bitcoin", price, rate.Decimal(), q)
	}
	if q < 1 {
		q = 1
	}
	return int64(q), nil
}
