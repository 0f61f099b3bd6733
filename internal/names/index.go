package names

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
)

// Index finds, among many names, those whose Match (Matches) or
// Similarity (Search) with a query reaches a threshold, without
// comparing the query with every name: an
// inverted index from each bigram occurrence (the k-th "mo" of a name is
// its own element, so multisets count right) to the names holding it.
// A search adds up, for every name that shares an element with the query,
// how many it shares: that is the overlap of the two bigram multisets,
// from which the Dice coefficient follows with no further comparison.
// Names that normalise alike are indexed once. Search's hits are exactly
// those a scan with Key.Similarity finds. Matches counts the sound-class
// bigrams a name shares with the query the same way: the share of the
// shorter name's bigrams shared bounds Key.Match from above, so only the
// names reaching the threshold on it are compared word by word, and the
// hits are exactly those a scan with Key.Match finds.
//
// Add and the searches must not run at the same time; any number of
// searches may. The first Search (or Matches) after an Add builds its
// postings.
type Index struct {
	docs []doc
	// keys are the distinct keys (names that normalise alike are scored
	// once); byKey finds a key's position.
	keys  []distinct
	byKey map[string]int32

	mu    sync.Mutex
	built atomic.Bool
	// coarse maps an element of the sound-class bigrams to the keys
	// holding it (Matches).
	coarseBuilt atomic.Bool
	coarse      map[uint64][]int32
	// classes[s] maps a class of meanings (Key.classes) to the keys of
	// script s holding it (Matches, for a company's name in another
	// language).
	classes [3]map[uint64][]int32
	// post[s][r] maps an element (bigram and occurrence) of
	// representation r to the keys of script s that hold it.
	post    [3][nReps]map[uint64][]int32
	scratch sync.Pool
}

type doc struct {
	ref  int
	name string
}

type distinct struct {
	key  Key
	docs []int32
}

// Hit is a name that reached the threshold.
type Hit struct {
	Ref   int     // the ref it was added with
	Name  string  // the name as added
	Score float64 // Similarity with the query, > 0
}

// NewIndex returns an empty index.
func NewIndex() *Index { return &Index{byKey: map[string]int32{}} }

// Len is the number of names added.
func (ix *Index) Len() int { return len(ix.docs) }

// Add indexes name under ref (the caller's id of the thing named; one ref
// may have several names, such as aliases). A name with an empty key is
// ignored.
func (ix *Index) Add(ref int, name string) { ix.AddKey(ref, name, Normalize(name)) }

// AddKey is Add of a name the caller has normalised already: k must be
// Normalize(name).
func (ix *Index) AddKey(ref int, name string, k Key) {
	if k.Empty() {
		return
	}
	if ix.byKey == nil {
		ix.byKey = map[string]int32{}
	}
	id, ok := ix.byKey[k.id()]
	if !ok {
		id = int32(len(ix.keys))
		ix.byKey[k.id()] = id
		ix.keys = append(ix.keys, distinct{key: k})
	}
	ix.keys[id].docs = append(ix.keys[id].docs, int32(len(ix.docs)))
	ix.docs = append(ix.docs, doc{ref: ref, name: name})
	ix.built.Store(false)
	ix.coarseBuilt.Store(false)
}

// elements tags each occurrence of a bigram in a sorted multiset: the
// k-th occurrence sets k in bits 53 and up (a bigram packs two runes of at
// most 21 bits at bits 0 and 32).
func elements(g []uint64, each func(uint64)) {
	k := 0
	for i, x := range g {
		if i > 0 && g[i-1] == x {
			k++
		} else {
			k = 0
		}
		each(x | uint64(k)<<53)
	}
}

func (ix *Index) build() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.built.Load() {
		return
	}
	for s := range 3 {
		for r := range nReps {
			ix.post[s][r] = map[uint64][]int32{}
		}
	}
	for id, d := range ix.keys {
		for r := range nReps {
			m := ix.post[d.key.script][r]
			elements(d.key.gramsOf(r), func(e uint64) { m[e] = append(m[e], int32(id)) })
		}
	}
	ix.built.Store(true)
}

type scratch struct {
	count   []uint32
	touched []int32
	// classes counts the classes of meanings shared (Matches).
	classes []uint32
}

