-- Inference servers managed at run time (admin API /api/servers). The MOE_INFERENCE_SERVERS list (or the
-- single server "local") only seeds this table on the first start, when it is empty. The bearer token is
-- kept sealed (AES-GCM, key from MOE_SECRETS_KEY or the data directory); the API never returns it.
-- Named V6 so that a concurrent V5 of another branch can be merged without renumbering.
CREATE TABLE inference_server (
    id              VARCHAR(32)   PRIMARY KEY,
    name            VARCHAR(63)   NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,62}$'),
    url             VARCHAR(2048) NOT NULL CHECK (url ~* '^https?://'),
    api_type        VARCHAR(16)   NOT NULL CHECK (api_type IN ('ollama', 'openai')),
    sealed_token    TEXT,
    concurrency     INTEGER       NOT NULL CHECK (concurrency BETWEEN 1 AND 256),
    timeout_seconds INTEGER       NOT NULL CHECK (timeout_seconds BETWEEN 1 AND 3600),
    cost_factor     NUMERIC(10,4) NOT NULL DEFAULT 1.0 CHECK (cost_factor >= 0 AND cost_factor <= 1000),
    enabled         BOOLEAN       NOT NULL DEFAULT TRUE,
    created_at      TIMESTAMPTZ   NOT NULL,
    updated_at      TIMESTAMPTZ   NOT NULL
);
