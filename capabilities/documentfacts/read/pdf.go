package read

import (
	"bytes"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/ledongthuc/pdf"
	"golang.org/x/text/unicode/norm"
)

const (
	maxPageTreeDepth = 32
	maxPageTreeNodes = 5000
	maxOpsPerPage    = 2_000_000
	tinyFontPoints   = 1.0 // text drawn smaller than this is hidden
)

// readPDF reads the text layer page by page. The page tree is walked here
// (depth and node bounds, so a tree that loops ends) and inherited
// attributes are passed down rather than looked up through /Parent; each
// page's content stream is interpreted with our own text state so that
// render mode, fill colour, position and size are known for every run of
// text. Runs a reader would not see are reported as Hidden: render mode 3
// or 7, white fill, drawn outside the page's MediaBox, or smaller than
// 1 pt. Text in Form XObjects drawn by the page ("Do") is read with the
// page (bounded: see drawForm); text in annotations is not read.
func readPDF(b *budget, data []byte, lim Limits) (*Document, error) {
	if err := prescanPDF(b, data, lim.MaxUncompressed); err != nil {
		return nil, err
	}
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, &Error{Kind: KindUnreadable, Message: "The PDF cannot be parsed.", Err: err}
	}
	root := r.Trailer().Key("Root").Key("Pages")
	if root.IsNull() {
		return nil, unreadable("The PDF has no page tree.")
	}
	w := pageWalker{b: b, max: lim.MaxPages}
	w.walk(root, inherited{}, 0)
	if w.err != nil {
		return nil, w.err
	}
	claimed := int(root.Key("Count").Int64())
	if len(w.pages) > lim.MaxPages {
		return nil, tooLarge("pages", int64(lim.MaxPages), int64(max(claimed, len(w.pages))))
	}
	if len(w.pages) == 0 {
		return nil, unreadable("The PDF has no pages.")
	}
	doc := &Document{Format: FormatPDF, Pages: len(w.pages)}
	if t := r.Trailer().Key("Info").Key("Title"); t.Kind() == pdf.String {
		doc.Title = t.Text()
	}
	fs := newForms(lim.MaxUncompressed)
	for i, pg := range w.pages {
		lines, hidden := readPage(b, fs, pg)
		if len(lines) == 0 {
			doc.PagesWithoutText++
		}
		for _, l := range lines {
			// A line laid out in columns (runs placed apart, or one run
			// with a wide gap of spaces) is a table row, its cells joined
			// by " | " as in the other formats.
			if row, ok := spacedRow(l); ok {
				doc.Blocks = append(doc.Blocks, Block{Text: row, Page: i + 1, Row: true})
				continue
			}
			doc.Blocks = append(doc.Blocks, Block{Text: l, Page: i + 1, Heading: LooksLikeHeading(l)})
		}
		for _, h := range hidden {
			h.Page = i + 1
			doc.Hidden = append(doc.Hidden, h)
		}
	}
	if fs.skipped > 0 {
		doc.Notes = append(doc.Notes, "form_xobjects_skipped")
	}
	return doc, nil
}

type inherited struct {
	resources, mediaBox pdf.Value
}

type pdfPage struct {
	node pdf.Value
	inh  inherited
}

type pageWalker struct {
	b     *budget
	max   int
	nodes int
	pages []pdfPage
	err   error
}

func (w *pageWalker) walk(node pdf.Value, inh inherited, depth int) {
	w.b.check()
	if w.err != nil || len(w.pages) > w.max {
		return
	}
	w.nodes++
	if depth > maxPageTreeDepth || w.nodes > maxPageTreeNodes {
		w.err = unreadable("The PDF page tree is too deep or loops.")
		return
	}
	if v := node.Key("Resources"); !v.IsNull() {
		inh.resources = v
	}
	if v := node.Key("MediaBox"); !v.IsNull() {
		inh.mediaBox = v
	}
	kids := node.Key("Kids")
	typ := node.Key("Type").Name()
	if typ == "Pages" || (typ == "" && kids.Kind() == pdf.Array) {
		for i := 0; i < kids.Len() && i < maxPageTreeNodes; i++ {
			w.walk(kids.Index(i), inh, depth+1)
		}
		return
	}
	w.pages = append(w.pages, pdfPage{node: node, inh: inh})
}

