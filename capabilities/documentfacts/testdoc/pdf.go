// Package testdoc writes the documents the tests read: PDFs (written here
// object by object, or with github.com/go-pdf/fpdf), DOCX files zipped in
// memory, HTML and text. Only tests import it.
//
// Why a hand-written PDF writer: Arabic needs a font whose text layer maps
// back to Unicode, and the hidden-text tests need render modes, colours,
// positions and sizes a layout library does not let one misuse. The
// writer's fonts are not embedded: F1 is the standard Helvetica
// (WinAnsiEncoding) and F2 a Type0 font with Identity-H codes equal to the
// UTF-16 code units and a ToUnicode CMap mapping them back one to one. A
// viewer without a matching font draws boxes, but the text layer a reader
// extracts is exact.
package testdoc

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Run is one string drawn on a page.
type Run struct {
	Text       string
	X, Y, Size float64
	RenderMode int       // 0 fill (visible), 3 invisible
	Fill       []float64 // nil: black; {1} or {1,1,1}: white
}

// Page is a page of runs; a zero size is A4 portrait.
type Page struct {
	Runs          []Run
	Width, Height float64
	// Forms are the page's Form XObjects (resources /XObject); those not
	// Hidden are drawn by the page's content stream with "Do", after its
	// runs.
	Forms []Form
}

// Form is a Form XObject: runs in its own content stream, placed where
// "Do" draws it through its Matrix.
type Form struct {
	Name   string     // resource name ("Fm1")
	Runs   []Run      // in form space
	Matrix [6]float64 // zero: identity
	BBox   [4]float64 // zero: the whole page
	// Draws names forms of the same page that this form draws inside
	// itself; its own name makes it draw itself (a loop).
	Draws []string
	// Hidden forms are not drawn by the page, only by other forms.
	Hidden bool
}

// Options change how the file is written.
type Options struct {
	Compress bool // Flate-compress content streams
	// LoopPageTree makes the page tree's only kid point back at the root.
	LoopPageTree bool
	// ClaimedCount overrides the root's /Count.
	ClaimedCount int
}

// LinesPage lays lines out top to bottom at 11 pt.
func LinesPage(lines ...string) Page {
	p := Page{}
	y := 800.0
	for _, l := range lines {
		p.Runs = append(p.Runs, Run{Text: l, X: 56, Y: y, Size: 11})
		y -= 15
		if y < 40 {
			y = 800 // the tests never fill a page; overlapping is fine
		}
	}
	return p
}

