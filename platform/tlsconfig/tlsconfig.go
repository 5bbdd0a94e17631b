// Package tlsconfig builds the TLS configurations Organism's servers and clients use from
// certificate files (--tls-cert, --tls-key, --tls-ca), re-reading the files when they change so
// a rotated certificate (a cert-manager Secret update) takes effect without a restart.
//
// TLS here is transport only: it encrypts and, with mutual TLS, admits only holders of a
// certificate the CA signed. Identity stays the bearer credential every call carries.
package tlsconfig

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// Files names the PEM files TLS is built from. Cert and Key are this side's certificate; CA
// verifies the other side (servers it dials, and with Mutual the clients it admits).
type Files struct {
	Cert, Key, CA string
	// Mutual makes a server require a client certificate signed by CA.
	Mutual bool
}

// Enabled reports whether any TLS file was given; without one everything stays plaintext.
func (f Files) Enabled() bool { return f.Cert != "" || f.Key != "" || f.CA != "" }

// Check reports a combination that cannot work before anything listens.
func (f Files) Check(server bool) error {
	switch {
	case (f.Cert == "") != (f.Key == ""):
		return errors.New("tls: --tls-cert and --tls-key go together")
	case server && f.Enabled() && f.Cert == "":
		return errors.New("tls: a server needs --tls-cert and --tls-key")
	case f.Mutual && f.CA == "":
		return errors.New("tls: mutual TLS needs --tls-ca to verify clients")
	}
	return nil
}

// recheck bounds how often the files are stat'ed: at most once a second, on a handshake.
const recheck = time.Second

// Source holds the current certificate and CA pool and reloads them when the files change.
type Source struct {
	files Files
	now   func() time.Time

	mu      sync.Mutex
	cert    *tls.Certificate
	pool    *x509.CertPool
	stamp   string // mod times and sizes of the files the current material came from
	checked time.Time
	lastErr error
}

// Load reads the files once; an error here is a configuration error the process should exit on.
func Load(f Files) (*Source, error) {
	s := &Source{files: f, now: time.Now}
	if err := s.reload(); err != nil {
		return nil, err
	}
	return s, nil
}

// NotAfter is when the certificate in use expires (zero without one). A server refuses to
// start on an expired certificate rather than fail every handshake.
func (s *Source) NotAfter() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cert == nil || s.cert.Leaf == nil {
		return time.Time{}
	}
	return s.cert.Leaf.NotAfter
}

// LastError is the most recent failed reload (nil when the files in use are the newest).
func (s *Source) LastError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastErr
}

func (s *Source) fileStamp() string {
	var out string
	for _, p := range []string{s.files.Cert, s.files.Key, s.files.CA} {
		if p == "" {
			continue
		}
		if fi, err := os.Stat(p); err == nil {
			out += fmt.Sprintf("%s:%d:%d;", p, fi.ModTime().UnixNano(), fi.Size())
		} else {
			out += p + ":missing;"
		}
	}
	return out
}

func (s *Source) reload() error {
	stamp := s.fileStamp()
	var cert *tls.Certificate
	if s.files.Cert != "" {
		c, err := tls.LoadX509KeyPair(s.files.Cert, s.files.Key)
		if err != nil {
			return fmt.Errorf("tls: load certificate: %w", err)
		}
		cert = &c
	}
	var pool *x509.CertPool
	if s.files.CA != "" {
		raw, err := os.ReadFile(s.files.CA)
		if err != nil {
			return fmt.Errorf("tls: read CA: %w", err)
		}
		pool = x509.NewCertPool()
		if !pool.AppendCertsFromPEM(raw) {
			return fmt.Errorf("tls: %s holds no PEM certificate", s.files.CA)
		}
	}
	s.cert, s.pool, s.stamp = cert, pool, stamp
	return nil
}

// current returns the material in use, reloading first when a file changed since the last look.
// A reload that fails (a half-written file) keeps the previous material and is remembered.
func (s *Source) current() (*tls.Certificate, *x509.CertPool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if now := s.now(); now.Sub(s.checked) >= recheck {
		s.checked = now
		if s.fileStamp() != s.stamp {
			s.lastErr = s.reload()
		}
	}
	return s.cert, s.pool
}

// Server is a server configuration offering protos by ALPN ("h2" for gRPC; "h2", "http/1.1"
// for the gateway). Each handshake sees the newest certificate and client CA.
func (s *Source) Server(protos ...string) *tls.Config {
	return &tls.Config{
		MinVersion: tls.VersionTLS12,
		GetConfigForClient: func(*tls.ClientHelloInfo) (*tls.Config, error) {
			cert, pool := s.current()
			if cert == nil {
				return nil, errors.New("tls: no server certificate")
			}
			c := &tls.Config{MinVersion: tls.VersionTLS12, Certificates: []tls.Certificate{*cert}, NextProtos: protos}
			if s.files.Mutual {
				c.ClientAuth, c.ClientCAs = tls.RequireAndVerifyClientCert, pool
			}
			return c, nil
		},
	}
}

// Client is a client configuration: it verifies the server against the newest CA (the system
// roots when no CA file was given) and presents this side's certificate when it has one.
func (s *Source) Client() *tls.Config {
	c := &tls.Config{
		MinVersion: tls.VersionTLS12,
		GetClientCertificate: func(*tls.CertificateRequestInfo) (*tls.Certificate, error) {
			cert, _ := s.current()
			if cert == nil {
				return &tls.Certificate{}, nil
			}
			return cert, nil
		},
	}
	if s.files.CA == "" {
		return c
	}
	// The CA may rotate, so the standard verification (fixed RootCAs) is replaced by the same
	// checks against the pool current at each handshake.
	c.InsecureSkipVerify = true
	c.VerifyConnection = func(cs tls.ConnectionState) error {
		_, pool := s.current()
		if len(cs.PeerCertificates) == 0 {
			return errors.New("tls: server sent no certificate")
		}
		inter := x509.NewCertPool()
		for _, ic := range cs.PeerCertificates[1:] {
			inter.AddCert(ic)
		}
		_, err := cs.PeerCertificates[0].Verify(x509.VerifyOptions{
			DNSName: cs.ServerName, Roots: pool, Intermediates: inter,
			KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		})
		return err
	}
	return c
}
