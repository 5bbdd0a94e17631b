package domain

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/idgen"
)

// RandomIDs makes ids of 48 bits of millisecond time followed by 48 random bits. The time
// prefix keeps ids sortable and keeps inserts into the unique id index near its right edge,
// which touches far fewer pages per group commit than uniformly random ids.
type RandomIDs struct{}

// New implements IDs.
func (RandomIDs) New(prefix string) string { return idgen.Sortable(prefix, time.Now()) }

// Options configure a Service.
type Options struct {
	Store Store
	Clock Clock
	IDs   IDs
	Repo  Repo
	// Peers dials federation peers; nil leaves SyncPeer answering PEER_UNAVAILABLE.
	Peers PeerDialer
	// RefusalWindow is how long identical refusals in the security ledger coalesce into one
	// receipt; 0 means DefaultRefusalWindow.
	RefusalWindow time.Duration
}

// Service is the medulla organ's rules bound to a store.
type Service struct {
	store Store
	clock Clock
	ids   IDs
	repo  Repo
	peers PeerDialer
	// settings caches brain registrations (name -> Brain) for brainSettings; settingsGen counts
	// registrations so a read that raced one is not cached.
	settings    sync.Map
	settingsMu  sync.Mutex
	settingsGen atomic.Int64
	// tally coalesces the security ledger's identical refusals (security.go).
	tally tally
}

// New returns a Service and makes sure the reserved medulla tier exists.
func New(ctx context.Context, opts Options) (*Service, error) {
	if opts.Store == nil {
		return nil, errors.New("domain: a store is required")
	}
	if opts.Clock == nil {
		opts.Clock = clock.Real{}
	}
	if opts.IDs == nil {
		opts.IDs = RandomIDs{}
	}
	if opts.Repo == nil {
		opts.Repo = OSRepo{}
	}
	if opts.RefusalWindow <= 0 {
		opts.RefusalWindow = DefaultRefusalWindow
	}
	s := &Service{store: opts.Store, clock: opts.Clock, ids: opts.IDs, repo: opts.Repo, peers: opts.Peers,
		tally: tally{window: opts.RefusalWindow, open: map[string]*openRefusal{}}}
	err := s.store.Write(ctx, func(tx Tx) error {
		_, err := tx.Brain(MedullaBrain)
		if !errors.Is(err, ErrNotFound) {
			return err
		}
		now := s.clock.Now().UTC()
		return tx.PutBrain(Brain{Name: MedullaBrain, Policy: PolicyOwnerPersonal, Reserved: true, CreatedAt: now, UpdatedAt: now})
	})
	if err != nil {
		return nil, err
	}
	if err := s.reMarkSelfVerified(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Service) now() time.Time { return s.clock.Now().UTC() }
