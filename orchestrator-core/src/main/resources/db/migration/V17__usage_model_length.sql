-- A usage row names the route it took: a mode, a template name or <model>@<server>, whose model part may be
-- 200 characters and its server 63 (ModelRef), so 264 with the '@'.
ALTER TABLE usage_log ALTER COLUMN model TYPE VARCHAR(300);
