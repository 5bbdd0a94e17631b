package engine

import "testing"

// TestGitSettingsAreNoMembers: "If you set your `user.name` and `user.email` git configs" names git's
// own settings. podman's CONTRIBUTING.md got "name is defined, but not under user" as drift (the
// eleventh holdout); a small repository does not reproduce the index that gave it, so the rule is
// pinned where it acts: the failed anchor of a sentence that names git is skipped.
func TestGitSettingsAreNoMembers(t *testing.T) {
	ar := AnchorResult{Anchor: Anchor{Kind: AnchorSymbol, Ref: "user.name", Qualifier: "user", Name: "name"}, Status: AnchorFailed, Reason: ReasonChanged, Detail: "name is defined, but not under user"}
	v := &verifier{}
	got := v.inWording(&Claim{Text: "If you set your `user.name` and `user.email` git configs, sign with `git commit -s`."}, ar.Anchor, ar)
	if got.Status != AnchorSkipped {
		t.Errorf("got %s %s, want skipped", got.Status, got.Reason)
	}
	if !gitWord.MatchString("git configs") || gitWord.MatchString("the digital profile") || gitConfigSections["profile"] {
		t.Errorf("gitWord or gitConfigSections read a sentence without git as one with it")
	}
}
