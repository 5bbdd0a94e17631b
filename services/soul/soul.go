// Package soul assembles the soul organ: parse a brain's soul, verify its claims, keep its receipts.
package soul

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"google.golang.org/grpc"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/idgen"
	"github.com/organism-dev/organism/platform/pgdb"
	medullav1 "github.com/organism-dev/organism/proto/organism/medulla/v1"
	soulv1 "github.com/organism-dev/organism/proto/organism/soul/v1"
	"github.com/organism-dev/organism/services/soul/domain"
	"github.com/organism-dev/organism/services/soul/engine"
	"github.com/organism-dev/organism/services/soul/gitrepo"
	"github.com/organism-dev/organism/services/soul/peers"
	"github.com/organism-dev/organism/services/soul/store"
	"github.com/organism-dev/organism/services/soul/transport"
)

// Options configures the soul service.
type Options struct {
	// DataDir holds soul.db.
	DataDir string
	// Store selects the backend: empty or "sqlite" is the embedded SQLite file in DataDir;
	// postgres://… is that database (schema soul, shared by any number of soul replicas).
	Store  string
	Logger *slog.Logger
	// Clock defaults to the wall clock.
	Clock clock.Clock
	// Medulla resolves brains (GetBrain) and is the memorize sink (Memorize). Its connection should carry
	// auth.Credentials so each call runs with the original caller's rights. Nil answers MEDULLA_UNAVAILABLE.
	Medulla medullav1.MedullaServiceClient
	// IDs defaults to random receipt ids.
	IDs domain.IDs
	// RuntimeProbe lets checks GET localhost URLs a soul cites; off by default (runtime claims are then unprovable-now).
	RuntimeProbe bool
	// MaxSoulBytes defaults to 8 MiB.
	MaxSoulBytes int
	// Tissues maps a lower-case heading fragment to a tissue for every brain, ahead of the built-in map.
	Tissues map[string]string
}

// Service is the assembled soul organ.
type Service struct {
	store  *store.Store
	server *transport.Server
}

// Open opens the store (<DataDir>/soul.db, or the PostgreSQL database Options.Store names)
// and wires the organ.
func Open(ctx context.Context, opts Options) (*Service, error) {
	if opts.DataDir == "" && !pgdb.IsDSN(opts.Store) {
		return nil, errors.New("soul: DataDir is required")
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Clock == nil {
		opts.Clock = clock.Real{}
	}
	if opts.IDs == nil {
		opts.IDs = RandomIDs{}
	}
	tissues := map[string]engine.Tissue{}
	for k, v := range opts.Tissues {
		t, ok := engine.ParseTissue(strings.ToLower(v))
		if !ok {
			return nil, fmt.Errorf("soul: tissue %q for %q is not verifiable, declared, mixed or history", v, k)
		}
		tissues[strings.ToLower(k)] = t
	}
	st, err := store.OpenFor(ctx, opts.Store, opts.DataDir)
	if err != nil {
		return nil, fmt.Errorf("soul: %w", err)
	}
	var prober engine.Prober
	if opts.RuntimeProbe {
		prober = NewLocalProber()
	}
	peer := peers.Medulla{Client: opts.Medulla}
	organ, err := domain.NewOrgan(domain.OrganOptions{
		Brains: peer, Sink: peer, Store: st, Clock: opts.Clock, IDs: opts.IDs, Prober: prober,
		MaxBytes: opts.MaxSoulBytes, Tissues: tissues,
		Open: func(ctx context.Context, root string) (engine.Repo, error) { return gitrepo.Open(ctx, root) },
	})
	if err != nil {
		st.Close()
		return nil, err
	}
	server := transport.New(organ, opts.Logger)
	// The door's refusals of soul's RPCs are receipts in the refused agent's own soul ledger.
	server.RecordDoorRefusals(transport.DoorOptions{Ledger: st, IDs: opts.IDs, Clock: opts.Clock})
	return &Service{store: st, server: server}, nil
}

// Register adds the soul service to a gRPC server.
func (s *Service) Register(r grpc.ServiceRegistrar) { soulv1.RegisterSoulServiceServer(r, s.server) }

// Close closes soul.db.
func (s *Service) Close() error { return s.store.Close() }

// RandomIDs mints "<prefix>_" + 12 random hex characters.
type RandomIDs struct{}

// New returns a fresh id.
func (RandomIDs) New(prefix string) string { return idgen.Hex(prefix+"_", 6) }
