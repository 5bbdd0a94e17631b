-- Not idempotent on purpose: two replicas applying it at once would collide without the lock.
CREATE TABLE things (
	id BIGSERIAL PRIMARY KEY,
	slug TEXT NOT NULL UNIQUE,
	n INTEGER NOT NULL CHECK (n >= 0)
);
