package dev.terminus.cli.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.temporal.ModelCallSequence;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelStreams;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A scenario's model in an activity plays the script step of the call's number, as its scripted model would. */
class ScenarioModelTest {
    private static final String SCRIPT = """
            {"task": "Talk.", "script": [{"text": "zero"}, {"delayMs": 1, "text": "one"}, {"delayMs": 1},
                                         {"text": "two"}]}
            """;

    @Test
    void eachCallPlaysItsStepWithTheDelaysBeforeItAndPastTheEndOneStepACall() throws Exception {
        // given
        ScenarioModel model = new ScenarioModel(ScenarioReader.read(SCRIPT.getBytes(StandardCharsets.UTF_8), "t"));

        // when
        List<Integer> steps = List.of(model.stepOf(0), model.stepOf(1), model.stepOf(2), model.stepOf(3),
                model.stepOf(4));

        // then: steps are zero, delay, one, delay, two
        assertThat(steps).containsExactly(0, 1, 3, 5, 6);
    }

    @Test
    void theCallsNumberPicksTheAnswerWhateverCameBefore() throws Exception {
        // given
        ScenarioModel model = new ScenarioModel(ScenarioReader.read(SCRIPT.getBytes(StandardCharsets.UTF_8), "t"));
        ModelRequest request = new ModelRequest(List.of(), List.of(), null, null);

        // when
        String third = ModelCallSequence.with(2, () -> model.chat(request)).message().content();
        String first = ModelCallSequence.with(0, () -> model.chat(request)).message().content();

        // then
        assertThat(List.of(third, first)).containsExactly("two", "zero");
    }

    @Test
    void aStreamedStepIsOneStepAndTheCallAfterItPlaysTheNext() throws Exception {
        // given: a streamed answer after a delay, then a text answer
        ScenarioModel model = new ScenarioModel(ScenarioReader.read("""
                {"task": "Talk.", "script": [{"delayMs": 1, "pieces": ["stre", "amed"]}, {"text": "after"}]}
                """.getBytes(StandardCharsets.UTF_8), "t"));
        ModelRequest request = new ModelRequest(List.of(), List.of(), null, null);

        // when
        String first = ModelCallSequence.with(0, () -> model.chat(request)).message().content();
        String second = ModelCallSequence.with(1, () -> model.chat(request)).message().content();

        // then: the activity's whole answer is the streamed pieces joined
        assertThat(model.stepOf(1)).isEqualTo(2);
        assertThat(List.of(first, second)).containsExactly("streamed", "after");
    }

    @Test
    void aStalledStreamedStepFailsInItsActivityAfterTheIdleTimeoutAsInOneProcess() throws Exception {
        // given: a step whose stream stalls after one piece
        ScenarioModel model = new ScenarioModel(ScenarioReader.read("""
                {"task": "Talk.", "script": [{"pieces": ["half"], "end": "stall"}]}
                """.getBytes(StandardCharsets.UTF_8), "t"));
        ModelRequest request = new ModelRequest(List.of(), List.of(), null, null);

        // when: the activity reads the answer whole with a 50 ms idle timeout
        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> ModelCallSequence.with(0,
                () -> ModelStreams.whole(model, request, Duration.ofMillis(50))));

        // then
        assertThat(failure).isInstanceOf(ModelException.Timeout.class)
                .hasMessageEndingWith("was silent for 50 ms (streamIdleTimeout)");
    }
}
