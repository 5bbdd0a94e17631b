-- Live medulla-tier claims by the brain they were born in: a recall counts the doctrine an
-- isolated brain withholds by walking these few rows, instead of joining every match in every
-- brain to its row. Partial, so project-tier writes never touch it. The condition names tier,
-- not brain, on purpose: SQLite checks a partial index against a query's bound values, so
-- "brain = 'medulla'" here would make every statement that binds "brain = ?" (the write door's
-- live-version lookup among them) re-prepare itself whenever the bound brain changes.
CREATE INDEX claim_versions_medulla_origin ON claim_versions(origin_brain) WHERE tier = 'medulla' AND superseded_at IS NULL;
