-- Live medulla-tier claims by the brain they were born in: a recall counts the doctrine an
-- isolated brain withholds by walking these few rows and asking the full-text index about each,
-- instead of matching the whole index and joining every match. Partial, so project-tier writes
-- never touch it.
CREATE INDEX claim_versions_medulla_origin ON claim_versions(origin_brain) WHERE brain = 'medulla' AND superseded_at IS NULL;
