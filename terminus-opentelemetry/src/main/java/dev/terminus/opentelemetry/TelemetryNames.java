package dev.terminus.opentelemetry;

/**
 * Every name {@link TerminusTelemetry} reports under, in one place: the instrumentation scope, span names,
 * attribute keys, fixed attribute values and metric names. The {@code gen_ai.*} and
 * {@code error.type} names are those of the OpenTelemetry GenAI semantic conventions; the {@code terminus.*} names
 * are Terminus's own. Use them in dashboards, alerts and tests instead of repeating the strings.
 *
 * {@snippet :
 * import io.opentelemetry.api.common.AttributeKey;
 * import io.opentelemetry.sdk.metrics.data.*;
 * // given: Collection<MetricData> metrics
 * // every run that ran out of money, by agent, in the metrics collected (in a test, an InMemoryMetricReader's)
 * List<LongPointData> outOfMoney = metrics.stream()
 *         .filter(metric -> metric.getName().equals(TelemetryNames.RUN_COMPLETED))
 *         .flatMap(metric -> metric.getLongSumData().getPoints().stream())
 *         .filter(point -> "CostBudgetExhausted".equals(
 *                 point.getAttributes().get(AttributeKey.stringKey(TelemetryNames.TERMINUS_TERMINATION))))
 *         .toList();
 * }
 */
public final class TelemetryNames {

    private TelemetryNames() {}

    // ---------------------------------------------------------------- scope

    /** The instrumentation scope of the tracer and the meter (its version is the module's). */
    public static final String INSTRUMENTATION_SCOPE = "dev.terminus";

    // ---------------------------------------------------------------- operations (and span name prefixes)

    /** A run: {@code gen_ai.operation.name} of the run span, named {@code invoke_agent {agent}}. */
    public static final String INVOKE_AGENT = "invoke_agent";

    /** A model call: {@code gen_ai.operation.name} of its span, named {@code chat {model}}. */
    public static final String CHAT = "chat";

    /** A tool call: {@code gen_ai.operation.name} of its span, named {@code execute_tool {tool}}. */
    public static final String EXECUTE_TOOL = "execute_tool";

    /** A pipeline run: {@code gen_ai.operation.name} of its span, named {@code invoke_workflow {pipeline}}. */
    public static final String INVOKE_WORKFLOW = "invoke_workflow";

    /**
     * The prefix of a pipeline stage's span name, {@code stage {stage}}. Not a GenAI operation: a stage span has no
     * {@code gen_ai.operation.name}.
     */
    public static final String STAGE = "stage";

    // ---------------------------------------------------------------- GenAI semantic-convention attributes

    /**
     * What the span or the measurement is about: {@link #INVOKE_AGENT}, {@link #CHAT}, {@link #EXECUTE_TOOL} or
     * {@link #INVOKE_WORKFLOW}.
     */
    public static final String GEN_AI_OPERATION_NAME = "gen_ai.operation.name";

    /** The agent's name ({@code AgentConfig.name()}). */
    public static final String GEN_AI_AGENT_NAME = "gen_ai.agent.name";

    /**
     * The pipeline's name ({@code Pipeline.name()}): on its {@code invoke_workflow} span, on its stages' spans, and on
     * the run metrics of the pipeline and of its stages.
     */
    public static final String GEN_AI_WORKFLOW_NAME = "gen_ai.workflow.name";

    /** The model's name ({@code Model.name()}). */
    public static final String GEN_AI_REQUEST_MODEL = "gen_ai.request.model";

    /** The model's provider ({@code Model.provider()}); the successor of the deprecated {@code gen_ai.system}. */
    public static final String GEN_AI_PROVIDER_NAME = "gen_ai.provider.name";

    /** Input tokens: of a model call on its span, of the whole run on a run, pipeline or stage span. */
    public static final String GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens";

    /** Output tokens: of a model call on its span, of the whole run on a run, pipeline or stage span. */
    public static final String GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens";

