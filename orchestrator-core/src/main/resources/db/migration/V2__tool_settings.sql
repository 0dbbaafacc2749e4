-- Precision tools an admin has switched off (or on again). A tool without a row is enabled.
CREATE TABLE tool_setting (
    tool_name   VARCHAR(100) PRIMARY KEY,
    is_enabled  SMALLINT     NOT NULL CHECK (is_enabled IN (0, 1)),
    updated_by  VARCHAR(32)  REFERENCES users (id) ON DELETE SET NULL,
    updated_at  TIMESTAMPTZ  NOT NULL
);
