package property

import (
	"errors"
	"testing"

	"dalil"
)

func problemPaths(t *testing.T, err error) []string {
	t.Helper()
	var de *dalil.Error
	if !errors.As(err, &de) || de.Code != dalil.CodeInvalidInput {
		t.Fatalf("err = %v, want INVALID_INPUT", err)
	}
	ps, _ := de.Details.([]dalil.Problem)
	var paths []string
	for _, p := range ps {
		paths = append(paths, p.Path)
	}
	return paths
}
