// Package medulla assembles the medulla organ: brains, the memorize sink, recall, verify, the promote gauntlet, federation and the ledger.
package medulla

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/pgdb"
	"github.com/organism-dev/organism/platform/sqlitedb"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	"github.com/organism-dev/organism/services/medulla/domain"
	"github.com/organism-dev/organism/services/medulla/peering"
	"github.com/organism-dev/organism/services/medulla/store"
	"github.com/organism-dev/organism/services/medulla/transport"
)

// Options configure the medulla service.
type Options struct {
	// DataDir holds medulla.db (SQLite).
	DataDir string
	// Store selects the backend: empty or "sqlite" is <DataDir>/medulla.db; a postgres:// DSN
	// is that database's schema medulla, which any number of medulla replicas may share.
	Store  string
	Logger *slog.Logger
	// Clock defaults to the wall clock. The rules (ages, receipt times) and the periodic peer
	// pull run on it; the store keeps its own housekeeping on the wall clock (store.Options).
	Clock clock.Clock
	// IDs defaults to random ids.
	IDs domain.IDs
	// Repo reads brain repositories for evidence hashing; defaults to the local filesystem.
	Repo domain.Repo
	// MaxBatch bounds group commit (writes per transaction); default 256, 1 disables it.
	MaxBatch int
	// Synchronous is SQLite's durability setting; default FULL (fsync at every group commit).
	Synchronous sqlitedb.Synchronous
	// Peers dials federation peers; defaults to plain gRPC (peering.Dialer).
	Peers domain.PeerDialer
	// PeerSyncInterval is how often followed peers are pulled in the background; default 10
	// minutes, negative turns the periodic pull off (SyncPeer still pulls on demand).
	PeerSyncInterval time.Duration
	// DoctrineSweepInterval is how often every doctrine copy is re-measured at its origin (and
	// demoted or restored); default 1 hour, negative turns the schedule off (the owner's
	// cross-verify of the medulla tier still sweeps on demand).
	DoctrineSweepInterval time.Duration
}

// Service is a running medulla organ.
type Service struct {
	store  store.Backend
	domain *domain.Service
	server *transport.Server
	stop   context.CancelFunc
	done   chan struct{}
	swept  chan struct{}
}

// Open opens the store Options.Store selects and builds the organ.
func Open(ctx context.Context, opts Options) (*Service, error) {
	if opts.DataDir == "" && !pgdb.IsDSN(opts.Store) {
		return nil, fmt.Errorf("medulla: DataDir is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	opts.Clock = clock.Or(opts.Clock)
	st, err := store.OpenFor(ctx, opts.Store, opts.DataDir, store.Options{MaxBatch: opts.MaxBatch, Synchronous: opts.Synchronous})
	if err != nil {
		return nil, fmt.Errorf("medulla: %w", err)
	}
	if opts.Peers == nil {
		opts.Peers = peering.Dialer{}
	}
	svc, err := domain.New(ctx, domain.Options{Store: st, Clock: opts.Clock, IDs: opts.IDs, Repo: opts.Repo, Peers: opts.Peers})
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("medulla: %w", err)
	}
	if opts.PeerSyncInterval == 0 {
		opts.PeerSyncInterval = 10 * time.Minute
	}
	if opts.DoctrineSweepInterval == 0 {
		opts.DoctrineSweepInterval = time.Hour
	}
	bg, stop := context.WithCancel(context.Background())
	s := &Service{store: st, domain: svc, server: transport.New(svc, opts.Logger), stop: stop, done: make(chan struct{}), swept: make(chan struct{})}
	go s.pullPeers(bg, opts.Clock, opts.PeerSyncInterval, opts.Logger)
	go s.sweepDoctrine(bg, opts.Clock, opts.DoctrineSweepInterval, opts.Logger)
	return s, nil
}

// sweepDoctrine re-measures every doctrine copy at its origin every period, on the organ's
// clock, until Close; a failed sweep is logged and the next one tries again.
func (s *Service) sweepDoctrine(ctx context.Context, clk clock.Clock, every time.Duration, logger *slog.Logger) {
	defer close(s.swept)
	clock.Loop(ctx, clk, every, func(ctx context.Context) {
		res, err := s.domain.SweepDoctrine(ctx, "schedule")
		switch {
		case err != nil && ctx.Err() == nil:
			logger.Warn("medulla: doctrine sweep", "err", err)
		case res.Demoted+res.Restored > 0:
			logger.Info("medulla: doctrine sweep", "checked", res.Checked, "demoted", res.Demoted, "restored", res.Restored)
		}
	})
}

// pullPeers pulls every followed peer's doctrine every period, on the organ's clock, until
// Close. A failed pull is recorded on the peer (ListPeers shows it) and logged; it never stops
// the loop.
func (s *Service) pullPeers(ctx context.Context, clk clock.Clock, every time.Duration, logger *slog.Logger) {
	defer close(s.done)
	clock.Loop(ctx, clk, every, func(ctx context.Context) {
		if err := s.domain.SyncAll(ctx); err != nil && ctx.Err() == nil {
			logger.Warn("medulla: periodic peer pull", "err", err)
		}
	})
}

// Register adds the MedullaService to a gRPC server.
func (s *Service) Register(r grpc.ServiceRegistrar) {
	medullav1.RegisterMedullaServiceServer(r, s.server)
}

// Close finishes queued writes and closes the database.
func (s *Service) Close() error {
	s.stop()
	<-s.done
	<-s.swept
	return s.store.Close()
}
