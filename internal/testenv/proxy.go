package testenv

import (
	"bytes"
	"net"
	"sync"
	"testing"
	"time"
)

// Proxy is a TCP proxy on loopback that tests control, to put a database
// through an operator's bad day: connections cut (now, or on a schedule),
// refused, or stalled — bytes neither delivered nor refused, as when a
// network path or a server hangs.
type Proxy struct {
	Addr   string
	target string
	ln     net.Listener
	mu     sync.Mutex
	wake   *sync.Cond // broadcast when stalled becomes false
	cut    bool
	hang   bool
	stall  bool
	conns  map[net.Conn]bool
	closed bool
	life   time.Duration // when > 0, each connection is cut this long after it opened
	delay  time.Duration // when > 0, each chunk from the server is held this long
	// cutOn, when set, cuts a connection right after forwarding a chunk
	// from the client that contains it, every cutEvery-th time.
	cutOn    []byte
	cutEvery int
	seen     int
}

// NewProxy listens on a free loopback port and forwards to target.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{Addr: ln.Addr().String(), target: target, ln: ln, conns: map[net.Conn]bool{}}
	p.wake = sync.NewCond(&p.mu)
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.mu.Lock()
		p.closed = true
		p.mu.Unlock()
		p.Restore()
		p.Cut()
	})
	return p
}

func (p *Proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.hang || p.stall {
			// Accept and never answer: a database that stopped responding.
			p.conns[c] = true
			p.mu.Unlock()
			continue
		}
		if p.cut {
			p.mu.Unlock()
			c.Close()
			continue
		}
		p.mu.Unlock()
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns[c], p.conns[up] = true, true
		if p.life > 0 {
			time.AfterFunc(p.life, func() { c.Close(); up.Close() })
		}
		p.mu.Unlock()
		go p.pipe(up, c, true)
		go p.pipe(c, up, false)
	}
}

// pipe copies src to dst, holding every chunk while the proxy is stalled.
func (p *Proxy) pipe(dst, src net.Conn, fromClient bool) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			for p.stall && !p.closed {
				p.wake.Wait()
			}
			delay := p.delay
			p.mu.Unlock()
			if delay > 0 && !fromClient {
				time.Sleep(delay)
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
			if fromClient && p.cutNow(buf[:n]) {
				return // forwarded, then cut: its answer is lost
			}
		}
		if err != nil {
			return
		}
	}
}

// Cut closes every connection and refuses new ones.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = true
	p.closeAll()
}

// Reset closes every open connection, as a network fault would, and keeps
// accepting new ones: called on a schedule it cuts each connection within
// one period of its birth (and loses whatever was in flight, commit
// acknowledgements included).
func (p *Proxy) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closeAll()
}

func (p *Proxy) closeAll() {
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]bool{}
}

// CutAfter makes every connection opened from now on last d at most:
// at d it is cut, whatever is in flight (a query, a COMMIT or its
// acknowledgement). Zero turns it off.
func (p *Proxy) CutAfter(d time.Duration) {
	p.mu.Lock()
	p.life = d
	p.mu.Unlock()
}

// Delay holds every chunk the server sends for d before it is delivered:
// a slow database that still answers, each round trip taking d longer.
// Zero turns it off.
func (p *Proxy) Delay(d time.Duration) {
	p.mu.Lock()
	p.delay = d
	p.mu.Unlock()
}

// CutOn makes the proxy cut a connection right after it forwarded a
// client message containing pattern (for instance "commit", to lose
// COMMIT acknowledgements), every nth time. A nil pattern turns it off.
func (p *Proxy) CutOn(pattern []byte, every int) {
	p.mu.Lock()
	p.cutOn, p.cutEvery, p.seen = pattern, max(every, 1), 0
	p.mu.Unlock()
}

func (p *Proxy) cutNow(chunk []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cutOn == nil || !bytes.Contains(chunk, p.cutOn) {
		return false
	}
	p.seen++
	return p.seen%p.cutEvery == 0
}

// Hang closes every connection and then accepts new ones without ever
// answering.
func (p *Proxy) Hang() {
	p.Cut()
	p.mu.Lock()
	p.hang = true
	p.mu.Unlock()
}

// Stall keeps every connection open but delivers nothing more in either
// direction, and accepts new connections without answering them: a
// blackhole. Restore delivers what was held.
func (p *Proxy) Stall() {
	p.mu.Lock()
	p.stall = true
	p.mu.Unlock()
}

// Restore accepts and forwards connections again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	p.cut, p.hang, p.stall = false, false, false
	p.wake.Broadcast()
	p.mu.Unlock()
}
