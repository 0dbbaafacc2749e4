-- Relational resources of the interface spec. Ids are 32-char hex UUIDs; timestamps are stored as
-- timestamptz and rendered as ISO-8601 UTC at the edges.

CREATE TABLE users (
    id              VARCHAR(32)  PRIMARY KEY,
    username        VARCHAR(100) NOT NULL UNIQUE,
    email           VARCHAR(254) NOT NULL UNIQUE,
    display_name    VARCHAR(200) NOT NULL DEFAULT '',
    hashed_password VARCHAR(500) NOT NULL,
    is_active       SMALLINT     NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    is_admin        SMALLINT     NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at      TIMESTAMPTZ  NOT NULL,
    updated_at      TIMESTAMPTZ  NOT NULL
);

CREATE TABLE api_key (
    id           VARCHAR(32)  PRIMARY KEY,
    user_id      VARCHAR(32)  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key_hash     CHAR(64)     NOT NULL UNIQUE,
    key_prefix   VARCHAR(16)  NOT NULL,
    label        VARCHAR(200) NOT NULL DEFAULT '',
    is_active    SMALLINT     NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at   TIMESTAMPTZ  NOT NULL,
    last_used_at TIMESTAMPTZ,
    expires_at   TIMESTAMPTZ
);
CREATE INDEX api_key_user ON api_key (user_id);

CREATE TABLE token_budget (
    user_id       VARCHAR(32) PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    daily_limit   BIGINT CHECK (daily_limit >= 0),
    monthly_limit BIGINT CHECK (monthly_limit >= 0),
    total_limit   BIGINT CHECK (total_limit >= 0),
    updated_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE permission (
    id            VARCHAR(32)  PRIMARY KEY,
    user_id       VARCHAR(32)  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    resource_type VARCHAR(32)  NOT NULL CHECK (resource_type IN
                  ('expert_template', 'cc_profile', 'model_endpoint', 'skill', 'mcp_tool', 'moe_mode')),
    resource_id   VARCHAR(300) NOT NULL,
    granted_at    TIMESTAMPTZ  NOT NULL,
    UNIQUE (user_id, resource_type, resource_id)
);

CREATE TABLE usage_log (
    id                VARCHAR(32)  PRIMARY KEY,
    user_id           VARCHAR(32)  NOT NULL,
    api_key_id        VARCHAR(32),
    request_id        VARCHAR(64)  NOT NULL,
    model             VARCHAR(200) NOT NULL,
    moe_mode          VARCHAR(64)  NOT NULL,
    prompt_tokens     BIGINT       NOT NULL DEFAULT 0,
    completion_tokens BIGINT       NOT NULL DEFAULT 0,
    total_tokens      BIGINT       NOT NULL DEFAULT 0,
    status            VARCHAR(20)  NOT NULL CHECK (status IN ('ok', 'budget_exceeded', 'error')),
    requested_at      TIMESTAMPTZ  NOT NULL,
    CHECK (total_tokens = prompt_tokens + completion_tokens)
);
CREATE INDEX usage_log_user_time ON usage_log (user_id, requested_at);
CREATE UNIQUE INDEX usage_log_request ON usage_log (request_id, status);

-- Admin-side expert templates and coding-client profiles; config_json holds the import/export item.
CREATE TABLE expert_template (
    id          VARCHAR(32)  PRIMARY KEY,
    name        VARCHAR(200) NOT NULL UNIQUE,
    description TEXT         NOT NULL DEFAULT '',
    cost_factor DOUBLE PRECISION NOT NULL DEFAULT 1.0 CHECK (cost_factor > 0),
    config_json TEXT         NOT NULL,
    is_active   SMALLINT     NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at  TIMESTAMPTZ  NOT NULL,
    updated_at  TIMESTAMPTZ  NOT NULL
);

CREATE TABLE cc_profile (
    id          VARCHAR(32)  PRIMARY KEY,
    name        VARCHAR(200) NOT NULL UNIQUE,
    config_json TEXT         NOT NULL,
    is_active   SMALLINT     NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at  TIMESTAMPTZ  NOT NULL,
    updated_at  TIMESTAMPTZ  NOT NULL
);

CREATE TABLE user_expert_templates (
    id          VARCHAR(32)  PRIMARY KEY,
    user_id     VARCHAR(32)  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        VARCHAR(200) NOT NULL,
    description TEXT         NOT NULL DEFAULT '',
    cost_factor DOUBLE PRECISION NOT NULL DEFAULT 1.0 CHECK (cost_factor > 0),
    config_json TEXT         NOT NULL,
    is_active   SMALLINT     NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at  TIMESTAMPTZ  NOT NULL,
    updated_at  TIMESTAMPTZ  NOT NULL,
    UNIQUE (user_id, name)
);

CREATE TABLE user_cc_profiles (
    id          VARCHAR(32)  PRIMARY KEY,
    user_id     VARCHAR(32)  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        VARCHAR(200) NOT NULL,
    config_json TEXT         NOT NULL,
    is_active   SMALLINT     NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    created_at  TIMESTAMPTZ  NOT NULL,
    updated_at  TIMESTAMPTZ  NOT NULL,
    UNIQUE (user_id, name)
);
