package joints_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/status"

	"github.com/organism-dev/organism/platform/rpcstatus"
	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// Fixtures of the skeleton and curation tests (mission_curation_*_test.go).

// curRunners pins a gate runner, the reference hand-runner (examples/hand-runner/curate.sh)
// and a second hand-runner the tests drive by hand through the API.
func curRunners(t *testing.T) string {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "examples", "hand-runner", "curate.sh"))
	if err != nil {
		t.Fatal(err)
	}
	return `
[[runner]]
id = "r1"
brains = ["alpha"]

[[runner]]
id = "hand"
capabilities = ["hand-runner"]
command = "` + script + `"
curation_timeout = "60s"
brains = ["alpha"]
`
}

type curFixture struct {
	*msnFixture
	hand     missionv1.MissionServiceClient // pinned hand-runner "hand"
	handConn *grpc.ClientConn
}

// newCurFixture is the mission fixture over a small Go repository: a module with a command
// importing an internal package, docs, and root files.
func newCurFixture(t *testing.T) *curFixture {
	t.Helper()
	f := newMsnFixtureWith(t, msnFixtureOpts{runnersToml: curRunners(t)})
	files := map[string]string{
		"go.mod":                             "module example.com/app\n\ngo 1.22\n",
		"cmd/app/main.go":                    "package main\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/app/internal/store\"\n)\n\nfunc main() { fmt.Println(store.Name) }\n",
		"internal/store/store.go":            "package store\n\n// Name names the store.\nconst Name = \"store\"\n",
		"internal/store/migrations/0001.sql": "CREATE TABLE t (id INTEGER);\n",
		"docs/guide.md":                      "# guide\n",
		"CHANGES.md":                         "changes\n",
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Join(f.repo, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		msnWriteFile(t, filepath.Join(f.repo, p), body)
	}
	msnGit(t, f.repo, "add", ".")
	msnGit(t, f.repo, "commit", "-q", "-m", "app")
	c := &curFixture{msnFixture: f}
	c.handConn = f.env.Agent("hand", "runner", msnBrain)
	c.hand = missionv1.NewMissionServiceClient(c.handConn)
	return c
}

func (f *curFixture) scan() *missionv1.Skeleton {
	f.t.Helper()
	return msnMust(f.owner.ScanSkeleton(msnBG, &missionv1.ScanSkeletonRequest{Brain: msnBrain}))(f.t).GetSkeleton()
}

// candidate reads the brain's candidate (or its ratified skeleton when there is none).
func (f *curFixture) candidate() *missionv1.Skeleton {
	f.t.Helper()
	return msnMust(f.owner.GetSkeleton(msnBG, &missionv1.GetSkeletonRequest{Brain: msnBrain}))(f.t).GetSkeleton()
}

func (f *curFixture) curate(letter string) *missionv1.CurateResponse {
	f.t.Helper()
	return msnMust(f.owner.Curate(msnBG, &missionv1.CurateRequest{Brain: msnBrain, Letter: letter}))(f.t)
}

// claimHand claims the pending curation as the hand-runner, through the API.
func (f *curFixture) claimHand() *missionv1.CurationWork {
	f.t.Helper()
	w := msnMust(f.hand.ClaimCuration(msnWithin(f.t), &missionv1.ClaimCurationRequest{}))(f.t).GetWork()
	if w == nil {
		f.t.Fatal("got no curation, want the pending one")
	}
	return w
}

func (f *curFixture) submit(w *missionv1.CurationWork, proposal string) (*missionv1.SubmitCurationResponse, error) {
	return f.hand.SubmitCuration(msnBG, &missionv1.SubmitCurationRequest{CurationId: w.GetCuration().GetCurationId(),
		LeaseId: w.GetLeaseId(), Proposal: []byte(proposal)})
}

func (f *curFixture) curation(id string) *missionv1.Curation {
	f.t.Helper()
	return msnMust(f.owner.GetCuration(msnBG, &missionv1.GetCurationRequest{CurationId: id}))(f.t).GetCuration()
}

// blockNames maps block ids to names.
func curBlockNames(k *missionv1.Skeleton) map[string]string {
	out := map[string]string{}
	for _, b := range k.GetBlocks() {
		out[b.GetId()] = b.GetName()
	}
	return out
}

// curSameSkeleton fails unless two reads of the candidate are the same revision at the same
// version with the same blocks, seams and unmapped paths: nothing changed.
func curSameSkeleton(t *testing.T, got, want *missionv1.Skeleton) {
	t.Helper()
	if got.GetStoreVersion() != want.GetStoreVersion() || got.GetSkeletonId() != want.GetSkeletonId() {
		t.Fatalf("got skeleton %s at version %d, want %s at %d unchanged", got.GetSkeletonId(), got.GetStoreVersion(), want.GetSkeletonId(), want.GetStoreVersion())
	}
	if g, w := curDigest(got), curDigest(want); g != w {
		t.Fatalf("got skeleton content\n%s\nwant unchanged\n%s", g, w)
	}
}

func curDigest(k *missionv1.Skeleton) string {
	var b strings.Builder
	for _, x := range k.GetBlocks() {
		b.WriteString(x.GetId() + "|" + x.GetName() + "|" + x.GetPurpose() + "|" + strings.Join(x.GetMembers(), ",") + "\n")
	}
	for _, s := range k.GetSeams() {
		b.WriteString(s.GetFrom() + "->" + s.GetTo() + "\n")
	}
	b.WriteString(strings.Join(k.GetUnmapped(), ","))
	return b.String()
}

// curWantField fails unless err is a refusal with reason naming field, and returns that
// violation's description.
func curWantField(t *testing.T, err error, reason, field string) string {
	t.Helper()
	msnWantReason(t, err, reason)
	st, _ := status.FromError(err)
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				if v.GetField() == field {
					return v.GetDescription()
				}
			}
		}
	}
	t.Fatalf("got violations on %v, want one on %s", rpcstatus.FieldsOf(err), field)
	return ""
}
