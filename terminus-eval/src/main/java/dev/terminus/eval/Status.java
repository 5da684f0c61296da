package dev.terminus.eval;

import dev.terminus.eval.spi.Evaluator;

/**
 * Did the infrastructure work for a task's run: the first axis of a {@link ReportRow}, kept apart from the
 * termination (why the loop stopped) and the evaluation (did the agent pass). The names are the report's values.
 *
 * <p>One attempt of a task goes through its phases in order: the {@link Environment} makes the task's tools, the
 * {@link UserSimulatorFactory} its user, the {@link AgentFactory} its agent; the agent runs; the {@link Evaluator}
 * judges the result. A pipeline's attempt goes the same way, its {@link PipelineFactory} in the agent factory's place
 * and its run graded as one run (see {@link PipelineFactory}). The first row of this table that applies decides the
 * status:
 *
 * <table>
 *   <caption>How a row's status is decided</caption>
 *   <tr><th>What happened</th><th>Status</th><th>Termination</th><th>Eval</th><th>Error component</th></tr>
 *   <tr><td>the per-task timeout passed before the attempt ended, in any phase</td><td>{@link #TASK_TIMEOUT}</td>
 *       <td>the run's when it had started: {@code Cancelled("task-timeout")}, or the finished run's when the
 *       evaluator hung</td><td>none</td><td>the phase: ENVIRONMENT, USER, SETUP, AGENT or EVALUATOR</td></tr>
 *   <tr><td>the environment threw (or gave null) making the task's tools</td><td>{@link #ENVIRONMENT_ERROR}</td>
 *       <td>none</td><td>none</td><td>ENVIRONMENT</td></tr>
 *   <tr><td>the user simulator factory threw (or gave null)</td><td>{@link #USER_ERROR}</td><td>none</td>
 *       <td>none</td><td>USER</td></tr>
 *   <tr><td>the agent (or pipeline) factory threw (or gave null)</td><td>{@link #SETUP_FAILED}</td><td>none</td><td>none</td>
 *       <td>SETUP</td></tr>
 *   <tr><td>{@code Agent.start} or the run's handle threw (the agent broke its never-throw contract), or the
 *       harness's own code failed (a termination the report cannot write)</td>
 *       <td>{@link #UNKNOWN_EXECUTION_ERROR}</td><td>none</td><td>none</td><td>AGENT, or HARNESS</td></tr>
 *   <tr><td>the run ended {@code Failed} with the exception the user simulator threw</td>
 *       <td>{@link #USER_ERROR}</td><td>{@code Failed}</td><td>none</td><td>USER</td></tr>
 *   <tr><td>the run ended {@code Halted} because a tool of the environment threw {@link EnvironmentException}</td>
 *       <td>{@link #ENVIRONMENT_ERROR}</td><td>{@code Halted}</td><td>none</td><td>ENVIRONMENT</td></tr>
 *   <tr><td>the run ended {@code Failed} (any other cause: the model crashed, retries of a provider error ran
 *       out...) or {@code ProviderAuthFailed}: the loop could not do its work</td><td>{@link #AGENT_ERROR}</td>
 *       <td>it</td><td>none</td><td>AGENT</td></tr>
 *   <tr><td>the run ended with a capacity stop (category {@code CAPACITY}, outcome {@code FAILED}) and the
 *       benchmark's {@link CapacityPolicy} is {@code EXCLUDE}</td><td>{@link #SUCCESS}</td><td>it</td>
 *       <td>{@code "EXCLUDED"}</td><td>none</td></tr>
 *   <tr><td>the evaluator threw (a judge that failed or answered neither PASS nor FAIL) or gave null</td>
 *       <td>{@link #EVALUATION_FAILED}</td><td>it</td><td>none</td><td>EVALUATOR</td></tr>
 *   <tr><td>anything else: the loop ran and ended its own way (a completion, a limit, a refusal, a guard, a
 *       halt...)</td><td>{@link #SUCCESS}</td><td>it</td><td>the evaluation</td><td>none</td></tr>
 * </table>
 *
 * <p>Only {@code SUCCESS} rows carry an evaluation, so only they count in the pass rate: a row whose infrastructure
 * failed (agent errors included) says nothing about whether the agent would have passed, and is reported by its
 * status instead (see {@link Summary#byStatus()}).
 *
 * <p><b>Retries.</b> Before the evaluation, an attempt whose termination has category {@code RETRYABLE} (a
 * {@code Failed} with {@code EXTERNAL} or {@code UNKNOWN} errors, {@code SchemaValidationFailed}, a retryable
 * {@code Custom}) is run again, with a fresh environment, user and agent, while retries remain; the row is the last
 * attempt's. {@code FATAL} and every other category are never retried, nor are attempts without a termination.
 */
public enum Status {
    /** The loop ran and ended its own way; the row is evaluated (or excluded). */
    SUCCESS,
    /** The agent's run ended {@code Failed} or {@code ProviderAuthFailed}: the loop could not do its work. */
    AGENT_ERROR,
    /** The environment failed: making the task's tools, or a tool threw {@link EnvironmentException}. */
    ENVIRONMENT_ERROR,
    /** The user simulator failed: making it, or while the run went on. */
    USER_ERROR,
    /** The per-task timeout passed; the attempt was interrupted and abandoned. */
    TASK_TIMEOUT,
    /** Something threw that no component may throw: {@code Agent.start}, or the harness itself. */
    UNKNOWN_EXECUTION_ERROR,
    /** The run ended its own way, but the evaluator failed. */
    EVALUATION_FAILED,
    /** The agent (or pipeline) factory failed: there was no agent (or pipeline) to run. */
    SETUP_FAILED
}
