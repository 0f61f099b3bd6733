package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"dalil/capability"
)

// RemoteSupply asks the service behind c how it meets each requirement
// (providers, datasets; real or synthetic demo data), from GET
// /api/v1/capabilities, for a registry built with
// capability.NewRegistryWith: the tool server of `dalil mcp` in remote
// mode then states the same statuses and previews as the service its
// calls go to, not those of the machine it runs on. A requirement the
// service does not list counts as missing.
func RemoteSupply(ctx context.Context, c Caller) (func(capability.Requirement) capability.Supply, error) {
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
			Requirements []remoteRequirement `json:"requirements"`
		} `json:"data"`
	}
	if err := json.Unmarshal(resp.Body, &env); err != nil {
		return nil, fmt.Errorf("mcpserver: capabilities of the service: %w", err)
	}
	supply := map[capability.Requirement]capability.Supply{}
	var add func(rs []remoteRequirement)
	add = func(rs []remoteRequirement) {
		for _, r := range rs {
			s := capability.SupplyMissing
			switch {
			case r.Configured && r.Synthetic:
				s = capability.SupplySynthetic
			case r.Configured:
				s = capability.SupplyReal
			}
			if r.Kind != capability.KindAny {
				k := capability.Requirement{Kind: r.Kind, Name: r.Name}
				supply[k] = max(supply[k], s)
			}
			add(r.AnyOf)
		}
	}
	for _, c := range env.Data {
		add(c.Requirements)
	}
	return func(r capability.Requirement) capability.Supply {
		return supply[capability.Requirement{Kind: r.Kind, Name: r.Name}]
	}, nil
}

// remoteRequirement is a requirement as the capabilities listing shows it.
type remoteRequirement struct {
	Kind       string              `json:"kind"`
	Name       string              `json:"name"`
	Configured bool                `json:"configured"`
	Synthetic  bool                `json:"synthetic"`
	AnyOf      []remoteRequirement `json:"anyOf"`
}
