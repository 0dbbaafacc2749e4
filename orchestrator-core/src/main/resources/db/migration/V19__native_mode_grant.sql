-- Direct model calls (native pass-through, own profiles in moe_mode native) now need the moe_mode grant 'native'
-- beside their model_endpoint grants, so that model_endpoint grants can serve own templates alone. Every user who
-- could call models directly before keeps that: a user with a model_endpoint grant is granted 'native' once.
INSERT INTO permission (id, user_id, resource_type, resource_id, granted_at)
SELECT md5('native-grant|' || m.user_id), m.user_id, 'moe_mode', 'native', now()
FROM (SELECT DISTINCT user_id FROM permission WHERE resource_type = 'model_endpoint') m
ON CONFLICT (user_id, resource_type, resource_id) DO NOTHING;
