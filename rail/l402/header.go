package l402

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
)

// Schemes accepted in Authorization. L402 is current; LSAT is its old name,
// still sent by lsat-js and other early clients.
const (
	SchemeL402 = "L402"
	SchemeLSAT = "LSAT"
)

// Bounds on what a client may send. A minted token is about 300 bytes of
// macaroon (66-byte id, five caveats, 32-byte signature), so these leave
// room for client-side attenuation while keeping a hostile header cheap.
const (
	maxAuthorizationLen = 16 << 10 // all Authorization values together
	maxMacaroonLen      = 4 << 10  // one decoded macaroon
	maxMacaroons        = 4        // macaroons before the colon
	maxCaveats          = 16       // first-party caveats in one macaroon
)

// credential is one L402 credential: the decoded macaroon(s) and the
// 32-byte preimage that proves payment.
type credential struct {
	scheme    string   // SchemeL402 or SchemeLSAT
	macaroons [][]byte // binary macaroons, at least one
	preimage  [32]byte
}

// errNoCredential means Authorization carries no L402 or LSAT credential.
var errNoCredential = errors.New("no L402 credential")

// authCredential is one credential of any scheme found in Authorization.
type authCredential struct {
	scheme string // as sent
	rest   string // token68 or auth-params, trimmed
}

// isL402Scheme reports whether s names the L402 scheme (case-insensitively,
// as RFC 9110 wants scheme names compared).
func isL402Scheme(s string) bool {
	return strings.EqualFold(s, SchemeL402) || strings.EqualFold(s, SchemeLSAT)
}

// splitAuthorization splits Authorization header values into credentials.
// RFC 9110 makes Authorization one credential, but clients that speak several
// pay-per-call schemes send a comma-separated list ("Payment x, L402 y:z"),
// and one L402 credential may itself hold several comma-separated macaroons.
// So a comma outside a quoted string starts a new credential only when what
// follows looks like "scheme SP …" or is a bare L402/LSAT scheme; anything
// else (a further macaroon, an auth-param) continues the previous credential.
func splitAuthorization(values []string) []authCredential {
	var out []authCredential
	for _, v := range values {
		for _, piece := range splitOutsideQuotes(v) {
			p := strings.TrimLeft(piece, " \t")
			scheme, rest, ok := cutScheme(p)
			switch {
			case ok:
				out = append(out, authCredential{scheme: scheme, rest: strings.TrimSpace(rest)})
			case isL402Scheme(strings.TrimSpace(p)):
				out = append(out, authCredential{scheme: strings.TrimSpace(p)})
			case len(out) > 0:
				last := &out[len(out)-1]
				last.rest += "," + strings.TrimSpace(piece)
			default:
				// Leading junk that belongs to no scheme: keep it as its
				// own credential so it cannot glue onto a later one.
				out = append(out, authCredential{rest: strings.TrimSpace(piece)})
			}
		}
	}
	return out
}

// splitOutsideQuotes splits s on commas that are not inside a quoted string.
func splitOutsideQuotes(s string) []string {
	var parts []string
	start, inQuote, escaped := 0, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			escaped = false
		case inQuote && c == '\\':
			escaped = true
		case c == '"':
			inQuote = !inQuote
		case c == ',' && !inQuote:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// cutScheme splits "scheme SP rest" where scheme is an RFC 9110 token.
func cutScheme(p string) (scheme, rest string, ok bool) {
	i := 0
	for i < len(p) && isTchar(p[i]) {
		i++
	}
	if i == 0 || i == len(p) || (p[i] != ' ' && p[i] != '\t') {
		return "", "", false
	}
	return p[:i], p[i:], true
}

func isTchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// hasCredential reports whether h carries an Authorization credential with
// the L402 or LSAT scheme, valid or not.
func hasCredential(h http.Header) bool {
	for _, c := range splitAuthorization(h.Values("Authorization")) {
		if isL402Scheme(c.scheme) {
			return true
		}
	}
	return false
}

// parseAuthorization finds the L402/LSAT credential in the Authorization
// values and decodes "<b64 macaroon>[,<b64 macaroon>…]:<hex preimage>". It
// returns errNoCredential when there is none, and a descriptive error when
// the credential is malformed or several different ones are present.
func parseAuthorization(values []string) (*credential, error) {
	total := 0
	for _, v := range values {
		total += len(v)
	}
	if total > maxAuthorizationLen {
		return nil, errors.New("the Authorization header is too large")
	}
	var found *authCredential
	for _, c := range splitAuthorization(values) {
		if !isL402Scheme(c.scheme) {
			continue
		}
		if found != nil && found.rest != c.rest {
			return nil, errors.New("Authorization carries several different L402 credentials; send one")
		}
		found = &c
	}
	if found == nil {
		return nil, errNoCredential
	}
	i := strings.LastIndexByte(found.rest, ':')
	if i < 0 {
		return nil, errors.New("the L402 credential must be <macaroon>:<preimage>")
	}
	macs, pre := found.rest[:i], strings.TrimSpace(found.rest[i+1:])
	cred := &credential{scheme: strings.ToUpper(found.scheme)}
	if len(pre) != 64 {
		return nil, errors.New("the preimage must be 64 hex digits")
	}
	if _, err := hex.Decode(cred.preimage[:], []byte(pre)); err != nil {
		return nil, errors.New("the preimage must be 64 hex digits")
	}
	for _, m := range strings.Split(macs, ",") {
		m = strings.TrimSpace(m)
		if m == "" {
			return nil, errors.New("the L402 credential has an empty macaroon")
		}
		if len(cred.macaroons) == maxMacaroons {
			return nil, errors.New("the L402 credential has too many macaroons")
		}
		b, err := decodeBase64(m)
		if err != nil {
			return nil, errors.New("the macaroon is not base64")
		}
		if len(b) == 0 || len(b) > maxMacaroonLen {
			return nil, errors.New("the macaroon is empty or too large")
		}
		cred.macaroons = append(cred.macaroons, b)
	}
	return cred, nil
}

// decodeBase64 accepts standard base64 (what Aperture and lsat-js send),
// with or without padding, and the URL-safe alphabet some clients use.
func decodeBase64(s string) ([]byte, error) {
	if len(s) > base64.StdEncoding.EncodedLen(maxMacaroonLen)+4 {
		return nil, errors.New("too long")
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.Strict().DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errors.New("not base64")
}

// FormatAuthorization returns the Authorization value a client sends after
// paying: "L402 <std base64 macaroon>:<lowercase hex preimage>". scheme is
// SchemeL402 or SchemeLSAT.
func FormatAuthorization(scheme string, macaroon, preimage []byte) string {
	return scheme + " " + base64.StdEncoding.EncodeToString(macaroon) + ":" + hex.EncodeToString(preimage)
}

// formatChallenge returns one WWW-Authenticate value for scheme.
func formatChallenge(scheme, macB64, invoice string) string {
	return scheme + ` macaroon="` + macB64 + `", invoice="` + invoice + `"`
}
