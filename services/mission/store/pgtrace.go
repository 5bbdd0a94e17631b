package store

import "time"

// groupTrace times one group's stages for the stage hook; with no hook it does nothing, so the
// writer's path pays one nil check per stage.
type groupTrace struct {
	p      *PG
	group  []pgAppendReq
	start  time.Time
	mark   time.Time
	wait0  time.Duration
	stages appendStages
}

func (p *PG) startTrace(group []pgAppendReq) *groupTrace {
	if p.stageHook == nil {
		return nil
	}
	now := time.Now()
	return &groupTrace{p: p, group: group, start: now, mark: now, wait0: p.db.Stats().WaitDuration,
		stages: appendStages{Group: len(group)}}
}

func (t *groupTrace) lap() time.Duration {
	now := time.Now()
	d := now.Sub(t.mark)
	t.mark = now
	return d
}

func (t *groupTrace) exec() {
	if t != nil {
		t.stages.Exec += t.lap()
	}
}

func (t *groupTrace) commit() {
	if t != nil {
		t.stages.Commit += t.lap()
	}
}

// end hands every append of the group its stages: its own wait for the writer, the group's
// for the rest. Acquire is the pool's wait time that accrued while the group ran (any
// caller's, so an upper bound on the writer's), taken out of the statements'.
func (t *groupTrace) end() {
	if t == nil {
		return
	}
	s := t.stages
	s.Acquire = min(t.p.db.Stats().WaitDuration-t.wait0, s.Exec)
	s.Exec -= s.Acquire
	for _, r := range t.group {
		s.Queue, s.Mission = t.start.Sub(r.queued), r.a.Letter.MissionID
		t.p.stageHook(s)
	}
}
