/**
 * OpenTelemetry for agent runs and pipelines: {@link dev.terminus.opentelemetry.TerminusTelemetry#of} returns one
 * listener that reports every run as an {@code invoke_agent} span with {@code chat} and {@code execute_tool} children,
 * and as the metrics {@code terminus.run.completed}, {@code terminus.run.duration}, {@code gen_ai.client.token.usage}
 * and {@code gen_ai.client.operation.duration}, and for streamed model calls
 * {@code gen_ai.client.operation.time_to_first_chunk} and {@code terminus.client.operation.time_per_output_token}; {@link dev.terminus.opentelemetry.TerminusTelemetry#pipelines} returns
 * one listener that reports every pipeline run as an {@code invoke_workflow} span with a {@code stage} span per stage,
 * and as the same run metrics per pipeline and per stage. {@link dev.terminus.opentelemetry.TelemetryNames} holds
 * every name they use. Only the OpenTelemetry API is needed at run time; the application brings the SDK.
 *
 * <p>Where to start: {@code Agent.builder(model).listener(TerminusTelemetry.of(openTelemetry))}.
 */
@NullMarked
package dev.terminus.opentelemetry;

import org.jspecify.annotations.NullMarked;
