-- ListCurations pages a brain's curations newest first.
CREATE INDEX curations_by_brain ON curations(brain, created_at DESC, curation_id DESC);
