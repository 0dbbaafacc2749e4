-- Saved tool cases of the admin's tool evaluation (/tool-eval): a tool, its arguments, and what makes a run pass
-- (the call answers or is refused as expected, and its result contains expected_text when that is set).
CREATE TABLE tool_case (
    id            VARCHAR(32)   PRIMARY KEY,
    name          VARCHAR(100)  NOT NULL UNIQUE,
    tool_name     VARCHAR(100)  NOT NULL,
    args_json     VARCHAR(20000) NOT NULL,
    expect_ok     SMALLINT      NOT NULL CHECK (expect_ok IN (0, 1)),
    expected_text VARCHAR(2000),
    created_at    TIMESTAMPTZ   NOT NULL
);
