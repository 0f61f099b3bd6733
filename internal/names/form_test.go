package names

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"math/rand/v2"
	"reflect"
	"testing"
)

// formCorpus is corpusNames with 3,000 more generated names (a quarter
// respelt) and names with titles, legal forms, brackets, kinship words
// and dictionary words.
func formCorpus(t *testing.T) []string {
	out := corpusNames(t)
	r := rand.New(rand.NewPCG(14, 34))
	for range 3000 {
		n := synthName(r)
		if r.IntN(4) == 0 {
			n = mutate(r, n)
		}
		out = append(out, n)
	}
	return append(out, "Sheikh Dr. Mohammed bin Rashid Al Maktoum", "AL-HOSNI, Ali Said", "Zine El Abidine Ben Ali",
		"Islamic Republic of Iran Shipping Lines (IRISL)", "Oman Trading & Contracting Company LLC (OTC)",
		"Brig. Gen. Ali Shamkhani", "Ready Mix Concrete Concrete", "الخوير للتطوير العقاري والعقارات ش.م.م",
		"Abu Bakr Al Baghdadi", "Nasr ad-Din", "A'Seeb Trading", "Евгений Пригожин", "Gulf (Holding) Company Limited Liability")
}

// sameKey fails t unless got equals want in every field Match, Explain,
// Similarity and the index read (the Similarity representations made
// and compared too).
func sameKey(t *testing.T, name string, want, got Key) {
	t.Helper()
	w, g := want, got
	w.reps, g.reps = nil, nil
	if !reflect.DeepEqual(w, g) {
		t.Fatalf("%q: from its form\n%#v\nNormalize\n%#v", name, g, w)
	}
	if (want.reps == nil) != (got.reps == nil) {
		t.Fatalf("%q: representations %v, Normalize's %v", name, got.reps != nil, want.reps != nil)
	}
	for r := range nReps {
		if !reflect.DeepEqual(want.gramsOf(r), got.gramsOf(r)) {
			t.Fatalf("%q: representation %d differs", name, r)
		}
	}
}

// TestFormEqualsNormalize: for every labelled pair's names, generated
// Latin and Arabic names and random strings, the key made from the
// name's prepared form is Normalize's, field by field; it matches and
// explains alike against another name.
func TestFormEqualsNormalize(t *testing.T) {
	ns := formCorpus(t)
	forms := 0
	for i, s := range ns {
		want := Normalize(s)
		form := want.AppendForm(nil)
		if want.Empty() {
			if len(form) != 0 {
				t.Fatalf("%q: an empty key has a form", s)
			}
			if k := Prepared(s, form); !k.Empty() {
				t.Fatalf("%q: Prepared of no form is not empty", s)
			}
			continue
		}
		forms++
		got, ok := FromForm(form)
		if !ok {
			t.Fatalf("%q: its own form refused: %x", s, form)
		}
		sameKey(t, s, want, got)
		sameKey(t, s, want, Prepared(s, form))
		o := Normalize(ns[(i*7+1)%len(ns)])
		if a, b := got.Match(o), want.Match(o); a != b {
			t.Fatalf("%q: Match %v, Normalize's %v", s, a, b)
		}
		if a, b := Explain(o, got), Explain(o, want); !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: Explain %+v, Normalize's %+v", s, a, b)
		}
	}
	if forms < 9000 {
		t.Fatalf("only %d names had a form", forms)
	}
}

