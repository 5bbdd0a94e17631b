package tlsconfig

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// Authority is a development certificate authority: it signs the certificates `organism certs
// dev` writes and the tests use. Production certificates come from the deployment's own CA.
type Authority struct {
	Cert *x509.Certificate
	Key  *ecdsa.PrivateKey
	PEM  []byte
}

// NewAuthority makes a self-signed CA valid from notBefore to notAfter.
func NewAuthority(name string, notBefore, notAfter time.Time) (*Authority, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: name, Organization: []string{"organism dev"}},
		NotBefore: notBefore, NotAfter: notAfter, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	return &Authority{Cert: cert, Key: key, PEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}, nil
}

// Issue signs a leaf for hosts (DNS names or IPs) usable as both server and client certificate,
// so one pair per process serves its listener and its mutual-TLS dials. It returns PEM cert, key.
func (a *Authority) Issue(name string, hosts []string, notBefore, notAfter time.Time) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(), Subject: pkix.Name{CommonName: name, Organization: []string{"organism dev"}},
		NotBefore: notBefore, NotAfter: notAfter,
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, a.Cert, &key.PublicKey, a.Key)
	if err != nil {
		return nil, nil, err
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), nil
}

// DevHosts are the names a development certificate covers: loopback, and every in-cluster
// Service name the deploy/k8s manifests give the targets.
func DevHosts() []string {
	hosts := []string{"localhost", "127.0.0.1", "::1"}
	for _, t := range []string{"soul", "medulla", "mission", "presence", "gateway"} {
		hosts = append(hosts, "organism-"+t, "organism-"+t+".organism", "organism-"+t+".organism.svc", "organism-"+t+".organism.svc.cluster.local")
	}
	return hosts
}

// WriteDev writes ca.crt, ca.key, tls.crt and tls.key into dir: a development CA and one
// certificate for hosts signed by it, valid for validity from now. It never overwrites.
func WriteDev(dir string, hosts []string, validity time.Duration) ([]string, error) {
	names := []string{"ca.crt", "ca.key", "tls.crt", "tls.key"}
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			return nil, fmt.Errorf("%s exists; remove it or choose another --out", filepath.Join(dir, n))
		}
	}
	now := time.Now()
	ca, err := NewAuthority("organism dev CA", now.Add(-time.Hour), now.Add(validity))
	if err != nil {
		return nil, err
	}
	cert, key, err := ca.Issue("organism", hosts, now.Add(-time.Hour), now.Add(validity))
	if err != nil {
		return nil, err
	}
	caKey, err := x509.MarshalPKCS8PrivateKey(ca.Key)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	content := [][]byte{ca.PEM, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: caKey}), cert, key}
	var written []string
	for i, n := range names {
		mode := os.FileMode(0o644)
		if i%2 == 1 {
			mode = 0o600
		}
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, content[i], mode); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}

func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	return n
}
