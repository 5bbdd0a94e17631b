package domain

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/organism-dev/organism/platform/clock"
	"github.com/organism-dev/organism/platform/principal"
)

// The model-based test drives the registry through its API with a program of operations
// (joins and re-announces with random intents and working sets, beats, leaves, clock moves
// and sweeps, reads and collision pages) across a few agents and two brains, keeps a plain
// model of what should be live, and after every step checks the registry against the model:
// the index holds exactly the mutating presences' working sets, every collision answer equals
// the all-pairs recomputation from the live records, and nothing is left once all are gone.

// modelVocab is small and overlapping on purpose: same files, a directory over them, globs
// over them, spellings that canonicalize to the same item (so a working set has duplicates),
// blocks and the root.
var modelVocab = []string{
	"src/a.go", "src/a.go", "./src/a.go", "src/b.go", "src", "src/", "src/pkg/x.go", "src/*.go",
	"src/**/*_test.go", "src/pkg/x_test.go", "**/*.md", "docs/r.md", "docs", "web/*.{ts,tsx}",
	"web/app.tsx", "src/[ab].go", "sb_alpha", "sb_beta", ".", "lib/",
}

var modelAgents = []principal.Principal{
	agentIn("ag-1", "alpha"), agentIn("ag-2", "alpha"), agentIn("ag-3", "alpha"),
	agentIn("ag-4", "beta"), agentIn("ag-5", "beta"),
}

var modelOwner = principal.Principal{Origin: principal.OriginHumanCLI}

var modelTTLs = []time.Duration{5 * time.Second, 10 * time.Second, 30 * time.Second}

// maxModelPresences bounds the roster a program can build.
const maxModelPresences = 16

var modelSteps = []time.Duration{0, time.Second, 2500 * time.Millisecond, 5 * time.Second, 10 * time.Second, 30 * time.Second}

// program reads operation choices from fuzz bytes; it ends when they run out.
type program struct {
	b []byte
	i int
}

func (p *program) done() bool { return p.i >= len(p.b) }

// pick returns the next choice in [0, n), 0 once the bytes run out.
func (p *program) pick(n int) int {
	if p.done() {
		return 0
	}
	p.i++
	return int(p.b[p.i-1]) % n
}

// modelRec is what the model knows of one presence in memory (live or expired unswept).
type modelRec struct {
	rec      Record
	lastBeat time.Time
}

func (m modelRec) liveAt(now time.Time) bool { return now.Before(m.lastBeat.Add(m.rec.TTL)) }

type registryModel struct {
	t    *testing.T
	reg  *Registry
	clk  *clock.Fake
	recs map[string]modelRec
	// issued is every id the registry handed out, so operations also aim at gone presences.
	issued []string
	log    []string
	// The event log as replayed so far: its cursor, the presences it says are in memory and
	// the pairs it says collide (begun and not ended).
	cursor  int64
	present map[string]bool
	open    map[pairKey]bool
}

// runModel runs prog against a fresh registry, checking the invariants after every step,
// then ends everyone and checks nothing is left behind.
func runModel(t *testing.T, prog []byte) {
	reg, clk := openTestRegistry(t)
	m := &registryModel{t: t, reg: reg, clk: clk, recs: map[string]modelRec{}, present: map[string]bool{}, open: map[pairKey]bool{}}
	p := &program{b: prog}
	for steps := 0; !p.done() && steps < 400; steps++ {
		m.step(p)
		m.check()
	}
	// Everyone goes: the live ones leave (by their holder or the owner), the rest expire.
	for _, id := range m.liveIDs() {
		by := modelOwner
		if p.pick(2) == 0 {
			by = m.holder(id)
		}
		m.leave(by, id)
		m.check()
	}
	m.clk.Advance(MaxTTL)
	m.sweep()
	m.check()
	if len(m.recs) != 0 {
		m.failf("model still holds %d presences after everyone left or expired", len(m.recs))
	}
	assertEmpty(t, reg)
}

func (m *registryModel) failf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("%s\nafter:\n  %s", fmt.Sprintf(format, args...), strings.Join(m.log, "\n  "))
}

