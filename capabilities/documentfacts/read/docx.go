package read

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

const (
	defaultMaxPart = 20 << 20 // bytes a DOCX part may inflate to
	maxZipEntries  = 2000
)

// zipKind tells a DOCX from other zip containers (xlsx, pptx, odt, plain
// archives) by the parts it holds.
func zipKind(data []byte) (Format, string, bool) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return FormatDOCX, "docx", true // let the reader report it as unreadable
	}
	has := func(prefix string) bool {
		for _, f := range zr.File {
			if strings.HasPrefix(f.Name, prefix) {
				return true
			}
		}
		return false
	}
	switch {
	case has("word/document.xml"):
		return FormatDOCX, "docx", true
	case has("xl/"):
		return "", "xlsx", false
	case has("ppt/"):
		return "", "pptx", false
	case has("content.xml"):
		return "", "opendocument", false
	}
	return "", "archive", false
}

// readDOCX reads word/document.xml: paragraphs as blocks, Heading/Title
// styles as headings, table rows with cells joined by " | ", explicit page
// breaks counted. Runs marked vanish, white or smaller than 2 pt are
// hidden text. The part is inflated through a limit: a zip bomb stops at
// Limits.MaxUncompressed (default 20 MiB) whatever its header claims.
func readDOCX(b *budget, data []byte, lim Limits) (*Document, error) {
	maxPart := lim.MaxUncompressed
	if maxPart <= 0 {
		maxPart = defaultMaxPart
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, &Error{Kind: KindUnreadable, Message: "The DOCX file is not a valid zip archive.", Err: err}
	}
	if len(zr.File) > maxZipEntries {
		return nil, unreadable("The DOCX file has %d parts; at most %d are accepted.", len(zr.File), maxZipEntries)
	}
	doc := &Document{Format: FormatDOCX}
	var main *zip.File
	for _, f := range zr.File {
		switch {
		case f.Name == "word/document.xml":
			main = f
		case strings.HasSuffix(strings.ToLower(f.Name), "vbaproject.bin"):
			doc.Notes = appendOnce(doc.Notes, "macros_present")
		}
	}
	if main == nil {
		return nil, unreadable("The DOCX file has no word/document.xml.")
	}
	if main.UncompressedSize64 > uint64(maxPart) {
		return nil, tooLarge("bytes", maxPart, int64(main.UncompressedSize64))
	}
	rc, err := main.Open()
	if err != nil {
		return nil, &Error{Kind: KindUnreadable, Message: "The DOCX document part cannot be opened.", Err: err}
	}
	defer rc.Close()
	lr := &limitedReader{r: rc, n: maxPart}
	if err := parseDocumentXML(b, lr, doc); err != nil {
		if lr.over {
			return nil, tooLarge("bytes", maxPart, -1)
		}
		return nil, &Error{Kind: KindUnreadable, Message: "The DOCX document part is not valid XML.", Err: err}
	}
	if lr.over {
		return nil, tooLarge("bytes", maxPart, -1)
	}
	return doc, nil
}

// limitedReader fails once more than n bytes were read (io.LimitReader
// would end silently, hiding a bomb behind a truncated document).
type limitedReader struct {
	r    io.Reader
	n    int64
	over bool
}

var errPartTooLarge = errors.New("part larger than allowed")

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		l.over = true
		return 0, errPartTooLarge
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		l.over = true
		return n, errPartTooLarge
	}
	return n, err
}

type runProps struct {
	vanish, white bool
	tiny          bool
}

func parseDocumentXML(b *budget, r io.Reader, doc *Document) error {
	dec := xml.NewDecoder(r)
	dec.Strict = false
	var para, hidden strings.Builder
	hiddenReason := ""
	heading := false
	var rp runProps
	inRunProps, inText := false, false
	tableDepth := 0
	var cells, cell []string
	newTable := false // the next row read opens a table
	breaks := 0
	depth := 0
	for {
		b.check()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth > 256 {
				return errors.New("XML nested deeper than 256 elements")
			}
			switch t.Name.Local {
			case "p":
				para.Reset()
				heading = false
			case "pStyle":
				v := strings.ToLower(attr(t, "val"))
				heading = strings.HasPrefix(v, "heading") || v == "title" || strings.HasPrefix(v, "berschrift") || v == "subtitle"
			case "outlineLvl":
				heading = true
			case "r":
				rp = runProps{}
			case "rPr":
				inRunProps = true
			case "vanish", "specVanish":
				if inRunProps && attr(t, "val") != "0" && attr(t, "val") != "false" {
					rp.vanish = true
				}
			case "color":
				if inRunProps && strings.EqualFold(attr(t, "val"), "FFFFFF") {
					rp.white = true
				}
			case "sz":
				if inRunProps {
					if n, err := strconv.Atoi(attr(t, "val")); err == nil && n < 4 { // half-points
						rp.tiny = true
					}
				}
			case "t":
				inText = true
			case "tab":
				if !inRunProps {
					para.WriteString("\t")
				}
			case "br", "cr":
				if attr(t, "type") == "page" {
					breaks++
				}
				para.WriteString(" ")
			case "lastRenderedPageBreak":
			case "tbl":
				tableDepth++
				newTable = true
			case "tr":
				cells = cells[:0]
			case "tc":
				cell = cell[:0]
			}
		case xml.EndElement:
			depth--
			switch t.Name.Local {
			case "rPr":
				inRunProps = false
			case "t":
				inText = false
			case "p":
				text := strings.TrimSpace(para.String())
				if tableDepth > 0 {
					if text != "" {
						cell = append(cell, text) // a cell's paragraphs are one cell
					}
				} else if text != "" {
					doc.Blocks = append(doc.Blocks, Block{Text: text, Heading: heading})
				}
				if h := strings.TrimSpace(hidden.String()); h != "" {
					doc.Hidden = append(doc.Hidden, Hidden{Text: h, Reason: hiddenReason})
				}
				hidden.Reset()
				hiddenReason = ""
				para.Reset()
			case "tc":
				if len(cell) > 0 {
					cells = append(cells, strings.Join(cell, " "))
				}
				cell = cell[:0]
			case "tr":
				if len(cells) > 0 && tableDepth > 0 {
					doc.Blocks = append(doc.Blocks, Block{Text: strings.Join(cells, " | "), Row: true, TableStart: newTable})
					newTable = false
				}
				cells = cells[:0]
			case "tbl":
				if tableDepth > 0 {
					tableDepth--
				}
			}
		case xml.CharData:
			if !inText {
				continue
			}
			switch {
			case rp.vanish:
				hiddenReason = "docx hidden (vanish) text"
				hidden.Write(t)
			case rp.white:
				hiddenReason = "docx white text"
				hidden.Write(t)
			case rp.tiny:
				hiddenReason = "docx text smaller than 2 pt"
				hidden.Write(t)
			default:
				para.Write(t)
			}
		}
	}
	if breaks > 0 {
		doc.Pages = breaks + 1
	}
	return nil
}

func attr(t xml.StartElement, local string) string {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
