// Package medulla assembles the medulla organ: brains, the memorize sink, recall, verify and the ledger.
package medulla

import (
	"context"
	"fmt"
	"log/slog"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/sqlitedb"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/store"
	"github.com/organism-dev/organism/services/medulla/transport"
)

// Options configure the medulla service.
type Options struct {
	// DataDir holds medulla.db.
	DataDir string
	Logger  *slog.Logger
	// Clock defaults to the wall clock.
	Clock clock.Clock
	// IDs defaults to random ids.
	IDs domain.IDs
	// Repo reads brain repositories for evidence hashing; defaults to the local filesystem.
	Repo domain.Repo
	// MaxBatch bounds group commit (writes per transaction); default 256, 1 disables it.
	MaxBatch int
	// Synchronous is SQLite's durability setting; default FULL (fsync at every group commit).
	Synchronous sqlitedb.Synchronous
}

// Service is a running medulla organ.
type Service struct {
	store  *store.Store
	domain *domain.Service
	server *transport.Server
}

// Open opens <DataDir>/medulla.db and builds the organ.
func Open(ctx context.Context, opts Options) (*Service, error) {
	if opts.DataDir == "" {
		return nil, fmt.Errorf("medulla: DataDir is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	st, err := store.Open(ctx, opts.DataDir, store.Options{MaxBatch: opts.MaxBatch, Synchronous: opts.Synchronous})
	if err != nil {
		return nil, fmt.Errorf("medulla: %w", err)
	}
	svc, err := domain.New(ctx, domain.Options{Store: st, Clock: opts.Clock, IDs: opts.IDs, Repo: opts.Repo})
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("medulla: %w", err)
	}
	return &Service{store: st, domain: svc, server: transport.New(svc, opts.Logger)}, nil
}

// Register adds the MedullaService to a gRPC server.
func (s *Service) Register(r grpc.ServiceRegistrar) {
	medullav1.RegisterMedullaServiceServer(r, s.server)
}

// Close finishes queued writes and closes the database.
func (s *Service) Close() error { return s.store.Close() }
