package dev.terminus.langchain4j.internal;

import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.TokenUsage;
import dev.terminus.agent.Usage;
import org.jspecify.annotations.Nullable;

/**
 * Token usage from LangChain4j to Terminus. Terminus counts the input with its cached part included and the output
 * with its reasoning part included; the providers differ:
 *
 * <ul>
 *   <li>OpenAI ({@link OpenAiTokenUsage}): {@code prompt_tokens} includes the cached tokens
 *       ({@code prompt_tokens_details.cached_tokens}) and {@code completion_tokens} the reasoning tokens
 *       ({@code completion_tokens_details.reasoning_tokens}): taken as they are;</li>
 *   <li>Anthropic ({@link AnthropicTokenUsage}): {@code input_tokens} leaves out the tokens read from the cache and
 *       those written to it, so the input is {@code input_tokens + cache_creation_input_tokens +
 *       cache_read_input_tokens} and the cached part is {@code cache_read_input_tokens}; Anthropic does not report
 *       thinking tokens apart from the output, so reasoning is 0;</li>
 *   <li>any other provider: input and output, no detail.</li>
 * </ul>
 *
 * A count the provider did not report is 0. A part a provider reports larger than its whole is cut to the whole,
 * so a provider's inconsistency never fails a run.
 */
public final class Usages {
    private Usages() {}

    /**
     * @param usage what LangChain4j reported, or null
     * @return the Terminus usage; {@link Usage#ZERO} when nothing was reported
     */
    public static Usage toTerminus(@Nullable TokenUsage usage) {
        if (usage == null) {
            return Usage.ZERO;
        }
        long input = count(usage.inputTokenCount());
        long output = count(usage.outputTokenCount());
        long cached = 0;
        long reasoning = 0;
        switch (usage) {
            case OpenAiTokenUsage openAi -> {
                if (openAi.inputTokensDetails() != null) {
                    cached = count(openAi.inputTokensDetails().cachedTokens());
                }
                if (openAi.outputTokensDetails() != null) {
                    reasoning = count(openAi.outputTokensDetails().reasoningTokens());
                }
            }
            case AnthropicTokenUsage anthropic -> {
                cached = count(anthropic.cacheReadInputTokens());
                input += cached + count(anthropic.cacheCreationInputTokens());
            }
            default -> { }
        }
        return new Usage(input, output, Math.min(cached, input), Math.min(reasoning, output));
    }

    private static long count(@Nullable Integer tokens) {
        return tokens == null || tokens < 0 ? 0 : tokens;
    }
}