// TestFormRefusesDamage: a form truncated anywhere, with any byte
// changed, of another version, or empty is refused, and Prepared falls
// back to Normalize of the name.
func TestFormRefusesDamage(t *testing.T) {
	for _, s := range []string{"Sheikh Dr. Mohammed bin Rashid Al Maktoum", "شركة النور للتجارة ش.م.م", "AL-HOSNI, Ali Said", "Ready Mix Concrete"} {
		want := Normalize(s)
		form := want.AppendForm(nil)
		for n := range len(form) {
			if _, ok := FromForm(form[:n]); ok {
				t.Fatalf("%q: truncated to %d bytes, accepted", s, n)
			}
			sameKey(t, s, want, Prepared(s, form[:n]))
		}
		for i := range form {
			for _, x := range []byte{1, 0x80, 0xff} {
				bad := append([]byte(nil), form...)
				bad[i] ^= x
				if _, ok := FromForm(bad); ok {
					t.Fatalf("%q: byte %d changed, accepted", s, i)
				}
				sameKey(t, s, want, Prepared(s, bad))
			}
		}
		other := append([]byte(nil), form...)
		other[0] = FormVersion + 1
		fixCRC(other)
		if _, ok := FromForm(other); ok {
			t.Fatalf("%q: another version's form accepted", s)
		}
		sameKey(t, s, want, Prepared(s, nil))
	}
}

// fixCRC rewrites the checksum of form (its last 4 bytes), so that its
// structure is what is checked.
func fixCRC(form []byte) []byte {
	if len(form) >= 4 {
		binary.LittleEndian.PutUint32(form[len(form)-4:], crc32.Checksum(form[:len(form)-4], castagnoli))
	}
	return form
}

// formDigest is the digest of the forms of formCorpus under FormVersion
// (TestFormVersionPinned).
const formDigest = "c93f47d8c152bfe3"

// TestFormVersionPinned: the forms of the corpus are those FormVersion
// was recorded with. When Normalize changes what it makes of a name
// (or the encoding changes), this fails: raise FormVersion, so that
// indexes holding the old forms are rebuilt, and record the new digest.
func TestFormVersionPinned(t *testing.T) {
	h := sha256.New()
	for _, s := range formCorpus(t) {
		f := Normalize(s).AppendForm(nil)
		h.Write(binary.AppendUvarint(nil, uint64(len(f))))
		h.Write(f)
	}
	if got := hex.EncodeToString(h.Sum(nil)[:8]); got != formDigest || FormVersion != 1 {
		t.Fatalf("forms digest %s under FormVersion %d, recorded %s under 1: raise FormVersion and record the digest", got, FormVersion, formDigest)
	}
}

// FuzzFromForm: any bytes, as they are and with a valid checksum, decode
// without panicking; a key decoded matches itself and a reference name
// within [0, 1], explains, and its own form decodes to the same key.
func FuzzFromForm(f *testing.F) {
	for _, s := range []string{"Mohammed bin Rashid Al Maktoum", "شركة النور للتجارة ش.م.م", "AL-HOSNI, Ali Said", "Ready Mix Concrete Concrete",
		"Islamic Republic of Iran Shipping Lines (IRISL)", "Zine El Abidine Ben Ali", "Brig. Gen. Ali Shamkhani", "L.L.C."} {
		f.Add(Normalize(s).AppendForm(nil))
	}
	f.Add([]byte{})
	f.Add([]byte{FormVersion, 0, 1, 0, 1, 'a', 0, 0, 0, 0, 0, 0})
	ref := Normalize("Al Noor Trading LLC")
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, form := range [][]byte{b, fixCRC(append([]byte(nil), b...))} {
			k, ok := FromForm(form)
			if !ok {
				if !k.Empty() {
					t.Fatalf("refused, with a key")
				}
				continue
			}
			if m := k.Match(ref); m < 0 || m > 1 || m != ref.Match(k) {
				t.Fatalf("Match %v", m)
			}
			if k.Match(k) != 1 {
				t.Fatalf("%q does not match itself", k.String())
			}
			Explain(k, ref)
			k.Similarity(ref)
			again, ok := FromForm(k.AppendForm(nil))
			if !ok {
				t.Fatalf("its own form refused")
			}
			sameKey(t, k.String(), k, again)
		}
	})
}

// BenchmarkFromForm: BenchmarkNormalize's 1,000 names made from their
// prepared forms.
func BenchmarkFromForm(b *testing.B) {
	var forms [][]byte
	for _, n := range benchNames() {
		forms = append(forms, Normalize(n).AppendForm(nil))
	}
	start := cpuTime()
	for b.Loop() {
		for _, f := range forms {
			FromForm(f)
		}
	}
	reportCPU(b, start)
}
