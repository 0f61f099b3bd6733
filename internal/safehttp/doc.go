// Package safehttp is the one outbound HTTP client for URLs a caller gave
// (documents to read, websites to inspect, callbacks to deliver).
//
// What it guarantees, whatever the URL:
//
//   - https only (plain http only when Options.AllowHTTP is set, which only
//     tests and explicitly configured callbacks do); a URL with userinfo
//     ("https://user:pass@host/") is refused; ports other than the scheme's
//     default are refused unless listed in Options.AllowedPorts.
//   - Hosts are parsed the way browsers parse them: a host whose last label is
//     numeric is an IPv4 address in any inet_aton spelling (2130706433,
//     0177.0.0.1, 0x7f.1), so it is checked as the address it really is.
//     Names reserved for local use (localhost, *.localhost, *.local,
//     *.internal, *.home.arpa) are refused without being resolved.
//   - The host is resolved once per connection and EVERY address it resolves
//     to must be public, by an allow-list (see AddrAllowed): IPv4 outside
//     every IANA special-purpose block and multicast; IPv6 only in 2000::/3
//     outside every IANA special-purpose block; every IPv6 form carrying an
//     IPv4 address judged by that address (IPv4-mapped, NAT64 64:ff9b::/96
//     and 6to4 allowed when it is public; IPv4-translated, IPv4-compatible and
//     local-use NAT64 never). The connection is then made to the checked
//     address literally, so a DNS answer that changes between the check and
//     the connection (rebinding) changes nothing. The default dialer checks
//     the socket's address once more in its Control function just before
//     connect(2).
//   - Every redirect goes through the same URL checks and, since it opens its
//     connection through the same dialer, the same address checks; at most
//     Options.MaxRedirects (default 3) are followed.
//   - No proxy from the environment, no cookies, no credentials.
//   - One deadline (Options.Timeout, default 15 s) covers resolution,
//     connection, TLS, headers and body; the body is read up to
//     Options.MaxBytes (default 10 MiB) and a larger one is refused, whether
//     announced by Content-Length or not. Transparent gzip is bounded the
//     same way because the limit applies to the decoded bytes.
//   - The content type is sniffed from the bytes (Response.ContentType); the
//     server's header is kept apart (Response.DeclaredType).
//
// Failures are *Error values with a stable Code so each capability can map
// them to its own error codes. Tests inject a Resolver and a DialContext
// (see package safehttptest): the injected dialer only ever receives an
// address that already passed the checks, so tests exercise the production
// checks rather than a weakened copy.
package safehttp
