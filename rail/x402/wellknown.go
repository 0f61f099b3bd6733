package x402

import (
	"encoding/json"

	"dalil"
)

// Discovery is the document served at /.well-known/x402.json: what the
// service charges on, and every paid resource with its price, the exact
// v2 requirement its 402 offers (so a client can sign before the first
// call) and its input and output JSON Schemas. docs/rail-x402.md shows an
// example.
type Discovery struct {
	X402Version       int                 `json:"x402Version"` // newest version served, 2
	Versions          []int               `json:"versions"`    // [1, 2]
	Scheme            string              `json:"scheme"`      // "exact"
	Network           string              `json:"network"`     // CAIP-2
	V1Network         string              `json:"v1Network"`   // v1 slug
	ChainID           uint64              `json:"chainId"`
	Asset             DiscoveryAsset      `json:"asset"`
	PayTo             string              `json:"payTo"`
	MaxTimeoutSeconds int                 `json:"maxTimeoutSeconds"`
	Headers           DiscoveryHeaders    `json:"headers"`
	Resources         []DiscoveryResource `json:"resources"`
}

// DiscoveryAsset describes the token prices are paid in.
type DiscoveryAsset struct {
	Symbol   string `json:"symbol"`  // "USDC"
	Address  string `json:"address"` // contract, EIP-55
	Decimals int    `json:"decimals"`
	// EIP712 is the token's EIP-712 domain name and version.
	EIP712 extra `json:"eip712"`
}

// DiscoveryHeaders names the headers of each protocol version.
type DiscoveryHeaders struct {
	Challenge  string            `json:"challenge"`  // PAYMENT-REQUIRED (v1: the 402 body)
	Credential map[string]string `json:"credential"` // by version
	Receipt    map[string]string `json:"receipt"`    // by version
}

// DiscoveryResource is one paid capability.
type DiscoveryResource struct {
	Tool         string          `json:"tool"`
	Resource     string          `json:"resource"`
	Method       string          `json:"method"` // always POST
	Description  string          `json:"description"`
	MimeType     string          `json:"mimeType"`
	Price        DiscoveryPrice  `json:"price"`
	Accepts      []requirementV2 `json:"accepts"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

// DiscoveryPrice is a price in both units.
type DiscoveryPrice struct {
	Amount string `json:"amount"` // atomic units of the asset, decimal
	Asset  string `json:"asset"`  // "USDC"
	USD    string `json:"usd"`    // decimal dollars, e.g. "0.01"
}

// WellKnown returns the /.well-known/x402.json document (a Discovery) for
// quotes. Quotes without a positive price are left out (x402 cannot collect
// them); schemas that are not JSON objects are left out of their entry.
func (r *Rail) WellKnown(quotes []dalil.Quote) any {
	d := Discovery{
		X402Version: 2, Versions: []int{1, 2}, Scheme: SchemeExact,
		Network: r.network.ID, V1Network: r.network.V1Name, ChainID: r.network.ChainID,
		Asset: DiscoveryAsset{
			Symbol: "USDC", Address: r.network.Asset, Decimals: r.network.Decimals,
			EIP712: extra{Name: r.network.AssetName, Version: r.network.AssetVersion},
		},
		PayTo: r.payTo, MaxTimeoutSeconds: r.maxTimeout,
		Headers: DiscoveryHeaders{
			Challenge:  HeaderPaymentRequired,
			Credential: map[string]string{"1": HeaderXPayment, "2": HeaderPaymentSignature},
			Receipt:    map[string]string{"1": HeaderXPaymentResponse, "2": HeaderPaymentResponse},
		},
		Resources: []DiscoveryResource{},
	}
	for _, q := range quotes {
		amount, err := AtomicUnits(q.Price)
		if err != nil {
			continue
		}
		d.Resources = append(d.Resources, DiscoveryResource{
			Tool: q.Tool, Resource: q.Resource, Method: "POST",
			Description: q.Description, MimeType: "application/json",
			Price:        DiscoveryPrice{Amount: amount, Asset: "USDC", USD: q.Price.Decimal()},
			Accepts:      []requirementV2{r.offerV2(amount)},
			InputSchema:  objectOrNil(q.InputSchema),
			OutputSchema: objectOrNil(q.OutputSchema),
		})
	}
	return d
}

// objectOrNil returns raw when it is a JSON object, nil otherwise.
func objectOrNil(raw json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil || m == nil {
		return nil
	}
	return raw
}

// v1OutputSchema is the v1 requirement's outputSchema in the shape x402 v1
// discovery uses: {input: {type: "http", method, bodyType, discoverable,
// bodyFields}, output}. bodyFields are the input schema's properties, each
// marked required when the schema says so.
func v1OutputSchema(q dalil.Quote) json.RawMessage {
	input := map[string]any{"type": "http", "method": "POST", "bodyType": "json", "discoverable": true}
	var schema struct {
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	if objectOrNil(q.InputSchema) != nil && json.Unmarshal(q.InputSchema, &schema) == nil && len(schema.Properties) > 0 {
		fields := map[string]any{}
		for name, prop := range schema.Properties {
			f := map[string]any{}
			for k, v := range prop {
				f[k] = v
			}
			fields[name] = f
		}
		for _, name := range schema.Required {
			if f, ok := fields[name].(map[string]any); ok {
				f["required"] = true
			}
		}
		input["bodyFields"] = fields
	}
	out := map[string]any{"input": input}
	if o := objectOrNil(q.OutputSchema); o != nil {
		out["output"] = o
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil
	}
	return b
}
