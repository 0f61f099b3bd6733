package names

import (
	"encoding/binary"
	"hash/crc32"
	"unicode/utf8"
)

// FormVersion names the encoding of a key's prepared form (Key.AppendForm)
// and the Normalize that made it. Raise it with any change to Normalize's
// output (its parse, its words' marks, the dictionary's spans) or to the
// encoding: a stored form of another version is never decoded (FromForm
// refuses it), and an index holding forms of another version is rebuilt
// (dataset/nameindex's Stale). TestFormVersionPinned fails when the forms
// of its corpus change while FormVersion stays.
const FormVersion = 1

// A prepared form is what Normalize's parse found in a name, so that a key
// is remade without parsing the name again (about a third of Normalize's
// work is left: each word's sounds, the sound bigrams):
//
//	version   byte: FormVersion
//	flags     byte: 1 = a company's name
//	words     uvarint n, then n times: a byte of marks (1 article, 2 after
//	          bin, 4 a comma after it, 8 ل and the article, 16 a kinship
//	          word before it), the word (uvarint length, bytes), and the
//	          kinship word when marked 16
//	removed   uvarint n, then n times: its kind (byte, removedKinds) and
//	          the word
//	spans     uvarint n, then n times: uvarint at, n, count of meanings,
//	          and each meaning
//	checksum  4 bytes: CRC-32C (Castagnoli) of everything before, little
//	          endian
//
// Strings are UTF-8.

// removedKinds are the kinds of removed words, by their code in a form.
var removedKinds = [...]string{"title", "legal form", "part in brackets"}

const (
	markArt = 1 << iota
	markPat
	markComma
	markLL
	markKin
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// AppendForm appends k's prepared form to dst (FromForm makes k again
// from it). k must be a key Normalize made; an empty key has no form
// (dst is returned as it is).
func (k Key) AppendForm(dst []byte) []byte {
	if k.Empty() {
		return dst
	}
	start := len(dst)
	var flags byte
	if k.company {
		flags |= 1
	}
	dst = append(dst, FormVersion, flags)
	dst = binary.AppendUvarint(dst, uint64(len(k.toks)))
	for _, t := range k.toks {
		var m byte
		if t.art {
			m |= markArt
		}
		if t.pat {
			m |= markPat
		}
		if t.comma {
			m |= markComma
		}
		if t.ll {
			m |= markLL
		}
		if t.kin != "" {
			m |= markKin
		}
		dst = append(dst, m)
		dst = appendString(dst, t.w)
		if t.kin != "" {
			dst = appendString(dst, t.kin)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(k.removed)))
	for _, r := range k.removed {
		code := byte(len(removedKinds))
		for i, kind := range removedKinds {
			if kind == r.kind {
				code = byte(i)
			}
		}
		if int(code) == len(removedKinds) {
			// A kind this encoding does not know: no form (FromForm of
			// what is appended fails, and the name is normalised).
			return dst[:start]
		}
		dst = append(dst, code)
		dst = appendString(dst, r.word)
	}
	dst = binary.AppendUvarint(dst, uint64(len(k.spans)))
	for _, sp := range k.spans {
		dst = binary.AppendUvarint(dst, uint64(sp.at))
		dst = binary.AppendUvarint(dst, uint64(sp.n))
		dst = binary.AppendUvarint(dst, uint64(len(sp.ids)))
		for _, id := range sp.ids {
			dst = binary.AppendUvarint(dst, uint64(id))
		}
	}
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// FromForm makes the key whose prepared form (Key.AppendForm) is form.
// ok is false, and the key empty, when form is not one: another
// version's, truncated, corrupt (its checksum or its structure); the
// caller then normalises the name itself (Prepared).
func FromForm(form []byte) (k Key, ok bool) {
	if len(form) < 2+3+4 || form[0] != FormVersion {
		return Key{}, false
	}
	body := form[:len(form)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(form[len(form)-4:]) {
		return Key{}, false
	}
	d := decoder{s: string(body[2:])}
	if body[1]&^1 != 0 {
		return Key{}, false
	}
	p := parsed{company: body[1]&1 != 0}
	n := d.count(2) // a word is 2 bytes at least
	if n == 0 || d.bad {
		return Key{}, false
	}
	p.toks = make([]tok, n)
	for i := range p.toks {
		m := d.byte()
		if m&^(markArt|markPat|markComma|markLL|markKin) != 0 {
			return Key{}, false
		}
		t := tok{art: m&markArt != 0, pat: m&markPat != 0, comma: m&markComma != 0, ll: m&markLL != 0}
		t.w = d.string()
		if m&markKin != 0 {
			if t.kin = d.string(); t.kin == "" {
				return Key{}, false
			}
		}
		if t.w == "" {
			return Key{}, false
		}
		p.toks[i] = t
	}
	if nr := d.count(2); nr > 0 {
		p.removed = make([]removed, nr)
		for i := range p.removed {
			code := d.byte()
			if int(code) >= len(removedKinds) {
				return Key{}, false
			}
			p.removed[i] = removed{word: d.string(), kind: removedKinds[code]}
		}
	}
	var spans []span
	if ns := d.count(3); ns > 0 {
		spans = make([]span, ns)
		end := 0
		for i := range spans {
			at, sn, nids := d.uvarint(), d.uvarint(), d.count(1)
			if d.bad || at < uint64(end) || sn == 0 || at+sn > uint64(len(p.toks)) || nids == 0 {
				return Key{}, false
			}
			sp := span{at: int(at), n: int(sn), ids: make([]uint16, nids)}
			for j := range sp.ids {
				id := d.uvarint()
				if id >= uint64(len(lex.class)) || j > 0 && id <= uint64(sp.ids[j-1]) {
					return Key{}, false
				}
				sp.ids[j] = uint16(id)
			}
			spans[i] = sp
			end = sp.at + sp.n
		}
	}
	if d.bad || d.s != "" {
		return Key{}, false
	}
	return keyOf(p, spans), true
}

// Prepared is the key of name from its stored prepared form: FromForm's,
// or Normalize(name) when form is none (nil, another version's,
// corrupt). form must have been made from name's key.
func Prepared(name string, form []byte) Key {
	if k, ok := FromForm(form); ok {
		return k
	}
	return Normalize(name)
}

// decoder reads a form's fields; bad is set at the first that is not
// there, and every read after returns zero.
type decoder struct {
	s   string
	bad bool
}

func (d *decoder) byte() byte {
	if d.bad || d.s == "" {
		d.bad = true
		return 0
	}
	b := d.s[0]
	d.s = d.s[1:]
	return b
}

func (d *decoder) uvarint() uint64 {
	var x uint64
	for shift := 0; shift < 64; shift += 7 {
		b := d.byte()
		if d.bad {
			return 0
		}
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return x
		}
	}
	d.bad = true
	return 0
}

// count reads a count of items of at least min bytes each: one the rest
// cannot hold is bad (so no corrupt count allocates much).
func (d *decoder) count(min int) int {
	n := d.uvarint()
	if d.bad || n > uint64(len(d.s)/min) {
		d.bad = true
		return 0
	}
	return int(n)
}

func (d *decoder) string() string {
	n := d.uvarint()
	if d.bad || n > uint64(len(d.s)) {
		d.bad = true
		return ""
	}
	s := d.s[:n]
	d.s = d.s[n:]
	if !utf8.ValidString(s) {
		d.bad = true
		return ""
	}
	return s
}
