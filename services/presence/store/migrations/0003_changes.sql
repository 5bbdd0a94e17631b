-- What a session changed, when its client derived its working set from git: a JSON array of
-- files with their hunks in the base's line numbers, and the merge-base they count in. Older
-- rows (hand-declared working sets) have none.
ALTER TABLE presences ADD COLUMN changes TEXT NOT NULL DEFAULT '';
ALTER TABLE presences ADD COLUMN base TEXT NOT NULL DEFAULT '';