type matrix [3][3]float64

var identity = matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func (m matrix) times(n matrix) matrix {
	var out matrix
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				out[i][j] += m[i][k] * n[k][j]
			}
		}
	}
	return out
}

func translate(x, y float64) matrix { return matrix{{1, 0, 0}, {0, 1, 0}, {x, y, 1}} }

type textState struct {
	ctm        matrix
	fill       []float64 // the non-stroking colour components
	font       string
	size       float64
	charSpace  float64
	wordSpace  float64
	scale      float64 // horizontal scaling, 1 = 100 %
	leading    float64
	rise       float64
	renderMode int
	clip       [4]float64 // page-space rectangle text is clipped to (page box, form bounding boxes)
}

type run struct {
	text       string
	x, y, size float64
	// xEnd is where the run ends on its line (its start plus the
	// advance of its glyphs: their widths, or half the size a byte when
	// the font states none, which can only overestimate it).
	xEnd   float64
	hidden string
}

// Bounds of Form XObjects (content drawn with "Do"): how deep forms may
// nest, how many may be drawn in one document, and how many bytes of form
// content may be interpreted in all (a form drawn ten times counts ten
// times). A form that is already being drawn (a loop, directly or through
// other forms) is not drawn again.
const (
	maxFormDepth     = 8
	maxFormDraws     = 1000
	defaultFormBytes = 64 << 20
)

// forms is the per-document state of Form XObject drawing.
type forms struct {
	draws int
	left  int64            // bytes of form content still allowed
	sizes map[string]int64 // decoded size of each form, by identity
	// skipped counts forms not drawn because of a bound.
	skipped int
}

func newForms(limit int64) *forms {
	if limit <= 0 {
		limit = defaultFormBytes
	}
	return &forms{left: limit, sizes: map[string]int64{}}
}

// streamID identifies a stream object: the parser prints a stream as its
// header followed by "@" and the offset of its data in the file.
func streamID(v pdf.Value) string {
	s := v.String()
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		return s[i:]
	}
	return s
}

// size returns the decoded size of a form's content, reading it once
// (through the budget, at most limit+1 bytes). ok is false when the
// stream cannot be decoded.
func (fs *forms) size(b *budget, id string, v pdf.Value) (n int64, ok bool) {
	if n, ok := fs.sizes[id]; ok {
		return n, n >= 0
	}
	defer func() {
		if x := recover(); x != nil {
			if x == errBudget {
				panic(x)
			}
			fs.sizes[id], n, ok = -1, -1, false
		}
	}()
	rd := v.Reader()
	defer rd.Close()
	buf := make([]byte, 32<<10)
	for {
		b.check()
		m, err := rd.Read(buf)
		n += int64(m)
		if n > fs.left {
			break
		}
		if err != nil {
			if err != io.EOF {
				fs.sizes[id] = -1
				return -1, false
			}
			break
		}
	}
	fs.sizes[id] = n
	return n, true
}

// pageReader interprets one page's content stream, and the Form XObjects
// it draws, with its own graphics and text state.
type pageReader struct {
	b     *budget
	forms *forms
	box   [4]float64 // the page's MediaBox
	fonts map[string]*pdf.Font
	ops   int
	runs  []run
	// active are the forms being drawn (by identity), to refuse loops.
	active []string
}

// readPage interprets one page's content stream and returns its visible
// lines (top to bottom) and its hidden runs.
func readPage(b *budget, fs *forms, pg pdfPage) (lines []string, hidden []Hidden) {
	contents := pg.node.Key("Contents")
	if contents.IsNull() {
		return nil, nil
	}
	pr := &pageReader{b: b, forms: fs, box: [4]float64{0, 0, 612, 792}, fonts: map[string]*pdf.Font{}}
	if mb := pg.inh.mediaBox; mb.Kind() == pdf.Array && mb.Len() == 4 {
		for i := 0; i < 4; i++ {
			pr.box[i] = mb.Index(i).Float64()
		}
	}
	g := textState{ctm: identity, scale: 1, fill: []float64{0}, clip: pr.box}
	pr.interpret(contents, pg.inh.resources, "page", g)
	return layout(pr.runs)
}