    /** The part of a model call's input tokens its provider served from a cache, when there is one. */
    public static final String GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS = "gen_ai.usage.cache_read.input_tokens";

    /** Why the model stopped (a one-element string array): {@code stop}, {@code tool_calls}, {@code length}, ... */
    public static final String GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons";

    /**
     * {@code true} on the {@code chat} span of a call of a model that streams ({@code StreamingModel}); absent for a
     * model that does not (the conventions read an absent value as {@code false}).
     */
    public static final String GEN_AI_REQUEST_STREAM = "gen_ai.request.stream";

    /**
     * Seconds from the start of a streamed model call to its first text piece, on its {@code chat} span ({@code double}).
     * Absent for a model that does not stream, and for a streamed call that gave no text (an answer of tool calls
     * only, or a call that failed before its first piece).
     */
    public static final String GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK = "gen_ai.response.time_to_first_chunk";

    /** The tool's name. */
    public static final String GEN_AI_TOOL_NAME = "gen_ai.tool.name";

    /** Which tokens a {@link #GEN_AI_CLIENT_TOKEN_USAGE} measurement counts: {@link #TOKEN_TYPE_INPUT} or {@link #TOKEN_TYPE_OUTPUT}. */
    public static final String GEN_AI_TOKEN_TYPE = "gen_ai.token.type";

    /**
     * The class of a failure: the exception class name of a failed model call, the error kind of a failed tool call
     * ({@code tool_error}, {@code invalid_arguments}, {@code unknown_tool}, {@code timeout}, {@code refused},
     * {@code rejected}), or the termination's tag on a run, pipeline or stage whose outcome is {@code FAILED}.
     */
    public static final String ERROR_TYPE = "error.type";

    // ---------------------------------------------------------------- Terminus attributes

    /** The termination's tag ({@code Termination.tag()}, bounded as {@link TerminusTelemetry} describes). */
    public static final String TERMINUS_TERMINATION = "terminus.termination";

    /** The termination's category ({@code Category.name()}, e.g. {@code SUCCESS}, {@code CAPACITY}). */
    public static final String TERMINUS_CATEGORY = "terminus.category";

    /**
     * The run's outcome ({@code Outcome.name()}, e.g. {@code SUCCEEDED}, {@code FAILED}). A stage's is its
     * {@code StageResult.outcome()}, which may differ from its termination's default outcome (a stage that treats
     * {@code MaxIterationsReached} as success says {@code SUCCEEDED}).
     */
    public static final String TERMINUS_OUTCOME = "terminus.outcome";

    /** A pipeline stage's name ({@code Stage.name()}): on its span and on its run metrics. */
    public static final String TERMINUS_STAGE_NAME = "terminus.stage.name";

    /** The name of the phase a pipeline stage belongs to, on the stage's span when it belongs to one. */
    public static final String TERMINUS_STAGE_PHASE = "terminus.stage.phase";

    /** How many times a stage's body ran ({@code StageResult.attempts()}), on the stage's span: 0 when skipped. */
    public static final String TERMINUS_STAGE_ATTEMPTS = "terminus.stage.attempts";

    /**
     * Seconds per output token after the first, of a streamed model call that succeeded, on its {@code chat} span
     * ({@code double}): (the call's duration − {@link #GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK}) / (output tokens − 1), the
     * output tokens being the call's usage. Present only when the call gave text and more than one output token. The
     * GenAI conventions name this measure only as a model server's metric ({@code gen_ai.server.time_per_output_token});
     * measured by a client it is Terminus's own, as is {@link #CLIENT_OPERATION_TIME_PER_OUTPUT_TOKEN}.
     */
    public static final String TERMINUS_RESPONSE_TIME_PER_OUTPUT_TOKEN = "terminus.response.time_per_output_token";

    /**
     * How a streamed model call's stream ended ({@code StreamStats.End.tag()}), on its {@code chat} span:
     * {@code finished}, {@code length}, {@code content_filter}, {@code idle_timeout} (silent for the agent's
     * {@code streamIdleTimeout}), {@code failed} (the provider failed mid-stream) or {@code cut} (the run's deadline
     * passed, or it was cancelled). Absent for a model that does not stream.
     */
    public static final String TERMINUS_STREAM_END = "terminus.stream.end";

