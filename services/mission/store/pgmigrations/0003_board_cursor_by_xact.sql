-- Board cursors are no longer numbered from a sequence under a board-wide lock held to COMMIT
-- (that lock made every replica's appends, on any chain, commit one after another). A cursor
-- is now (the writing transaction's id << 16) + the event's ordinal in that transaction,
-- written by the inserting statement, and a reader only returns cursors below the oldest
-- transaction still running (store/pgboard.go): a transaction that could still commit an
-- earlier cursor is running, so nothing below that horizon can appear later. Cursors already
-- written are far below any new one (one transaction wrote at most a few hundred events, and
-- each took a transaction id), so a watcher resuming from an old cursor misses nothing.
ALTER TABLE board_events ALTER COLUMN cursor DROP IDENTITY;