// interpret runs one content stream (a page's, or a form's with resources
// res) from graphics state g0. scope names the stream, for the font cache.
func (pr *pageReader) interpret(contents, res pdf.Value, scope string, g0 textState) {
	b := pr.b
	fontDict := res.Key("Font")
	encoder := func(name string) (*pdf.Font, pdf.TextEncoding) {
		f, ok := pr.fonts[scope+"/"+name]
		if !ok {
			f = &pdf.Font{V: fontDict.Key(name)}
			pr.fonts[scope+"/"+name] = f
		}
		if f.V.IsNull() {
			return f, nil
		}
		return f, f.Encoder()
	}
	g := g0
	var stack []textState
	tm, tlm := identity, identity
	var pending strings.Builder // text of one TJ/Tj being assembled
	show := func(raw string) {
		if raw == "" {
			return
		}
		f, enc := encoder(g.font)
		var text string
		if enc != nil {
			text = enc.Decode(raw)
		} else {
			text = raw
		}
		// Advance the text matrix by the glyph widths (simple fonts) or an
		// estimate of half the size per character.
		adv := 0.0
		for i := 0; i < len(raw); i++ {
			w := 0.0
			if f != nil && !f.V.IsNull() {
				w = f.Width(int(raw[i]))
			}
			if w == 0 {
				w = 500
			}
			adv += (w/1000*g.size + g.charSpace) * g.scale
			if raw[i] == ' ' {
				adv += g.wordSpace * g.scale
			}
		}
		pending.WriteString(text)
		tm = translate(adv, 0).times(tm)
	}
	emit := func(start matrix) {
		text := pending.String()
		pending.Reset()
		if strings.TrimSpace(text) == "" {
			return
		}
		trm := matrix{{g.size * g.scale, 0, 0}, {0, g.size, 0}, {0, g.rise, 1}}.times(start).times(g.ctm)
		x, y := trm[2][0], trm[2][1]
		sc := start.times(g.ctm)
		eff := math.Abs(g.size) * math.Sqrt(math.Abs(sc[0][0]*sc[1][1]-sc[0][1]*sc[1][0]))
		end := matrix{{g.size * g.scale, 0, 0}, {0, g.size, 0}, {0, g.rise, 1}}.times(tm).times(g.ctm)
		rn := run{text: text, x: x, y: y, size: eff, xEnd: end[2][0]}
		box, clip := pr.box, g.clip
		switch {
		case g.renderMode == 3 || g.renderMode == 7:
			rn.hidden = "pdf text render mode " + string(rune('0'+g.renderMode)) + " (invisible)"
		case isWhite(g.fill) && g.renderMode != 1 && g.renderMode != 5:
			rn.hidden = "pdf white text"
		case x < box[0]-2 || x > box[2]+2 || y < box[1]-2 || y > box[3]+2:
			rn.hidden = "pdf text outside the page"
		case x < clip[0]-2 || x > clip[2]+2 || y < clip[1]-2 || y > clip[3]+2:
			rn.hidden = "pdf text outside its form's bounding box (clipped)"
		case eff < tinyFontPoints:
			rn.hidden = "pdf text smaller than 1 pt"
		}
		pr.runs = append(pr.runs, rn)
	}
	pdf.Interpret(contents, func(stk *pdf.Stack, op string) {
		b.check()
		pr.ops++
		if pr.ops > maxOpsPerPage {
			panic(errBudget)
		}
		n := stk.Len()
		args := make([]pdf.Value, n)
		for i := n - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 {
			if i < len(args) {
				return args[i].Float64()
			}
			return 0
		}
		switch op {
		case "q":
			if len(stack) < 64 {
				stack = append(stack, g)
			}
		case "Q":
			if len(stack) > 0 {
				g = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		case "cm":
			if len(args) == 6 {
				m := matrix{{num(0), num(1), 0}, {num(2), num(3), 0}, {num(4), num(5), 1}}
				g.ctm = m.times(g.ctm)
			}
		case "g":
			g.fill = []float64{num(0)}
		case "rg":
			g.fill = []float64{num(0), num(1), num(2)}
		case "k":
			// CMYK: white is all zero; store as its RGB equivalent.
			g.fill = []float64{(1 - num(0)) * (1 - num(3)), (1 - num(1)) * (1 - num(3)), (1 - num(2)) * (1 - num(3))}
		case "sc", "scn":
			if len(args) == 1 || len(args) == 3 {
				g.fill = make([]float64, len(args))
				for i := range args {
					g.fill[i] = num(i)
				}
			}
		case "cs":
			g.fill = []float64{0}
		case "BT":
			tm, tlm = identity, identity
		case "Tf":
			if len(args) == 2 {
				g.font, g.size = args[0].Name(), num(1)
			}
		case "Tc":
			g.charSpace = num(0)
		case "Tw":
			g.wordSpace = num(0)
		case "Tz":
			g.scale = num(0) / 100
		case "TL":
			g.leading = num(0)
		case "Ts":
			g.rise = num(0)
		case "Tr":
			g.renderMode = int(num(0))
		case "Td", "TD":
			if op == "TD" {
				g.leading = -num(1)
			}
			tlm = translate(num(0), num(1)).times(tlm)
			tm = tlm
		case "Tm":
			if len(args) == 6 {
				tlm = matrix{{num(0), num(1), 0}, {num(2), num(3), 0}, {num(4), num(5), 1}}
				tm = tlm
			}
		case "T*":
			tlm = translate(0, -g.leading).times(tlm)
			tm = tlm
		case "Tj", "'", "\"":
			if op != "Tj" {
				if op == "\"" && len(args) == 3 {
					g.wordSpace, g.charSpace = num(0), num(1)
					args = args[2:]
				}
				tlm = translate(0, -g.leading).times(tlm)
				tm = tlm
			}
			if len(args) >= 1 {
				start := tm
				show(args[len(args)-1].RawString())
				emit(start)
			}
		case "TJ":
			if len(args) != 1 {
				return
			}
			start := tm
			arr := args[0]
			for i := 0; i < arr.Len() && i < 100_000; i++ {
				v := arr.Index(i)
				if v.Kind() == pdf.String {
					show(v.RawString())
					continue
				}
				adj := v.Float64()
				if adj < -200 { // a gap wide enough to be a space
					pending.WriteString(" ")
				}
				tm = translate(-adj/1000*g.size*g.scale, 0).times(tm)
			}
			emit(start)
		case "Do":
			if len(args) == 1 && args[0].Kind() == pdf.Name {
				pr.drawForm(res.Key("XObject").Key(args[0].Name()), res, g)
			}
		}
	})
}

// drawForm draws a Form XObject with graphics state g (its Matrix applied,
// its BBox clipping): text inside it is read like the page's own. Images
// and other XObjects are ignored. A form that is already being drawn, one
// nested deeper than maxFormDepth, or one past the draw and byte bounds is
// skipped (counted in forms.skipped); a form whose content cannot be
// decoded or parsed is skipped too, without losing the rest of the page.
func (pr *pageReader) drawForm(x, parentRes pdf.Value, g textState) {
	if x.Kind() != pdf.Stream || x.Key("Subtype").Name() != "Form" {
		return
	}
	fs := pr.forms
	id := streamID(x)
	if len(pr.active) >= maxFormDepth || slices.Contains(pr.active, id) || fs.draws >= maxFormDraws {
		fs.skipped++
		return
	}
	n, ok := fs.size(pr.b, id, x)
	if !ok || n > fs.left {
		fs.skipped++
		return
	}
	fs.left -= n
	fs.draws++
	if m := x.Key("Matrix"); m.Kind() == pdf.Array && m.Len() == 6 {
		fm := matrix{{m.Index(0).Float64(), m.Index(1).Float64(), 0}, {m.Index(2).Float64(), m.Index(3).Float64(), 0}, {m.Index(4).Float64(), m.Index(5).Float64(), 1}}
		g.ctm = fm.times(g.ctm)
	}
	if bb := x.Key("BBox"); bb.Kind() == pdf.Array && bb.Len() == 4 {
		g.clip = intersect(g.clip, transformRect(bb.Index(0).Float64(), bb.Index(1).Float64(), bb.Index(2).Float64(), bb.Index(3).Float64(), g.ctm))
	}
	res := x.Key("Resources")
	if res.IsNull() {
		res = parentRes // older files rely on the page's resources
	}
	pr.active = append(pr.active, id)
	defer func() {
		pr.active = pr.active[:len(pr.active)-1]
		if r := recover(); r != nil {
			if r == errBudget {
				panic(r)
			}
			fs.skipped++ // a broken form loses its own text only
		}
	}()
	pr.interpret(x, res, "form"+id, g)
}

// transformRect maps a rectangle through m and returns the axis-aligned
// rectangle holding its image.
func transformRect(x0, y0, x1, y1 float64, m matrix) [4]float64 {
	out := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, p := range [][2]float64{{x0, y0}, {x0, y1}, {x1, y0}, {x1, y1}} {
		x := p[0]*m[0][0] + p[1]*m[1][0] + m[2][0]
		y := p[0]*m[0][1] + p[1]*m[1][1] + m[2][1]
		out[0], out[1] = math.Min(out[0], x), math.Min(out[1], y)
		out[2], out[3] = math.Max(out[2], x), math.Max(out[3], y)
	}
	return out
}

func intersect(a, b [4]float64) [4]float64 {
	return [4]float64{math.Max(a[0], b[0]), math.Max(a[1], b[1]), math.Min(a[2], b[2]), math.Min(a[3], b[3])}
}

func isWhite(c []float64) bool {
	if len(c) == 0 {
		return false
	}
	for _, v := range c {
		if v < 0.97 {
			return false
		}
	}
	return true
}

// layout groups visible runs into lines by baseline (top to bottom), left
// to right within a line — right to left when the line is mostly Arabic
// and made of several runs — and normalises presentation forms (NFKC).
func layout(runs []run) (lines []string, hidden []Hidden) {
	var vis []run
	for _, r := range runs {
		if r.hidden != "" {
			hidden = append(hidden, Hidden{Text: norm.NFKC.String(r.text), Reason: r.hidden})
			continue
		}
		vis = append(vis, r)
	}
	sort.SliceStable(vis, func(i, j int) bool {
		if math.Abs(vis[i].y-vis[j].y) > tolerance(vis[i], vis[j]) {
			return vis[i].y > vis[j].y
		}
		return false
	})
	for i := 0; i < len(vis); {
		j := i + 1
		for j < len(vis) && math.Abs(vis[j].y-vis[i].y) <= tolerance(vis[i], vis[j]) {
			j++
		}
		line := vis[i:j]
		rtl := arabicShare(line) > 0.5
		sort.SliceStable(line, func(a, c int) bool {
			if rtl {
				return line[a].x > line[c].x
			}
			return line[a].x < line[c].x
		})
		var sb strings.Builder
		for k, r := range line {
			if k > 0 {
				sb.WriteString(runGap(line[k-1], r, rtl))
			}
			sb.WriteString(r.text)
		}
		lines = append(lines, norm.NFKC.String(sb.String()))
		i = j
	}
	return lines, hidden
}

// runGap is what parts two runs of a line: a space, or, when the blank
// between them is wider than columnGapEm times their size (cells of a
// table placed apart), a column gap of three spaces, which readPDF reads
// as a table row as a text file's spaced columns are.
func runGap(prev, next run, rtl bool) string {
	gap := next.x - prev.xEnd
	if rtl {
		gap = prev.x - next.xEnd
	}
	if gap > columnGapEm*math.Max(prev.size, next.size) {
		return "   "
	}
	return " "
}

// columnGapEm: a blank wider than this many ems between two runs parts
// two columns; words of justified prose are set closer.
const columnGapEm = 1.5

func tolerance(a, b run) float64 {
	return math.Max(1, 0.5*math.Min(math.Abs(a.size), math.Abs(b.size)))
}

func arabicShare(line []run) float64 {
	if len(line) < 2 {
		return 0
	}
	ar, letters := 0, 0
	for _, r := range line {
		for _, c := range r.text {
			if unicode.IsLetter(c) {
				letters++
				if unicode.Is(unicode.Arabic, c) {
					ar++
				}
			}
		}
	}
	if letters == 0 {
		return 0
	}
	return float64(ar) / float64(letters)
}
