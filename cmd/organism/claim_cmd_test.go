package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaimShowNotFound: a claim that is not there is named by its slug, and by its version only
// when --version asked for one (the live one was reported as "(version 0)").
func TestClaimShowNotFound(t *testing.T) {
	addr, dataDir, agent, _ := medullaCLI(t)
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "limits.go"), []byte("const Max = 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	body := filepath.Join(t.TempDir(), "body.md")
	if err := os.WriteFile(body, []byte("Max requests per minute is 10.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	asAgent := []string{"--addr", addr, "--token", agent, "--brain", "loja"}
	for _, args := range [][]string{
		{"brain", "register", "loja", "--repo-root", repo, "--addr", addr, "--owner", "--data-dir", dataDir},
		append([]string{"memorize", "--slug", "rate-limit", "--file", body, "--evidence", "limits.go", "--repo", repo}, asAgent...),
	} {
		if err := dispatch(context.Background(), args, &bytes.Buffer{}); err != nil {
			t.Fatalf("%v: %v", args[:2], err)
		}
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no such slug", []string{"claim", "show", "nope"}, "no claim nope in brain loja"},
		{"no such version", []string{"claim", "show", "rate-limit", "--version", "7"}, "no claim rate-limit version 7 in brain loja"},
		{"no such slug at a version", []string{"claim", "show", "nope", "--version", "2"}, "no claim nope version 2 in brain loja"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := dispatch(context.Background(), append(c.args, asAgent...), &bytes.Buffer{})
			if err == nil {
				t.Fatalf("got no error, want %q", c.want)
			}
			if got := err.Error(); !strings.Contains(got, c.want) || !strings.Contains(got, "CLAIM_NOT_FOUND") || strings.Contains(got, "version 0") {
				t.Errorf("got %q, want it to say %q (CLAIM_NOT_FOUND) and no \"version 0\"", got, c.want)
			}
		})
	}
}
