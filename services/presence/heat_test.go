package presence_test

import (
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	presencev1 "github.com/organism-dev/organism/proto/organism/presence/v1"

	"github.com/organism-dev/organism/platform/rpcstatus"
)

// changed is a git-derived register: every changed file is in the working set and has its hunks.
func changed(files ...*presencev1.FileChange) *presencev1.RegisterRequest {
	req := mutate()
	for _, f := range files {
		req.WorkingSet = append(req.WorkingSet, f.GetPath())
	}
	req.Changes = files
	req.Base = "0123abcd"
	return req
}

// file is one changed file; hunks are (start, count) pairs of the base side.
func file(path string, hunks ...int32) *presencev1.FileChange {
	f := &presencev1.FileChange{Path: path}
	for i := 0; i+1 < len(hunks); i += 2 {
		f.Hunks = append(f.Hunks, &presencev1.Hunk{Start: hunks[i], Count: hunks[i+1]})
	}
	return f
}

func binary(path string) *presencev1.FileChange {
	return &presencev1.FileChange{Path: path, Binary: true}
}

// TestCollisionHeat: heat labels a collision by what both sides changed, compared in the base's
// line numbers; whether two presences collide is still the declared sets' decision alone.
func TestCollisionHeat(t *testing.T) {
	tests := []struct {
		name     string
		ada, bo  *presencev1.RegisterRequest
		collide  bool
		wantHeat presencev1.Heat
	}{
		{"same lines rewritten", changed(file("src/a.go", 10, 3)), changed(file("src/a.go", 12, 5)), true, presencev1.Heat_HEAT_HOT},
		{"lines apart in one file", changed(file("src/a.go", 10, 3)), changed(file("src/a.go", 40, 2)), true, presencev1.Heat_HEAT_SOFT},
		{"neighbouring lines are apart", changed(file("src/a.go", 5, 1)), changed(file("src/a.go", 6, 1)), true, presencev1.Heat_HEAT_SOFT},
		{"an insertion next to a rewritten line", changed(file("src/a.go", 5, 0)), changed(file("src/a.go", 6, 1)), true, presencev1.Heat_HEAT_HOT},
		{"two insertions at one place", changed(file("src/a.go", 7, 0)), changed(file("src/a.go", 7, 0)), true, presencev1.Heat_HEAT_HOT},
		{"an insertion far away", changed(file("src/a.go", 7, 0)), changed(file("src/a.go", 9, 1)), true, presencev1.Heat_HEAT_SOFT},
		{"both add the file", changed(file("src/new.go", 0, 0)), changed(file("src/new.go", 0, 0)), true, presencev1.Heat_HEAT_HOT},
		{"a binary file", changed(binary("img/logo.png")), changed(file("img/logo.png", 1, 1)), true, presencev1.Heat_HEAT_HOT},
		{"a mode change against lines", changed(file("run.sh")), changed(file("run.sh", 3, 1)), true, presencev1.Heat_HEAT_SOFT},
		{"hottest of several files", changed(file("a.go", 1, 1), file("b.go", 5, 5)), changed(file("a.go", 9, 1), file("b.go", 8, 1)), true, presencev1.Heat_HEAT_HOT},
		{"a hand-declared file has no heat", mutate("src/a.go"), changed(file("src/a.go", 1, 1)), true, presencev1.Heat_HEAT_UNSPECIFIED},
		{"a declared directory has no heat", mutate("src/"), changed(file("src/a.go", 1, 1)), true, presencev1.Heat_HEAT_UNSPECIFIED},
		{"different files do not collide", changed(file("src/a.go", 1, 1)), changed(file("src/b.go", 1, 1)), false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			ada, bo := h.agent("ada", "alpha"), h.agent("bo", "alpha")
			pa := must(ada.Register(ctx, tt.ada))(t).GetPresence()
			pb := must(bo.Register(ctx, tt.bo))(t).GetPresence()
			// Visible to both sides, whatever the path that derived it: bo's register, ada's
			// beat, and the brain's collision pages (built by the whole-roster derivation).
			st, err := ada.Beats(streamCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Send(&presencev1.BeatsRequest{PresenceId: pa.GetPresenceId(), IncludeCollisions: true}); err != nil {
				t.Fatal(err)
			}
			ack, err := st.Recv()
			if err != nil {
				t.Fatal(err)
			}
			page := must(ada.Collisions(ctx, &presencev1.CollisionsRequest{}))(t).GetCollisions()
			views := map[string][]*presencev1.Collision{"bo's register": pb.GetCollisions(), "ada's beat": ack.GetCollisions(), "collision page": page}
			for view, cols := range views {
				if !tt.collide {
					if len(cols) != 0 {
						t.Fatalf("%s: got %d collisions, want none", view, len(cols))
					}
					continue
				}
				if len(cols) != 1 {
					t.Fatalf("%s: got %d collisions, want 1", view, len(cols))
				}
				if got := cols[0].GetHeat(); got != tt.wantHeat {
					t.Errorf("%s: got heat %s, want %s", view, got, tt.wantHeat)
				}
				hottest := presencev1.Heat_HEAT_UNSPECIFIED
				for _, o := range cols[0].GetOverlaps() {
					hottest = max(hottest, o.GetHeat())
				}
				if hottest != tt.wantHeat {
					t.Errorf("%s: got hottest overlap %s, want %s", view, hottest, tt.wantHeat)
				}
			}
		})
	}
}

