package dev.terminus.opentelemetry.internal;

import dev.terminus.opentelemetry.TelemetryNames;
import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/** The attribute keys of {@link TelemetryNames}, built once. */
final class Keys {
    static final AttributeKey<String> OPERATION_NAME = AttributeKey.stringKey(TelemetryNames.GEN_AI_OPERATION_NAME);
    static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey(TelemetryNames.GEN_AI_AGENT_NAME);
    static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey(TelemetryNames.GEN_AI_REQUEST_MODEL);
    static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey(TelemetryNames.GEN_AI_PROVIDER_NAME);
    static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey(TelemetryNames.GEN_AI_USAGE_INPUT_TOKENS);
    static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey(TelemetryNames.GEN_AI_USAGE_OUTPUT_TOKENS);
    static final AttributeKey<Long> CACHE_READ_INPUT_TOKENS =
            AttributeKey.longKey(TelemetryNames.GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS);
    static final AttributeKey<List<String>> FINISH_REASONS =
            AttributeKey.stringArrayKey(TelemetryNames.GEN_AI_RESPONSE_FINISH_REASONS);
    static final AttributeKey<Boolean> REQUEST_STREAM = AttributeKey.booleanKey(TelemetryNames.GEN_AI_REQUEST_STREAM);
    static final AttributeKey<Double> TIME_TO_FIRST_CHUNK =
            AttributeKey.doubleKey(TelemetryNames.GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK);
    static final AttributeKey<Double> TIME_PER_OUTPUT_TOKEN =
            AttributeKey.doubleKey(TelemetryNames.TERMINUS_RESPONSE_TIME_PER_OUTPUT_TOKEN);
    static final AttributeKey<String> STREAM_END = AttributeKey.stringKey(TelemetryNames.TERMINUS_STREAM_END);
    static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey(TelemetryNames.GEN_AI_TOOL_NAME);
    static final AttributeKey<String> TOKEN_TYPE = AttributeKey.stringKey(TelemetryNames.GEN_AI_TOKEN_TYPE);
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey(TelemetryNames.ERROR_TYPE);
    static final AttributeKey<String> TERMINATION = AttributeKey.stringKey(TelemetryNames.TERMINUS_TERMINATION);
    static final AttributeKey<String> CATEGORY = AttributeKey.stringKey(TelemetryNames.TERMINUS_CATEGORY);
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey(TelemetryNames.TERMINUS_OUTCOME);
    static final AttributeKey<String> FINAL_AGENT_NAME =
            AttributeKey.stringKey(TelemetryNames.TERMINUS_FINAL_AGENT_NAME);
    static final AttributeKey<String> WORKFLOW_NAME = AttributeKey.stringKey(TelemetryNames.GEN_AI_WORKFLOW_NAME);
    static final AttributeKey<String> STAGE_NAME = AttributeKey.stringKey(TelemetryNames.TERMINUS_STAGE_NAME);
    static final AttributeKey<String> STAGE_PHASE = AttributeKey.stringKey(TelemetryNames.TERMINUS_STAGE_PHASE);
    static final AttributeKey<Long> STAGE_ATTEMPTS = AttributeKey.longKey(TelemetryNames.TERMINUS_STAGE_ATTEMPTS);
    static final AttributeKey<Double> TOOL_PROGRESS = AttributeKey.doubleKey("terminus.tool.progress");
    static final AttributeKey<Double> TOOL_PROGRESS_TOTAL = AttributeKey.doubleKey("terminus.tool.progress.total");

    private Keys() {}
}
