package names

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// Index finds, among many names, those whose Similarity with a query
// reaches a threshold, without scoring every name: an inverted index from
// bigram to the names holding it, and a prefix filter (a name that
// reaches threshold t shares at least ⌈t·|Q|/(2−t)⌉ of the query's |Q|
// bigrams, so it holds one of the query's rarest |Q| − that + 1; only
// those names are scored). The hits are exactly those a scan with
// Key.Similarity would find.
//
// Add and Search must not run at the same time; any number of Searches
// may.
type Index struct {
	docs []doc
	// post[s][r] maps a bigram of representation r to the names of
	// script s that hold it.
	post    [3][nReps]map[uint64][]int32
	scratch sync.Pool
}

type doc struct {
	ref  int
	name string
	key  Key
}

// Hit is a name that reached the threshold.
type Hit struct {
	Ref   int     // the ref it was added with
	Name  string  // the name as added
	Score float64 // Similarity with the query, > 0
}

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{} }

// Len is the number of names added.
func (ix *Index) Len() int { return len(ix.docs) }

// Add indexes name under ref (the caller's id of the thing named; one ref
// may have several names, such as aliases). A name with an empty key is
// ignored.
func (ix *Index) Add(ref int, name string) {
	k := Normalize(name)
	if k.Empty() {
		return
	}
	id := int32(len(ix.docs))
	ix.docs = append(ix.docs, doc{ref: ref, name: name, key: k})
	s := k.script
	for r := range nReps {
		g := k.gramsOf(r)
		if len(g) == 0 {
			continue
		}
		if ix.post[s][r] == nil {
			ix.post[s][r] = map[uint64][]int32{}
		}
		m := ix.post[s][r]
		for i, x := range g {
			if i > 0 && g[i-1] == x {
				continue
			}
			m[x] = append(m[x], id)
		}
	}
}

type scratch struct {
	seen  []uint32
	epoch uint32
}

// Search returns the names whose similarity with q is at least min (and
// above 0), best first (then by ref and name).
func (ix *Index) Search(q Key, min float64) []Hit {
	if q.Empty() || len(ix.docs) == 0 {
		return nil
	}
	sc, _ := ix.scratch.Get().(*scratch)
	if sc == nil || len(sc.seen) < len(ix.docs) {
		sc = &scratch{seen: make([]uint32, len(ix.docs))}
	}
	sc.epoch++
	if sc.epoch == 0 {
		clear(sc.seen)
		sc.epoch = 1
	}
	defer ix.scratch.Put(sc)
	var hits []Hit
	for s := range Script(3) {
		r := q.repFor(s)
		m := ix.post[s][r]
		qg := q.gramsOf(r)
		if len(m) == 0 || len(qg) == 0 {
			continue
		}
		for _, id := range ix.candidates(m, qg, min) {
			if sc.seen[id] == sc.epoch {
				continue
			}
			sc.seen[id] = sc.epoch
			d := &ix.docs[id]
			if d.key.script != s {
				continue
			}
			score := q.Similarity(d.key)
			if score > 0 && score >= min {
				hits = append(hits, Hit{Ref: d.ref, Name: d.name, Score: score})
			}
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Ref, b.Ref), cmp.Compare(a.Name, b.Name))
	})
	return hits
}

// candidates are the names in m holding one of the query's rarest bigrams
// (the prefix filter); each may appear more than once.
func (ix *Index) candidates(m map[uint64][]int32, qg []uint64, min float64) []int32 {
	need := 1
	if min > 0 {
		t := math.Min(min, 1)
		need = max(1, int(math.Ceil(t*float64(len(qg))/(2-t)-1e-9)))
	}
	prefix := len(qg) - need + 1
	if prefix <= 0 {
		return nil
	}
	type gl struct {
		g uint64
		n int
	}
	order := make([]gl, len(qg))
	for i, g := range qg {
		order[i] = gl{g, len(m[g])}
	}
	slices.SortFunc(order, func(a, b gl) int { return cmp.Or(cmp.Compare(a.n, b.n), cmp.Compare(a.g, b.g)) })
	var out []int32
	for i, o := range order[:prefix] {
		if i > 0 && order[i-1].g == o.g {
			continue
		}
		out = append(out, m[o.g]...)
	}
	return out
}
