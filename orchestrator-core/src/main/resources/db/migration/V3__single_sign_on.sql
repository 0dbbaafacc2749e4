-- Accounts that came in through OpenID Connect single sign-on are linked by the provider's issuer and
-- subject ("<issuer> <sub>"), never by a name or email the provider lets users change.
ALTER TABLE users ADD COLUMN sso_subject VARCHAR(600) UNIQUE;
