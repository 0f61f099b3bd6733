package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"dalil"
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

// runVoice runs `dalil voice ...`: only do-not-call for now. The
// operations are voice.AddDoNotCall, CheckDoNotCall and RemoveDoNotCall, the
// very ones PUT, GET and DELETE /admin/v1/voice/do-not-call/{number} run:
// --json prints what those routes answer as data.
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
	raw := pos[0]
	// A malformed number is refused before the database is opened.
	if _, err := voice.DoNotCallNumber(raw); err != nil {
		return dncError(name, raw, err)
	}
	store, err := openStore(ctx, cfg, logger(cfg.LogLevel, stderr))
	if err != nil {
		return fmt.Errorf("open database: %w", err)
	}
	defer store.Close()
	list := doNotCallList(store)
	var out voice.DoNotCallAnswer
	var msg string
	switch sub {
	case "add":
		out, err = voice.AddDoNotCall(ctx, list, raw)
		if err == nil && *out.Added {
			msg = fmt.Sprintf("%s added to the do-not-call list: calls to it are refused 403 DO_NOT_CALL", out.Number)
		} else if err == nil {
			msg = fmt.Sprintf("%s was already on the do-not-call list (%s); nothing changed", out.Number, out.Entry().Describe())
		}
	case "check":
		out, err = voice.CheckDoNotCall(ctx, list, raw)
		if err == nil && out.Listed {
			msg = fmt.Sprintf("%s is on the do-not-call list (%s)", out.Number, out.Entry().Describe())
		} else if err == nil {
			msg = fmt.Sprintf("%s is not on the do-not-call list", out.Number)
		}
	case "remove":
		out, err = voice.RemoveDoNotCall(ctx, list, raw)
		if err == nil && *out.Removed {
			msg = fmt.Sprintf("%s removed from the do-not-call list (an operator had added it); it can be called again", out.Number)
		} else if err == nil {
			msg = fmt.Sprintf("%s was not on the do-not-call list; nothing changed", out.Number)
		}
	}
	if err != nil {
		return dncError(name, raw, err)
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	_, err = fmt.Fprintln(stdout, msg)
	return err
}

// dncError words an error of the do-not-call operations for the command
// line, with the code the admin routes answer: a refused number names the
// number as typed ("voice do-not-call add: INVALID_INPUT: "9689" is not a
// phone number in E.164 form ..."), which the routes' answers do not.
func dncError(name, raw string, err error) error {
	var de *dalil.Error
	if errors.As(err, &de) && de.Code == dalil.CodeInvalidInput {
		if ps, ok := de.Details.([]dalil.Problem); ok && len(ps) == 1 {
			return fmt.Errorf("%s: %s: %q %s; nothing was added, removed or looked up", name, de.Code, raw, ps[0].Message)
		}
	}
	return fmt.Errorf("%s: %w", name, err)
}

// doNotCallList is the do-not-call list on store, keyed as the voice
// service keys it (numberHash): what the command and, wired by
// buildServer, the admin routes work on. The secret, read on first use
// (and made then if neither serve nor a command made it before), is kept
// once read: it never changes.
func doNotCallList(store *sqlstore.Store) *voicesql.DoNotCallList {
	var mu sync.Mutex
	var secret []byte
	return voicesql.NewDoNotCallList(store.DB(), func(ctx context.Context, e164 string) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		if secret == nil {
			s, err := numberSecret(ctx, store)
			if err != nil {
				return "", err
			}
			secret = s
		}
		return voice.HashNumber(secret, e164), nil
	})
}

// numberHash is the stored form of an E.164 number: the keyed hash the
// voice service computes, under the store's voice number secret (made on
// first use, by whichever of serve or this command comes first).
func numberHash(ctx context.Context, store *sqlstore.Store, e164 string) (string, error) {
	secret, err := numberSecret(ctx, store)
	if err != nil {
		return "", err
	}
	return voice.HashNumber(secret, e164), nil
}

// numberSecret is the store's voice number secret.
func numberSecret(ctx context.Context, store *sqlstore.Store) ([]byte, error) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	secret, err := store.Secret(sctx, voiceNumberSecret)
	if err != nil {
		return nil, fmt.Errorf("voice number secret: %w", err)
	}
	return secret, nil
}
