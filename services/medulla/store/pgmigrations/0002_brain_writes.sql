-- A brain's write count: every transaction that changes a brain's claim versions adds one,
-- under the brain's advisory lock. A replica remembers, per brain, the slugs it last saw and
-- the count they were true at; finding the count unchanged after taking the lock proves no
-- other replica wrote the brain since, so the remembered slugs are still the database's.
ALTER TABLE brains ADD COLUMN writes BIGINT NOT NULL DEFAULT 0;
