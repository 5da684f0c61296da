-- Terminus's tables (ADR 0046). Paused runs by kind and gate id, replaced in one statement.
CREATE TABLE terminus_gate (
    kind        VARCHAR(64)              NOT NULL,
    gate_id     VARCHAR(512)             NOT NULL,
    body        CLOB                     NOT NULL,
    saved_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (kind, gate_id)
);

-- One decision per gate, ever: the primary key makes the first insert win.
CREATE TABLE terminus_decision (
    gate_id     VARCHAR(512)             NOT NULL PRIMARY KEY,
    decision    VARCHAR(64)              NOT NULL,
    body        CLOB                     NOT NULL,
    decided_by  VARCHAR(256)             NOT NULL,
    decided_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

-- The run journal: one row per ended run, written once.
CREATE TABLE terminus_run (
    run_id            VARCHAR(64)              NOT NULL PRIMARY KEY,
    parent_run_id     VARCHAR(64),
    run_kind          VARCHAR(16)              NOT NULL,
    agent             VARCHAR(256)             NOT NULL,
    termination       CLOB                     NOT NULL,
    termination_tag   VARCHAR(64)              NOT NULL,
    category          VARCHAR(16)              NOT NULL,
    outcome           VARCHAR(16)              NOT NULL,
    input_tokens      BIGINT                   NOT NULL,
    output_tokens     BIGINT                   NOT NULL,
    cached_tokens     BIGINT                   NOT NULL,
    reasoning_tokens  BIGINT                   NOT NULL,
    cost_usd          NUMERIC(30, 12)          NOT NULL,
    duration_ms       BIGINT                   NOT NULL,
    ended_at          TIMESTAMP WITH TIME ZONE NOT NULL,
    gate_id           VARCHAR(512),
    decided_by        VARCHAR(256),
    decided_at        TIMESTAMP WITH TIME ZONE
);
CREATE INDEX terminus_run_ended_at ON terminus_run (ended_at);
CREATE INDEX terminus_run_tag ON terminus_run (termination_tag, ended_at);
CREATE INDEX terminus_run_agent ON terminus_run (agent, ended_at);

-- A run's transcript, kept apart: one row per message, inserted once.
CREATE TABLE terminus_run_message (
    run_id      VARCHAR(64)  NOT NULL,
    seq         INTEGER      NOT NULL,
    body        CLOB         NOT NULL,
    PRIMARY KEY (run_id, seq)
);
