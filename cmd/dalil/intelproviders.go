package main

import (
	"dalil/module"
	"dalil/provider/client"
	"dalil/provider/vendors"
)

// The company intelligence vendors are declared, and their clients
// built, by provider/vendors (a module in modules()); docs/providers.md
// lists their variables.

// providerConfig is a provider's configuration as modules read it.
func providerConfig(p Provider) module.ProviderConfig {
	return module.ProviderConfig{Configured: p.Configured, Endpoint: string(p.Endpoint), Credential: p.Credential.Reveal(),
		Timeout: p.Timeout, Settings: p.Settings}
}

// vendorHTTP is a vendor client's call mechanics (vendors.HTTP), for the
// telephony vendors wired in voice.go.
func vendorHTTP(p Provider) client.Config { return vendors.HTTP(providerConfig(p)) }

// intelClients are the configured vendors' clients, built once so that a
// vendor's budget and cache are shared by every capability using it.
func intelClients(d deps) vendors.Clients { return vendors.New(moduleEnv(d)) }
