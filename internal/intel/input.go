package intel

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"net"
	"net/url"
	"regexp"
	"strings"
	"unicode"

	"dalil"
	"dalil/internal/evidence"
)

// CheckName returns the problem with a company name, or "": it must
// contain a letter or digit and be more than a legal form ("Ltd").
func CheckName(name string) string {
	if !strings.ContainsFunc(name, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return "must contain a letter or a digit"
	}
	if evidence.OnlyLegalForm(name) {
		return "is only a legal form; give the company's name"
	}
	return ""
}

// CheckCountry returns the ISO-2 code of an ISO-2/ISO-3 code or English
// country name, and a problem when it names no country.
func CheckCountry(c string) (string, string) {
	if strings.TrimSpace(c) == "" {
		return "", ""
	}
	code, ok := evidence.NormalizeCountry(c)
	if !ok {
		return "", "is not a country: give an ISO 3166 code (OM, GBR) or an English country name"
	}
	return code, ""
}

var leiRe = regexp.MustCompile(`^[A-Z0-9]{18}[0-9]{2}$`)

// ValidLEI reports whether s is an ISO 17442 LEI: 20 characters whose
// ISO 7064 mod 97-10 check (letters as 10-35) gives 1.
func ValidLEI(s string) bool {
	s = strings.ToUpper(strings.TrimSpace(s))
	if !leiRe.MatchString(s) {
		return false
	}
	var b strings.Builder
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			b.WriteString(big.NewInt(int64(r - 'A' + 10)).String())
		} else {
			b.WriteRune(r)
		}
	}
	n, ok := new(big.Int).SetString(b.String(), 10)
	return ok && new(big.Int).Mod(n, big.NewInt(97)).Int64() == 1
}

// RegNumberPattern is the shape of a registration number (reference
// service): a letter or digit, then letters, digits, spaces, dots,
// slashes and dashes.
const RegNumberPattern = `^[A-Za-z0-9][A-Za-z0-9 ./-]*$`

// WebsiteProblem is the one rule for a website a caller gives, whatever
// the capability: an http(s) address or a bare domain, of a domain name
// (no IP address in any spelling, no credentials, no port but 80 or 443,
// no single-label or local name such as .local, .internal, .localhost).
// It returns "" or what is wrong. ParseWebsite adds what the
// intelligence capabilities need on top (no reserved documentation name).
func WebsiteProblem(raw string) string {
	s := strings.TrimSpace(raw)
	if s == "" {
		return ""
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	_, _, problem := websiteURL(s)
	return problem
}

// websiteURL parses s (with a scheme) under WebsiteProblem's rule and
// returns the URL and its lower-case host.
func websiteURL(s string) (*url.URL, string, string) {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.User != nil {
		return nil, "", "is not a website address (https://example.com)"
	}
	h := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if net.ParseIP(h) != nil {
		return nil, "", "must be a domain name, not an IP address"
	}
	if !strings.Contains(h, ".") || u.Port() != "" && u.Port() != "443" && u.Port() != "80" {
		return nil, "", "must be a public domain name"
	}
	for _, bad := range []string{".local", ".localhost", ".internal", ".lan", ".home", ".corp", ".onion", ".arpa"} {
		if strings.HasSuffix(h, bad) {
			return nil, "", "must be a public domain name"
		}
	}
	return u, h, ""
}

// ParseWebsite checks a website or bare domain a caller gave and returns
// its https URL and its host. It must be a public domain name: no IP
// address, no single-label or local name, http or https only.
func ParseWebsite(raw string) (site, host, problem string) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", "", ""
	}
	if !strings.Contains(s, "://") {
		s = "https://" + s
	}
	u, h, problem := websiteURL(s)
	if problem != "" {
		return "", "", problem
	}
	for _, bad := range []string{".test", ".invalid", ".example"} {
		if strings.HasSuffix(h, bad) {
			return "", "", "must be a public domain name"
		}
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") ||
			strings.ContainsFunc(label, func(r rune) bool { return !(r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
			return "", "", "is not a valid domain name"
		}
	}
	host = strings.TrimPrefix(h, "www.")
	// A name under a top-level domain, not the TLD alone ("www.com"); no
	// TLD is all digits ("1.2.3" is no public name either).
	if labels := strings.Split(host, "."); len(labels) < 2 || !strings.ContainsFunc(labels[len(labels)-1], func(r rune) bool { return r >= 'a' && r <= 'z' }) {
		return "", "", "must be a public domain name"
	}
	// https on its default port: an http or :80 address is asked for
	// over https, as every check of the site does.
	u.Scheme, u.Host, u.Fragment, u.RawQuery = "https", h, "", ""
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), host, ""
}

// Hash is "sha256:" and the hex SHA-256 of v's JSON: an input hash an
// auditor can recompute from the normalised input.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	s := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(s[:])
}

// Problems collects input problems.
type Problems []dalil.Problem

// Add records a problem at path when msg is not "".
func (p *Problems) Add(path, msg string) {
	if msg != "" {
		*p = append(*p, dalil.Problem{Path: path, Message: msg})
	}
}
