package dev.terminus.agent.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.agent.Usage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactionStrategyTest {

    private static final TokenEstimator ESTIMATOR = messages -> messages.size();
    private static final Message TASK = new Message.User("Refund order 42");

    @Test
    void aRequestKeepsItsComponents() {
        // when
        CompactionStrategy.Request request = new CompactionStrategy.Request(List.of(TASK), 1_000, ESTIMATOR);

        // then
        assertThat(request.messages()).containsExactly(TASK);
        assertThat(request.targetTokens()).isEqualTo(1_000);
        assertThat(request.estimator()).isSameAs(ESTIMATOR);
    }

    @Test
    void aRequestCopiesTheMessagesImmutably() {
        // given
        List<Message> messages = new ArrayList<>(List.of(TASK));
        CompactionStrategy.Request request = new CompactionStrategy.Request(messages, 10, ESTIMATOR);

        // when
        messages.add(Message.Assistant.of("ok"));

        // then
        assertThat(request.messages()).containsExactly(TASK);
        assertThatThrownBy(() -> request.messages().add(TASK)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aRequestWithATargetOfZeroIsAllowed() {
        // when
        CompactionStrategy.Request request = new CompactionStrategy.Request(List.of(), 0, ESTIMATOR);

        // then
        assertThat(request.targetTokens()).isZero();
        assertThat(request.messages()).isEmpty();
    }

    @Test
    void aNegativeTargetIsRefusedNamingTheValue() {
        // when / then
        assertThatThrownBy(() -> new CompactionStrategy.Request(List.of(TASK), -1, ESTIMATOR))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Request.targetTokens must be >= 0, was -1");
    }

    @Test
    void aRequestRefusesNullMessagesANullMessageAndANullEstimatorNamingThem() {
        // when / then
        assertThatThrownBy(() -> new CompactionStrategy.Request(null, 1, ESTIMATOR))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Request.messages must not be null");
        assertThatThrownBy(() -> new CompactionStrategy.Request(Arrays.asList(TASK, null), 1, ESTIMATOR))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Request.messages[1] must not be null");
        assertThatThrownBy(() -> new CompactionStrategy.Request(List.of(TASK), 1, null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Request.estimator must not be null");
    }

    @Test
    void aCompactedTranscriptKeepsItsMessagesAndUsage() {
        // given
        List<Message> messages = new ArrayList<>(List.of(TASK));

        // when
        CompactionStrategy.Compacted compacted = new CompactionStrategy.Compacted(messages, Usage.of(30, 5));
        messages.clear();

        // then
        assertThat(compacted.messages()).containsExactly(TASK);
        assertThat(compacted.usage()).isEqualTo(Usage.of(30, 5));
        assertThatThrownBy(() -> compacted.messages().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aCompactedTranscriptRefusesNullMessagesANullMessageAndANullUsageNamingThem() {
        // when / then
        assertThatThrownBy(() -> new CompactionStrategy.Compacted(null, Usage.ZERO))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Compacted.messages must not be null");
        assertThatThrownBy(() -> new CompactionStrategy.Compacted(Arrays.asList(null, TASK), Usage.ZERO))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Compacted.messages[0] must not be null");
        assertThatThrownBy(() -> new CompactionStrategy.Compacted(List.of(TASK), null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("Compacted.usage must not be null");
    }

    @Test
    void aStrategyCanBeALambdaOverTheRequest() throws Exception {
        // given: keep the last message only
        CompactionStrategy lastOnly = request -> new CompactionStrategy.Compacted(
                List.of(request.messages().getLast()), Usage.ZERO);
        Message answer = Message.Assistant.of("ok");

        // when
        CompactionStrategy.Compacted compacted =
                lastOnly.compact(new CompactionStrategy.Request(List.of(TASK, answer), 1, ESTIMATOR));

        // then
        assertThat(compacted.messages()).containsExactly(answer);
    }
}