// PDF writes pages as a PDF file.
func PDF(pages []Page, o Options) []byte {
	var objs []string // objs[i] is object i+1
	add := func(s string) int { objs = append(objs, s); return len(objs) }
	reserve := func() int { objs = append(objs, ""); return len(objs) }

	catalog := reserve()
	root := reserve()
	cmap := "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" +
		bfranges() + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
	toUni := add(fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(cmap), cmap))
	cid := add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /DalilTestUnicode /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 >>")
	f1 := add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	f2 := add(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /DalilTestUnicode /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>", cid, toUni))
	res := add(fmt.Sprintf("<< /Font << /F1 %d 0 R /F2 %d 0 R >> >>", f1, f2))
	var kids []string
	for _, p := range pages {
		w, h := p.Width, p.Height
		if w == 0 {
			w, h = 595, 842
		}
		content := contentStream(p)
		pageRes := ""
		if len(p.Forms) > 0 {
			// Forms may draw each other (and themselves): number them first.
			ids := map[string]int{}
			var xobjs []string
			for _, f := range p.Forms {
				ids[f.Name] = reserve()
				xobjs = append(xobjs, fmt.Sprintf("/%s %d 0 R", f.Name, ids[f.Name]))
			}
			resDict := fmt.Sprintf("<< /Font << /F1 %d 0 R /F2 %d 0 R >> /XObject << %s >> >>", f1, f2, strings.Join(xobjs, " "))
			for _, f := range p.Forms {
				body := contentStream(Page{Runs: f.Runs})
				for _, d := range f.Draws {
					body += "/" + d + " Do\n"
				}
				m := f.Matrix
				if m == ([6]float64{}) {
					m = [6]float64{1, 0, 0, 1, 0, 0}
				}
				bb := f.BBox
				if bb == ([4]float64{}) {
					bb = [4]float64{0, 0, w, h}
				}
				hdr := fmt.Sprintf("/Type /XObject /Subtype /Form /BBox [%g %g %g %g] /Matrix [%g %g %g %g %g %g] /Resources %s",
					bb[0], bb[1], bb[2], bb[3], m[0], m[1], m[2], m[3], m[4], m[5], resDict)
				objs[ids[f.Name]-1] = streamObject(hdr, body, o.Compress)
				if !f.Hidden {
					content += "q /" + f.Name + " Do Q\n"
				}
			}
			pageRes = " /Resources " + resDict
		}
		c := add(streamObject("", content, o.Compress))
		pg := add(fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %g %g] /Contents %d 0 R%s >>", root, w, h, c, pageRes))
		kids = append(kids, fmt.Sprintf("%d 0 R", pg))
	}
	count := len(pages)
	if o.ClaimedCount > 0 {
		count = o.ClaimedCount
	}
	if o.LoopPageTree {
		kids = []string{fmt.Sprintf("%d 0 R", root)}
	}
	objs[root-1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /Resources %d 0 R >>", strings.Join(kids, " "), count, res)
	objs[catalog-1] = fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", root)

	var out bytes.Buffer
	out.WriteString("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")
	offsets := make([]int, len(objs))
	for i, s := range objs {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, s)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, catalog, xref)
	return out.Bytes()
}

// streamObject writes a stream object with the header entries hdr,
// Flate-compressed when compress is set.
func streamObject(hdr, content string, compress bool) string {
	if hdr != "" {
		hdr = " " + hdr
	}
	if compress {
		var b bytes.Buffer
		zw := zlib.NewWriter(&b)
		zw.Write([]byte(content))
		zw.Close()
		return fmt.Sprintf("<<%s /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", hdr, b.Len(), b.String())
	}
	return fmt.Sprintf("<<%s /Length %d >>\nstream\n%s\nendstream", hdr, len(content), content)
}

func contentStream(p Page) string {
	var b strings.Builder
	for _, r := range p.Runs {
		fill := "0 g"
		switch len(r.Fill) {
		case 1:
			fill = fmt.Sprintf("%g g", r.Fill[0])
		case 3:
			fill = fmt.Sprintf("%g %g %g rg", r.Fill[0], r.Fill[1], r.Fill[2])
		}
		font, str := "F1", winAnsi(r.Text)
		if !isLatin1(r.Text) {
			font, str = "F2", utf16Hex(r.Text)
		}
		fmt.Fprintf(&b, "BT %s %d Tr /%s %g Tf %g %g Td %s Tj ET\n", fill, r.RenderMode, font, r.Size, r.X, r.Y, str)
	}
	return b.String()
}

func isLatin1(s string) bool {
	for _, r := range s {
		if r > 0xFF {
			return false
		}
	}
	return true
}

func winAnsi(s string) string {
	var b strings.Builder
	b.WriteByte('(')
	for _, r := range s {
		switch r {
		case '(', ')', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteByte(byte(r))
		}
	}
	b.WriteByte(')')
	return b.String()
}

func utf16Hex(s string) string {
	var b strings.Builder
	b.WriteByte('<')
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteByte('>')
	return b.String()
}

// bfranges maps every 2-byte code to the same UTF-16 unit, one range per
// high byte (a range may only vary in its last byte), 100 per block.
func bfranges() string {
	var b strings.Builder
	for start := 0; start < 256; start += 100 {
		n := min(100, 256-start)
		fmt.Fprintf(&b, "%d beginbfrange\n", n)
		for hi := start; hi < start+n; hi++ {
			fmt.Fprintf(&b, "<%02X00> <%02XFF> <%02X00>\n", hi, hi, hi)
		}
		b.WriteString("endbfrange\n")
	}
	return b.String()
}
