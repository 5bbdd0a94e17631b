package auth_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/organism-dev/organism/platform/auth"
)

// A service verifies with owner.pub alone, and refuses to be handed the private key instead.
func TestOwnerPublicKeyVerifiesAndPrivateKeyIsRefused(t *testing.T) {
	dir := t.TempDir()
	key, created, err := auth.InitOwnerKey(dir)
	if err != nil || !created {
		t.Fatalf("first init: created %v, err %v; want a new key", created, err)
	}
	again, created, err := auth.InitOwnerKey(dir)
	if err != nil || created || !again.Equal(key) {
		t.Fatalf("second init: created %v, err %v, same key %v; want the existing key kept", created, err, again.Equal(key))
	}
	pub, err := auth.LoadOwnerPublicKey(filepath.Join(dir, auth.OwnerPublicKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := auth.NewSigner(key, nil).Mint(auth.MintRequest{Kind: auth.KindService, Subject: "organism-soul"})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := auth.NewVerifier(pub, nil).Verify(tok); err != nil || c.Subject != "organism-soul" {
		t.Errorf("verify with owner.pub: got %+v, %v; want the service credential accepted", c, err)
	}
	info, err := os.Stat(filepath.Join(dir, auth.OwnerPublicKeyFile))
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("owner.pub mode: got %v (%v), want 0644", info.Mode().Perm(), err)
	}

	tests := []struct {
		name    string
		path    string
		wantErr error
	}{
		{"private key given as the public key", filepath.Join(dir, auth.OwnerKeyFile), auth.ErrPrivateKeyGiven},
		{"missing file", filepath.Join(dir, "absent.pub"), os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := auth.LoadOwnerPublicKey(tt.path); !errors.Is(err, tt.wantErr) {
				t.Errorf("got %v, want %v", err, tt.wantErr)
			}
		})
	}
}
