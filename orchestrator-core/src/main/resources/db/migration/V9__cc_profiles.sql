-- Coding-client profiles (table cc_profile of V1) bound to callers: a key may name the profile its requests use,
-- and a user may have a default profile for keys that name none. Removing a profile unbinds it.
ALTER TABLE api_key ADD COLUMN cc_profile_id VARCHAR(32) REFERENCES cc_profile (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN default_cc_profile_id VARCHAR(32) REFERENCES cc_profile (id) ON DELETE SET NULL;
