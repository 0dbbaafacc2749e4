-- Cleanup jobs: one row of settings per job (absent = the job's defaults, disabled) with the next due time that
-- the nodes race for (an UPDATE ... WHERE next_run_at <= now claims a run for exactly one node), and the runs.
CREATE TABLE cleanup_job (
    job             VARCHAR(64) PRIMARY KEY,
    is_enabled      SMALLINT    NOT NULL CHECK (is_enabled IN (0, 1)),
    interval_minutes INTEGER    NOT NULL CHECK (interval_minutes BETWEEN 5 AND 43200),
    retention_days  INTEGER     NOT NULL CHECK (retention_days BETWEEN 1 AND 3650),
    max_entries     INTEGER     NOT NULL CHECK (max_entries BETWEEN 100 AND 10000000),
    next_run_at     TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE TABLE cleanup_run (
    id           VARCHAR(32)  PRIMARY KEY,
    job          VARCHAR(64)  NOT NULL,
    trigger_kind VARCHAR(16)  NOT NULL CHECK (trigger_kind IN ('manual', 'schedule')),
    started_at   TIMESTAMPTZ  NOT NULL,
    finished_at  TIMESTAMPTZ,
    status       VARCHAR(16)  NOT NULL CHECK (status IN ('running', 'ok', 'failed')),
    removed      BIGINT       NOT NULL DEFAULT 0,
    message      VARCHAR(1000)
);
CREATE INDEX cleanup_run_job_time ON cleanup_run (job, started_at DESC);
