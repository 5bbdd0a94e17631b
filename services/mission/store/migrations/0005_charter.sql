-- CURATION-CHARTER: the field-report spool and the charter composer's screenings.
-- (0004 is the skeleton store of the same issue; the runner applies each version once, in
-- order, so this file is independent of it.)

-- The spool, append-only: a report is never updated or deleted. seq is its filing order.
CREATE TABLE field_reports (
	seq         INTEGER PRIMARY KEY,
	report_id   TEXT NOT NULL UNIQUE,
	class       TEXT NOT NULL,
	repo        TEXT NOT NULL,
	tool        TEXT NOT NULL,
	what        TEXT NOT NULL,
	block_id    TEXT NOT NULL DEFAULT '',
	reporter    TEXT NOT NULL,  -- JSON author, from the credential
	reported_at INTEGER NOT NULL,
	fingerprint TEXT NOT NULL
);

-- One screening per report, ever: the primary key is the claim, and every write of a screening
-- inserts only WHERE no screening of the report exists, so two sweeps (or a sweep after a
-- restart) can never both screen a report.
CREATE TABLE report_screens (
	report_id   TEXT PRIMARY KEY REFERENCES field_reports(report_id),
	seq         INTEGER NOT NULL,
	outcome     TEXT NOT NULL CHECK (outcome IN ('chartered', 'refused')),
	reason      TEXT NOT NULL DEFAULT '',
	message     TEXT NOT NULL DEFAULT '',
	brain       TEXT NOT NULL DEFAULT '',
	mission_id  TEXT NOT NULL DEFAULT '',
	fingerprint TEXT NOT NULL,
	screened_at INTEGER NOT NULL,
	swept_by    TEXT NOT NULL   -- JSON author
);
CREATE INDEX report_screens_by_seq ON report_screens(seq);
-- The duplicate check and the cap read chartered screenings by fingerprint and by brain.
CREATE INDEX report_screens_chartered_fp ON report_screens(fingerprint) WHERE outcome = 'chartered';
CREATE INDEX report_screens_chartered_brain ON report_screens(brain) WHERE outcome = 'chartered';
CREATE INDEX report_screens_refused ON report_screens(reason, seq) WHERE outcome = 'refused';
