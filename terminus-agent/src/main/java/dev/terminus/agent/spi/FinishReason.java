package dev.terminus.agent.spi;

/** Why the model stopped generating, normalized across providers. */
public enum FinishReason {
    /** It finished its answer. */
    STOP,
    /** It stopped to have tools called. */
    TOOL_CALLS,
    /** It hit the output-token cap ({@code length}, {@code max_tokens}). */
    LENGTH,
    /** The provider's content filter stopped it. */
    CONTENT_FILTER,
    /** The model refused to answer. */
    REFUSAL,
    /** Anything else the provider reported. */
    OTHER
}
