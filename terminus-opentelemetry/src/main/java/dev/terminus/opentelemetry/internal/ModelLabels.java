package dev.terminus.opentelemetry.internal;

import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.common.Attributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One (model, provider) pair's bounded names, its chat spans' name, and the attributes of its model-call metrics,
 * built once: per call, recording them allocates no attributes.
 */
final class ModelLabels {
    final String model;
    final String provider;
    final String chatSpanName;
    /** {@code gen_ai.client.token.usage} of input tokens. */
    final Attributes inputTokens;
    /** {@code gen_ai.client.token.usage} of output tokens. */
    final Attributes outputTokens;
    /**
     * {@code gen_ai.client.operation.duration} of a call that succeeded; also the attributes of the stream metrics
     * ({@code gen_ai.client.operation.time_to_first_chunk}, {@code terminus.client.operation.time_per_output_token}).
     */
    final Attributes succeeded;
    private final ConcurrentHashMap<String, Attributes> failed = new ConcurrentHashMap<>();

    ModelLabels(String model, String provider) {
        this.model = model;
        this.provider = provider;
        this.chatSpanName = TelemetryNames.CHAT + " " + model;
        this.succeeded = Attributes.of(Keys.OPERATION_NAME, TelemetryNames.CHAT, Keys.REQUEST_MODEL, model,
                Keys.PROVIDER_NAME, provider);
        this.inputTokens = succeeded.toBuilder().put(Keys.TOKEN_TYPE, TelemetryNames.TOKEN_TYPE_INPUT).build();
        this.outputTokens = succeeded.toBuilder().put(Keys.TOKEN_TYPE, TelemetryNames.TOKEN_TYPE_OUTPUT).build();
    }

    /**
     * @param errorType an already bounded error type
     * @return {@code gen_ai.client.operation.duration}'s attributes of a call that failed with it
     */
    Attributes failed(String errorType) {
        return failed.computeIfAbsent(errorType,
                type -> succeeded.toBuilder().put(Keys.ERROR_TYPE, type).build());
    }
}