func (m *registryModel) note(format string, args ...any) {
	m.log = append(m.log, fmt.Sprintf("%s  %s", m.clk.Now().Sub(regT0), fmt.Sprintf(format, args...)))
}

func (m *registryModel) holder(id string) principal.Principal {
	for _, a := range modelAgents {
		if a.AgentID == m.recs[id].rec.AgentID {
			return a
		}
	}
	return modelOwner
}

func (m *registryModel) liveIDs() []string {
	now := m.clk.Now()
	var out []string
	for id, r := range m.recs {
		if r.liveAt(now) {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// liveRecords is the live roster as the model has it, by id.
func (m *registryModel) liveRecords() []Record {
	var out []Record
	for _, id := range m.liveIDs() {
		out = append(out, m.recs[id].rec)
	}
	return out
}

// target picks an id: mostly one in memory, sometimes one already gone.
func (m *registryModel) target(p *program) string {
	if len(m.issued) == 0 {
		return "prs_00000000beef"
	}
	return m.issued[p.pick(len(m.issued))]
}

// caller picks who acts on id: mostly its holder, sometimes another agent or the owner.
func (m *registryModel) caller(p *program, id string) principal.Principal {
	switch k := p.pick(8); {
	case k < 6:
		if _, ok := m.recs[id]; ok {
			return m.holder(id)
		}
		return modelAgents[k%len(modelAgents)]
	case k == 6:
		return modelOwner
	default:
		return modelAgents[p.pick(len(modelAgents))]
	}
}

func (m *registryModel) input(p *program, id string) RegisterInput {
	in := RegisterInput{ID: id, Kind: "executor", Intent: IntentMutate, TTL: modelTTLs[p.pick(len(modelTTLs))]}
	if p.pick(4) == 0 {
		in.Intent = IntentRead
	}
	n := p.pick(5)
	for range n {
		in.WorkingSet = append(in.WorkingSet, modelVocab[p.pick(len(modelVocab))])
	}
	return in
}

func (m *registryModel) step(p *program) {
	ctx := context.Background()
	switch p.pick(9) {
	case 0, 1:
		if len(m.recs) >= maxModelPresences {
			// The checks after each step cost the cube of the roster (every presence's pairs,
			// paged one by one); a program of only joins must not make one input take minutes.
			m.sweep()
			return
		}
		m.register(modelAgents[p.pick(len(modelAgents))], m.input(p, ""))
	case 2:
		id := m.target(p)
		m.register(m.caller(p, id), m.input(p, id))
	case 3:
		id := m.target(p)
		c := m.caller(p, id)
		old, ok := m.recs[id]
		want := ok && c.Agent() && mayRead(c, old.rec.Brain) && old.rec.AgentID == c.AgentID && old.liveAt(m.clk.Now())
		_, err := m.reg.Beat(c, id)
		m.note("beat %s by %q: %v", id, c.AgentID, err)
		if (err == nil) != want {
			m.failf("beat %s by %q: got error %v, want success %v", id, c.AgentID, err, want)
		}
		if want && m.clk.Now().After(old.lastBeat) {
			old.lastBeat = m.clk.Now()
			m.recs[id] = old
		}
	case 4:
		id := m.target(p)
		m.leave(m.caller(p, id), id)
	case 5:
		m.clk.Advance(modelSteps[p.pick(len(modelSteps))])
		m.note("clock +")
	case 6:
		m.sweep()
	case 7:
		if err := m.reg.FlushBeats(ctx); err != nil {
			m.failf("flush beats: %v", err)
		}
	case 8:
		// A read by an agent of the other brain sees nothing of this one.
		id := m.target(p)
		c := modelAgents[p.pick(len(modelAgents))]
		r, ok := m.recs[id]
		want := ok && mayRead(c, r.rec.Brain) && r.liveAt(m.clk.Now())
		if _, err := m.reg.Get(c, id); (err == nil) != want {
			m.failf("get %s by %q: got error %v, want success %v", id, c.AgentID, err, want)
		}
	}
}

func (m *registryModel) register(c principal.Principal, in RegisterInput) {
	now := m.clk.Now()
	old, had := m.recs[in.ID]
	// The owner names no brain here, so only agents (bound to theirs) may register.
	want := c.Agent() && (!had || (old.rec.Brain == c.Brain && old.rec.AgentID == c.AgentID))
	rec, cols, err := m.reg.Register(context.Background(), c, in)
	m.note("register %q by %q %s %q ttl %s: %s %v", in.ID, c.AgentID, in.Intent, in.WorkingSet, in.TTL, rec.ID, err)
	if (err == nil) != want {
		m.failf("register %q by %q: got error %v, want success %v", in.ID, c.AgentID, err, want)
	}
	if err != nil {
		return
	}
	if in.ID == "" {
		m.issued = append(m.issued, rec.ID)
	}
	set, _ := ParseWorkingSet(in.WorkingSet)
	m.recs[rec.ID] = modelRec{rec: Record{ID: rec.ID, Brain: c.Brain, AgentID: c.AgentID, Kind: KindExecutor,
		Intent: in.Intent, WorkingSet: set, TTL: in.TTL}, lastBeat: now}
	var others []Record
	for _, o := range m.liveRecords() {
		if o.ID != rec.ID {
			others = append(others, o)
		}
	}
	if got, want := describeAll(cols), describeAll(NaiveOf(m.recs[rec.ID].rec, others)); !reflect.DeepEqual(got, want) {
		m.failf("register %s answered collisions that differ from the all-pairs scan:\n%s", rec.ID, diffLines(got, want))
	}
}

func (m *registryModel) leave(c principal.Principal, id string) {
	old, ok := m.recs[id]
	want := ok && mayRead(c, old.rec.Brain) && (old.rec.AgentID == c.AgentID && c.Agent() || c.Owner()) && old.liveAt(m.clk.Now())
	_, err := m.reg.Leave(context.Background(), c, id)
	m.note("leave %s by %q: %v", id, c.AgentID, err)
	if (err == nil) != want {
		m.failf("leave %s by %q: got error %v, want success %v", id, c.AgentID, err, want)
	}
	if want {
		delete(m.recs, id)
	}
}

func (m *registryModel) sweep() {
	now := m.clk.Now()
	var want []string
	for id, r := range m.recs {
		if !r.liveAt(now) {
			want = append(want, id)
			delete(m.recs, id)
		}
	}
	sort.Strings(want)
	gone, err := m.reg.Sweep(context.Background())
	m.note("sweep: %d gone %v", len(gone), err)
	if err != nil {
		m.failf("sweep: %v", err)
	}
	var got []string
	for _, r := range gone {
		got = append(got, r.ID)
	}
	if !slices.Equal(got, want) {
		m.failf("sweep removed %v, want %v", got, want)
	}
}

// check compares the registry with the model after a step.
func (m *registryModel) check() {
	m.t.Helper()
	m.checkRoster()
	m.checkIndex()
	m.checkCollisions()
	m.checkAnnounced()
	m.checkEvents()
}

// checkEvents replays the log written since the last check: presences join before they update
// and end once; a pair begins only when it is not open and ends only when it is; and what the
// log says is present and colliding is what memory holds.
func (m *registryModel) checkEvents() {
	for {
		page, err := m.reg.Events(context.Background(), modelOwner, "", m.cursor, 64)
		if err != nil {
			m.failf("events after %d: %v", m.cursor, err)
		}
		for _, e := range page.Events {
			if e.Seq != m.cursor+1 {
				m.failf("event seq %d follows %d", e.Seq, m.cursor)
			}
			m.cursor = e.Seq
			switch e.Type {
			case EventJoined:
				if m.present[e.Presence.ID] {
					m.failf("event %d: %s joined while present", e.Seq, e.Presence.ID)
				}
				m.present[e.Presence.ID] = true
			case EventUpdated, EventBeatMissed:
				if !m.present[e.Presence.ID] {
					m.failf("event %d: %s %s while absent", e.Seq, e.Presence.ID, e.Type)
				}
			case EventLeft, EventExpired:
				if !m.present[e.Presence.ID] {
					m.failf("event %d: %s %s while absent", e.Seq, e.Presence.ID, e.Type)
				}
				delete(m.present, e.Presence.ID)
			case EventCollisionBegan, EventCollisionEnded:
				k := pairOf(e.Collision.A.ID, e.Collision.B.ID)
				if m.open[k] == (e.Type == EventCollisionBegan) {
					m.failf("event %d: %s x %s %s, but the log has it open=%v", e.Seq, k.a, k.b, e.Type, m.open[k])
				}
				if e.Type == EventCollisionBegan {
					m.open[k] = true
				} else {
					delete(m.open, k)
				}
			}
		}
		if len(page.Events) == 0 || m.cursor >= m.reg.Head() {
			break
		}
	}
	m.reg.mu.RLock()
	defer m.reg.mu.RUnlock()
	if len(m.present) != len(m.reg.byID) {
		m.failf("the log has %d presences in memory, memory holds %d", len(m.present), len(m.reg.byID))
	}
	for id := range m.present {
		if m.reg.byID[id] == nil {
			m.failf("the log has %s present, memory does not", id)
		}
	}
	if len(m.open) != len(m.reg.announced) {
		m.failf("the log has %d pairs open, memory announced %d", len(m.open), len(m.reg.announced))
	}
	for k := range m.open {
		if _, ok := m.reg.announced[k]; !ok {
			m.failf("the log has %s x %s open, memory has not announced it", k.a, k.b)
		}
	}
}

func (m *registryModel) checkRoster() {
	r := m.reg
	r.mu.RLock()
	defer r.mu.RUnlock()
	if len(r.byID) != len(m.recs) {
		m.failf("memory holds %d presences, want %d", len(r.byID), len(m.recs))
	}
	for id, want := range m.recs {
		e := r.byID[id]
		if e == nil {
			m.failf("presence %s missing from memory", id)
			return
		}
		got := e.snapshot()
		if got.Brain != want.rec.Brain || got.AgentID != want.rec.AgentID || got.Intent != want.rec.Intent ||
			got.TTL != want.rec.TTL || !got.LastBeat.Equal(want.lastBeat) || !reflect.DeepEqual(canons(got.WorkingSet), canons(want.rec.WorkingSet)) {
			m.failf("presence %s: got %+v, want %+v (last beat %s)", id, got, want.rec, want.lastBeat)
		}
		if r.slots[e.slot] != e {
			m.failf("presence %s: slot %d holds another entry", id, e.slot)
		}
	}
}

func canons(ws WorkingSet) []string {
	out := make([]string, len(ws))
	for i, it := range ws {
		out[i] = it.Canon
	}
	return out
}

// checkIndex walks every brain's index and compares what it holds, item by item, with the
// working sets of the mutating presences in memory; it also checks each node's holder count.
func (m *registryModel) checkIndex() {
	r := m.reg
	r.mu.RLock()
	defer r.mu.RUnlock()
	want := map[string][]string{}
	for _, e := range r.byID {
		if e.rec.Intent != IntentMutate {
			continue
		}
		if len(e.placed) != len(e.rec.WorkingSet) {
			m.failf("presence %s: %d items placed, want %d", e.rec.ID, len(e.placed), len(e.rec.WorkingSet))
		}
		if _, ok := want[e.rec.Brain]; !ok {
			want[e.rec.Brain] = []string{}
		}
		for i, it := range e.rec.WorkingSet {
			at := "block"
			switch it.Kind {
			case ItemPath:
				at = "/" + strings.Join(it.segs, "/")
			case ItemGlob:
				at = "/" + strings.Join(it.segs[:it.prefix], "/")
			}
			want[e.rec.Brain] = append(want[e.rec.Brain], fmt.Sprintf("%s %s#%d %s leaf=%v", at, e.rec.ID, i, it.Canon, it.Leaf))
		}
	}
	for b, x := range r.brains {
		if _, ok := want[b]; !ok {
			m.failf("brain %s has an index but no mutating presence in memory", b)
		}
		var got []string
		entryOf := func(h holder) *entry {
			if int(h.slot) >= len(r.slots) || r.slots[h.slot] == nil {
				m.failf("brain %s: index holds slot %d, which is empty", b, h.slot)
			}
			return r.slots[h.slot]
		}
		describe := func(at string, h holder) string {
			e := entryOf(h)
			if int(h.item) >= len(e.rec.WorkingSet) {
				m.failf("brain %s: index holds item %d of %s, which has %d", b, h.item, e.rec.ID, len(e.rec.WorkingSet))
			}
			return fmt.Sprintf("%s %s#%d %s leaf=%v", at, e.rec.ID, h.item, e.rec.WorkingSet[h.item].Canon, h.leaf)
		}
		for canon, hs := range x.blocks {
			if len(hs) == 0 {
				m.failf("brain %s: block %s is kept with no holder", b, canon)
			}
			for _, h := range hs {
				got = append(got, describe("block", h))
			}
		}
		var walk func(n *node, path string) int
		walk = func(n *node, path string) int {
			held := len(n.paths)
			for _, h := range n.paths {
				got = append(got, describe(path, h))
			}
			for _, g := range n.globs {
				if len(g.holders) == 0 {
					m.failf("brain %s: glob %s at %s is kept with no holder", b, g.canon, path)
				}
				held += len(g.holders)
				for _, h := range g.holders {
					got = append(got, describe(path, h))
				}
			}
			for s, c := range n.children {
				if c.parent != n || c.seg != s {
					m.failf("brain %s: node %s/%s is linked under the wrong parent or name", b, path, s)
				}
				held += walk(c, strings.TrimSuffix(path, "/")+"/"+s)
			}
			if n.count != held {
				m.failf("brain %s: node %q counts %d holders, holds %d", b, path, n.count, held)
			}
			if held == 0 && n.parent != nil {
				m.failf("brain %s: empty node %q is still linked", b, path)
			}
			return held
		}
		walk(x.root, "/")
		sort.Strings(got)
		w := want[b]
		sort.Strings(w)
		if !slices.Equal(got, w) {
			m.failf("brain %s: the index and the working sets differ:\n%s", b, diffLines(got, w))
		}
	}
	for b, w := range want {
		if len(w) > 0 && r.brains[b] == nil {
			m.failf("brain %s has mutating items but no index", b)
		}
	}
}

// checkCollisions asks every read that answers collisions and compares each answer with the
// all-pairs recomputation from the model's live records.
func (m *registryModel) checkCollisions() {
	live := m.liveRecords()
	now := m.clk.Now()
	for id, mr := range m.recs {
		row, err := m.reg.Get(modelOwner, id)
		if !mr.liveAt(now) {
			if err == nil {
				m.failf("get %s: got a row for an expired presence, want a refusal", id)
			}
			continue
		}
		if err != nil {
			m.failf("get %s: got %v, want its row", id, err)
		}
		want := describeAll(NaiveOf(mr.rec, live))
		if got := describeAll(row.Collisions); !reflect.DeepEqual(got, want) {
			m.failf("get %s: collisions differ from the all-pairs scan:\n%s", id, diffLines(got, want))
		}
		cols, err := m.reg.CollisionsOf(m.holder(id), id)
		if got := describeAll(cols); err != nil || !reflect.DeepEqual(got, want) {
			m.failf("collisions of %s (err %v) differ from the all-pairs scan:\n%s", id, err, diffLines(got, want))
		}
		var paged []Collision
		q := CollisionQuery{ID: id, Limit: 3}
		for {
			page, err := m.reg.Collisions(modelOwner, q)
			if err != nil {
				m.failf("collision pages of %s: %v", id, err)
			}
			paged = append(paged, page.Collisions...)
			if page.Next.IsZero() {
				break
			}
			q.After = page.Next
		}
		if got := describeAll(paged); !reflect.DeepEqual(got, want) {
			m.failf("collision pages of %s differ from the all-pairs scan:\n%s", id, diffLines(got, want))
		}
	}
	rows, _, _, err := m.reg.List(modelOwner, ListFilter{})
	if err != nil {
		m.failf("list: %v", err)
	}
	var listed []string
	for _, row := range rows {
		listed = append(listed, row.Presence.ID)
	}
	if want := m.liveIDs(); !slices.Equal(listed, want) {
		m.failf("list: got %v, want the live %v", listed, want)
	}
	for _, brain := range []string{"", "alpha", "beta"} {
		var of []Record
		for _, r := range live {
			if brain == "" || r.Brain == brain {
				of = append(of, r)
			}
		}
		want := describeAll(NaiveCollisions(of))
		for _, limit := range []int{2, DefaultCollisionPage} {
			var all []Collision
			q := CollisionQuery{Brain: brain, Limit: limit}
			for {
				page, err := m.reg.Collisions(modelOwner, q)
				if err != nil {
					m.failf("collision page of brain %q: %v", brain, err)
				}
				all = append(all, page.Collisions...)
				if page.Next.IsZero() {
					break
				}
				q.After = page.Next
			}
			if got := describeAll(all); !reflect.DeepEqual(got, want) {
				m.failf("collision pages of brain %q (size %d) differ from the all-pairs scan:\n%s", brain, limit, diffLines(got, want))
			}
		}
	}
}

// checkAnnounced: the pairs the event log reported as begun and not ended are between
// presences in memory, peers mirror them, and every live colliding pair is among them.
func (m *registryModel) checkAnnounced() {
	r := m.reg
	r.mu.RLock()
	defer r.mu.RUnlock()
	mirrored := 0
	for a, ps := range r.peers {
		for b := range ps {
			if _, ok := r.announced[pairOf(a, b)]; !ok {
				m.failf("peers list %s with %s, which is not announced", a, b)
			}
			mirrored++
		}
	}
	if mirrored != 2*len(r.announced) {
		m.failf("peers hold %d directed pairs, want twice the %d announced", mirrored, len(r.announced))
	}
	for k := range r.announced {
		if r.byID[k.a] == nil || r.byID[k.b] == nil {
			m.failf("announced pair %s x %s names a presence no longer in memory", k.a, k.b)
		}
	}
	for _, c := range NaiveCollisions(m.liveRecords()) {
		if _, ok := r.announced[pairOf(c.A.ID, c.B.ID)]; !ok {
			m.failf("live pair %s x %s collides but was never announced", c.A.ID, c.B.ID)
		}
	}
}

// TestRegistryModel runs random programs through the model: fixed seeds, so a failure
// replays; each prints the steps that led to it.
func TestRegistryModel(t *testing.T) {
	for seed := range uint64(12) {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			prog := make([]byte, 1200)
			for i := range prog {
				prog[i] = byte(rng.UintN(256))
			}
			runModel(t, prog)
		})
	}
}

// FuzzRegistryModel lets the fuzzer write the programs; its seeds (run by every go test) are
// the crash's own sequence and a few short mixes.
func FuzzRegistryModel(f *testing.F) {
	// op 0: join (agent, ttl, intent, n, items...); op 4: leave (target, caller).
	f.Add([]byte{0, 0, 2, 1, 2, 0, 3, 0, 0, 2, 1, 0, 4, 0, 0, 4, 1, 0})
	f.Add([]byte{0, 0, 0, 1, 3, 4, 7, 8, 0, 1, 0, 1, 2, 0, 5, 2, 3, 5, 4, 6, 5, 5, 6})
	f.Add([]byte{0, 3, 1, 1, 4, 16, 17, 18, 19, 0, 4, 1, 1, 1, 16, 2, 0, 1, 0, 2, 1, 4, 1, 8, 3, 0, 0, 7, 4, 1, 6})
	f.Add([]byte("a mixed program of registers beats leaves sweeps and reads"))
	f.Fuzz(func(t *testing.T, prog []byte) {
		if len(prog) > 4096 {
			return
		}
		runModel(t, prog)
	})
}
