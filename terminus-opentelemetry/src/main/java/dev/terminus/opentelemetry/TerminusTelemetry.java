package dev.terminus.opentelemetry;

import dev.terminus.agent.AgentListener;
import dev.terminus.opentelemetry.internal.PipelineTelemetryListener;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.pipeline.PipelineListener;
import io.opentelemetry.api.OpenTelemetry;
import java.util.Objects;

/**
 * OpenTelemetry traces and metrics of agent runs, switched on with one call: a listener for
 * {@code AgentBuilder.listener}. It only listens to the loop's events; the loop's code paths are the same with it
 * as without it. Pipelines have a listener of their own, {@link #pipelines}, described there.
 *
 * {@snippet :
 * // given: Tool search
 * OpenTelemetry otel = GlobalOpenTelemetry.get();      // or the OpenTelemetrySdk the application builds
 * AgentListener telemetry = TerminusTelemetry.of(otel); // once: share it between agents
 * Agent agent = Agent.builder(model).listener(telemetry).tools(search).build();
 * RunResult result = agent.run("Find three sources on the Oslo climate.");
 * }
 *
 * <h2>Spans</h2>
 * Instrumentation scope {@value TelemetryNames#INSTRUMENTATION_SCOPE}, versioned as this module. Names are those of
 * {@link TelemetryNames}; the GenAI ones follow the OpenTelemetry GenAI semantic conventions.
 * <ul>
 *   <li>{@code invoke_agent {agent}} (INTERNAL), one per run, a child of the context current on the run's thread
 *       when it starts, or of the {@code execute_tool} span of the tool call that started it (below):
 *       {@code gen_ai.operation.name=invoke_agent}, {@code gen_ai.agent.name}, {@code gen_ai.request.model},
 *       {@code gen_ai.provider.name}; at its end the run's {@code gen_ai.usage.input_tokens} and
 *       {@code gen_ai.usage.output_tokens} (its whole tree's, children included, as {@code RunResult.usage()}),
 *       {@code terminus.termination}, {@code terminus.category}, {@code terminus.outcome}, and when the outcome is
 *       {@code FAILED} the status {@code ERROR} with {@code error.type} = the termination's tag. A run handed to
 *       another agent ({@code AgentBuilder.handoff}) stays one span, named after the agent that started it: an event
 *       {@code terminus.handoff} with the other agent's {@code gen_ai.agent.name} marks each handoff, and
 *       {@code terminus.final_agent.name} names the agent that ended the run when it is another one.</li>
 *   <li>{@code chat {model}} (CLIENT), one per model call attempt, a child of the run span:
 *       {@code gen_ai.operation.name=chat}, {@code gen_ai.request.model}, {@code gen_ai.provider.name}; when it
 *       succeeded {@code gen_ai.usage.input_tokens}, {@code gen_ai.usage.output_tokens},
 *       {@code gen_ai.usage.cache_read.input_tokens} (when not 0) and {@code gen_ai.response.finish_reasons}
 *       ({@code ["stop"]}, {@code ["tool_calls"]}, {@code ["length"]}, {@code ["content_filter"]},
 *       {@code ["refusal"]}, {@code ["other"]}); when it failed the status {@code ERROR} with {@code error.type} = the
 *       exception's class name. A call of a model that streams ({@code StreamingModel}) also has
 *       {@code gen_ai.request.stream=true}; {@code terminus.stream.end}, how its stream ended
 *       ({@code StreamStats.End.tag()}: {@code finished}, {@code length}, {@code content_filter},
 *       {@code idle_timeout}, {@code failed}, {@code cut}); when text arrived {@code gen_ai.response.time_to_first_chunk}
 *       (s, from the call's start); and when it succeeded with text and more than one output token
 *       {@code terminus.response.time_per_output_token} (s): (duration − time to first chunk) / (output tokens − 1),
 *       the output tokens being the call's usage. The GenAI conventions name a time per output token only as a model
 *       server's metric ({@code gen_ai.server.time_per_output_token}), not as a span attribute or a client's
 *       measure, so this one is Terminus's own. A model that does not stream has none of these four.</li>
 *   <li>{@code execute_tool {tool}} (INTERNAL), one per tool call, a child of the run span:
 *       {@code gen_ai.operation.name=execute_tool}, {@code gen_ai.tool.name}; when it failed the status
 *       {@code ERROR} with {@code error.type} = the error kind ({@code tool_error}, {@code invalid_arguments},
 *       {@code unknown_tool}, {@code timeout}, {@code refused}, {@code rejected}). A call of a tool the agent does not
 *       have is named {@code execute_tool} without {@code gen_ai.tool.name}: that name is the model's text. A call
 *       still running when its run ended (the run was halted, cancelled, out of time, paused at the call) ends with
 *       the run and has the run's {@code terminus.termination}, with the status {@code ERROR} and {@code error.type}
 *       when the run's outcome is {@code FAILED}.</li>
 * </ul>
 * A call's span starts when the call starts and ends when the loop reports its end; a call the loop answered without
 * running the tool (refused, unknown, invalid arguments, rejected by a person) has a span of its reported duration.
 * A run that a tool call starts — an agent offered as a tool ({@code Tools.agent}), or any agent a tool runs — is a
 * child of that call's span, whether the call runs on the run's thread or on a thread of its own that the run starts
 * (in parallel, under a per-tool timeout, supervised): one trace holds the whole tree. When the tool made a span of
 * its own current on that thread, the run is that span's child instead. The run span is not made current on the
 * run's thread (a supervisor thread may end it), nor is a call's: their children name them as their parent
 * explicitly.
 *
 * <h2>Metrics</h2>
 * <ul>
 *   <li>{@code terminus.run.completed} (counter, {@code {run}}) and {@code terminus.run.duration} (histogram,
 *       {@code s}), once per run: {@code terminus.termination}, {@code terminus.category}, {@code terminus.outcome},
 *       {@code gen_ai.agent.name} (the agent that ended the run: after a handoff, the last one). Each run of a tree
 *       counts on its own: a parent and the child runs its tool calls started count once each, under their own
 *       agents. A run that pauses at an approval gate counts once when it pauses
 *       ({@code HitlGatePending}) and once more when its resumption ends; each duration is that part's.</li>
 *   <li>{@code gen_ai.client.token.usage} (histogram, {@code {token}}), twice per successful model call:
 *       {@code gen_ai.token.type} ({@code input}, {@code output}), {@code gen_ai.operation.name=chat},
 *       {@code gen_ai.request.model}, {@code gen_ai.provider.name}.</li>
 *   <li>{@code gen_ai.client.operation.duration} (histogram, {@code s}), once per model call: the same attributes
 *       without the token type, plus {@code error.type} when it failed.</li>
 *   <li>{@code gen_ai.client.operation.time_to_first_chunk} (histogram, {@code s}), once per streamed model call that
 *       gave text, whether it then succeeded or not (the convention gives it no {@code error.type}): the span's
 *       {@code gen_ai.response.time_to_first_chunk}, with {@code gen_ai.operation.name=chat},
 *       {@code gen_ai.request.model}, {@code gen_ai.provider.name}.</li>
 *   <li>{@code terminus.client.operation.time_per_output_token} (histogram, {@code s}, Terminus's own, bucketed as
 *       the conventions advise for {@code gen_ai.server.time_per_output_token}), once per call that has the span's
 *       {@code terminus.response.time_per_output_token}, with the same attributes.</li>
 * </ul>
 *
 * <h2>Bounded attribute values</h2>
 * No attribute takes a free-form reason, an id or a message. Every value comes from a fixed set, or from names the
 * application's code gives, and those are bounded per instance of this listener: the first 128 distinct agent
 * names, 64 model names, 32 provider names, 256 tool names and 64 exception class names are reported as themselves,
 * any later new one as {@value TelemetryNames#OTHER}. Tool error kinds outside the fixed set are
 * {@value TelemetryNames#OTHER}. The termination's tag:
 * <ul>
 *   <li>a framework case reports its own, constant tag;</li>
 *   <li>every {@code Termination.Custom} reports {@code Custom}, never its reason or properties (its category tells
 *       custom terminations apart);</li>
 *   <li>a {@code Termination.Extension} reports its tag when the tag is well-formed and not a framework tag (the
 *       check of {@code Extension.requireValidTag}) and is among the first 64 distinct extension tags this listener
 *       has seen; any other reports {@value TelemetryNames#EXTENSION}, and the first malformed tag is logged once as a
 *       warning.</li>
 * </ul>
 * So one listener produces a bounded number of metric series whatever its runs end with. Create one and share it:
 * the bounds and the cached attributes are per instance.
 *
 * <h2>Cost</h2>
 * The instruments are built once per listener, and the attributes of each metric series once per listener, so a
 * model call records its metrics without allocating attributes. The listener receives each tool call's start
 * ({@code AgentListener.receivesToolStarts()}, {@code ToolStarted}), one event per call, but not the stream's text
 * pieces, so a streamed answer builds no event per piece for it. Per-run state (the open span) is kept from
 * {@code RunStarted} to {@code RunTerminated} in a map keyed by the run's identity, and dropped at the latter, also
 * when a supervisor ends an abandoned run from its own thread. The map holds a run's context weakly: a run that never
 * ends for this listener (an {@code Error} went through it; a workflow's run whose copy left this worker, heard
 * through {@code ReplaySafeListener}) is neither counted nor exported, and its open span is dropped once nothing
 * holds the run's context any more.
 */
