package console

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"dalil"
	"dalil/ops"
)

// ledgerPage is how many ledger rows an account page shows at once.
const ledgerPage = 25

type accountsData struct {
	Query    string
	Accounts []ops.AccountRow
	// Searched is set when Query was given (an empty result says so).
	Searched bool
	// NextAfter pages the listing shown without a query.
	NextAfter string
}

// accounts is GET /console/accounts?q=: a search by id or name, or the
// accounts in the order they were created (ops.ListAccounts, as `dalil
// accounts list`).
func (c *Console) accounts(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	d := accountsData{Query: q, Searched: q != ""}
	if len(q) > 200 {
		c.fail(w, r, http.StatusBadRequest, "The search is too long (at most 200 characters).")
		return
	}
	if q == "" {
		list, err := ops.ListAccounts(r.Context(), c.o.Store, ops.DefaultPage, r.URL.Query().Get("after"))
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		d.Accounts, d.NextAfter = list.Accounts, list.NextAfter
	} else {
		found, err := c.o.Data.FindAccounts(r.Context(), q, ops.DefaultPage)
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		// Each found account's row with the figures of `dalil accounts
		// show` (ops.ShowAccount).
		for _, a := range found {
			v, err := ops.ShowAccount(r.Context(), c.o.Store, a.ID)
			if err != nil {
				c.failErr(w, r, err)
				return
			}
			d.Accounts = append(d.Accounts, rowOf(v))
		}
	}
	c.render(w, r, http.StatusOK, "accounts", page{Title: "Accounts", Nav: "accounts", Body: d})
}

// rowOf is an account as a listing row.
func rowOf(v ops.View) ops.AccountRow {
	row := ops.AccountRow{AccountID: v.AccountID, Name: v.Name, Plan: v.Plan, CreditsUSD: v.Credits.Available, CreatedAt: v.CreatedAt}
	if a := v.Subscription; a != nil {
		row.AllowanceLeft = &ops.AllowanceLeft{USD: a.Remaining, Calls: a.Calls.Remaining, PeriodEndsAt: a.PeriodEndsAt}
	}
	return row
}

type accountData struct {
	View   ops.View
	Ledger ops.LedgerPage
	Usage  ops.Usage
	Audit  []AuditEntry
	Plans  []dalil.Plan
	// Before is the cursor of the ledger page shown (0: the newest).
	Before int64
}

// account is GET /console/accounts/{id}?before=: the account, its keys,
// a page of its ledger, its usage per capability, the actions and what
// operators did to it.
func (c *Console) account(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var before int64
	if v := r.URL.Query().Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			c.fail(w, r, http.StatusBadRequest, "before must be a ledger entry id (a positive whole number).")
			return
		}
		before = n
	}
	ctx := r.Context()
	view, err := ops.ShowAccount(ctx, c.o.Store, id)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	ledger, err := ops.Ledger(ctx, c.o.Store, id, ledgerPage, before)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	usage, err := ops.AccountUsage(ctx, c.o.Store, id)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	audit, err := c.o.Data.Audit(ctx, id, 20, 0)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d := accountData{View: view, Ledger: ledger, Usage: usage, Audit: audit, Plans: dalil.Plans, Before: before}
	c.render(w, r, http.StatusOK, "account", page{Title: view.Name, Nav: "accounts", Body: d})
}

// confirmData is the page that asks the operator to confirm an action.
type confirmData struct {
	AccountID, AccountName string
	Action                 string // the path segment the form posts to
	Question               string
	Fields                 map[string]string
	Target                 string // the form's action URL
	// Back is where Cancel leads (default: the account's page).
	Back string
}

// doneData is the page after an action.
type doneData struct {
	AccountID string
	Message   string
	// Secret is a new key's secret, shown this once.
	Secret string
	// Unrecorded is set when the audit log could not be written.
	Unrecorded bool
	// Back and BackText are the link after it (default: the account).
	Back, BackText string
}

