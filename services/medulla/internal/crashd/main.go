// Command crashd serves one medulla on loopback for the crash-safety test, which SIGKILLs it.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/organism-dev/organism/platform/auth"
	"github.com/organism-dev/organism/platform/grpcserver"
	"github.com/organism-dev/organism/services/medulla"
)

func main() {
	data := flag.String("data", "", "data directory (holds owner.key and medulla.db)")
	addrFile := flag.String("addr-file", "", "where to write the listening address once serving")
	flag.Parse()
	if err := run(*data, *addrFile); err != nil {
		fmt.Fprintln(os.Stderr, "crashd:", err)
		os.Exit(1)
	}
}

func run(data, addrFile string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	key, _, err := auth.LoadOrCreateOwnerKey(data)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	svc, err := medulla.Open(ctx, medulla.Options{DataDir: data, Logger: logger})
	if err != nil {
		return err
	}
	defer svc.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := grpcserver.New(grpcserver.Options{Listener: lis, Verifier: auth.NewSigner(key, nil).Verifier(), Logger: logger})
	svc.Register(srv.Registrar())
	// Publish the address atomically so the test never reads half a file.
	tmp := filepath.Join(filepath.Dir(addrFile), ".addr.tmp")
	if err := os.WriteFile(tmp, []byte(lis.Addr().String()), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, addrFile); err != nil {
		return err
	}
	return srv.Serve(ctx)
}
