-- One-time password-reset links (portal): only the SHA-256 of the token is stored; a link is valid until it
-- expires, is used, or a newer link of the same user replaces it. Removed with the user.
CREATE TABLE password_reset (
    token_hash  VARCHAR(64)  PRIMARY KEY,
    user_id     VARCHAR(32)  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ  NOT NULL,
    expires_at  TIMESTAMPTZ  NOT NULL,
    used_at     TIMESTAMPTZ
);
CREATE INDEX password_reset_user ON password_reset (user_id);
