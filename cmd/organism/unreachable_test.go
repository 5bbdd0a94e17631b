package main

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestNoServerIsSaidInWords: a client verb run before `make run` (or at the wrong --addr) printed
// grpc-go's `connection error: desc = "transport: Error while dialing: ..."`; it now names the
// address and what to check, exits 1, and still answers status.Code with Unavailable.
func TestNoServerIsSaidInWords(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close() // nothing listens there now
	tests := []struct {
		name string
		args []string
	}{
		{"a client verb", []string{"brain", "ls", "--addr", addr, "--token", "org1.x.y"}},
		{"a memory verb", []string{"recall", "x", "--brain", "loja", "--addr", addr, "--token", "org1.x.y"}},
		{"health", []string{"health", "--addr", addr}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := dispatch(context.Background(), tt.args, &bytes.Buffer{})
			if code := exitCode(err); code != 1 {
				t.Fatalf("got exit %d (%v), want 1", code, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "no server answered at "+addr) || !strings.Contains(msg, "organism serve") || strings.Contains(msg, "desc =") {
				t.Errorf("got %q, want the address and what to check, without grpc-go's text", msg)
			}
			if got := status.Code(err); got != codes.Unavailable {
				t.Errorf("status code: got %s, want Unavailable", got)
			}
		})
	}
}
