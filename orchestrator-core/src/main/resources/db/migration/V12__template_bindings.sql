-- Expert templates bound to callers: requests that name a mode run with the key's template, else the
-- user's default template, else moe.template.default. Removing a template unbinds it.
ALTER TABLE api_key ADD COLUMN template_id VARCHAR(32) REFERENCES expert_template (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN default_template_id VARCHAR(32) REFERENCES expert_template (id) ON DELETE SET NULL;
