package joints_test

import (
	"path/filepath"
	"strings"
	"testing"

	missionv1 "github.com/organism-dev/organism/proto/organism/mission/v1"
)

// TestMissionLandingTarget: GetMission names the brain's landing target branch and mode before
// anything has landed (what the Hall's stamp shows), from the owner's landing.toml or, without
// one, the branch checked out when the organ first met the brain.
func TestMissionLandingTarget(t *testing.T) {
	tests := []struct {
		name       string
		landing    string // landing.toml; empty writes none
		wantBranch string // "" means the branch checked out at the first open
		wantMode   missionv1.LandingMode
	}{
		{name: "no landing.toml: the branch first seen, apply", wantMode: missionv1.LandingMode_LANDING_MODE_APPLY},
		{name: "landing.toml names target and mode", landing: "[brain.alpha]\ntarget = \"release\"\nmode = \"record\"\n",
			wantBranch: "release", wantMode: missionv1.LandingMode_LANDING_MODE_RECORD},
		{name: "landing.toml names only the mode", landing: "[brain.alpha]\nmode = \"record\"\n",
			wantMode: missionv1.LandingMode_LANDING_MODE_RECORD},
		{name: "another brain's entry leaves alpha's default", landing: "[brain.beta]\ntarget = \"trunk\"\n",
			wantMode: missionv1.LandingMode_LANDING_MODE_APPLY},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newMsnFixture(t)
			first := strings.TrimSpace(msnGit(t, f.repo, "rev-parse", "--abbrev-ref", "HEAD"))
			if first == "" || first == "HEAD" {
				t.Fatalf("got checked-out branch %q, want a branch", first)
			}
			if tc.landing != "" {
				msnWriteFile(t, filepath.Join(f.dataDir, "landing.toml"), tc.landing)
			}
			m := f.open(msnPacket())
			// The owner switching branches afterwards does not move the fixed target.
			msnGit(t, f.repo, "checkout", "-q", "-b", "elsewhere")
			want := tc.wantBranch
			if want == "" {
				want = first
			}
			for _, c := range []struct {
				name   string
				client missionv1.MissionServiceClient
			}{{"owner", f.owner}, {"agent of the brain", f.agent}} {
				lt := msnMust(c.client.GetMission(msnBG, &missionv1.GetMissionRequest{MissionId: m.GetMissionId()}))(t).GetLandingTarget()
				if lt.GetTargetBranch() != want || lt.GetMode() != tc.wantMode {
					t.Errorf("%s: got target %q mode %s, want %q %s", c.name, lt.GetTargetBranch(), lt.GetMode(), want, tc.wantMode)
				}
			}
		})
	}
}