public final class TerminusTelemetry {

    private TerminusTelemetry() {}

    /**
     * A listener that reports every run of the agents it is added to.
     *
     * @param openTelemetry where the spans and metrics go: the application's SDK, or {@code OpenTelemetry.noop()}
     * @return the listener, for {@code AgentBuilder.listener}
     * @throws NullPointerException when {@code openTelemetry} is null
     */
    public static AgentListener of(OpenTelemetry openTelemetry) {
        return new TelemetryListener(Objects.requireNonNull(openTelemetry, "openTelemetry"));
    }

    /**
     * A listener that reports every run of the pipelines it is added to ({@code Pipeline.Builder.listener}): a span
     * per pipeline run with a child span per stage reached, and run metrics of both. Add {@link #of} to the stages'
     * agents too: their runs then show as children of their stages' spans.
     *
     * {@snippet :
     * // given: Termination publish(String report)
     * OpenTelemetry otel = GlobalOpenTelemetry.get();
     * AgentListener agents = TerminusTelemetry.of(otel);                // once each: share them
     * PipelineListener pipelines = TerminusTelemetry.pipelines(otel);
     * Pipeline pipeline = Pipeline.builder()
     *         .name("weekly-report")
     *         .stage(Stage.agent("research", Agent.builder(model).name("researcher").listener(agents).build(),
     *                 ctx -> "Find sources on " + ctx.input()))
     *         .stage(Stage.of("publish", ctx -> publish(ctx.answer("research").orElseThrow())))
     *         .listener(pipelines)
     *         .build();
     * pipeline.run("the Oslo climate");
     * // invoke_workflow weekly-report
     * // ├── stage research
     * // │   └── invoke_agent researcher ── chat gpt-4o, execute_tool search, ...
     * // └── stage publish
     * }
     *
     * <h4>Spans</h4>
     * <ul>
     *   <li>{@code invoke_workflow {pipeline}} (INTERNAL), one per pipeline run, a child of the context current on
     *       the thread that coordinates the pipeline when it starts: {@code gen_ai.operation.name=invoke_workflow},
     *       {@code gen_ai.workflow.name}; at its end the usage of all its stages ({@code gen_ai.usage.input_tokens},
     *       {@code gen_ai.usage.output_tokens}), the pipeline's {@code terminus.termination},
     *       {@code terminus.category} and {@code terminus.outcome} ({@code PipelineResult}), and when the outcome is
     *       {@code FAILED} the status {@code ERROR} with {@code error.type} = the termination's tag.</li>
     *   <li>{@code stage {stage}} (INTERNAL), one per stage reached (a skipped stage too; a stage not reached has
     *       none), a child of the pipeline's span: {@code gen_ai.workflow.name}, {@code terminus.stage.name},
     *       {@code terminus.stage.phase} when the stage is in a phase; at its end {@code terminus.stage.attempts},
     *       the usage of its agent runs, its termination's tag and category, and {@code terminus.outcome} = the
     *       <em>stage's</em> outcome ({@code StageResult.outcome()}: {@code SUCCEEDED} for a termination the stage
     *       treats as success, e.g. {@code MaxIterationsReached}), with {@code ERROR} and {@code error.type} when
     *       that outcome is {@code FAILED}.</li>
     * </ul>
     * A stage's span starts when the pipeline reaches the stage and is the current context of the coordinating
     * thread until the stage ends. What the stage starts on that thread is its child: the {@code invoke_agent} span of
     * an agent stage on {@code StageExecutor.callerThread()} (the default), a pipeline a function stage runs. On
     * another executor the stage's body runs on another thread: wrap the executor service with
     * {@code Context.taskWrapping} ({@code StageExecutor.of(Context.taskWrapping(executorService))}) to carry the
     * context there; {@code StageExecutor.virtualThreads()} cannot carry it, so its agent runs start traces of their
     * own. {@code Pipeline.start} coordinates on a new thread, without the caller's context: its
     * {@code invoke_workflow} span starts a trace of its own.
     *
     * <h4>Metrics</h4>
     * The same {@code terminus.run.completed} (counter, {@code {run}}) and {@code terminus.run.duration} (histogram,
     * {@code s}) as agent runs, with {@code terminus.termination}, {@code terminus.category},
     * {@code terminus.outcome}: once per pipeline run with {@code gen_ai.workflow.name}, and once per stage reached
     * with {@code gen_ai.workflow.name} and {@code terminus.stage.name} (and the stage's outcome). Durations are the
     * pipeline's own measurements ({@code PipelineResult.duration()}, {@code StageResult.duration()}). An agent
     * stage's run therefore counts as an agent run (with {@code gen_ai.agent.name}), as a stage and within its
     * pipeline: tell them apart by these attributes.
     *
     * <h4>Bounded attribute values</h4>
     * As for agent runs: the first 128 distinct pipeline names, 256 stage names and 64 phase names this listener sees
     * are reported as themselves, later new ones as {@value TelemetryNames#OTHER}; termination tags are bounded as
     * {@link #of} describes ({@code Custom} for every custom termination, whatever its reason; {@code Skipped} for
     * every skipped stage, never its reason). Create one and share it: the bounds are per instance.
     *
     * <h4>Pipeline runs</h4>
     * Pipeline events name their pipeline but carry no run identity; a pipeline publishes all its events, in order, on
     * the thread that coordinates it. This listener therefore follows each thread's open pipelines (a pipeline run by
     * a stage of another on the same thread nests inside it), and one instance serves any number of pipelines at
     * once. Added twice to one pipeline, it reports it once.
     *
     * @param openTelemetry where the spans and metrics go: the application's SDK, or {@code OpenTelemetry.noop()}
     * @return the listener, for {@code Pipeline.Builder.listener}
     * @throws NullPointerException when {@code openTelemetry} is null
     */
    public static PipelineListener pipelines(OpenTelemetry openTelemetry) {
        return new PipelineTelemetryListener(Objects.requireNonNull(openTelemetry, "openTelemetry"));
    }
}
