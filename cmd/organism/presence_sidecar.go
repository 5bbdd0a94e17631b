package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"google.golang.org/protobuf/proto"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/services/presence/gitset"
	"github.com/organism-dev/organism/services/presence/wire"
)

// sidecarClock is the clock `presence join --keep` beats on; tests replace it with a fake so
// that they count beats instead of waiting for them.
var sidecarClock clock.Clock = clock.Real{}

// sidecarBeaten, when set (by tests), hears of every beat a sidecar finished: the presence
// and the beat's number, counting from 1.
var sidecarBeaten func(presenceID string, beat int)

// sidecar keeps one presence alive until its context ends, then leaves. With a git refresher
// it also keeps the working set true to the worktree: each beat re-reads the worktree (cheaply,
// see gitset.Watcher) and re-registers only when the changes moved; otherwise it beats. Every
// beat asks for the presence's collisions, so a collision a peer starts reaches this session
// within one beat interval; the sidecar prints each collision when it begins, changes heat or ends.
type sidecar struct {
	client presencev1.PresenceServiceClient
	out    io.Writer
	json   bool
	// template is the last register; a refresh re-sends it with the new working set.
	template *presencev1.RegisterRequest
	id       string
	every    time.Duration
	git      *gitset.Watcher
	// declared are the --path entries, kept alongside whatever git derives.
	declared []string
	shown    map[string]presencev1.Heat
	beats    int
}

func newSidecar(client presencev1.PresenceServiceClient, p *presencev1.Presence, req *presencev1.RegisterRequest, out io.Writer, json bool) *sidecar {
	tmpl := proto.Clone(req).(*presencev1.RegisterRequest)
	tmpl.PresenceId = p.GetPresenceId()
	s := &sidecar{client: client, out: out, json: json, template: tmpl, id: p.GetPresenceId(),
		every: time.Duration(p.GetTtlSeconds()) * time.Second / 3, shown: map[string]presencev1.Heat{}}
	s.note(p.GetCollisions(), true)
	return s
}

// run beats every third of the TTL over one Beats stream until ctx ends, then leaves.
func (s *sidecar) run(ctx context.Context) error {
	st, err := s.client.Beats(ctx)
	if err != nil {
		return err
	}
	t := sidecarClock.NewTicker(s.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			// Leave with a fresh context: the session's own one is already cancelled.
			lctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, err := s.client.Leave(lctx, &presencev1.LeaveRequest{PresenceId: s.id}); err != nil {
				return err
			}
			if !s.json {
				fmt.Fprintf(s.out, "left %s\n", s.id)
			}
			return nil
		case <-t.C():
			if err := s.beat(ctx, st); err != nil {
				if ctx.Err() != nil {
					continue // interrupted mid-beat: leave on the next turn
				}
				return err
			}
		}
	}
}

// beat is one turn: refresh from git when the worktree moved, else a plain beat.
func (s *sidecar) beat(ctx context.Context, st presencev1.PresenceService_BeatsClient) error {
	var cols []*presencev1.Collision
	registered := false
	if s.git != nil {
		snap, changed, err := s.git.Refresh(ctx)
		switch {
		case err != nil:
			// A worktree git cannot read this moment (a rebase holding the index) is no
			// reason to drop the session: keep the last working set and beat.
			fmt.Fprintf(os.Stderr, "presence %s: git: %v\n", s.id, err)
		case changed:
			fillFromGit(s.template, snap, s.declared)
			resp, err := s.client.Register(ctx, s.template)
			if err != nil {
				return err
			}
			cols, registered = resp.GetPresence().GetCollisions(), true
		}
	}
	if !registered {
		if err := st.Send(&presencev1.BeatsRequest{PresenceId: s.id, IncludeCollisions: true}); err != nil {
			return err
		}
		ack, err := st.Recv()
		if err != nil {
			return err
		}
		cols = ack.GetCollisions()
	}
	s.note(cols, false)
	s.beats++
	if sidecarBeaten != nil {
		sidecarBeaten(s.id, s.beats)
	}
	return nil
}

// note prints what changed in the collisions since the last beat (quietly on the first: join
// already printed them).
func (s *sidecar) note(cols []*presencev1.Collision, first bool) {
	now := make(map[string]presencev1.Heat, len(cols))
	var fresh []*presencev1.Collision
	for _, c := range cols {
		peer := c.GetB().GetPresenceId()
		now[peer] = c.GetHeat()
		if h, ok := s.shown[peer]; !ok || h != c.GetHeat() {
			fresh = append(fresh, c)
		}
	}
	var ended []string
	for peer := range s.shown {
		if _, ok := now[peer]; !ok {
			ended = append(ended, peer)
		}
	}
	sort.Strings(ended)
	s.shown = now
	if first {
		return
	}
	if s.json {
		for _, c := range fresh {
			streamJSON(s.out, c)
		}
		return
	}
	printCollisionLines(s.out, fresh)
	for _, peer := range ended {
		fmt.Fprintf(s.out, "collision ended: %s x %s\n", s.id, peer)
	}
}

// fillFromGit puts a snapshot into a register: the declared entries, then every changed file
// with its hunks, the base, and the worktree.
func fillFromGit(req *presencev1.RegisterRequest, snap gitset.Snapshot, declared []string) {
	items, changes := snap.WorkingSet()
	req.WorkingSet = append(append([]string(nil), declared...), items...)
	req.Changes = wire.Changes(changes)
	req.Base = snap.Base
	req.Worktree = snap.Worktree
}

// heatTag is the label a collision line starts with.
func heatTag(h presencev1.Heat) string {
	switch h {
	case presencev1.Heat_HEAT_HOT:
		return "hot "
	case presencev1.Heat_HEAT_SOFT:
		return "soft "
	}
	return ""
}
