package dev.terminus.opentelemetry;

import dev.terminus.agent.AgentListener;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import io.opentelemetry.api.OpenTelemetry;
import java.util.Objects;

/**
 * OpenTelemetry traces and metrics of agent runs, switched on with one call: a listener for
 * {@code Agent.Builder.listener}. It only listens to the loop's events; the loop's code paths are the same with it
 * as without it.
 *
 * {@snippet :
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
 *       when it starts: {@code gen_ai.operation.name=invoke_agent}, {@code gen_ai.agent.name},
 *       {@code gen_ai.request.model}, {@code gen_ai.provider.name}; at its end the run's
 *       {@code gen_ai.usage.input_tokens} and {@code gen_ai.usage.output_tokens}, {@code terminus.termination},
 *       {@code terminus.category}, {@code terminus.outcome}, and when the outcome is {@code FAILED} the status
 *       {@code ERROR} with {@code error.type} = the termination's tag.</li>
 *   <li>{@code chat {model}} (CLIENT), one per model call attempt, a child of the run span:
 *       {@code gen_ai.operation.name=chat}, {@code gen_ai.request.model}, {@code gen_ai.provider.name}; when it
 *       succeeded {@code gen_ai.usage.input_tokens}, {@code gen_ai.usage.output_tokens},
 *       {@code gen_ai.usage.cache_read.input_tokens} (when not 0) and {@code gen_ai.response.finish_reasons}
 *       ({@code ["stop"]}, {@code ["tool_calls"]}, {@code ["length"]}, {@code ["content_filter"]},
 *       {@code ["refusal"]}, {@code ["other"]}); when it failed the status {@code ERROR} with {@code error.type} = the
 *       exception's class name.</li>
 *   <li>{@code execute_tool {tool}} (INTERNAL), one per tool call, a child of the run span:
 *       {@code gen_ai.operation.name=execute_tool}, {@code gen_ai.tool.name}; when it failed the status
 *       {@code ERROR} with {@code error.type} = the error kind ({@code tool_error}, {@code invalid_arguments},
 *       {@code unknown_tool}, {@code timeout}, {@code refused}, {@code rejected}). A call of a tool the agent does not
 *       have is named {@code execute_tool} without {@code gen_ai.tool.name}: that name is the model's text.</li>
 * </ul>
 * The loop reports a call when it has ended, with its duration: a call's span starts at its end minus its duration.
 * The run span is not made current on the run's thread (a supervisor thread may end it); its children name it as
 * their parent explicitly.
 *
 * <h2>Metrics</h2>
 * <ul>
 *   <li>{@code terminus.run.completed} (counter, {@code {run}}) and {@code terminus.run.duration} (histogram,
 *       {@code s}), once per run: {@code terminus.termination}, {@code terminus.category}, {@code terminus.outcome},
 *       {@code gen_ai.agent.name}. A run that pauses at an approval gate counts once when it pauses
 *       ({@code HitlGatePending}) and once more when its resumption ends; each duration is that part's.</li>
 *   <li>{@code gen_ai.client.token.usage} (histogram, {@code {token}}), twice per successful model call:
 *       {@code gen_ai.token.type} ({@code input}, {@code output}), {@code gen_ai.operation.name=chat},
 *       {@code gen_ai.request.model}, {@code gen_ai.provider.name}.</li>
 *   <li>{@code gen_ai.client.operation.duration} (histogram, {@code s}), once per model call: the same attributes
 *       without the token type, plus {@code error.type} when it failed.</li>
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
 * model call records its metrics without allocating attributes. Per-run state (the open span) is kept from
 * {@code RunStarted} to {@code RunTerminated} in a map keyed by the run's identity, and dropped at the latter, also
 * when a supervisor ends an abandoned run from its own thread.
 */
public final class TerminusTelemetry {

    private TerminusTelemetry() {}

    /**
     * A listener that reports every run of the agents it is added to.
     *
     * @param openTelemetry where the spans and metrics go: the application's SDK, or {@code OpenTelemetry.noop()}
     * @return the listener, for {@code Agent.Builder.listener}
     * @throws NullPointerException when {@code openTelemetry} is null
     */
    public static AgentListener of(OpenTelemetry openTelemetry) {
        return new TelemetryListener(Objects.requireNonNull(openTelemetry, "openTelemetry"));
    }
}