// TestChangesSurviveRestart: the changes are stored with the presence, so heat is the same
// after the service restarts.
func TestChangesSurviveRestart(t *testing.T) {
	h := start(t)
	pa := must(h.agent("ada", "alpha").Register(ctx, changed(file("src/a.go", 30, 1, 10, 2))))(t).GetPresence()
	must(h.agent("bo", "alpha").Register(ctx, changed(file("src/a.go", 11, 0))))(t)
	if err := h.svc.Close(); err != nil {
		t.Fatal(err)
	}
	h.open(t)
	got := must(h.agent("ada", "alpha").Get(ctx, &presencev1.GetRequest{PresenceId: pa.GetPresenceId()}))(t).GetPresence()
	if got.GetBase() != "0123abcd" || len(got.GetChanges()) != 1 || len(got.GetChanges()[0].GetHunks()) != 2 {
		t.Fatalf("changes after restart: got base %q, changes %v", got.GetBase(), got.GetChanges())
	}
	if h0 := got.GetChanges()[0].GetHunks()[0]; h0.GetStart() != 10 || h0.GetCount() != 2 {
		t.Errorf("hunks: got first %v, want start 10 count 2 (sorted by start)", h0)
	}
	if cols := got.GetCollisions(); len(cols) != 1 || cols[0].GetHeat() != presencev1.Heat_HEAT_HOT {
		t.Fatalf("collisions after restart: got %v, want one hot", cols)
	}
}

// TestBadChangesAreRefused: malformed changes are refused naming the field, and change nothing.
func TestBadChangesAreRefused(t *testing.T) {
	many := &presencev1.FileChange{Path: "big.go"}
	for i := range 10001 {
		many.Hunks = append(many.Hunks, &presencev1.Hunk{Start: int32(i + 1), Count: 1})
	}
	tests := []struct {
		name  string
		req   *presencev1.RegisterRequest
		field string
	}{
		{"path outside the working set", func() *presencev1.RegisterRequest {
			r := changed(file("a.go", 1, 1))
			r.Changes = append(r.Changes, file("b.go", 1, 1))
			return r
		}(), "changes[1].path"},
		{"a glob", func() *presencev1.RegisterRequest {
			r := mutate("src/*.go")
			r.Changes = []*presencev1.FileChange{file("src/*.go", 1, 1)}
			return r
		}(), "changes[0].path"},
		{"climbing path", changed(file("../x.go", 1, 1)), "working_set[0]"},
		{"listed twice", func() *presencev1.RegisterRequest {
			r := changed(file("a.go", 1, 1))
			r.Changes = append(r.Changes, file("./a.go", 3, 1))
			return r
		}(), "changes[1].path"},
		{"negative start", changed(file("a.go", -1, 1)), "changes[0].hunks[0]"},
		{"negative count", changed(file("a.go", 3, -1)), "changes[0].hunks[0]"},
		{"line zero rewritten", changed(file("a.go", 0, 2)), "changes[0].hunks[0]"},
		{"past the last line", changed(file("a.go", 1<<30, 1)), "changes[0].hunks[0]"},
		{"binary with hunks", changed(&presencev1.FileChange{Path: "a.png", Binary: true, Hunks: []*presencev1.Hunk{{Start: 1, Count: 1}}}), "changes[0].hunks"},
		{"too many hunks", changed(many), "changes"},
		{"base not hex", func() *presencev1.RegisterRequest { r := changed(file("a.go", 1, 1)); r.Base = "main"; return r }(), "base"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t)
			_, err := h.agent("ada", "alpha").Register(ctx, tt.req)
			wantRefusal(t, err, codes.InvalidArgument, "INVALID_ARGUMENT")
			if fields := rpcstatus.FieldsOf(err); !slices.Contains(fields, tt.field) {
				t.Fatalf("field violations: got %v, want %s among them", fields, tt.field)
			}
			if got := must(client(h.env.Owner()).List(ctx, &presencev1.ListRequest{}))(t).GetPresences(); len(got) != 0 {
				t.Fatalf("a refused register left %v behind", ids(got))
			}
		})
	}
}

// TestCollisionEventsKeepTheirHeat: the collision-began event carries the pair's heat, and so
// does its replay from the store after a restart, as the joined events carry the changes.
func TestCollisionEventsKeepTheirHeat(t *testing.T) {
	h := start(t)
	must(h.agent("ada", "alpha").Register(ctx, changed(file("a.go", 3, 2), file("b.go", 1, 1))))(t)
	must(h.agent("bo", "alpha").Register(ctx, changed(file("a.go", 4, 0), file("b.go", 9, 1))))(t)
	for _, when := range []string{"from memory", "from the store after a restart"} {
		if when != "from memory" {
			if err := h.svc.Close(); err != nil {
				t.Fatal(err)
			}
			h.open(t)
		}
		st, err := client(h.env.Owner()).Watch(streamCtx(t), &presencev1.WatchRequest{AfterSeq: new(int64(0))})
		if err != nil {
			t.Fatal(err)
		}
		evs := recv(t, st, 3)
		if got := describe(evs); !slices.Equal(got, []string{"1 joined ada", "2 joined bo", "3 collision_began bo/ada"}) {
			t.Fatalf("%s: got %v", when, got)
		}
		if cs := evs[1].GetPresence().GetChanges(); len(cs) != 2 || cs[0].GetHunks()[0].GetCount() != 0 {
			t.Errorf("%s: bo's joined event: got changes %v, want a.go's insertion and b.go", when, cs)
		}
		c := evs[2].GetCollision()
		heats := map[string]presencev1.Heat{}
		for _, o := range c.GetOverlaps() {
			heats[o.GetA()] = o.GetHeat()
		}
		if c.GetHeat() != presencev1.Heat_HEAT_HOT || heats["a.go"] != presencev1.Heat_HEAT_HOT || heats["b.go"] != presencev1.Heat_HEAT_SOFT {
			t.Errorf("%s: got heat %s with overlaps %v, want hot (a.go hot, b.go soft)", when, c.GetHeat(), heats)
		}
	}
}
