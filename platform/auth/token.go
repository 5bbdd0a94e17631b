// Package auth mints and verifies Organism credentials and carries the caller's identity
// through a request's context; identity never comes from request fields.
package auth

import (
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/organism-dev/organism/platform/idgen"
)

// Kind is what a credential was minted for.
type Kind string

const (
	// KindOwner is the one human owner's credential (origin human-cli).
	KindOwner Kind = "owner"
	// KindAgent is a coding agent bound to one brain and one seat.
	KindAgent Kind = "agent"
	// KindGateway is the gateway's own credential; with a forwarded owner session it yields origin human-ui.
	KindGateway Kind = "gateway"
	// KindService is an Organism service acting for itself (background work).
	KindService Kind = "service"
	// KindPeer is a federation peer medulla reading promoted doctrine.
	KindPeer Kind = "peer"
)

const tokenPrefix = "org1."

// Claims is the signed payload of a credential.
type Claims struct {
	Version  int    `json:"v"`
	Kind     Kind   `json:"typ"`
	Subject  string `json:"sub"`
	Seat     string `json:"seat,omitempty"`
	Brain    string `json:"brain,omitempty"`
	IssuedAt int64  `json:"iat"`
	Expires  int64  `json:"exp,omitempty"`
	ID       string `json:"jti"`
}

// Errors a token can fail with; the interceptor turns each into Unauthenticated with its reason.
var (
	ErrMalformed    = errors.New("TOKEN_MALFORMED")
	ErrBadSignature = errors.New("BAD_SIGNATURE")
	ErrExpired      = errors.New("TOKEN_EXPIRED")
)

var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,62}$`)

// ValidName reports whether s is usable as an agent id, seat or brain name.
func ValidName(s string) bool { return namePattern.MatchString(s) }

// Signer mints credentials with the owner's private key.
type Signer struct {
	key ed25519.PrivateKey
	now func() time.Time
}

// NewSigner returns a Signer over key; now may be nil for the wall clock.
func NewSigner(key ed25519.PrivateKey, now func() time.Time) *Signer {
	if now == nil {
		now = time.Now
	}
	return &Signer{key: key, now: now}
}

// Verifier returns the verifier matching this signer's key.
func (s *Signer) Verifier() *Verifier {
	return NewVerifier(s.key.Public().(ed25519.PublicKey), s.now)
}

// MintRequest says what credential to mint. TTL zero means no expiry.
type MintRequest struct {
	Kind    Kind
	Subject string
	Seat    string
	Brain   string
	TTL     time.Duration
}

// Mint signs a new credential.
func (s *Signer) Mint(r MintRequest) (string, error) {
	switch r.Kind {
	case KindOwner:
		r.Subject, r.Seat, r.Brain = "owner", "owner", ""
	case KindAgent:
		if !ValidName(r.Subject) || !ValidName(r.Seat) || !ValidName(r.Brain) {
			return "", fmt.Errorf("agent credentials need an agent id, seat and brain matching %s", namePattern)
		}
	case KindGateway, KindService, KindPeer:
		if !ValidName(r.Subject) {
			return "", fmt.Errorf("%s credentials need a subject matching %s", r.Kind, namePattern)
		}
	default:
		return "", fmt.Errorf("unknown credential kind %q", r.Kind)
	}
	if r.TTL < 0 {
		return "", errors.New("ttl must not be negative")
	}
	now := s.now()
	c := Claims{Version: 1, Kind: r.Kind, Subject: r.Subject, Seat: r.Seat, Brain: r.Brain,
		IssuedAt: now.Unix(), ID: idgen.Hex("", 12)}
	if r.TTL > 0 {
		c.Expires = now.Add(r.TTL).Unix()
	}
	payload, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	signed := tokenPrefix + base64.RawURLEncoding.EncodeToString(payload)
	sig := ed25519.Sign(s.key, []byte(signed))
	return signed + "." + base64.RawURLEncoding.EncodeToString(sig), nil
}

// Verifier checks credentials against the owner's public key.
type Verifier struct {
	pub ed25519.PublicKey
	now func() time.Time

	// verified remembers credentials whose signature already checked out, so a caller that
	// sends the same credential on every call (a heartbeat) pays for one signature check, not
	// one per call. Expiry is still checked on every use.
	mu       sync.Mutex
	verified map[string]Claims
}

// verifiedCacheSize bounds the memory the cache of verified credentials may take.
const verifiedCacheSize = 8192

// NewVerifier returns a verifier for pub; now may be nil for the wall clock.
func NewVerifier(pub ed25519.PublicKey, now func() time.Time) *Verifier {
	if now == nil {
		now = time.Now
	}
	return &Verifier{pub: pub, now: now, verified: map[string]Claims{}}
}

// maxTokenLen bounds what is decoded from an untrusted header.
const maxTokenLen = 4096

// Verify parses and checks a credential, returning its claims.
func (v *Verifier) Verify(token string) (Claims, error) {
	v.mu.Lock()
	c, ok := v.verified[token]
	v.mu.Unlock()
	if ok {
		return v.checkExpiry(c)
	}
	c, err := v.verifySignature(token)
	if err != nil {
		return c, err
	}
	v.mu.Lock()
	if len(v.verified) >= verifiedCacheSize {
		// Evict an arbitrary half; map iteration order is random enough for a cache.
		n := 0
		for k := range v.verified {
			delete(v.verified, k)
			if n++; n >= verifiedCacheSize/2 {
				break
			}
		}
	}
	v.verified[token] = c
	v.mu.Unlock()
	return v.checkExpiry(c)
}

func (v *Verifier) checkExpiry(c Claims) (Claims, error) {
	if c.Expires != 0 && !v.now().Before(time.Unix(c.Expires, 0)) {
		return Claims{}, ErrExpired
	}
	return c, nil
}

// verifySignature decodes token and checks its signature and shape (not its expiry).
func (v *Verifier) verifySignature(token string) (Claims, error) {
	var c Claims
	if len(token) > maxTokenLen || !strings.HasPrefix(token, tokenPrefix) {
		return c, ErrMalformed
	}
	dot := strings.LastIndexByte(token, '.')
	if dot <= len(tokenPrefix) {
		return c, ErrMalformed
	}
	signed, sigText := token[:dot], token[dot+1:]
	sig, err := base64.RawURLEncoding.DecodeString(sigText)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return c, ErrMalformed
	}
	if !ed25519.Verify(v.pub, []byte(signed), sig) {
		return c, ErrBadSignature
	}
	payload, err := base64.RawURLEncoding.DecodeString(signed[len(tokenPrefix):])
	if err != nil {
		return c, ErrMalformed
	}
	if err := json.Unmarshal(payload, &c); err != nil || c.Version != 1 || c.Subject == "" {
		return Claims{}, ErrMalformed
	}
	switch c.Kind {
	case KindOwner, KindAgent, KindGateway, KindService, KindPeer:
	default:
		return Claims{}, ErrMalformed
	}
	return c, nil
}

// PublicKey returns the key credentials are checked against.
func (v *Verifier) PublicKey() ed25519.PublicKey { return v.pub }
