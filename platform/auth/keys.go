package auth

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// OwnerKeyFile is the owner's private signing key inside the data dir.
const OwnerKeyFile = "owner.key"

// OwnerTokenFile is where the first run writes the owner's credential inside the data dir.
const OwnerTokenFile = "owner.token"

// LoadOrCreateOwnerKey reads dataDir/owner.key, creating a new Ed25519 key (mode 0600) on first run.
func LoadOrCreateOwnerKey(dataDir string) (ed25519.PrivateKey, bool, error) {
	p := filepath.Join(dataDir, OwnerKeyFile)
	key, err := LoadOwnerKey(p)
	if err == nil {
		return key, false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, false, fmt.Errorf("create data dir: %w", err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, false, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, false, err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		// Another process created it first: use theirs.
		key, err := LoadOwnerKey(p)
		return key, false, err
	}
	if err != nil {
		return nil, false, fmt.Errorf("create owner key: %w", err)
	}
	if err := pem.Encode(f, &pem.Block{Type: "PRIVATE KEY", Bytes: der}); err != nil {
		f.Close()
		return nil, false, err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return nil, false, err
	}
	return priv, true, f.Close()
}

// LoadOwnerKey reads a PEM PKCS#8 Ed25519 private key.
func LoadOwnerKey(p string) (ed25519.PrivateKey, error) {
	raw, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return nil, fmt.Errorf("%s: no PEM block", p)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("%s: not an Ed25519 key", p)
	}
	return priv, nil
}
