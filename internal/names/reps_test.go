package names

import (
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// corpusNames are the labelled pairs' names, the sample, generated and
// respelt names, and random strings of Latin, Arabic, Cyrillic, marks,
// digits and punctuation.
func corpusNames(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("testdata/*.tsv")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no pairs: %v", err)
	}
	var out []string
	for _, p := range paths {
		for _, pr := range readPairs(t, p) {
			out = append(out, pr.A, pr.B)
		}
	}
	out = append(out, benchNames()...)
	r := rand.New(rand.NewPCG(13, 34))
	alphabet := []rune("aZbY'’ -.,()[]ـًٌٍَُِّْٰٔمحدعبالرنيةىأإآؤئءжщЁіABC١٢٣0۴９éÉñ\u00ad\u200c\u0301ﻻﷲ")
	for range 3000 {
		rs := make([]rune, 1+r.IntN(24))
		for i := range rs {
			rs[i] = alphabet[r.IntN(len(alphabet))]
		}
		out = append(out, string(rs))
	}
	return out
}

// TestRepsAsEager: a key's Similarity representations, made on first
// use (from any number of goroutines), are what Normalize made eagerly
// before.
func TestRepsAsEager(t *testing.T) {
	for _, s := range corpusNames(t) {
		k := Normalize(s)
		if k.Empty() {
			continue
		}
		want := eagerReps(k.tokens, k.script)
		var wg sync.WaitGroup
		got := make([][nReps][]uint64, 4)
		for g := range got {
			wg.Go(func() {
				for r := range nReps {
					got[g][r] = k.gramsOf(r)
				}
			})
		}
		wg.Wait()
		for g := range got {
			if d := cmp.Diff(want, got[g]); d != "" {
				t.Fatalf("%q (-eager +lazy):\n%s", s, d)
			}
		}
	}
}

// eagerReps is Normalize's former code for the representations.
func eagerReps(toks []string, sc Script) [nReps][]uint64 {
	var out [nReps][]uint64
	skel := make([]string, 0, len(toks))
	for _, t := range toks {
		skel = append(skel, skeleton(t))
	}
	out[repSkel] = grams(skel)
	switch sc {
	case Latin:
		ph := make([]string, 0, len(toks))
		for _, t := range toks {
			ph = append(ph, phonetic(t))
		}
		out[repLatin] = grams(ph)
	case Arabic:
		f := make([]string, len(toks))
		for i, t := range toks {
			f[i] = foldYaHamza(t)
		}
		out[repArabic] = grams(f)
	}
	return out
}
