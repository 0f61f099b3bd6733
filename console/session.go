package console

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Sessions are kept on the server, in the database (Data): the cookie
// holds a random 256-bit secret, the database its SHA-256 only, so every
// replica knows every session, a log-out ends it everywhere, and a copy of
// the database opens none. A session lasts Options.SessionTTL from log-in
// and ends after Options.IdleTimeout unused; it is bound to the admin
// token it was opened with (Session.Binding), so a new DALIL_ADMIN_TOKEN
// ends them all.
const (
	// sessionCookie carries the session's secret: HttpOnly, SameSite
	// Strict, Path /console, Secure over https.
	sessionCookie = "dalil_console"
	// loginCookie carries the log-in form's CSRF token until log-in (a
	// forged log-in form would log the operator into nothing, but a
	// forged form is refused all the same).
	loginCookie = "dalil_console_login"
	// touchEvery bounds how often a session's last use is written.
	touchEvery = time.Minute
)

type sessionKey struct{}

// current is the session of a request that passed c.session.
func current(ctx context.Context) Session {
	s, _ := ctx.Value(sessionKey{}).(Session)
	return s
}

// session wraps a page that needs a logged-in operator: without a valid
// session a GET (or HEAD) shows the log-in form and anything else is
// refused; a POST must carry the session's CSRF token in the form field
// csrf.
func (c *Console) session(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s, ok := c.lookup(w, r)
		if !ok {
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				c.loginForm(w, r, http.StatusOK, "")
				return
			}
			c.fail(w, r, http.StatusUnauthorized, "Your session has ended. Log in again.")
			return
		}
		if r.Method == http.MethodPost {
			r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
			if err := r.ParseForm(); err != nil {
				c.fail(w, r, http.StatusBadRequest, "The form could not be read.")
				return
			}
			if !equal(r.PostForm.Get("csrf"), s.CSRF) {
				c.fail(w, r, http.StatusForbidden, "This form carries no valid CSRF token and was refused. Reload the page and submit it again.")
				return
			}
		}
		if status, msg := badText(r); status != 0 {
			c.fail(w, r, status, msg)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), sessionKey{}, s)))
	}
}

// badText refuses a request whose path, query or form holds a NUL byte
// or text that is not UTF-8, the same way on every backend (PostgreSQL
// stores neither and failed the query, which showed as "the database did
// not answer"; SQLite answered): the path is 404 (no account or key has
// such an id), a parameter 400 naming it (issue 28 item 5). It returns
// status 0 for a request without either.
func badText(r *http.Request) (int, string) {
	if !storable(r.URL.Path) {
		return http.StatusNotFound, "No such account or key."
	}
	for _, vs := range []url.Values{r.URL.Query(), r.PostForm} {
		for _, k := range slices.Sorted(maps.Keys(vs)) {
			if !storable(k) || slices.ContainsFunc(vs[k], func(v string) bool { return !storable(v) }) {
				return http.StatusBadRequest, "The " + strings.ToValidUTF8(strings.ReplaceAll(k, "\x00", ""), "?") + " given holds a NUL byte or text that is not UTF-8, which no account, key or name holds."
			}
		}
	}
	return 0, ""
}

// storable reports whether s is UTF-8 text without a NUL byte: what every
// id, name and search the console passes to the store is.
func storable(s string) bool { return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0 }

// lookup finds the request's live session, forgetting an expired one.
func (c *Console) lookup(w http.ResponseWriter, r *http.Request) (Session, bool) {
	ck, err := r.Cookie(sessionCookie)
	if err != nil || ck.Value == "" || len(ck.Value) > 100 {
		return Session{}, false
	}
	id := hashSecret(ck.Value)
	s, err := c.o.Data.Session(r.Context(), id)
	if err != nil {
		if !errors.Is(err, ErrNoSession) {
			c.o.Logger.Warn("console session lookup", "error", err.Error())
		}
		return Session{}, false
	}
	now := c.o.Now()
	if !now.Before(s.ExpiresAt) || now.Sub(s.SeenAt) >= c.o.IdleTimeout || !equal(s.Binding, c.binding(id)) {
		c.o.Data.DeleteSession(r.Context(), id)
		c.clearCookie(w, r, sessionCookie)
		return Session{}, false
	}
	if now.Sub(s.SeenAt) >= touchEvery {
		if err := c.o.Data.TouchSession(r.Context(), id, now); err != nil {
			c.o.Logger.Warn("console session touch", "error", err.Error())
		}
	}
	return s, true
}