// accountAction is POST /console/accounts/{id}/{action}: top-up, plan or
// keys. Without confirm=yes it shows what would happen and asks; with it,
// it runs the operation (package ops, as the CLI and the admin API) and
// records it in the audit log.
func (c *Console) accountAction(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	acct, err := c.o.Store.Account(r.Context(), id)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	confirmed := r.PostForm.Get("confirm") == "yes"
	ask := confirmData{AccountID: id, AccountName: acct.Name, Action: r.PathValue("action"), Target: Prefix + "/accounts/" + id + "/" + r.PathValue("action"), Fields: map[string]string{}}
	switch r.PathValue("action") {
	case "topup":
		raw := strings.TrimSpace(r.PostForm.Get("usd"))
		amount, err := dalil.ParseUSD(raw)
		if err != nil || amount <= 0 {
			c.fail(w, r, http.StatusBadRequest, "The amount must be a positive number of US dollars with at most 6 decimals, such as 10 or 0.50.")
			return
		}
		entry := AuditEntry{Action: ActionTopUp, AccountID: id, Detail: amount.String()}
		if !confirmed {
			ask.Question = "Add " + amount.String() + " of prepaid credits to this account?"
			ask.Fields["usd"] = raw
			c.render(w, r, http.StatusOK, "confirm", page{Title: "Confirm top-up", Nav: "accounts", Body: ask})
			return
		}
		res, err := ops.AddCredits(r.Context(), c.o.Store, id, amount)
		unrecorded := c.record(r, entry, err) != nil
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		c.done(w, r, doneData{AccountID: id, Unrecorded: unrecorded,
			Message: "Added " + amount.String() + ". The prepaid balance is now USD " + usdFloat(res.CreditsUSD) + "."})
	case "plan":
		plan := r.PostForm.Get("plan")
		if _, ok := dalil.PlanByID(plan); !ok {
			c.fail(w, r, http.StatusBadRequest, "Choose one of the plans: free, developer, growth or enterprise.")
			return
		}
		newPeriod := r.PostForm.Get("newPeriod") == "yes"
		detail := acct.Plan + " -> " + plan
		if newPeriod {
			detail += ", new period"
		}
		if !confirmed {
			ask.Question = "Move this account from the " + acct.Plan + " plan to the " + plan + " plan"
			if newPeriod {
				ask.Question += ", starting a new allowance period now with nothing used?"
				ask.Fields["newPeriod"] = "yes"
			} else {
				ask.Question += "? The current allowance period goes on, and what was used in it counts against the new plan."
			}
			ask.Fields["plan"] = plan
			c.render(w, r, http.StatusOK, "confirm", page{Title: "Confirm plan change", Nav: "accounts", Body: ask})
			return
		}
		res, err := ops.SetPlan(r.Context(), c.o.Store, id, plan, newPeriod)
		entry := AuditEntry{Action: ActionSetPlan, AccountID: id, Detail: detail}
		if err == nil {
			entry.Detail += " (period " + res.Period + ")"
		}
		unrecorded := c.record(r, entry, err) != nil
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		c.done(w, r, doneData{AccountID: id, Unrecorded: unrecorded,
			Message: "The plan is now " + res.Plan + " (was " + res.PreviousPlan + "; allowance period " + res.Period + ")."})
	case "keys":
		if !confirmed {
			ask.Question = "Issue a new API key for this account? Its secret is shown once, on the next page."
			c.render(w, r, http.StatusOK, "confirm", page{Title: "Confirm new key", Nav: "accounts", Body: ask})
			return
		}
		res, err := ops.CreateKey(r.Context(), c.o.Store, id)
		entry := AuditEntry{Action: ActionCreateKey, AccountID: id, Target: res.KeyID}
		unrecorded := c.record(r, entry, err) != nil
		if err != nil {
			c.failErr(w, r, err)
			return
		}
		c.done(w, r, doneData{AccountID: id, Unrecorded: unrecorded, Secret: res.APIKey,
			Message: "Issued key " + res.KeyID + ". Copy its secret now: it is not stored and cannot be shown again."})
	default:
		c.fail(w, r, http.StatusNotFound, "There is no such account action.")
	}
}

