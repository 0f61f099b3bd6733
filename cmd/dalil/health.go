package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// runHealth is `dalil health`: it asks the `dalil serve` of this
// configuration (DALIL_ADDR, --addr) whether it is ready (/readyz) or, with
// --live, alive (/livez), and returns nil only on a 200. It needs no shell
// and no curl, so a container image built FROM scratch can use it as its
// HEALTHCHECK; scripts read its exit status.
//
// The address is the server's own listen address, not a URL from a caller:
// it is dialled directly (no proxy from the environment, no redirects),
// and an unspecified host (0.0.0.0, [::], ":8080") is reached on loopback.
func runHealth(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("health", stderr)
	live := fs.Bool("live", false, "ask /livez (the process serves) instead of /readyz (storage and jobs up)")
	base := fs.String("url", "", "the server's base URL, such as http://127.0.0.1:8080 (default: from DALIL_ADDR)")
	timeout := fs.Duration("timeout", 5*time.Second, "give up after this long")
	asJSON := fs.Bool("json", false, "print the server's answer as JSON")
	cfg, rest, err := loadConfig(fs, args, getenv)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("health: unexpected argument %q", rest[0])
	}
	if *timeout <= 0 {
		return errors.New("health: --timeout must be positive")
	}
	target, err := healthURL(*base, cfg.Listen.Addr, *live)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	client := &http.Client{
		Transport:     &http.Transport{Proxy: nil, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return err
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("health: %s: %w", target, unwrapURLError(err))
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	var env struct {
		Data struct {
			Status string            `json:"status"`
			Checks map[string]string `json:"checks"`
		} `json:"data"`
		Error struct {
			Message string `json:"message"`
			Details struct {
				Checks map[string]string `json:"checks"`
			} `json:"details"`
		} `json:"error"`
	}
	_ = json.Unmarshal(raw, &env)
	if *asJSON && json.Valid(raw) {
		stdout.Write(raw)
		if len(raw) > 0 && raw[len(raw)-1] != '\n' {
			fmt.Fprintln(stdout)
		}
	}
	if res.StatusCode != http.StatusOK {
		msg := env.Error.Message
		if msg == "" {
			msg = http.StatusText(res.StatusCode)
		}
		return fmt.Errorf("health: %s answered %d: %s", target, res.StatusCode, strings.TrimSpace(msg)+checkList(env.Error.Details.Checks))
	}
	if !*asJSON {
		status := env.Data.Status
		if status == "" {
			status = "ok"
		}
		fmt.Fprintf(stdout, "%s%s (%s)\n", status, checkList(env.Data.Checks), target)
	}
	return nil
}

// healthURL is the /readyz (or /livez) URL of base, or of the listen
// address addr when base is empty.
func healthURL(base, addr string, live bool) (string, error) {
	path := "/readyz"
	if live {
		path = "/livez"
	}
	if base != "" {
		u, err := url.Parse(base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("health: --url must be an http or https base URL such as http://127.0.0.1:8080, got %q", base)
		}
		return strings.TrimSuffix(u.Scheme+"://"+u.Host+u.Path, "/") + path, nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("health: DALIL_ADDR %q is not host:port", addr)
	}
	if port == "0" {
		return "", errors.New("health: DALIL_ADDR has port 0 (a port chosen at start); give the server's address with --url")
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::", "[::]":
		host = "::1"
	}
	return "http://" + net.JoinHostPort(host, port) + path, nil
}

// checkList is ": storage ok, voice_jobs failing" for a readiness
// answer's checks, sorted; "" when there are none.
func checkList(checks map[string]string) string {
	if len(checks) == 0 {
		return ""
	}
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + " " + checks[n]
	}
	return ": " + strings.Join(parts, ", ")
}

// unwrapURLError drops the "Get URL:" prefix the URL is already named by.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
