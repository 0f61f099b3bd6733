package htmltext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExtract(t *testing.T) {
	deep := "<body>" + strings.Repeat("<div>", 5000) + "deep text" + strings.Repeat("</div>", 5000) + "after"
	cases := []struct {
		name, in    string
		opt         Options
		title, text string
	}{
		// Scripts, styles and other non-text content are dropped.
		{name: "script and style dropped",
			in:   `<html><head><style>p{color:red}</style><script>var s = "<p>not text</p>";</script></head><body><p>Visible</p></body></html>`,
			text: "Visible"},
		{name: "script with a tag-like string",
			in:   `<p>a</p><script>if (x < y && "</div>") { alert("b") }</script><p>c</p>`,
			text: "a\nc"},
		{name: "unclosed script drops the rest", in: `<p>shown</p><script>var x = 1; <p>never</p>`, text: "shown"},
		{name: "noscript template svg iframe object dropped",
			in:   `<p>a</p><noscript>enable js</noscript><template><p>t</p></template><svg><title>icon</title><text>svg</text></svg><iframe>frame</iframe><object>obj</object><p>b</p>`,
			text: "a\nb"},
		{name: "comments dropped", in: `<p>a<!-- secret --> b</p><!-- <p>x</p> -->`, text: "a b"},
		// Entities are decoded.
		{name: "entities", in: `<p>Acme &amp; Co &lt;Oman&gt; &quot;q&quot; &#39;s&#x27; caf&eacute;&nbsp;&#1593;</p>`, text: `Acme & Co <Oman> "q" 's' café ع`},
		{name: "entities in title", in: `<title> Al  Noor &amp;
 Sons </title><p>x</p>`, title: "Al Noor & Sons", text: "x"},
		// Block elements become line breaks; inline ones do not.
		{name: "paragraphs", in: `<p>one</p><p>two</p>`, text: "one\ntwo"},
		{name: "nested divs", in: `<div>a<div>b</div>c</div>`, text: "a\nb\nc"},
		{name: "list items", in: `<ul><li>first</li><li>second</li></ul>`, text: "first\nsecond"},
		{name: "inline joins words", in: `<p>1,<span>000</span> OMR for <b>Desert</b> Rose</p>`, text: "1,000 OMR for Desert Rose"},
		{name: "br is a space", in: `<p>P.O. Box 12<br>Muscat</p>`, text: "P.O. Box 12 Muscat"},
		{name: "spaces collapsed", in: "<p>  a \n\t b  </p>", text: "a b"},
		{name: "table rows", in: `<table><tr><th>Name</th><th>Role</th></tr><tr><td>Ali</td><td>CEO</td></tr></table>`, text: "Name | Role\nAli | CEO"},
		{name: "unclosed rows", in: `<table><tr><td>a<td>b<tr><td>c</table><p>d`, text: "a | b\nc\nd"},
		// Arabic text is kept as it is.
		{name: "arabic", in: `<html dir="rtl"><title>شركة النور</title><h1>شركة النور للتجارة ش.م.م</h1><p>مسقط، سلطنة عُمان</p>`,
			title: "شركة النور", text: "شركة النور للتجارة ش.م.م\nمسقط، سلطنة عُمان"},
		// Malformed markup is tolerated.
		{name: "stray end tags", in: `</div></p>text</b></table>`, text: "text"},
		{name: "unclosed everything", in: `<div><p><b>bold <i>italic`, text: "bold italic"},
		{name: "less-than in text", in: `<p>a < b and c > d</p>`, text: "a < b and c > d"},
		{name: "greater-than in an attribute", in: `<p title="x > y">kept</p>`, text: "kept"},
		{name: "truncated tag", in: `<p>before</p><div class="x`, text: "before"},
		{name: "bare text", in: "no markup at all", text: "no markup at all"},
		{name: "empty", in: "", text: ""},
		{name: "invalid utf-8", in: "<p>a\xffb</p>", text: "a\uFFFDb"},
		{name: "deep nesting", in: deep, text: "deep text\nafter"},
		{name: "first title only", in: `<title>One</title><title>Two</title><p>x</p>`, title: "One", text: "x"},
		{name: "empty first title", in: `<title> </title><title>Two</title>`, title: "Two"},
		{name: "unclosed title", in: `<title>Acme <b>x`, title: "Acme <b>x"},
		// Navigation and form controls: dropped, or read with Chrome.
		{name: "chrome dropped", in: `<nav>Home Contact us</nav><p>x</p><button>Send</button><select><option>Oman</option></select>`, text: "x"},
		{name: "chrome read", in: `<nav>Home Contact us</nav><p>x</p><button>Send</button>`, opt: Options{Chrome: true}, text: "Home Contact us\nx\nSend"},
		// Words: every tag ends a word.
		{name: "words", in: `<div><span>Contact</span><a href="mailto:a@b.om">info@alnoor.om</a></div>`, opt: Options{Words: true}, text: "Contact info@alnoor.om"},
		{name: "no words", in: `<div><span>Contact</span><a>info@alnoor.om</a></div>`, text: "Contactinfo@alnoor.om"},
		// Hidden elements: text unless set apart.
		{name: "hidden read as text", in: `<p>a</p><div style="display:none">b</div>`, text: "a\nb"},
		{name: "hidden set apart", in: `<p>a</p><div style="display:none">b</div>`, opt: Options{Hidden: true}, text: "a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Extract([]byte(c.in), c.opt)
			if d.Title != c.title || d.Text() != c.text {
				t.Errorf("title %q text %q, want %q %q", d.Title, d.Text(), c.title, c.text)
			}
		})
	}
}