// loginForm renders the log-in page with a fresh CSRF token in a cookie
// and in the form.
func (c *Console) loginForm(w http.ResponseWriter, r *http.Request, status int, msg string) {
	token := randomToken()
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: token, Path: Prefix, HttpOnly: true, Secure: c.secure(r),
		SameSite: http.SameSiteStrictMode, MaxAge: 3600})
	c.render(w, r, status, "login", page{Title: "Log in", CSRF: token, Body: msg})
}

// login checks the admin token under the admin API's throttle and opens
// a session.
func (c *Console) login(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		c.fail(w, r, http.StatusBadRequest, "The form could not be read.")
		return
	}
	ck, err := r.Cookie(loginCookie)
	if err != nil || !equal(r.PostForm.Get("csrf"), ck.Value) {
		c.loginForm(w, r, http.StatusForbidden, "The log-in form was not valid (it expired, or came from another site). Try again.")
		return
	}
	// The attempt is counted before the token is compared and given back
	// when it was right (as the admin API does).
	if wait := c.o.Host.AdminAttempt(r); wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		c.fail(w, r, http.StatusTooManyRequests, fmt.Sprintf("Too many failed log-ins and admin requests from this address; try again in %d seconds.", secs))
		return
	}
	if !equal(r.PostForm.Get("token"), c.o.Token) {
		c.loginForm(w, r, http.StatusUnauthorized, "That is not the admin token (DALIL_ADMIN_TOKEN).")
		return
	}
	c.o.Host.AdminSucceeded(r)
	secret := randomToken()
	now := c.o.Now()
	s := Session{ID: hashSecret(secret), CSRF: randomToken(), Client: c.o.Host.ClientIP(r), CreatedAt: now, SeenAt: now, ExpiresAt: now.Add(c.o.SessionTTL)}
	s.Binding = c.binding(s.ID)
	if err := c.o.Data.CreateSession(r.Context(), s); err != nil {
		c.failErr(w, r, err)
		return
	}
	c.clearCookie(w, r, loginCookie)
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: secret, Path: Prefix, HttpOnly: true, Secure: c.secure(r),
		SameSite: http.SameSiteStrictMode, MaxAge: int(c.o.SessionTTL / time.Second), Expires: s.ExpiresAt})
	c.record(r.WithContext(context.WithValue(r.Context(), sessionKey{}, s)), AuditEntry{Action: ActionLogin}, nil)
	http.Redirect(w, r, Prefix, http.StatusSeeOther)
}

func (c *Console) logout(w http.ResponseWriter, r *http.Request) {
	s := current(r.Context())
	c.record(r, AuditEntry{Action: ActionLogout}, nil)
	if err := c.o.Data.DeleteSession(r.Context(), s.ID); err != nil {
		c.failErr(w, r, err)
		return
	}
	c.clearCookie(w, r, sessionCookie)
	http.Redirect(w, r, Prefix, http.StatusSeeOther)
}

func (c *Console) clearCookie(w http.ResponseWriter, r *http.Request, name string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: Prefix, HttpOnly: true, Secure: c.secure(r), SameSite: http.SameSiteStrictMode, MaxAge: -1})
}

// binding ties session id to the admin token: HMAC-SHA256 keyed by it.
func (c *Console) binding(id string) string {
	m := hmac.New(sha256.New, []byte(c.o.Token))
	m.Write([]byte("dalil console session\x00" + id))
	return hex.EncodeToString(m.Sum(nil))
}

func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// randomToken is 256 random bits, URL-safe.
func randomToken() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand panics instead)
	return base64.RawURLEncoding.EncodeToString(b)
}

// equal compares secrets in constant time; an empty one never matches.
func equal(got, want string) bool {
	return got != "" && want != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}
