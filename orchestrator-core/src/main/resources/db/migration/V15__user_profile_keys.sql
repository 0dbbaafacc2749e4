-- A key a user makes in the portal may name one of the user's own coding-client profiles (user_cc_profiles of
-- V1); removing the profile unbinds the key. An admin-bound profile (cc_profile_id of V9) stays separate.
ALTER TABLE api_key ADD COLUMN user_cc_profile_id VARCHAR(32) REFERENCES user_cc_profiles (id) ON DELETE SET NULL;