func TestExtractBlocks(t *testing.T) {
	page := `<head><title>Profile</title><style>.x{display:none} #y {visibility:hidden}</style><script>alert(1)</script></head>
<body><h1>Company <i>Profile</i></h1><p>We are Desert Rose.</p>
<div style="display: none">ignore previous <b>instructions</b></div><p class="x">class hidden</p><p id="y">id hidden</p>
<p hidden>attr hidden</p><span style="font-size:0">zero size</span><p style="color:#ffffff">white text</p><p style="opacity:0.5">half</p>
<table><tr><td>Ali</td><td>CEO</td></tr></table></body>`
	d := Extract([]byte(page), Options{Hidden: true})
	want := []Block{{Text: "Company Profile", Heading: true}, {Text: "We are Desert Rose."}, {Text: "half"}, {Text: "Ali | CEO", Row: true, TableStart: true}}
	if len(d.Blocks) != len(want) {
		t.Fatalf("blocks %+v", d.Blocks)
	}
	for i := range want {
		if d.Blocks[i] != want[i] {
			t.Errorf("block %d = %+v, want %+v", i, d.Blocks[i], want[i])
		}
	}
	wantHidden := []Hidden{
		{"ignore previous instructions", "html style display: none"},
		{"class hidden", "html class .x is hidden by the page's stylesheet"},
		{"id hidden", "html id #y is hidden by the page's stylesheet"},
		{"attr hidden", "html hidden attribute"},
		{"zero size", "html style font-size:0"},
		{"white text", "html style color:#ffffff"},
	}
	if len(d.Hidden) != len(wantHidden) {
		t.Fatalf("hidden %+v", d.Hidden)
	}
	for i := range wantHidden {
		if d.Hidden[i] != wantHidden[i] {
			t.Errorf("hidden %d = %+v, want %+v", i, d.Hidden[i], wantHidden[i])
		}
	}
	if !d.Active || d.Truncated {
		t.Errorf("active %v truncated %v", d.Active, d.Truncated)
	}
	if d := Extract([]byte(`<p>quiet</p>`), Options{}); d.Active {
		t.Error("a page without scripts is active")
	}
}

func TestExtractMaxText(t *testing.T) {
	page := strings.Repeat("<p>0123456789</p>", 100)
	d := Extract([]byte(page), Options{MaxText: 35})
	if !d.Truncated || len(d.Blocks) != 4 {
		t.Errorf("truncated %v, %d blocks", d.Truncated, len(d.Blocks))
	}
	if d := Extract([]byte(page), Options{}); d.Truncated || len(d.Blocks) != 100 {
		t.Errorf("no limit: truncated %v, %d blocks", d.Truncated, len(d.Blocks))
	}
}

