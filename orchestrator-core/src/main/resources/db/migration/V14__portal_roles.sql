-- The user portal: the role "expert" (with admin, the role that may keep own templates and profiles, as the
-- spec's user_expert_templates and user_cc_profiles of V1) and the time zone the portal shows times in.
ALTER TABLE users ADD COLUMN is_expert SMALLINT NOT NULL DEFAULT 0 CHECK (is_expert IN (0, 1));
ALTER TABLE users ADD COLUMN time_zone VARCHAR(64) NOT NULL DEFAULT 'UTC';
