package dev.terminus.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.anthropic.AnthropicTokenUsage;
import dev.langchain4j.model.openai.OpenAiTokenUsage;
import dev.langchain4j.model.output.TokenUsage;
import dev.terminus.agent.Usage;
import org.junit.jupiter.api.Test;

class UsagesTest {

    @Test
    void noUsageIsZero() {
        // given / when / then
        assertThat(Usages.toTerminus(null)).isSameAs(Usage.ZERO);
    }

    @Test
    void aPlainUsageHasInputAndOutputWithoutDetail() {
        // given
        TokenUsage usage = new TokenUsage(120, 30);

        // when
        Usage converted = Usages.toTerminus(usage);

        // then
        assertThat(converted).isEqualTo(new Usage(120, 30, 0, 0));
    }

    @Test
    void countsTheProviderDidNotReportAreZero() {
        // given
        TokenUsage usage = new TokenUsage(null, null);

        // when
        Usage converted = Usages.toTerminus(usage);

        // then
        assertThat(converted).isEqualTo(Usage.ZERO);
    }

    @Test
    void openAiUsageKeepsItsCachedAndReasoningTokensAsParts() {
        // given: prompt_tokens include the cached ones, completion_tokens the reasoning ones
        OpenAiTokenUsage usage = OpenAiTokenUsage.builder().inputTokenCount(100).outputTokenCount(20)
                .inputTokensDetails(OpenAiTokenUsage.InputTokensDetails.builder().cachedTokens(40).build())
                .outputTokensDetails(OpenAiTokenUsage.OutputTokensDetails.builder().reasoningTokens(8).build())
                .build();

        // when
        Usage converted = Usages.toTerminus(usage);

        // then
        assertThat(converted).isEqualTo(new Usage(100, 20, 40, 8));
    }

    @Test
    void openAiUsageWithoutDetailsHasNoCachedOrReasoningTokens() {
        // given
        OpenAiTokenUsage usage = OpenAiTokenUsage.builder().inputTokenCount(100).outputTokenCount(20).build();

        // when
        Usage converted = Usages.toTerminus(usage);

        // then
        assertThat(converted).isEqualTo(new Usage(100, 20, 0, 0));
    }

    @Test
    void anthropicUsageCountsTheCacheReadsAndWritesAsInputAndTheReadsAsCached() {
        // given: input_tokens leave out the cache
        AnthropicTokenUsage usage = AnthropicTokenUsage.builder().inputTokenCount(100).outputTokenCount(20)
                .cacheReadInputTokens(40).cacheCreationInputTokens(10).build();

        // when
        Usage converted = Usages.toTerminus(usage);

        // then
        assertThat(converted).isEqualTo(new Usage(150, 20, 40, 0));
    }

    @Test
    void aPartLargerThanItsWholeIsCutToTheWhole() {
        // given: a provider that reports more cached and reasoning tokens than input and output
        OpenAiTokenUsage usage = OpenAiTokenUsage.builder().inputTokenCount(10).outputTokenCount(5)
                .inputTokensDetails(OpenAiTokenUsage.InputTokensDetails.builder().cachedTokens(40).build())
                .outputTokensDetails(OpenAiTokenUsage.OutputTokensDetails.builder().reasoningTokens(8).build())
                .build();

        // when
        Usage converted = Usages.toTerminus(usage);

        // then
        assertThat(converted).isEqualTo(new Usage(10, 5, 10, 5));
    }
}
