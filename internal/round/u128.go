package round

import "math/bits"

// u128 is an unsigned 128-bit integer. Every operation that can overflow
// reports it instead of wrapping, so that a Decimal built from these is
// either exact or marked as not computed.
type u128 struct{ hi, lo uint64 }

func (a u128) isZero() bool { return a.hi|a.lo == 0 }

func (a u128) less(b u128) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

// add returns a+b; ok is false on overflow.
func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}, c == 0
}

// sub returns a-b for b <= a.
func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

// mul returns a×b; ok is false when the product needs more than 128 bits.
func (a u128) mul(b u128) (u128, bool) {
	if a.hi != 0 && b.hi != 0 {
		return u128{}, false
	}
	if b.hi != 0 {
		a, b = b, a
	}
	// Now b < 2^64: a×b = a.hi×b×2^64 + a.lo×b.
	hi, lo := bits.Mul64(a.lo, b.lo)
	thi, top := bits.Mul64(a.hi, b.lo)
	if thi != 0 {
		return u128{}, false
	}
	hi, c := bits.Add64(hi, top, 0)
	return u128{hi, lo}, c == 0
}

func (a u128) lsh(s uint) u128 {
	if s == 0 {
		return a
	}
	if s >= 64 {
		return u128{a.lo << (s - 64), 0}
	}
	return u128{a.hi<<s | a.lo>>(64-s), a.lo << s}
}

func (a u128) rsh(s uint) u128 {
	if s == 0 {
		return a
	}
	if s >= 64 {
		return u128{0, a.hi >> (s - 64)}
	}
	return u128{a.hi >> s, a.lo>>s | a.hi<<(64-s)}
}

// divmod returns a/d and a%d (truncated) for d != 0.
//
// With d below 2^64 this is long division by one 64-bit digit
// (bits.Div64 twice). Otherwise the quotient is below 2^64: it is
// estimated from the top 64 bits of d (normalised so that its top bit is
// set) and a/2, which gives the true quotient or one more; one
// multiplication and comparison settle which.
func (a u128) divmod(d u128) (q, r u128) {
	if d.hi == 0 {
		if a.hi < d.lo {
			q.lo, r.lo = bits.Div64(a.hi, a.lo, d.lo)
			return q, r
		}
		q.hi = a.hi / d.lo
		q.lo, r.lo = bits.Div64(a.hi%d.lo, a.lo, d.lo)
		return q, r
	}
	s := uint(bits.LeadingZeros64(d.hi))
	top := d.lsh(s).hi // d×2^s / 2^64, top bit set
	half := a.rsh(1)   // a/2 < 2^127 <= top×2^64: Div64 cannot overflow
	est, _ := bits.Div64(half.hi, half.lo, top)
	est >>= 63 - s // the quotient or one more
	if est != 0 {
		est--
	}
	// est is now the quotient or one below it.
	p, _ := d.mul(u128{0, est}) // p <= a: no overflow
	r = a.sub(p)
	if !r.less(d) {
		est++
		r = r.sub(d)
	}
	return u128{0, est}, r
}

// pow10 holds 10^0 … 10^38, every power of ten below 2^128.
var pow10 = func() (t [39]u128) {
	t[0] = u128{0, 1}
	for i := 1; i < len(t); i++ {
		t[i], _ = t[i-1].mul(u128{0, 10})
	}
	return t
}()

// mulPow10 returns a×10^k; ok is false when that needs more than 128 bits.
func (a u128) mulPow10(k int) (u128, bool) {
	if k == 0 || a.isZero() {
		return a, true
	}
	if k < 0 || k >= len(pow10) {
		return u128{}, false
	}
	return a.mul(pow10[k])
}
