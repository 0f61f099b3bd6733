package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nyaruka/phonenumbers"

	"dalil/capabilities/voice"
	"dalil/capabilities/voice/voicesql"
	"dalil/store/sqlstore"
)

// `dalil voice do-not-call add|check|remove NUMBER`: the operator's side
// of the do-not-call list (issue #19: "a do-not-call list an operator and
// a callee can add to"). Callees are added when they opt out during a
// call; these commands add, check and remove numbers by hand. They need
// the database only: no telephony provider, no job queue.
//
// A number is read with the safety gate's own rules (voice.Policy's
// CheckNumber: E.164 through libphonenumber) and stored as the gate looks
// it up, the keyed hash of its E.164 form (voice.HashNumber) under the
// store's "voice-numbers" secret (openVoice), so a number listed here is
// refused 403 DO_NOT_CALL when a call to it is placed and again when it
// is about to be dialled. The number itself is never stored or logged;
// the command's own output repeats the E.164 form the operator typed.

const voiceDNCUsage = `usage: dalil voice do-not-call add NUMBER [--json]      put a number on the do-not-call list (source operator)
       dalil voice do-not-call check NUMBER [--json]    say whether a number is on it, and who put it there
       dalil voice do-not-call remove NUMBER [--json]   take off a number an operator added (never a callee's opt-out)
NUMBER is in E.164 form: + and the country code, such as +96891234567.`

// voiceNumberSecret names the store secret that keys the number hashes
// (the one openVoice hands the voice service).
const voiceNumberSecret = "voice-numbers"

// dncAnswer is what the do-not-call commands print with --json.
type dncAnswer struct {
	Number  string     `json:"number"`
	Listed  bool       `json:"listed"`
	Source  string     `json:"source,omitempty"`
	AddedAt *time.Time `json:"addedAt,omitempty"`
	// Added (add) and Removed (remove): whether this command changed the
	// list.
	Added   *bool `json:"added,omitempty"`
	Removed *bool `json:"removed,omitempty"`
}

// runVoice runs `dalil voice ...`: only do-not-call for now.
func runVoice(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 || args[0] != "do-not-call" || (args[1] != "add" && args[1] != "check" && args[1] != "remove") {
		fmt.Fprintln(stderr, voiceDNCUsage)
		return errors.New("voice: expected do-not-call add, check or remove")
	}
	sub := args[1]
	name := "voice do-not-call " + sub
	fs := newFlagSet(name, stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	cfg, pos, err := loadConfig(fs, args[2:], getenv)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%s: expected one argument, NUMBER (E.164, such as +96891234567)", name)
	}
	num, err := dncNumber(pos[0])
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	store, err := openStore(ctx, cfg, logger(cfg.LogLevel, stderr))
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer store.Close()
	hash, err := numberHash(ctx, store, num)
	if err != nil {
		return err
	}
	db := store.DB()
	out := dncAnswer{Number: num}
	var msg string
	switch sub {
	case "add":
		e, added, err := voicesql.ListDoNotCall(ctx, db, hash, voicesql.SourceOperator)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		out.Listed, out.Added = true, &added
		out.entry(e)
		if added {
			msg = fmt.Sprintf("%s added to the do-not-call list: calls to it are refused 403 DO_NOT_CALL", num)
		} else {
			msg = fmt.Sprintf("%s was already on the do-not-call list (%s); nothing changed", num, describeEntry(e))
		}
	case "check":
		e, listed, err := voicesql.LookupDoNotCall(ctx, db, hash)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		out.Listed = listed
		if listed {
			out.entry(e)
			msg = fmt.Sprintf("%s is on the do-not-call list (%s)", num, describeEntry(e))
		} else {
			msg = fmt.Sprintf("%s is not on the do-not-call list", num)
		}
	case "remove":
		e, listed, err := voicesql.UnlistDoNotCall(ctx, db, hash, voicesql.SourceOperator)
		switch {
		case errors.Is(err, voicesql.ErrNotRemovable):
			return fmt.Errorf("%s: %s stays on the do-not-call list: %s, and only an operator's own entries can be removed", name, num, describeEntry(e))
		case err != nil:
			return fmt.Errorf("%s: %w", name, err)
		}
		out.Removed = &listed
		if listed {
			msg = fmt.Sprintf("%s removed from the do-not-call list (an operator had added it); it can be called again", num)
		} else {
			msg = fmt.Sprintf("%s was not on the do-not-call list; nothing changed", num)
		}
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	_, err = fmt.Fprintln(stdout, msg)
	return err
}

func (a *dncAnswer) entry(e voicesql.DoNotCallEntry) {
	a.Source = e.Source
	if !e.AddedAt.IsZero() {
		t := e.AddedAt
		a.AddedAt = &t
	}
}

// describeEntry says who listed a number and when.
func describeEntry(e voicesql.DoNotCallEntry) string {
	who := "source " + e.Source
	switch e.Source {
	case voicesql.SourceCallee:
		who = "the callee opted out during a call"
	case voicesql.SourceOperator:
		who = "added by an operator"
	}
	if e.AddedAt.IsZero() {
		return who
	}
	return who + ", " + e.AddedAt.UTC().Format("2006-01-02 15:04 UTC")
}

// dncNumber reads NUMBER as the safety gate does (voice.Policy.CheckNumber,
// whatever the allowed countries: the list may hold numbers of any
// country) and answers its E.164 form, the one the gate hashes. Numbers
// the gate never calls anyway (emergency and short codes, premium-rate,
// shared-cost) are refused with the rule that already keeps them out.
func dncNumber(raw string) (string, error) {
	region := ""
	if n, err := phonenumbers.Parse(raw, ""); err == nil {
		region = phonenumbers.GetRegionCodeForNumber(n)
	}
	num, derr := voice.Policy{Countries: []string{region}}.CheckNumber(raw)
	if derr == nil {
		return num.E164, nil
	}
	rule := voice.RuleOf(derr)
	why := strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(derr.Message, " Nothing was charged.")), ".")
	switch rule {
	case voice.RuleInvalidNumber:
		return "", fmt.Errorf("%q is not a phone number in E.164 form (+ and the country code, such as +96891234567); nothing was added or looked up", raw)
	case voice.RuleUnallocated:
		return "", fmt.Errorf("%s is not an allocated number in its country's numbering plan (rule %s); nothing was added or looked up", raw, rule)
	case "":
		return "", fmt.Errorf("%s: %s", raw, why)
	}
	return "", fmt.Errorf("%s is never called anyway (rule %s: %s); nothing was added: the do-not-call list holds only numbers the service could call", raw, rule, why)
}

// numberHash is the stored form of an E.164 number: the keyed hash the
// voice service computes, under the store's voice number secret (made on
// first use, by whichever of serve or this command comes first).
func numberHash(ctx context.Context, store *sqlstore.Store, e164 string) (string, error) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	secret, err := store.Secret(sctx, voiceNumberSecret)
	if err != nil {
		return "", fmt.Errorf("voice number secret: %w", err)
	}
	return voice.HashNumber(secret, e164), nil
}