// Search returns the names whose similarity with q is at least min (and
// above 0), best first (then by ref and name).
func (ix *Index) Search(q Key, min float64) []Hit {
	if q.Empty() || len(ix.docs) == 0 {
		return nil
	}
	if !ix.built.Load() {
		ix.build()
	}
	sc, _ := ix.scratch.Get().(*scratch)
	if sc == nil || len(sc.count) < len(ix.keys) {
		sc = &scratch{count: make([]uint32, len(ix.keys))}
	}
	defer ix.scratch.Put(sc)
	var hits []Hit
	for s := range Script(3) {
		r := q.repFor(s)
		qg := q.gramsOf(r)
		m := ix.post[s][r]
		if len(m) == 0 || len(qg) == 0 {
			continue
		}
		sc.touched = sc.touched[:0]
		elements(qg, func(e uint64) {
			for _, id := range m[e] {
				if sc.count[id] == 0 {
					sc.touched = append(sc.touched, id)
				}
				sc.count[id]++
			}
		})
		for _, id := range sc.touched {
			inter := sc.count[id]
			sc.count[id] = 0
			k := &ix.keys[id]
			// The same arithmetic as dice, so the score is Similarity's.
			score := 2 * float64(inter) / float64(len(qg)+len(k.key.gramsOf(r)))
			if score > 0 && score >= min {
				for _, di := range k.docs {
					d := &ix.docs[di]
					hits = append(hits, Hit{Ref: d.ref, Name: d.name, Score: score})
				}
			}
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Ref, b.Ref), cmp.Compare(a.Name, b.Name))
	})
	return hits
}

func (ix *Index) buildCoarse() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.coarseBuilt.Load() {
		return
	}
	ix.coarse = map[uint64][]int32{}
	for s := range ix.classes {
		ix.classes[s] = map[uint64][]int32{}
	}
	for id, d := range ix.keys {
		elements(d.key.coarse, func(e uint64) { ix.coarse[e] = append(ix.coarse[e], int32(id)) })
		m := ix.classes[d.key.script]
		elements(d.key.classes, func(e uint64) { m[e] = append(m[e], int32(id)) })
	}
	ix.coarseBuilt.Store(true)
}

// Matches returns the names whose Match with q is at least th (and
// above 0), best first (then by ref and name).
func (ix *Index) Matches(q Key, th float64) []Hit {
	if q.Empty() || len(ix.docs) == 0 {
		return nil
	}
	if !ix.coarseBuilt.Load() {
		ix.buildCoarse()
	}
	sc, _ := ix.scratch.Get().(*scratch)
	if sc == nil || len(sc.count) < len(ix.keys) || len(sc.classes) < len(ix.keys) {
		sc = &scratch{count: make([]uint32, len(ix.keys)), classes: make([]uint32, len(ix.keys))}
	}
	defer ix.scratch.Put(sc)
	sc.touched = sc.touched[:0]
	// A key is touched when it shares a sound bigram (count) or, in
	// another script, a class of meanings (classes) with q.
	touch := func(id int32) {
		if sc.count[id] == 0 && sc.classes[id] == 0 {
			sc.touched = append(sc.touched, id)
		}
	}
	elements(q.coarse, func(e uint64) {
		for _, id := range ix.coarse[e] {
			touch(id)
			sc.count[id]++
		}
	})
	if len(q.classes) > 0 {
		for s := range Script(3) {
			if s == q.script {
				continue
			}
			m := ix.classes[s]
			elements(q.classes, func(e uint64) {
				for _, id := range m[e] {
					touch(id)
					sc.classes[id]++
				}
			})
		}
	}
	var hits []Hit
	for _, id := range sc.touched {
		inter, shared := sc.count[id], sc.classes[id]
		sc.count[id], sc.classes[id] = 0, 0
		k := &ix.keys[id]
		// The same arithmetic as bound and tbound, so Match's cap is
		// this.
		ub := 0.0
		if inter > 0 {
			ub = float64(inter) / float64(min(len(q.coarse), len(k.key.coarse)))
		}
		if shared > 0 {
			// In another script, with a meaning in common (only then
			// does Match compare the names as translations).
			ub = max(ub, tboundOf(int(inter+shared), q.teff, k.key.teff))
		}
		if ub <= 0 || ub < th {
			continue
		}
		score := q.Match(k.key)
		if score > 0 && score >= th {
			for _, di := range k.docs {
				d := &ix.docs[di]
				hits = append(hits, Hit{Ref: d.ref, Name: d.name, Score: score})
			}
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Ref, b.Ref), cmp.Compare(a.Name, b.Name))
	})
	return hits
}
