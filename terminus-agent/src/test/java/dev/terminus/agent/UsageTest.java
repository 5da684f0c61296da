package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class UsageTest {

    @Test
    void ofSetsInputAndOutputWithoutDetail() {
        // when
        Usage usage = Usage.of(120, 30);

        // then
        assertThat(usage).isEqualTo(new Usage(120, 30, 0, 0));
    }

    @Test
    void totalTokensIsInputPlusOutput() {
        // given
        Usage usage = new Usage(1_000, 250, 400, 100);

        // when / then: cached and reasoning tokens are parts, not extra
        assertThat(usage.totalTokens()).isEqualTo(1_250);
    }

    @Test
    void zeroHasNoTokens() {
        // when / then
        assertThat(Usage.ZERO).isEqualTo(new Usage(0, 0, 0, 0));
        assertThat(Usage.ZERO.totalTokens()).isZero();
    }

    @Test
    void plusAddsEveryCount() {
        // given
        Usage first = new Usage(100, 50, 20, 10);
        Usage second = new Usage(7, 5, 3, 1);

        // when
        Usage sum = first.plus(second);

        // then
        assertThat(sum).isEqualTo(new Usage(107, 55, 23, 11));
    }

    @Test
    void plusZeroIsTheSameUsage() {
        // given
        Usage usage = new Usage(10, 5, 2, 1);

        // when / then
        assertThat(usage.plus(Usage.ZERO)).isEqualTo(usage);
        assertThat(Usage.ZERO.plus(usage)).isEqualTo(usage);
    }

    @Test
    void plusLeavesBothOperandsUnchanged() {
        // given
        Usage first = Usage.of(1, 2);
        Usage second = Usage.of(3, 4);

        // when
        first.plus(second);

        // then
        assertThat(first).isEqualTo(Usage.of(1, 2));
        assertThat(second).isEqualTo(Usage.of(3, 4));
    }

    @Property
    void plusIsCommutativeAndTotalsAdd(@ForAll @LongRange(max = 1_000_000_000L) long in1,
            @ForAll @LongRange(max = 1_000_000_000L) long out1,
            @ForAll @LongRange(max = 1_000_000_000L) long in2,
            @ForAll @LongRange(max = 1_000_000_000L) long out2) {
        // given
        Usage a = new Usage(in1, out1, in1 / 2, out1 / 3);
        Usage b = new Usage(in2, out2, in2 / 3, out2 / 2);

        // when
        Usage ab = a.plus(b);

        // then
        assertThat(ab).isEqualTo(b.plus(a));
        assertThat(ab.totalTokens()).isEqualTo(a.totalTokens() + b.totalTokens());
    }

    @Test
    void cachedTokensAboveInputTokensAreRefusedNamingBoth() {
        // when / then
        assertThatThrownBy(() -> new Usage(10, 5, 11, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Usage.cachedInputTokens (11) must not exceed Usage.inputTokens (10)");
    }

    @Test
    void reasoningTokensAboveOutputTokensAreRefusedNamingBoth() {
        // when / then
        assertThatThrownBy(() -> new Usage(10, 5, 0, 6))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Usage.reasoningTokens (6) must not exceed Usage.outputTokens (5)");
    }

    @Test
    void cachedEqualToInputIsAllowed() {
        // when
        Usage usage = new Usage(10, 5, 10, 5);

        // then
        assertThat(usage.cachedInputTokens()).isEqualTo(10);
        assertThat(usage.reasoningTokens()).isEqualTo(5);
    }

    @Test
    void negativeInputIsRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> Usage.of(-1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Usage.inputTokens must be >= 0, was -1");
    }

    @Test
    void negativeOutputIsRefusedNamingTheFieldAndValue() {
        // when / then
        assertThatThrownBy(() -> Usage.of(0, -2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Usage.outputTokens must be >= 0, was -2");
    }

    @Test
    void negativeCachedAndReasoningAreRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> new Usage(5, 5, -1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Usage.cachedInputTokens must be >= 0, was -1");
        assertThatThrownBy(() -> new Usage(5, 5, 0, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Usage.reasoningTokens must be >= 0, was -1");
    }
}
