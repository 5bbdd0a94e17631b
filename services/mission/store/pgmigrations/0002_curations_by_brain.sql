-- ListCurations pages a brain's curations newest first (as SQLite's 0006).
CREATE INDEX curations_by_brain ON curations(brain, created_at DESC, curation_id DESC);
