package main

import (
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// composeVar is a variable reference of a compose file: ${VAR},
// ${VAR:-default} or ${VAR:?message}.
var composeVar = regexp.MustCompile(`\$\{([A-Z_][A-Z0-9_]*)(?:(:-|:\?)([^}]*))?\}`)

// interpolate expands the variable references of s as compose does, from
// vars; a required variable that is unset fails the test.
func interpolate(t *testing.T, s string, vars map[string]string) string {
	return composeVar.ReplaceAllStringFunc(s, func(ref string) string {
		m := composeVar.FindStringSubmatch(ref)
		if v, ok := vars[m[1]]; ok && v != "" {
			return v
		}
		switch m[2] {
		case ":-":
			return m[3]
		case ":?":
			t.Errorf("compose: %s is required (%s)", m[1], m[3])
		}
		return ""
	})
}

// TestDeployComposeFile checks deploy/compose.yaml where it cannot run (its
// images come from a registry): each dalil replica's environment, read by
// dalil's own configuration loader, is PostgreSQL (the compose's postgres
// service, with its user, password and database) with rate limits shared
// through its redis service, metrics on :9090, the proxy's fixed address as
// the one trusted proxy and DALIL_BASE_URL on DALIL_DOMAIN; the replicas
// wait for healthy PostgreSQL and Redis; the proxy publishes 443 and
// mounts deploy/Caddyfile, whose upstreams are exactly the replicas, on
// the port they listen on.
func TestDeployComposeFile(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "deploy", "compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Command     []string          `yaml:"command"`
			Environment map[string]string `yaml:"environment"`
			DependsOn   any               `yaml:"depends_on"`
			Ports       []string          `yaml:"ports"`
			Volumes     []string          `yaml:"volumes"`
			Networks    map[string]struct {
				IPv4 string `yaml:"ipv4_address"`
			} `yaml:"networks"`
		} `yaml:"services"`
		Networks map[string]struct {
			IPAM struct {
				Config []struct{ Subnet string } `yaml:"config"`
			} `yaml:"ipam"`
		} `yaml:"networks"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("deploy/compose.yaml: %v", err)
	}
	vars := map[string]string{"POSTGRES_PASSWORD": "pw-1234", "DALIL_DOMAIN": "dalil.example.com", "DALIL_ADMIN_TOKEN": strings.Repeat("ab", 32)}
	pg, redis, proxy := doc.Services["postgres"], doc.Services["redis"], doc.Services["proxy"]
	if pg.Image == "" || redis.Image == "" || proxy.Image == "" {
		t.Fatalf("deploy/compose.yaml lacks postgres, redis or proxy: %v", doc.Services)
	}
	proxyIP := proxy.Networks["default"].IPv4
	if subnets := doc.Networks["default"].IPAM.Config; len(subnets) != 1 {
		t.Errorf("the default network has no fixed subnet")
	} else if _, n, err := net.ParseCIDR(subnets[0].Subnet); err != nil || !n.Contains(net.ParseIP(proxyIP)) {
		t.Errorf("the proxy's address %q is not in the network's subnet %q", proxyIP, subnets[0].Subnet)
	}
	if !slices.Contains(proxy.Ports, "443:443") || !slices.Contains(proxy.Volumes, "./Caddyfile:/etc/caddy/Caddyfile:ro") {
		t.Errorf("proxy: ports %v, volumes %v", proxy.Ports, proxy.Volumes)
	}

	var replicas []string
	for name, svc := range doc.Services {
		if !strings.HasPrefix(name, "dalil-") {
			continue
		}
		replicas = append(replicas, name)
		if !slices.Equal(svc.Command, []string{"serve"}) || interpolate(t, svc.Image, vars) != "localhost/dalil:latest" {
			t.Errorf("%s: image %q, command %v", name, svc.Image, svc.Command)
		}
		env := map[string]string{}
		for k, v := range svc.Environment {
			env[k] = interpolate(t, v, vars)
		}
		cfg, _, err := loadConfig(newFlagSet("serve", io.Discard), nil, envOf(env))
		if err != nil {
			t.Fatalf("%s: dalil refuses its environment: %v", name, err)
		}
		if err := checkAdminToken(cfg); err != nil {
			t.Error(err)
		}
		rep, err := describe(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := rep.Status
		if st.Database != "postgresql (replicas share state)" || st.RateLimits != "shared through Redis" || !strings.HasPrefix(st.Metrics, "on :9090 ") || st.AdminAPI != "on" {
			t.Errorf("%s: dalil config status %+v", name, st)
		}
		if got := string(cfg.Listen.BaseURL); got != "https://dalil.example.com" {
			t.Errorf("%s: DALIL_BASE_URL %q", name, got)
		}
		if tp := cfg.Listen.TrustedProxies; len(tp) != 1 || !tp[0].Contains(net.ParseIP(proxyIP)) || tp[0].String() != proxyIP+"/32" {
			t.Errorf("%s: trusted proxies %v, want the proxy's %s alone", name, tp, proxyIP)
		}
		db, err := url.Parse(string(cfg.Storage.DSN))
		if err != nil {
			t.Fatal(err)
		}
		pw, _ := db.User.Password()
		if db.Hostname() != "postgres" || db.User.Username() != pg.Environment["POSTGRES_USER"] || pw != vars["POSTGRES_PASSWORD"] ||
			strings.TrimPrefix(db.Path, "/") != pg.Environment["POSTGRES_DB"] {
			t.Errorf("%s: DALIL_DB %s does not match the postgres service %v", name, cfg.Storage.DSN, pg.Environment)
		}
		if r, err := url.Parse(string(cfg.Storage.RedisURL)); err != nil || r.Hostname() != "redis" {
			t.Errorf("%s: DALIL_REDIS_URL %s is not the redis service", name, cfg.Storage.RedisURL)
		}
		deps, _ := svc.DependsOn.(map[string]any)
		for _, need := range []string{"postgres", "redis"} {
			d, _ := deps[need].(map[string]any)
			if d["condition"] != "service_healthy" {
				t.Errorf("%s does not wait for a healthy %s: %v", name, need, svc.DependsOn)
			}
		}
		if _, port, _ := net.SplitHostPort(cfg.Listen.Addr); port != "8080" {
			t.Errorf("%s listens on %s", name, cfg.Listen.Addr)
		}
	}
	slices.Sort(replicas)
	if len(replicas) < 2 {
		t.Fatalf("deploy/compose.yaml has %d dalil replicas, want 2 or more", len(replicas))
	}

	caddy, err := os.ReadFile(filepath.Join("..", "..", "deploy", "Caddyfile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*reverse_proxy ([^{\n]+)\{`).FindStringSubmatch(string(caddy))
	if m == nil {
		t.Fatalf("deploy/Caddyfile has no reverse_proxy")
	}
	var upstreams []string
	for _, u := range strings.Fields(m[1]) {
		host, port, err := net.SplitHostPort(u)
		if err != nil || port != "8080" {
			t.Errorf("deploy/Caddyfile upstream %q is not a replica's :8080", u)
		}
		upstreams = append(upstreams, host)
	}
	slices.Sort(upstreams)
	if !slices.Equal(upstreams, replicas) {
		t.Errorf("deploy/Caddyfile sends to %v; the replicas are %v", upstreams, replicas)
	}
	if !strings.Contains(string(caddy), "health_uri /readyz") || !strings.Contains(string(caddy), "{$DALIL_DOMAIN}") {
		t.Errorf("deploy/Caddyfile: no health_uri /readyz or site {$DALIL_DOMAIN}")
	}
}
