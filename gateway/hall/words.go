package hall

// reasonWords says what a refusal means for the owner, by reason code, before the organ's own
// message (kept beside it as the detail). A reason not listed here is shown with the organ's
// message alone: organs write their messages for people too.
var reasonWords = map[string]string{
	// The stamp (TRUST).
	"STALE_SCOPE": "The target branch moved under the files this candidate changed since its base. Nothing landed. " +
		"A re-run of the gate on the new base was asked for: the mission rings again with a fresh candidate.",
	"TARGET_DIRTY": "The target branch is checked out in a worktree with uncommitted changes to tracked files. " +
		"Nothing landed and nothing was touched; commit or stash those changes, then stamp again.",
	"MERGE_FAILED": "The candidate's commit could not be merged onto the target branch: a conflict, a repository hook " +
		"that refused the merge, or a target branch that does not exist. Nothing landed.",
	"CHANGE_NOT_CONTAINED": "The commit you named is not on the target branch, or it does not carry this candidate's " +
		"change (the candidate's commit is not its ancestor and no commit since the base has the same patch). Nothing was recorded; check the sha of your merge.",
	"CANDIDATE_MISMATCH": "This is no longer the mission's current candidate. Nothing landed; read the candidate again.",
	"EVIDENCE_MISSING":   "The candidate's evidence is missing (its gate log, or the commit holding its change). Nothing landed.",
	"EVIDENCE_MISMATCH":  "The candidate's evidence does not hold: the stored gate log or the commit is not what the candidate names. Nothing landed.",
	"IMPLAUSIBLE_WINDOW": "The gate's execution window is not a real one (inverted, in the future, or before the mission opened). Nothing landed.",
	"CANDIDATE_TOO_OLD":  "The gate ran too long ago to land on its word. Nothing landed; ask for a re-run.",
	"ILLEGAL_TRANSITION": "The mission is not waiting for a stamp any more (it already landed or left merge wait). Nothing changed.",
	"ORIGIN_NOT_HUMAN":   "Only a human gesture may do this (the owner through the Hall or the CLI), and this call did not come from one. Nothing changed.",
	"OWNER_ONLY":         "Only the owner may do this. Nothing changed.",
	"HEAD_CAS_MISMATCH":  "Someone else wrote first. Nothing changed; read the page again.",
	"STORE_VERSION_MISMATCH": "What you reviewed changed since you looked (its store version moved). " +
		"Nothing changed; read it again before deciding.",
	// Skeletons and the curation lane.
	"CURATION_BUSY":      "A curation holds this brain's candidate: wait for its runner's proposal (or its lapse) before ratifying or discarding. Nothing changed.",
	"SKELETON_NOT_FOUND": "There is no such skeleton (no candidate, or no ratified one) for this brain.",
	"SKELETON_READ_ONLY": "That skeleton is already ratified, discarded or superseded: it cannot change. Nothing changed.",
	// The charter composer.
	"INELIGIBLE_CLASS":  "Only bug and honesty reports become missions; this report's class is another.",
	"FOREIGN_BRAIN":     "The report's repository is no brain the reporter may reach (not exactly one owned brain's repository, or another agent's brain).",
	"NO_GATE_DERIVABLE": "No pinned gate runner serving the brain names a gate command, so no mission could be chartered with a deterministic gate.",
	"UNKNOWN_BLOCK":     "The report names a block the brain's skeleton does not hold.",
	"DUPLICATE_REPORT":  "A report saying the same thing was already chartered.",
	"CAP_REACHED":       "The brain already has the most open chartered missions allowed (3); a later sweep may charter it.",
	"SECRET_DETECTED":   "The text looked like it carried a credential, so it was not kept.",
	"HOME_PATH":         "The text carried a home directory path, so it was not kept.",
}
