-- A browser session records a stamp of its account at sign-in and stands only while the stamp is the same.
-- The generation counts every change that must end the account's sessions (deactivation, losing admin rights,
-- a new password): with it in the stamp, a session ended by a deactivation stays ended when the account is
-- reactivated, and an admin demoted and promoted again signs in again.
ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0;
