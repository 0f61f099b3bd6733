package x402

import "strings"

// Network is one chain this rail can charge on, with the USDC contract and
// the EIP-712 domain that USDC uses there. The domain name differs between
// Base mainnet ("USD Coin") and Base Sepolia ("USDC"): signing with the
// wrong one recovers a different address, so it lives in this table and
// nowhere else.
type Network struct {
	ID        string // CAIP-2 id used by x402 v2, e.g. "eip155:8453"
	V1Name    string // slug used by x402 v1, e.g. "base"
	ChainID   uint64
	Asset     string // USDC contract, EIP-55 checksummed
	AssetName string // EIP-712 domain name of the USDC contract
	// AssetVersion is the EIP-712 domain version of the USDC contract.
	AssetVersion string
	// Decimals of the asset; USDC has 6, so one atomic unit is one micro-USD.
	Decimals int
}

// networks lists the chains we know the USDC deployment and EIP-712 domain
// of (payment-protocols.md §1.3). Add a row only after checking the
// contract's name() and version() on chain.
var networks = []Network{
	{
		ID: "eip155:8453", V1Name: "base", ChainID: 8453,
		Asset:     "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
		AssetName: "USD Coin", AssetVersion: "2", Decimals: 6,
	},
	{
		ID: "eip155:84532", V1Name: "base-sepolia", ChainID: 84532,
		Asset:     "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
		AssetName: "USDC", AssetVersion: "2", Decimals: 6,
	},
}

// DefaultNetwork is the network used when Config.Network is empty: USDC on
// Base mainnet.
const DefaultNetwork = "eip155:8453"

// LookupNetwork finds a known network by its CAIP-2 id ("eip155:8453") or
// its x402 v1 slug ("base"). Matching is exact: ids are case-sensitive on
// the wire.
func LookupNetwork(id string) (Network, bool) {
	for _, n := range networks {
		if n.ID == id || n.V1Name == id {
			return n, true
		}
	}
	return Network{}, false
}

// Networks returns the known networks, in a new slice.
func Networks() []Network {
	return append([]Network(nil), networks...)
}

func knownNetworkIDs() string {
	ids := make([]string, len(networks))
	for i, n := range networks {
		ids[i] = n.ID
	}
	return strings.Join(ids, ", ")
}
