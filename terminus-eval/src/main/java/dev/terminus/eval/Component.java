package dev.terminus.eval;

import dev.terminus.eval.spi.Evaluator;

/**
 * The part of a task's run that failed, in a {@link TaskError}. The names are the report's values.
 */
public enum Component {
    /** The agent: its run, or {@code Agent.start} itself. */
    AGENT,
    /** The {@link Environment}: making the task's tools, or a tool that threw {@link EnvironmentException}. */
    ENVIRONMENT,
    /** The user simulator: making it, or the simulator while the run went on. */
    USER,
    /** The {@link Evaluator}. */
    EVALUATOR,
    /** The {@link AgentFactory} making the task's agent. */
    SETUP,
    /** The harness's own code, such as writing the row. */
    HARNESS
}
