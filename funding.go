package dalil

import "context"

// Funding tool ids: what a funding payment's quote and claim name
// (the credential's "tool"), so a credential minted or signed for one
// cannot pay a capability call, and none of a capability's can fund.
const (
	ToolAccountCreate = "account_create" // POST /api/v1/accounts
	ToolAccountTopUp  = "account_top_up" // POST /api/v1/account/top-up
)

// FundingRequest records one self-funding paid over a pay-per-call rail
// whose settlement succeeded: the claimed credential becomes the payment
// record and the account (created, or AccountID's) gets Amount in
// credits, all in one transaction.
type FundingRequest struct {
	// CredentialID is the claim (Store.ClaimCredential) this funding
	// spends; Rail is its rail.
	CredentialID string
	Rail         string
	RequestID    string
	Amount       MicroUSD
	// Create asks for a new account: AccountID, Name, Plan, KeyID and
	// Secret are chosen by the caller before the payment settles, so a
	// retried write (after a storage error) creates the same account and
	// key, whose secret the payer already holds. Otherwise AccountID is
	// the existing account to top up.
	Create    bool
	AccountID string
	Name      string
	Plan      string
	KeyID     string
	Secret    string
}

// Funded is what a funding wrote.
type Funded struct {
	Account Account // after the credit
	Key     *Key    // the new key (Create only)
	// LedgerID is the ledger row of the credit.
	LedgerID int64
	// Again is true when this credential's funding had already been
	// written by the same request (a retried write): nothing was added.
	Again bool
}

// Funder is a store that records self-funding (package sqlstore).
type Funder interface {
	// Fund turns the claimed credential into a settled funding record
	// (claim status "funded") and credits the account, creating it and
	// its key when asked, in one transaction. A claim missing or funded
	// by another request is refused (nothing written); the same request
	// again returns Again. A balance that would pass MaxCredits is
	// refused with CodeInvalidInput.
	Fund(ctx context.Context, r FundingRequest) (Funded, error)
}
