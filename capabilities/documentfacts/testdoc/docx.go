package testdoc

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"time"
)

var fixedTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// Para is a DOCX paragraph, or a table when Table is set.
type Para struct {
	Text   string
	Style  string // "Heading1", "Title", ...
	Vanish bool   // hidden text
	White  bool   // white text
	Table  [][]string
	Break  bool // a page break after the paragraph
}

// DOCX zips a minimal WordprocessingML package.
func DOCX(paras []Para, extra map[string][]byte) []byte {
	var body strings.Builder
	for _, p := range paras {
		if p.Table != nil {
			body.WriteString("<w:tbl>")
			for _, row := range p.Table {
				body.WriteString("<w:tr>")
				for _, c := range row {
					// A line break in a cell writes a paragraph each.
					body.WriteString("<w:tc>")
					for _, line := range strings.Split(c, "\n") {
						fmt.Fprintf(&body, "<w:p><w:r><w:t>%s</w:t></w:r></w:p>", esc(line))
					}
					body.WriteString("</w:tc>")
				}
				body.WriteString("</w:tr>")
			}
			body.WriteString("</w:tbl>")
			continue
		}
		body.WriteString("<w:p>")
		if p.Style != "" {
			fmt.Fprintf(&body, `<w:pPr><w:pStyle w:val="%s"/></w:pPr>`, p.Style)
		}
		rpr := ""
		if p.Vanish {
			rpr = "<w:rPr><w:vanish/></w:rPr>"
		} else if p.White {
			rpr = `<w:rPr><w:color w:val="FFFFFF"/></w:rPr>`
		}
		fmt.Fprintf(&body, `<w:r>%s<w:t xml:space="preserve">%s</w:t></w:r>`, rpr, esc(p.Text))
		if p.Break {
			body.WriteString(`<w:r><w:br w:type="page"/></w:r>`)
		}
		body.WriteString("</w:p>")
	}
	doc := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
		`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` + body.String() + `</w:body></w:document>`
	files := map[string][]byte{
		"[Content_Types].xml": []byte(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
		"word/document.xml":   []byte(doc),
	}
	for k, v := range extra {
		files[k] = v
	}
	return Zip(files, "[Content_Types].xml", "word/document.xml")
}

// Zip writes files, the named ones first in that order, then the rest.
func Zip(files map[string][]byte, order ...string) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	done := map[string]bool{}
	write := func(name string) {
		if done[name] {
			return
		}
		done[name] = true
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: fixedTime})
		w.Write(files[name])
	}
	for _, n := range order {
		if _, ok := files[n]; ok {
			write(n)
		}
	}
	for n := range files {
		write(n)
	}
	zw.Close()
	return b.Bytes()
}

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
