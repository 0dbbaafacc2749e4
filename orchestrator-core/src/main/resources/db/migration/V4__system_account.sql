-- The account that work the service does on its own (the knowledge-ingest consumer's judge calls) is
-- booked to in usage_log and on /metrics. It cannot sign in or call the API: it is inactive, not an
-- admin, has no keys, and its password hash is random bytes that no password produces.
INSERT INTO users (id, username, email, display_name, hashed_password, is_active, is_admin, created_at, updated_at)
VALUES ('00000000000000000000000000000001', 'moe-system', 'moe-system@localhost.invalid', 'Background work of the service',
        'PBKDF2WithHmacSHA512:210000:AbElZq0cO0V8po0GaXqDr7RlNYbnU1dMUFLffvRRw8M=:niVJnY9nT/1Lh6MmDqbl7aJmG5JYM1NmV39Ky2EKHyqLw59Ma6Yn9eKcC1RXvpF0lSAjrWMSlAVnzxU2qDwDBg==',
        0, 0, now(), now())
ON CONFLICT DO NOTHING;
