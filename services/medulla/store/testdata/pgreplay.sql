-- pgreplay.sql: what flush_batch costs the server per memorize, away from the Go side and the
-- machine's load (the figures in services/medulla/README.md, "Where PostgreSQL's CPU per
-- memorize goes"). Not a migration and not run by any test: load it into a database migrated
-- with pgmigrations/*.sql (search_path = medulla) on a private, quiet server, then
--
--   CALL replay(1000, 16);                       -- fill: 16,000 memorize calls, 4,096 slugs
--   VACUUM ANALYZE;                              -- then CREATE DATABASE copy TEMPLATE this one
--   UPDATE replay_state SET cpu = 0, calls = 0;
--   CALL replay(300, 16, 'flush_batch');         -- or a variant of it with the same arguments
--   SELECT cpu / calls / 1000.0 AS us_per_memorize FROM replay_state;
--
-- Each batch is the storm's: 16 memorize calls into brain loja, slugs bench-N mod 4,096 (once
-- the table is full, every call supersedes the slug's live version), bodies "claim N written
-- by writer W", one receipt each; each batch commits on its own. Only the flush function's
-- call is timed, by clock_timestamp() in the backend (its own /proc schedstat moves only at
-- scheduler ticks, too coarse for one call); run the variants alternately on fresh copies.
CREATE OR REPLACE FUNCTION replay_now_ns() RETURNS bigint LANGUAGE sql VOLATILE AS
$$ SELECT (extract(epoch FROM clock_timestamp()) * 1e9)::bigint $$;
CREATE TABLE IF NOT EXISTS replay_state (one bool primary key default true, n bigint not null, cpu bigint not null, calls bigint not null);
INSERT INTO replay_state VALUES (true, 0, 0, 0) ON CONFLICT DO NOTHING;
INSERT INTO brains (name, repo_root, soul_path, policy, created_at, updated_at) VALUES ('loja','/r','/s','open',1,1) ON CONFLICT DO NOTHING;
CREATE OR REPLACE PROCEDURE replay(nbatches int, bsize int, fn text DEFAULT 'flush_batch') LANGUAGE plpgsql AS $$
DECLARE
  n bigint; sv bigint; live_id bigint; live_ver bigint; c0 bigint; c1 bigint; sl text; nid bigint; rid text;
  s_id bigint[]; s_brain text[]; s_slug text[]; s_at bigint[];
  v_id bigint[]; v_brain text[]; v_slug text[]; v_version bigint[]; v_kind text[]; v_body text[];
  v_evidence text[]; v_confidence float8[]; v_state text[]; v_tier text[]; v_verse text[];
  v_created_at bigint[]; v_source_agent text[]; v_origin_brain text[]; v_soul_source text[];
  v_promoted_by text[]; v_promoted_reason text[]; v_promoted_at bigint[]; v_verified_by text[];
  v_verified_via text[]; v_verified_at bigint[]; v_written_at bigint[]; v_superseded_at bigint[];
  v_receipt_id text[]; v_trust text[];
  r_id text[]; r_brain text[]; r_kind text[]; r_proposal_id text[]; r_effect text[]; r_subject text[];
  r_gates text[]; r_reason text[]; r_message text[]; r_version_from bigint[]; r_version_to bigint[];
  r_details text[]; r_by_agent text[]; r_by_seat text[]; r_by_brain text[]; r_by_origin text[];
  r_at bigint[]; r_verse text[]; born bigint;
BEGIN
  FOR b IN 1 .. nbatches LOOP
    SELECT r.n INTO n FROM replay_state r;
    SELECT store_version INTO sv FROM brains WHERE name = 'loja';
    s_id := '{}'; s_brain := '{}'; s_slug := '{}'; s_at := '{}';
    v_id := '{}'; v_brain := '{}'; v_slug := '{}'; v_version := '{}'; v_kind := '{}'; v_body := '{}';
    v_evidence := '{}'; v_confidence := '{}'; v_state := '{}'; v_tier := '{}'; v_verse := '{}';
    v_created_at := '{}'; v_source_agent := '{}'; v_origin_brain := '{}'; v_soul_source := '{}';
    v_promoted_by := '{}'; v_promoted_reason := '{}'; v_promoted_at := '{}'; v_verified_by := '{}';
    v_verified_via := '{}'; v_verified_at := '{}'; v_written_at := '{}'; v_superseded_at := '{}';
    v_receipt_id := '{}'; v_trust := '{}';
    r_id := '{}'; r_brain := '{}'; r_kind := '{}'; r_proposal_id := '{}'; r_effect := '{}'; r_subject := '{}';
    r_gates := '{}'; r_reason := '{}'; r_message := '{}'; r_version_from := '{}'; r_version_to := '{}';
    r_details := '{}'; r_by_agent := '{}'; r_by_seat := '{}'; r_by_brain := '{}'; r_by_origin := '{}';
    r_at := '{}'; r_verse := '{}'; born := 0;
    FOR k IN 1 .. bsize LOOP
      n := n + 1;
      sl := 'bench-' || (n % 4096);
      SELECT id, version INTO live_id, live_ver FROM claim_versions WHERE brain = 'loja' AND slug = sl AND superseded_at IS NULL;
      IF FOUND THEN
        s_id := s_id || live_id; s_brain := s_brain || 'loja'::text; s_slug := s_slug || sl; s_at := s_at || n;
      ELSE
        live_ver := 0; born := born + 1;
      END IF;
      nid := nextval(pg_get_serial_sequence('claim_versions', 'id'));
      rid := 'r' || n;
      v_id := v_id || nid; v_brain := v_brain || 'loja'::text; v_slug := v_slug || sl; v_version := v_version || (live_ver + 1);
      v_kind := v_kind || 'fact'::text; v_body := v_body || ('claim ' || n || ' written by writer ' || (n % 32));
      v_evidence := v_evidence || '[]'::text; v_confidence := v_confidence || 0.5::float8; v_state := v_state || 'unverified'::text;
      v_tier := v_tier || 'brain'::text; v_verse := v_verse || 'local'::text; v_created_at := v_created_at || n;
      v_source_agent := v_source_agent || ('w' || (n % 32)); v_origin_brain := v_origin_brain || 'loja'::text; v_soul_source := v_soul_source || ''::text;
      v_promoted_by := v_promoted_by || ''::text; v_promoted_reason := v_promoted_reason || ''::text; v_promoted_at := v_promoted_at || NULL::bigint;
      v_verified_by := v_verified_by || ''::text; v_verified_via := v_verified_via || ''::text; v_verified_at := v_verified_at || NULL::bigint;
      v_written_at := v_written_at || n; v_superseded_at := v_superseded_at || NULL::bigint; v_receipt_id := v_receipt_id || rid; v_trust := v_trust || '{}'::text;
      r_id := r_id || rid; r_brain := r_brain || 'loja'::text; r_kind := r_kind || 'memorize'::text; r_proposal_id := r_proposal_id || ('p' || n);
      r_effect := r_effect || 'commit'::text; r_subject := r_subject || sl; r_gates := r_gates || 'brain,shape,hygiene,witness,evidence,cas,downgrade'::text;
      r_reason := r_reason || ''::text; r_message := r_message || ''::text; r_version_from := r_version_from || (sv + k - 1); r_version_to := r_version_to || (sv + k);
      r_details := r_details || ''::text; r_by_agent := r_by_agent || ('w' || (n % 32)); r_by_seat := r_by_seat || 'executor'::text;
      r_by_brain := r_by_brain || 'loja'::text; r_by_origin := r_by_origin || 'agent'::text; r_at := r_at || n; r_verse := r_verse || 'local'::text;
    END LOOP;
    c0 := replay_now_ns();
    EXECUTE format('SELECT %I($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,$32,$33,$34,$35,$36,$37,$38,$39,$40,$41,$42,$43,$44,$45,$46,$47,$48,$49,$50,$51)', fn)
      USING s_id, s_brain, s_slug, s_at,
      v_id, v_brain, v_slug, v_version, v_kind, v_body, v_evidence, v_confidence, v_state, v_tier, v_verse,
      v_created_at, v_source_agent, v_origin_brain, v_soul_source, v_promoted_by, v_promoted_reason, v_promoted_at,
      v_verified_by, v_verified_via, v_verified_at, v_written_at, v_superseded_at, v_receipt_id, v_trust,
      ARRAY['loja'], ARRAY[sv + bsize], ARRAY[born], ARRAY[1::bigint],
      r_id, r_brain, r_kind, r_proposal_id, r_effect, r_subject, r_gates, r_reason, r_message,
      r_version_from, r_version_to, r_details, r_by_agent, r_by_seat, r_by_brain, r_by_origin, r_at, r_verse;
    c1 := replay_now_ns();
    UPDATE replay_state SET n = replay_state.n + bsize, cpu = cpu + (c1 - c0), calls = calls + bsize;
    COMMIT;
  END LOOP;
END;
$$;
