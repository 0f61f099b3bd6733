package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readmeSections are the README sections whose ```sh blocks TestREADME
// runs, in order, as a reader would.
var readmeSections = []string{"A paid call, step by step", "Operators"}

// readmeSkips are the README commands TestREADME does not run, each with
// why. A command is skipped when it starts with the key.
var readmeSkips = map[string]string{
	"dalil mpp close-channel": "needs an open MPP payment channel on a Tempo RPC node (DALIL_MPP_*): an external service",
}

// readmeCommand is one command of a README block and the answer its
// comment lines show ("#    {...}"), if any.
type readmeCommand struct {
	section, line string
	want          string
}

// readmeCommands extracts the commands of the sh blocks of the sections.
func readmeCommands(t *testing.T, readme string) []readmeCommand {
	t.Helper()
	var out []readmeCommand
	for _, name := range readmeSections {
		_, body, ok := strings.Cut(readme, "\n## "+name+"\n")
		if !ok {
			t.Fatalf("README has no section %q", name)
		}
		body, _, _ = strings.Cut(body, "\n## ")
		blocks := regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(body, -1)
		if len(blocks) == 0 {
			t.Fatalf("README section %q has no sh block", name)
		}
		for _, b := range blocks {
			var cont string
			for _, line := range strings.Split(b[1], "\n") {
				switch {
				case cont != "":
					cont += "\n" + line
					if !strings.HasSuffix(line, `\`) {
						out = append(out, readmeCommand{section: name, line: cont})
						cont = ""
					}
				case regexp.MustCompile(`^#\s{4,}\S`).MatchString(line) && len(out) > 0:
					// An answer shown under the command above it.
					out[len(out)-1].want += strings.TrimSpace(strings.TrimPrefix(line, "#"))
				case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
				case strings.HasSuffix(line, `\`):
					cont = line
				default:
					out = append(out, readmeCommand{section: name, line: line})
				}
			}
		}
	}
	return out
}

// TestREADME runs the README's walk-through and operator commands as
// written, against a real dalil serve, and checks the answers the README
// shows. What it changes, and why, is listed here:
//   - go run ./cmd/dalil is the binary built once from the same source (the
//     test must be able to stop the server it starts);
//   - the server listens on a free port, not 8080, and localhost:8080 is
//     replaced by its address;
//   - go build/install ./cmd/dalil run in the repository (-C), their output
//     going to the test's directory, where every command runs;
//   - dk_live_..., acct_... and key_... are the values printed before them;
//   - readmeSkips are not run.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dalil and runs a server")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(repo, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := readmeCommands(t, string(readme))
	bin := buildDalil(t)
	dir := t.TempDir()
	envFile := filepath.Join(t.TempDir(), "env")
	env := freshShellEnv()      // the shell's environment, carried from command to command
	vals := map[string]string{} // placeholder -> value printed earlier
	addr := ""
	ran := 0
	for _, c := range cmds {
		line := c.line
		if reason, skip := skipped(line); skip {
			t.Logf("skipped %q: %s", line, reason)
			continue
		}
		line = strings.ReplaceAll(line, "go run ./cmd/dalil", shellQuote(bin))
		line = strings.ReplaceAll(line, "go build -o dalil ./cmd/dalil", "go -C "+shellQuote(repo)+` build -o "$PWD/dalil" ./cmd/dalil`)
		line = strings.ReplaceAll(line, "go install ./cmd/dalil", `GOBIN="$PWD/bin" go -C `+shellQuote(repo)+" install ./cmd/dalil")
		if addr != "" {
			line = strings.ReplaceAll(line, "localhost:8080", addr)
		}
		for ph, v := range vals {
			line = strings.ReplaceAll(line, ph, v)
		}
		if strings.Contains(line, "...") {
			t.Fatalf("%q: nothing printed before it fills its placeholder", c.line)
		}
		ran++
		if strings.HasPrefix(line, shellQuote(bin)+" serve") {
			var stderr string
			addr, stderr = readmeServe(t, dir, env, line)
			if c.want != "" {
				checkShown(t, c, stderr)
			}
			if m := regexp.MustCompile(`API key \(shown once\): (dk_live_[a-z0-9]+)`).FindStringSubmatch(stderr); m != nil {
				vals["dk_live_..."] = m[1]
			}
			continue
		}
		script := "set -eo pipefail\n" + line + "\nenv -0 > " + shellQuote(envFile) + "\n"
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("README (%s): %s\nran: %s\nfailed: %v\nstdout: %s\nstderr: %s", c.section, c.line, line, err, stdout.String(), stderr.String())
		}
		raw, err := os.ReadFile(envFile)
		if err != nil {
			t.Fatal(err)
		}
		env = strings.Split(strings.TrimSuffix(string(raw), "\x00"), "\x00")
		out := stdout.String()
		if c.want != "" {
			checkShown(t, c, out)
		} else if strings.HasPrefix(line, "curl ") && !strings.Contains(out, `"success":true`) {
			t.Errorf("README (%s): %s\nanswered: %s", c.section, c.line, out)
		}
		// Ids a dalil command printed, for the commands that follow
		// (the latest wins: "acct_..." is the account just created).
		for _, doc := range jsonObjects(out) {
			for key, ph := range map[string]string{"accountId": "acct_...", "keyId": "key_..."} {
				if v, ok := doc[key].(string); ok {
					vals[ph] = v
				}
			}
		}
		// The same ids in a command's table ("accountId  acct_...").
		for _, m := range tableIDs.FindAllStringSubmatch(out, -1) {
			vals[map[string]string{"accountId": "acct_...", "keyId": "key_..."}[m[1]]] = m[2]
		}
	}
	if addr == "" {
		t.Fatal("the README never started dalil serve")
	}
	if ran < 15 {
		t.Errorf("ran %d README commands; the extraction is broken", ran)
	}
}

// skipped reports whether a command is in readmeSkips.
func skipped(line string) (string, bool) {
	for prefix, reason := range readmeSkips {
		if strings.HasPrefix(line, prefix) {
			return reason, true
		}
	}
	return "", false
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// readmeServe starts the README's serve command on a free port in dir
// and returns its address and what it printed when ready; the server is
// stopped when the test ends.
func readmeServe(t *testing.T, dir string, env []string, line string) (string, string) {
	t.Helper()
	cmd := exec.Command("bash", "-c", "exec "+line+" --addr 127.0.0.1:0")
	cmd.Dir, cmd.Env = dir, env
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	re := regexp.MustCompile(`listening on http://(\S+)`)
	printed, ok := awaitLine(pipe, 30*time.Second, func(l string) bool { return re.MatchString(l) })
	if !ok {
		t.Fatalf("%s did not start:\n%s", line, printed)
	}
	return re.FindStringSubmatch(printed)[1], printed
}