    /**
     * The agent that ended a run handed from one agent to another ({@code AgentBuilder.handoff}; the result's
     * {@code RunResult.agentName()}), on the run's {@code invoke_agent} span, whose {@link #GEN_AI_AGENT_NAME} and name
     * are the agent that started it. Present only when the two differ. Bounded as {@link #GEN_AI_AGENT_NAME} is.
     */
    public static final String TERMINUS_FINAL_AGENT_NAME = "terminus.final_agent.name";

    // ---------------------------------------------------------------- span events

    /**
     * The event on a run's {@code invoke_agent} span when the run is handed to another agent, with that agent's
     * {@link #GEN_AI_AGENT_NAME}: one per handoff, at the moment the other agent takes the run over.
     */
    public static final String HANDOFF_EVENT = "terminus.handoff";

    // ---------------------------------------------------------------- fixed values

    /** {@link #GEN_AI_TOKEN_TYPE} of input tokens. */
    public static final String TOKEN_TYPE_INPUT = "input";

    /** {@link #GEN_AI_TOKEN_TYPE} of output tokens. */
    public static final String TOKEN_TYPE_OUTPUT = "output";

    /**
     * The value that stands for any value beyond a bound (an agent, model, provider, tool, pipeline, stage or phase
     * name, an error type):
     * the semantic conventions' fallback value.
     */
    public static final String OTHER = "_OTHER";

    /**
     * The {@link #TERMINUS_TERMINATION} of an {@code Extension} whose own tag is not reported: a malformed or
     * colliding tag, or one beyond the first distinct extension tags. A framework tag, so no extension can have it.
     */
    public static final String EXTENSION = "Extension";

    // ---------------------------------------------------------------- metrics

    /**
     * Counter ({@code {run}}): runs ended, by termination, category and outcome, and by what ran: an agent run with
     * {@link #GEN_AI_AGENT_NAME}; a pipeline with {@link #GEN_AI_WORKFLOW_NAME}; a pipeline's stage with
     * {@link #GEN_AI_WORKFLOW_NAME} and {@link #TERMINUS_STAGE_NAME}. An agent stage's run counts as an agent run and
     * as a stage, and the pipeline once more: filter on these attributes rather than summing every series.
     */
    public static final String RUN_COMPLETED = "terminus.run.completed";

    /** Histogram ({@code s}): how long runs, pipelines and stages took, with {@link #RUN_COMPLETED}'s attributes. */
    public static final String RUN_DURATION = "terminus.run.duration";

    /** Histogram ({@code {token}}): tokens per model call, by token type, operation, model and provider. */
    public static final String GEN_AI_CLIENT_TOKEN_USAGE = "gen_ai.client.token.usage";

    /** Histogram ({@code s}): model calls' durations, by operation, model and provider, with the error type of failures. */
    public static final String GEN_AI_CLIENT_OPERATION_DURATION = "gen_ai.client.operation.duration";

    /**
     * Histogram ({@code s}): the time to the first text piece of streamed model calls that gave text (whether they
     * then succeeded or not), by operation, model and provider: the span's
     * {@link #GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK}.
     */
    public static final String GEN_AI_CLIENT_OPERATION_TIME_TO_FIRST_CHUNK = "gen_ai.client.operation.time_to_first_chunk";

    /**
     * Histogram ({@code s}): the time per output token after the first of streamed model calls that succeeded with
     * text and more than one output token, by operation, model and provider: the span's
     * {@link #TERMINUS_RESPONSE_TIME_PER_OUTPUT_TOKEN}. Terminus's own: the GenAI conventions' metric of this measure,
     * {@code gen_ai.server.time_per_output_token}, is a model server's, and a client's measure includes the network.
     */
    public static final String CLIENT_OPERATION_TIME_PER_OUTPUT_TOKEN = "terminus.client.operation.time_per_output_token";
}
