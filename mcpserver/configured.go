package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"dalil/capability"
)

// RemoteConfigured asks the service behind c which requirements (providers,
// datasets) it has configured, from GET /api/v1/capabilities, for a
// registry built with capability.NewRegistryWith: the tool server of
// `dalil mcp` in remote mode then states the same statuses and previews as
// the service its calls go to, not those of the machine it runs on. A
// requirement the service does not list counts as not configured.
func RemoteConfigured(ctx context.Context, c Caller) (func(capability.Requirement) bool, error) {
	h := http.Header{}
	h.Set("Accept", "application/json")
	h.Set("User-Agent", "dalil-mcp/"+Version)
	resp, err := c.Call(ctx, Request{Method: http.MethodGet, Path: "/api/v1/capabilities", Header: h})
	if err != nil {
		return nil, fmt.Errorf("mcpserver: capabilities of the service: %w", err)
	}
	if resp.Status != http.StatusOK {
		return nil, fmt.Errorf("mcpserver: capabilities of the service: HTTP %d", resp.Status)
	}
	var env struct {
		Data []struct {
			Requirements []struct {
				Kind       string `json:"kind"`
				Name       string `json:"name"`
				Configured bool   `json:"configured"`
			} `json:"requirements"`
		} `json:"data"`
	}
	if err := json.Unmarshal(resp.Body, &env); err != nil {
		return nil, fmt.Errorf("mcpserver: capabilities of the service: %w", err)
	}
	on := map[capability.Requirement]bool{}
	for _, c := range env.Data {
		for _, r := range c.Requirements {
			if r.Configured {
				on[capability.Requirement{Kind: r.Kind, Name: r.Name}] = true
			}
		}
	}
	return func(r capability.Requirement) bool { return on[r] }, nil
}