// freshShellEnv is this process's environment as a fresh machine's
// shell would have it for the documents' commands: no DALIL_ variable,
// and no dalil on the PATH until a command builds one.
func freshShellEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		switch {
		case strings.HasPrefix(kv, "DALIL_"):
		case strings.HasPrefix(kv, "PATH="):
			var dirs []string
			for _, d := range filepath.SplitList(strings.TrimPrefix(kv, "PATH=")) {
				if _, err := os.Stat(filepath.Join(d, "dalil")); err != nil {
					dirs = append(dirs, d)
				}
			}
			env = append(env, "PATH="+strings.Join(dirs, string(filepath.ListSeparator)))
		default:
			env = append(env, kv)
		}
	}
	return env
}

// awaitLine reads a started command's output until a line satisfies
// ready, then keeps reading it in the background (so the command never
// blocks on its log). It returns what was printed up to that line, and
// false if the output ended or wait passed first.
func awaitLine(out io.Reader, wait time.Duration, ready func(string) bool) (string, bool) {
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var printed strings.Builder
	timeout := time.After(wait)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return printed.String(), false
			}
			printed.WriteString(l + "\n")
			if ready(l) {
				go func() {
					for range lines {
					}
				}()
				return printed.String(), true
			}
		case <-timeout:
			return printed.String(), false
		}
	}
}

// jsonObjects decodes every JSON object in out (commands joined with ;
// print several).
func jsonObjects(out string) []map[string]any {
	var docs []map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var v map[string]any
		if dec.Decode(&v) != nil {
			return docs
		}
		docs = append(docs, v)
	}
}

// tableIDs finds the ids a command's table prints, a field a line.
var tableIDs = regexp.MustCompile(`(?m)^(accountId|keyId)\s+((?:acct|key)_[a-z0-9]+)\s*$`)

var shownPair = regexp.MustCompile(`"([A-Za-z]+)":("[^"]*"|-?[0-9][0-9.]*|true|false|null)`)

// checkShown checks that what the README shows under a command is true of
// what it printed. For JSON, every "key":value shown must be in the answer
// (at any depth; a string value with ... is a prefix); otherwise the text
// between the ... must appear in order.
func checkShown(t *testing.T, c readmeCommand, got string) {
	t.Helper()
	if !strings.HasPrefix(c.want, "{") {
		rest := got
		for _, frag := range strings.Split(c.want, "...") {
			i := strings.Index(rest, frag)
			if i < 0 {
				t.Errorf("README (%s): %s\nshows %q, but it printed:\n%s", c.section, c.line, c.want, got)
				return
			}
			rest = rest[i+len(frag):]
		}
		return
	}
	docs := jsonObjects(got)
	if len(docs) == 0 {
		t.Errorf("README (%s): %s\nshows JSON, but it printed:\n%s", c.section, c.line, got)
		return
	}
	values := map[string][]string{}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				b, _ := json.Marshal(x)
				values[k] = append(values[k], string(b))
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, d := range docs {
		walk(d)
	}
	for _, m := range shownPair.FindAllStringSubmatch(c.want, -1) {
		key, want := m[1], m[2]
		found := false
		for _, v := range values[key] {
			if prefix, ok := strings.CutSuffix(want, `..."`); ok {
				found = found || strings.HasPrefix(v, prefix)
			} else {
				found = found || v == want
			}
		}
		if !found {
			t.Errorf("README (%s): %s\nshows %s:%s, but it printed %s=%v:\n%s", c.section, c.line, key, want, key, values[key], got)
		}
	}
	if n := len(shownPair.FindAllString(c.want, -1)); n == 0 {
		t.Errorf("README (%s): %s: no value to check in %q", c.section, c.line, c.want)
	}
}
