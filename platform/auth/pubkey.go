package auth

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// OwnerPublicKeyFile is the owner's public verification key inside the data dir. It is the only
// key material a deployed service needs: it verifies credentials and can mint none.
const OwnerPublicKeyFile = "owner.pub"

// InitOwnerKey is the explicit minting step: it creates dataDir/owner.key when missing and
// (re)writes dataDir/owner.pub from it. It reports whether the private key was created.
func InitOwnerKey(dataDir string) (ed25519.PrivateKey, bool, error) {
	key, created, err := LoadOrCreateOwnerKey(dataDir)
	if err != nil {
		return nil, false, err
	}
	if err := WriteOwnerPublicKey(filepath.Join(dataDir, OwnerPublicKeyFile), key.Public().(ed25519.PublicKey)); err != nil {
		return nil, false, err
	}
	return key, created, nil
}

// EncodePublicKey returns pub as a PEM PKIX "PUBLIC KEY" block.
func EncodePublicKey(pub ed25519.PublicKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

// WriteOwnerPublicKey writes pub to p (mode 0644: it is not a secret), replacing what is there.
func WriteOwnerPublicKey(p string, pub ed25519.PublicKey) error {
	raw, err := EncodePublicKey(pub)
	if err != nil {
		return err
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		return fmt.Errorf("write owner public key: %w", err)
	}
	return os.Rename(tmp, p)
}

// ErrPrivateKeyGiven refuses a private key where only the public half belongs, so a deployment
// that mounts owner.key by mistake fails at start instead of carrying the minting key around.
var ErrPrivateKeyGiven = errors.New("this is a private key; give the service the public key (organism keys public)")

// LoadOwnerPublicKey reads a PEM PKIX Ed25519 public key.
func LoadOwnerPublicKey(p string) (ed25519.PublicKey, error) {
	raw, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return nil, fmt.Errorf("%s: no PEM block", p)
	}
	if block.Type == "PRIVATE KEY" {
		return nil, fmt.Errorf("%s: %w", p, ErrPrivateKeyGiven)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	pub, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("%s: not an Ed25519 public key", p)
	}
	return pub, nil
}
