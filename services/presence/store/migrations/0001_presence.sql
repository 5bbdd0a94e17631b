-- Presence records survive a restart; liveness (last_beat + ttl_ns against now) and
-- collisions are computed at read time and never stored.
CREATE TABLE presences (
    id          TEXT PRIMARY KEY,
    brain       TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    kind        TEXT NOT NULL,
    theme       TEXT NOT NULL,
    intent      TEXT NOT NULL,
    working_set TEXT NOT NULL, -- JSON array of normalized items
    worktree    TEXT NOT NULL,
    started_at  INTEGER NOT NULL, -- unix nanoseconds
    updated_at  INTEGER NOT NULL,
    last_beat   INTEGER NOT NULL,
    ttl_ns      INTEGER NOT NULL
);
CREATE INDEX presences_brain ON presences(brain);

-- The append-only roster log behind Watch; seq is assigned by the service, dense across brains.
CREATE TABLE events (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    at         INTEGER NOT NULL,
    type       TEXT NOT NULL,
    brain      TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    payload    TEXT NOT NULL -- JSON snapshot of the presence or the colliding pair
);
CREATE INDEX events_brain_seq ON events(brain, seq);
CREATE INDEX events_at ON events(at);
