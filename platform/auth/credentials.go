package auth

import "context"

// Credentials is a grpc.PerRPCCredentials for service-to-service calls: a call made while
// serving a request carries that request's own credentials onward (so the callee applies the
// original caller's rights), and a call made on the service's own behalf carries Fallback.
type Credentials struct {
	// Fallback is the service's own credential; empty means calls outside a request carry none.
	Fallback string
}

// GetRequestMetadata implements credentials.PerRPCCredentials.
func (c Credentials) GetRequestMetadata(ctx context.Context, _ ...string) (map[string]string, error) {
	if id, ok := FromContext(ctx); ok && id.credential != "" {
		md := map[string]string{AuthorizationHeader: "Bearer " + id.credential}
		if id.session != "" {
			md[SessionHeader] = id.session
		}
		return md, nil
	}
	if c.Fallback != "" {
		return map[string]string{AuthorizationHeader: "Bearer " + c.Fallback}, nil
	}
	return nil, nil
}

// RequireTransportSecurity implements credentials.PerRPCCredentials. Organism runs plaintext on
// loopback and may run TLS between processes (--tls-*, platform/tlsconfig); the credential is
// the identity either way, so it does not insist on TLS.
func (Credentials) RequireTransportSecurity() bool { return false }

// Bearer is a fixed credential for clients (CLI, tests).
type Bearer string

// GetRequestMetadata implements credentials.PerRPCCredentials.
func (b Bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{AuthorizationHeader: "Bearer " + string(b)}, nil
}

// RequireTransportSecurity implements credentials.PerRPCCredentials.
func (Bearer) RequireTransportSecurity() bool { return false }

// Session is the gateway's credential carrying a logged-in owner session (origin human-ui).
type Session struct {
	Gateway string
	Owner   string
}

// GetRequestMetadata implements credentials.PerRPCCredentials.
func (s Session) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{AuthorizationHeader: "Bearer " + s.Gateway, SessionHeader: s.Owner}, nil
}

// RequireTransportSecurity implements credentials.PerRPCCredentials.
func (Session) RequireTransportSecurity() bool { return false }