// revokeKey is POST /console/keys/{keyId}/revoke with the key's account
// in the form field account: confirmed, then ops.RevokeKey.
func (c *Console) revokeKey(w http.ResponseWriter, r *http.Request) {
	keyID, id := r.PathValue("keyId"), r.PostForm.Get("account")
	acct, err := c.o.Store.Account(r.Context(), id)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	keys, err := ops.ListKeys(r.Context(), c.o.Store, id)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	var key *dalil.Key
	for i := range keys {
		if keys[i].ID == keyID {
			key = &keys[i]
		}
	}
	if key == nil {
		c.failErr(w, r, dalil.ErrNotFound)
		return
	}
	if r.PostForm.Get("confirm") != "yes" {
		ask := confirmData{AccountID: id, AccountName: acct.Name, Action: "revoke", Target: Prefix + "/keys/" + keyID + "/revoke",
			Question: "Revoke key " + key.Prefix + "… (" + key.ID + ")? Calls with it are refused at once, on every server.",
			Fields:   map[string]string{"account": id}}
		c.render(w, r, http.StatusOK, "confirm", page{Title: "Confirm revocation", Nav: "accounts", Body: ask})
		return
	}
	_, err = ops.RevokeKey(r.Context(), c.o.Store, keyID)
	unrecorded := c.record(r, AuditEntry{Action: ActionRevokeKey, AccountID: id, Target: keyID, Detail: key.Prefix}, err) != nil
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	c.done(w, r, doneData{AccountID: id, Unrecorded: unrecorded, Message: "Revoked key " + key.Prefix + "… (" + keyID + ")."})
}

func (c *Console) done(w http.ResponseWriter, r *http.Request, d doneData) {
	c.render(w, r, http.StatusOK, "done", page{Title: "Done", Nav: "accounts", Body: d})
}

// record writes e to the audit log with the session, the client and the
// outcome of err ("ok" or its code). A failure is logged and returned.
func (c *Console) record(r *http.Request, e AuditEntry, err error) error {
	e.At = c.o.Now()
	e.Session = current(r.Context()).ID
	if len(e.Session) > 12 {
		e.Session = e.Session[:12]
	}
	e.Client = c.o.Host.ClientIP(r)
	e.Outcome = "ok"
	if err != nil {
		e.Outcome = string(dalil.ErrorCode(err))
		if errors.Is(err, dalil.ErrNotFound) {
			e.Outcome = string(dalil.CodeNotFound)
		}
	}
	if rerr := c.o.Data.RecordAudit(r.Context(), e); rerr != nil {
		c.o.Logger.Error("console audit log", "action", e.Action, "account", e.AccountID, "outcome", e.Outcome, "error", rerr.Error())
		return rerr
	}
	return nil
}

type auditData struct {
	Entries    []AuditEntry
	NextBefore int64
}

// audit is GET /console/audit?before=: the operator audit log, newest
// first.
func (c *Console) audit(w http.ResponseWriter, r *http.Request) {
	var before int64
	if v := r.URL.Query().Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			c.fail(w, r, http.StatusBadRequest, "before must be an audit entry id (a positive whole number).")
			return
		}
		before = n
	}
	const n = 50
	entries, err := c.o.Data.Audit(r.Context(), "", n, before)
	if err != nil {
		c.failErr(w, r, err)
		return
	}
	d := auditData{Entries: entries}
	if len(entries) == n {
		d.NextBefore = entries[n-1].ID
	}
	c.render(w, r, http.StatusOK, "audit", page{Title: "Audit log", Nav: "audit", Body: d})
}
