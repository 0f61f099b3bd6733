package read

import (
	"bytes"
	"math"
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
// 1 pt. Text in Form XObjects and annotations is not read.
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
	for i, pg := range w.pages {
		lines, hidden := readPage(b, pg)
		if len(lines) == 0 {
			doc.PagesWithoutText++
		}
		for _, l := range lines {
			doc.Blocks = append(doc.Blocks, Block{Text: l, Page: i + 1, Heading: LooksLikeHeading(l)})
		}
		for _, h := range hidden {
			h.Page = i + 1
			doc.Hidden = append(doc.Hidden, h)
		}
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
}

type run struct {
	text       string
	x, y, size float64
	hidden     string
}

// readPage interprets one page's content stream and returns its visible
// lines (top to bottom) and its hidden runs.
func readPage(b *budget, pg pdfPage) (lines []string, hidden []Hidden) {
	contents := pg.node.Key("Contents")
	if contents.IsNull() {
		return nil, nil
	}
	box := [4]float64{0, 0, 612, 792}
	if mb := pg.inh.mediaBox; mb.Kind() == pdf.Array && mb.Len() == 4 {
		for i := 0; i < 4; i++ {
			box[i] = mb.Index(i).Float64()
		}
	}
	fonts := map[string]*pdf.Font{}
	fontDict := pg.inh.resources.Key("Font")
	encoder := func(name string) (*pdf.Font, pdf.TextEncoding) {
		f, ok := fonts[name]
		if !ok {
			f = &pdf.Font{V: fontDict.Key(name)}
			fonts[name] = f
		}
		if f.V.IsNull() {
			return f, nil
		}
		return f, f.Encoder()
	}
	g := textState{ctm: identity, scale: 1, fill: []float64{0}}
	var stack []textState
	tm, tlm := identity, identity
	var runs []run
	ops := 0
	var pending strings.Builder // text of one TJ/Tj being assembled
	show := func(raw string, startTm matrix) {
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
		_ = startTm
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
		eff := math.Abs(g.size) * math.Sqrt(math.Abs(start.times(g.ctm)[0][0]*start.times(g.ctm)[1][1]-start.times(g.ctm)[0][1]*start.times(g.ctm)[1][0]))
		rn := run{text: text, x: x, y: y, size: eff}
		switch {
		case g.renderMode == 3 || g.renderMode == 7:
			rn.hidden = "pdf text render mode " + string(rune('0'+g.renderMode)) + " (invisible)"
		case isWhite(g.fill) && g.renderMode != 1 && g.renderMode != 5:
			rn.hidden = "pdf white text"
		case x < box[0]-2 || x > box[2]+2 || y < box[1]-2 || y > box[3]+2:
			rn.hidden = "pdf text outside the page"
		case eff < tinyFontPoints:
			rn.hidden = "pdf text smaller than 1 pt"
		}
		runs = append(runs, rn)
	}
	pdf.Interpret(contents, func(stk *pdf.Stack, op string) {
		b.check()
		ops++
		if ops > maxOpsPerPage {
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
				show(args[len(args)-1].RawString(), start)
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
					show(v.RawString(), start)
					continue
				}
				adj := v.Float64()
				if adj < -200 { // a gap wide enough to be a space
					pending.WriteString(" ")
				}
				tm = translate(-adj/1000*g.size*g.scale, 0).times(tm)
			}
			emit(start)
		}
	})
	return layout(runs)
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
				sb.WriteString(" ")
			}
			sb.WriteString(r.text)
		}
		lines = append(lines, norm.NFKC.String(sb.String()))
		i = j
	}
	return lines, hidden
}

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
