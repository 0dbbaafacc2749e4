-- Tokens as counted against budgets: the raw tokens weighted by the template's and the servers' cost_factor.
-- total_tokens stays the raw sum the inference servers reported.
ALTER TABLE usage_log ADD COLUMN weighted_tokens BIGINT;
UPDATE usage_log SET weighted_tokens = total_tokens;
ALTER TABLE usage_log ALTER COLUMN weighted_tokens SET NOT NULL;
ALTER TABLE usage_log ALTER COLUMN weighted_tokens SET DEFAULT 0;
