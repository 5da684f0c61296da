package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.Usage;
import dev.terminus.temporal.wire.RunSnapshot;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A tool call's view of its run as it crosses to the activity: with the answers a person gave, or without. */
class RunSnapshotTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.ofDefaults();
    private static final RunSnapshot SNAPSHOT = new RunSnapshot("agent", 2, 1, Usage.of(10, 5),
            new BigDecimal("0.01"), Duration.ofSeconds(3), List.of(), new TranscriptReference(0, 4));

    private static RunSnapshot crossed(RunSnapshot snapshot) {
        Optional<Payload> payload = CONVERTER.toPayload(snapshot);
        return CONVERTER.fromPayload(payload.orElseThrow(), RunSnapshot.class, RunSnapshot.class);
    }

    @Test
    void theAnswersToACallsRequestsCrossWithItsSnapshot() {
        // given
        HumanInputRequest asked = HumanInputRequest.of("Who?", Map.of("type", "object"), "mcp:people");
        RunSnapshot answered = SNAPSHOT.withHumanInputs(List.of(HumanInputAnswer.declined(asked, "not yet"),
                HumanInputAnswer.accepted(asked, Map.of("name", "Ada"))));

        // when
        RunSnapshot read = crossed(answered);

        // then
        assertThat(read).isEqualTo(answered);
        assertThat(read.humanInputs()).hasSize(2);
    }

    @Test
    void aSnapshotWithoutAnswersCrossesWithoutTheFieldAndAnOlderPayloadReadsAsNoAnswers() {
        // when
        String json = CONVERTER.toPayload(SNAPSHOT).orElseThrow().getData().toString(StandardCharsets.UTF_8);
        RunSnapshot read = crossed(SNAPSHOT);

        // then
        assertThat(json).doesNotContain("humanInputs");
        assertThat(read).isEqualTo(SNAPSHOT);
        assertThat(read.humanInputs()).isEmpty();
    }
}