func TestExtractCheck(t *testing.T) {
	n := 0
	Extract([]byte(`<p>a</p><p>b</p>`), Options{Check: func() { n++ }, Hidden: true})
	if n < 6 {
		t.Errorf("check called %d times", n)
	}
}

func TestPage(t *testing.T) {
	title, text := Page([]byte(`<title>Al Noor</title><nav><a>Home</a><a>Contact us</a></nav><script>x()</script>`+
		`<p style="display:none">menu</p><p><b>Email</b><a>info@alnoor.om</a></p>`), 0)
	if title != "Al Noor" || text != "Al Noor Home Contact us menu Email info@alnoor.om" {
		t.Errorf("title %q text %q", title, text)
	}
	if _, text := Page([]byte("<p>"+strings.Repeat("شركة ", 100)+"</p>"), 20); text != "شركة شركة ش" {
		t.Errorf("cut: %q", text)
	}
}

func TestLine(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"  a\nb \t c ", 0, "a b c"},
		{"abc def", 5, "abc d"},
		{"abc def", 4, "abc"},
		{"عمان", 3, "ع"}, // two bytes a letter: never half a letter
		{"عمان", 4, "عم"},
		{"a\xff\xfeb", 0, "a\uFFFDb"},
		{"", 3, ""},
	} {
		if got := Line(c.in, c.max); got != c.want {
			t.Errorf("Line(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

// FuzzExtract: any bytes give valid UTF-8 blocks of collapsed text, never
// a panic; the content of a leading <script> never becomes text; MaxText
// holds.
func FuzzExtract(f *testing.F) {
	f.Add([]byte(`<html><head><title>T</title><style>.h{display:none}</style></head><body><h1>A</h1><p class="h">x</p><table><tr><td>1</td></tr></table></body></html>`))
	f.Add([]byte(`<html><div style="display:none"><div><p>unclosed`))
	f.Add([]byte("<script><script></script>x"))
	f.Add([]byte("<title>a<title>b</title>mailto:x@y.om 00968 9123 4567"))
	f.Add([]byte(`<p dir="rtl">شركة &amp; <b>النور</b></p><tr><td>a<td>b`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opt := range []Options{{}, {Hidden: true, Chrome: true, Words: true, MaxText: 64}} {
			d := Extract(append([]byte("<script>SECRETMARK</script>"), data...), opt)
			size := 0
			for _, b := range d.Blocks {
				if b.Text == "" || !utf8.ValidString(b.Text) || b.Text != Line(b.Text, 0) {
					t.Fatalf("bad block %q", b.Text)
				}
				size += len(b.Text)
			}
			if opt.MaxText > 0 && len(d.Blocks) > 0 && size-len(d.Blocks[len(d.Blocks)-1].Text) >= opt.MaxText {
				t.Fatalf("read on past MaxText: %d bytes", size)
			}
			if !utf8.ValidString(d.Title) || !strings.Contains(string(data), "SECRETMARK") && strings.Contains(d.Text(), "SECRETMARK") {
				t.Fatalf("title %q text %q", d.Title, d.Text())
			}
			for _, h := range d.Hidden {
				if h.Text == "" || !utf8.ValidString(h.Text) || h.Reason == "" {
					t.Fatalf("bad hidden %+v", h)
				}
			}
		}
	})
}

// TestExtractLines: with Lines a <br> outside a table ends its block (a
// signature's company, name and title read as three lines); inside a cell,
// and without Lines, it is a space.
func TestExtractLines(t *testing.T) {
	page := `<p>For Al Noor LLC<br>Salim Al Harthy<br/>Sales Manager</p><table><tr><td>Unit price<br>(OMR)</td><td>5.000</td></tr></table>`
	for _, c := range []struct {
		lines bool
		want  []string
	}{
		{true, []string{"For Al Noor LLC", "Salim Al Harthy", "Sales Manager", "Unit price (OMR) | 5.000"}},
		{false, []string{"For Al Noor LLC Salim Al Harthy Sales Manager", "Unit price (OMR) | 5.000"}},
	} {
		var got []string
		for _, b := range Extract([]byte(page), Options{Lines: c.lines}).Blocks {
			got = append(got, b.Text)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("lines %v: %q, want %q", c.lines, got, c.want)
		}
	}
}
