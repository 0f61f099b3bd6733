package documentfacts

import (
	"regexp"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// Contacts: emails, phone and fax numbers (E.164 via libphonenumber)
// and web addresses.

var (
	reEmail  = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`)
	rePhone  = regexp.MustCompile(`(?:\+|00)` + D + `[0-9\x{0660}-\x{0669} ().-]{6,18}` + D + `|` + D + `[0-9\x{0660}-\x{0669} ().-]{5,16}` + D)
	reURL    = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"'()|]+`)
	phoneCue = []string{"tel", "phone", "mobile", "mob", "fax", "call", "contact", "whatsapp", "هاتف", "الهاتف", "جوال", "الجوال", "نقال", "فاكس"}
)

func (x *extractor) contacts(t string, base int, prev string) {
	for _, m := range reEmail.FindAllStringIndex(t, -1) {
		v := strings.TrimRight(t[m[0]:m[1]], ".")
		f := Fact{Type: TypeEmail, Key: "email", Label: "Email", Value: v, Normalized: strings.ToLower(v), Method: "pattern", Confidence: 0.95}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[0] + len(v), prio: 6})
	}
	for _, m := range reURL.FindAllStringIndex(t, -1) {
		if m[0] > 0 && t[m[0]-1] == '@' {
			continue
		}
		v := strings.TrimRight(t[m[0]:m[1]], ".,;:!?]")
		norm := v
		if strings.HasPrefix(strings.ToLower(v), "www.") {
			norm = "https://" + v
		}
		if i := strings.Index(norm, "://"); i > 0 {
			rest := norm[i+3:]
			host, path, _ := strings.Cut(rest, "/")
			norm = strings.ToLower(norm[:i]) + "://" + strings.ToLower(host)
			if path != "" || strings.HasSuffix(rest, "/") {
				norm += "/" + path
			}
		}
		f := Fact{Type: TypeURL, Key: "url", Label: "URL (never fetched)", Value: v, Normalized: norm, Method: "pattern", Confidence: 0.9}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[0] + len(v), prio: 6})
	}
	for _, m := range rePhone.FindAllStringIndex(t, -1) {
		x.stop.step() // stop.go
		raw := strings.TrimRight(t[m[0]:m[1]], " .-(")
		ctx := lowerASCII(ctxBefore(t, m[0], prev))
		if len(ctx) > 40 {
			ctx = ctx[len(ctx)-40:]
		}
		cued := false
		fax := false
		for _, c := range phoneCue {
			if strings.Contains(ctx, c) {
				cued = true
				fax = fax || c == "fax" || c == "فاكس"
			}
		}
		intl := strings.HasPrefix(raw, "+") || strings.HasPrefix(raw, "00")
		if !cued && !intl {
			continue
		}
		digits := asciiDigits(raw)
		num, err := phonenumbers.Parse(digits, "OM")
		if err != nil || !phonenumbers.IsValidNumber(num) {
			continue
		}
		f := Fact{Type: TypePhone, Key: "phone", Label: "Phone", Value: raw, Normalized: phonenumbers.Format(num, phonenumbers.E164), Method: "pattern", Confidence: 0.88}
		if fax {
			f.Key, f.Label = "fax", "Fax"
		}
		x.add(candidate{fact: f, start: base + m[0], end: base + m[0] + len(raw), prio: 1})
	}
}
