-- Skeletons and the curation lane (CURATION-CHARTER).

-- One row per skeleton revision; body is the revision as JSON. A brain has at most one
-- candidate (the partial unique index), and its newest ratified revision is its skeleton.
CREATE TABLE skeletons (
	skeleton_id TEXT PRIMARY KEY,
	brain       TEXT NOT NULL,
	revision    INTEGER NOT NULL,
	state       TEXT NOT NULL,
	body        TEXT NOT NULL,
	UNIQUE (brain, revision)
);
CREATE UNIQUE INDEX skeletons_one_candidate ON skeletons(brain) WHERE state = 'candidate';
CREATE INDEX skeletons_state ON skeletons(brain, state, revision);

-- Each brain's skeleton store version: every scan, edit, discard, ratification and applied
-- curation advances it by one under compare-and-swap (the OCC of every skeleton write).
CREATE TABLE skeleton_versions (
	brain   TEXT PRIMARY KEY,
	version INTEGER NOT NULL
);

-- Curations. A pending or claimed curation is live and holds its brain's advisory candidate
-- lease: the partial unique index makes a second live curation on one brain unrepresentable.
CREATE TABLE curations (
	curation_id TEXT PRIMARY KEY,
	brain       TEXT NOT NULL,
	state       TEXT NOT NULL,
	lease_id    TEXT NOT NULL DEFAULT '',
	created_at  INTEGER NOT NULL,
	body        TEXT NOT NULL
);
CREATE UNIQUE INDEX curations_one_live ON curations(brain) WHERE state IN ('pending', 'claimed');
CREATE INDEX curations_state ON curations(state, created_at);
