package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"dalil/internal/testenv"
)

// guideBlock is one fenced block of docs/deploy.md, or a prose line the
// runner acts on ("Stop the server").
type guideBlock struct {
	info  string // the fence's info string: "sh", "sh not run here: why", "caddy"...
	body  string
	prose string
}

// guideBlocks reads the fenced blocks and the prose lines of doc, in order.
func guideBlocks(doc string) []guideBlock {
	var out []guideBlock
	var cur *guideBlock
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &guideBlock{info: strings.TrimSpace(strings.TrimPrefix(line, "```"))}
		case cur != nil && strings.TrimSpace(line) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.body += line + "\n"
		default:
			out = append(out, guideBlock{prose: line})
		}
	}
	return out
}

var heredoc = regexp.MustCompile(`<<-?\s*'?"?([A-Za-z_]+)'?"?`)

// guideCommands splits an sh block into commands (a heredoc or a
// backslash continuation stays with its command) with the answers shown
// under each ("#    ..." lines).
func guideCommands(body string) []readmeCommand {
	var out []readmeCommand
	var cur, until string
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		switch {
		case until != "":
			cur += "\n" + line
			if strings.TrimSpace(line) == until {
				out = append(out, readmeCommand{section: "deploy", line: cur})
				cur, until = "", ""
			}
		case cur != "":
			cur += "\n" + line
			if !strings.HasSuffix(line, `\`) {
				out = append(out, readmeCommand{section: "deploy", line: cur})
				cur = ""
			}
		case regexp.MustCompile(`^#\s{4,}\S`).MatchString(line) && len(out) > 0:
			out[len(out)-1].want += strings.TrimSpace(strings.TrimPrefix(line, "#"))
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
		case heredoc.MatchString(line):
			cur, until = line, heredoc.FindStringSubmatch(line)[1]
		case strings.HasSuffix(line, `\`):
			cur = line
		default:
			out = append(out, readmeCommand{section: "deploy", line: line})
		}
	}
	return out
}

// freePort is a loopback port nothing listens on now.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// guideDatabase creates an empty PostgreSQL database for the guide, and
// drops it and its restored copy when the test ends. It returns its URL.
func guideDatabase(t *testing.T) (string, string) {
	t.Helper()
	base := testenv.Postgres(t)
	name := fmt.Sprintf("dalil_guide_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, db := range []string{name, name + "_restored"} {
			admin.Exec("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)")
		}
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path, u.RawQuery = "/"+name, ""
	return u.String(), name
}

// TestDeployGuide runs docs/deploy.md's sh blocks as written, in order, in
// one shell environment carried from command to command (as TestREADME
// does), against PostgreSQL and Redis of this machine. What it changes:
//   - go build runs in the repository (-C), its output in the test's
//     directory, where every command runs;
//   - the ports 8080-8082, 9090-9092 and 8443 are free ports it chose;
//   - the PostgreSQL URL of the guide is a database it created (and drops),
//     "dalil_restored" that database's name with _restored, the Redis URL
//     this machine's;
//   - `dalil serve` and `caddy run` run in the background once they say
//     they are ready;
//     the prose line "Stop the server" stops the servers started so far,
//     and every server is stopped when the test ends;
//   - a command whose answer shown starts with "dalil: " must fail, with
//     that message;
//   - blocks marked "sh not run here: why" are not run (why is logged), nor
//     are those marked "sh if TOOL is installed" where TOOL is not.
//
// The Caddy configurations (the guide's and deploy/Caddyfile) are checked
// with `caddy adapt` when caddy is installed.
func TestDeployGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dalil and runs servers")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(repo, "docs", "deploy.md"))
	if err != nil {
		t.Fatal(err)
	}
	pgURL, pgName := guideDatabase(t)
	redisURL := testenv.Redis(t)
	subst := []string{
		"CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o dalil ./cmd/dalil",
		"CGO_ENABLED=0 go -C " + shellQuote(repo) + ` build -trimpath -ldflags='-s -w' -o "$PWD/dalil" ./cmd/dalil`,
		"postgres://dalil:change-me@127.0.0.1:5432/dalil", pgURL,
		"dalil_restored", pgName + "_restored",
		"redis://127.0.0.1:6379/0", redisURL,
	}
	ports := map[string]string{}
	for _, p := range []string{"8080", "8081", "8082", "9090", "9091", "9092", "8443"} {
		ports[p] = freePort(t)
	}
	rewrite := func(s string) string {
		s = strings.NewReplacer(subst...).Replace(s)
		return regexp.MustCompile(`\b(808[0-2]|909[0-2]|8443)\b`).ReplaceAllStringFunc(s, func(p string) string { return ports[p] })
	}

	dir := t.TempDir()
	envFile := filepath.Join(t.TempDir(), "env")
	env := freshShellEnv()
	var servers []*exec.Cmd
	stopServers := func() {
		for _, s := range servers {
			s.Process.Signal(syscall.SIGTERM)
			done := make(chan error, 1)
			go func() { done <- s.Wait() }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				s.Process.Kill()
				<-done
				t.Errorf("a dalil serve did not stop within 30 s of SIGTERM")
			}
		}
		servers = nil
	}
	t.Cleanup(stopServers)

	ran, skipped := 0, 0
	var caddyBlocks []string
	for _, b := range guideBlocks(string(raw)) {
		switch {
		case b.prose != "":
			if strings.HasPrefix(b.prose, "Stop the server") {
				if len(servers) == 0 {
					t.Fatalf("the guide stops a server, but none runs")
				}
				stopServers()
			}
			continue
		case b.info == "caddy":
			caddyBlocks = append(caddyBlocks, b.body)
			continue
		case strings.HasPrefix(b.info, "sh not run here:"):
			if strings.TrimSpace(strings.TrimPrefix(b.info, "sh not run here:")) == "" {
				t.Errorf("a block not run says not why: %q", b.info)
			}
			skipped++
			t.Logf("not run (%s):\n%s", strings.TrimPrefix(b.info, "sh "), b.body)
			continue
		case strings.HasPrefix(b.info, "sh if ") && strings.HasSuffix(b.info, " is installed"):
			tool := strings.TrimSuffix(strings.TrimPrefix(b.info, "sh if "), " is installed")
			if _, err := exec.LookPath(tool); err != nil {
				skipped++
				t.Logf("not run (%s is not installed):\n%s", tool, b.body)
				continue
			}
		case b.info != "sh":
			if strings.HasPrefix(b.info, "sh") {
				t.Errorf("block info %q: want sh, or sh not run here: why", b.info)
			}
			continue
		}
		for _, c := range guideCommands(b.body) {
			line := rewrite(c.line)
			c.want = rewrite(c.want)
			ran++
			if ready := background(line); ready != "" {
				srv, printed := guideServe(t, dir, env, line, ready)
				servers = append(servers, srv)
				if c.want != "" {
					checkShown(t, c, printed)
				}
				continue
			}
			script := "set -eo pipefail\n" + line + "\nenv -0 > " + shellQuote(envFile) + "\n"
			// Each command gets guideCommandLimit, so a command that hangs
			// fails naming itself instead of running into the package's
			// test timeout; WaitDelay bounds the wait for output pipes a
			// child left open.
			ctx, cancel := context.WithTimeout(context.Background(), guideCommandLimit)
			cmd := exec.CommandContext(ctx, "bash", "-c", script)
			cmd.Dir, cmd.Env, cmd.WaitDelay = dir, env, 10*time.Second
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			timedOut := ctx.Err() != nil
			cancel()
			if timedOut {
				t.Fatalf("docs/deploy.md: %s\nran: %s\ndid not finish within %v\nstdout: %s\nstderr: %s", c.line, line, guideCommandLimit, stdout.String(), stderr.String())
			}
			if strings.HasPrefix(c.want, "dalil: ") {
				if err == nil {
					t.Errorf("docs/deploy.md: %s\nsucceeded; the guide shows it failing with %q\nstdout: %s", c.line, c.want, stdout.String())
				} else if !strings.Contains(stderr.String(), c.want) {
					t.Errorf("docs/deploy.md: %s\nfailed with %q; the guide shows %q", c.line, stderr.String(), c.want)
				}
				continue
			}
			if err != nil {
				t.Fatalf("docs/deploy.md: %s\nran: %s\nfailed: %v\nstdout: %s\nstderr: %s", c.line, line, err, stdout.String(), stderr.String())
			}
			rawEnv, err := os.ReadFile(envFile)
			if err != nil {
				t.Fatal(err)
			}
			env = strings.Split(strings.TrimSuffix(string(rawEnv), "\x00"), "\x00")
			if c.want != "" {
				checkShown(t, c, stdout.String())
			}
		}
	}
	if ran < 20 || skipped < 2 {
		t.Errorf("ran %d commands and skipped %d blocks of docs/deploy.md: the extraction is broken", ran, skipped)
	}

	// The Caddy configurations, where caddy is installed.
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Logf("caddy is not installed: the guide's Caddy configurations are not checked")
		return
	}
	compose, err := os.ReadFile(filepath.Join(repo, "deploy", "Caddyfile"))
	if err != nil {
		t.Fatal(err)
	}
	for i, conf := range append(caddyBlocks, string(compose)) {
		f := filepath.Join(t.TempDir(), "Caddyfile")
		os.WriteFile(f, []byte(conf), 0o644)
		cmd := exec.Command(caddy, "adapt", "--config", f, "--adapter", "caddyfile")
		cmd.Env = append(os.Environ(), "DALIL_DOMAIN=dalil.example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("caddy adapt of Caddy configuration %d: %v\n%s\n%s", i+1, err, out, conf)
		}
	}
}

// guideCommandLimit bounds one command of the guide. The slowest is the
// release build, which .ci/run compiles beforehand; cold, on two loaded
// cores, it takes minutes.
const guideCommandLimit = 7 * time.Minute

// background is what a command that keeps running prints when it is
// ready (dalil serve, caddy run); "" for other commands.
func background(line string) string {
	switch {
	case regexp.MustCompile(`(^|\s)dalil serve\b`).MatchString(line):
		return "listening on http://"
	case regexp.MustCompile(`(^|\s)caddy run\b`).MatchString(line):
		return "serving initial configuration"
	}
	return ""
}

// guideServe starts a command line of the guide that keeps running (dalil
// serve, caddy run) in dir with env and returns it and what it printed
// once it printed ready.
func guideServe(t *testing.T, dir string, env []string, line, ready string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command("bash", "-c", "exec env "+line) // env: the line may start with VAR=value
	cmd.Dir, cmd.Env = dir, env
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	printed, ok := awaitLine(pipe, 60*time.Second, func(l string) bool { return strings.Contains(l, ready) })
	if !ok {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("%s did not start:\n%s", line, printed)
	}
	return cmd, printed
}
