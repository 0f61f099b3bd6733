package documentfacts

import "os"

// DALIL_ROLE_MODEL=off or on: the package's tests run without or with
// the party-role model (rolemodel.go), to score a set so.
func init() {
	switch os.Getenv("DALIL_ROLE_MODEL") {
	case "off":
		partyRoleModelOn = false
	case "on":
		partyRoleModelOn = true
	}
}
