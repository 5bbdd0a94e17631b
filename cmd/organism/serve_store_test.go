package main

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// --store takes sqlite or a postgres:// URL; anything else is a usage error before anything
// opens, and the message never repeats a password.
func TestServeStoreFlagRefusesOtherBackends(t *testing.T) {
	for _, store := range []string{"mysql://u:secret@h/db", "sqlite3", "file:/tmp/x.db"} {
		t.Run(store, func(t *testing.T) {
			err := dispatch(context.Background(), []string{"serve", "--data-dir", t.TempDir(), "--store", store}, io.Discard)
			var ue usageError
			if !errors.As(err, &ue) {
				t.Fatalf("got %v, want a usage error", err)
			}
			if msg := err.Error(); msg == "" || strings.Contains(msg, "secret") {
				t.Errorf("message %q: want one that names the flag and hides the password", msg)
			}
		})
	}
}
