package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.RunResult;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streamed steps of a scenario's script ({@code pieces}, {@code pieceGapMs}, {@code end}) and its
 * {@code limits.streamIdleTimeoutMs}: each ending plays as the scripted model's streamed step, and a bad value is one
 * line naming the field and the value.
 */
@Timeout(30)
class StreamedScenarioStepsTest {
    private static final String NO_RETRY = "\"retries\": {\"maxRetries\": 0, \"initialBackoffMs\": 1, \"maxBackoffMs\": 1}";

    @TempDir
    Path dir;

    static Stream<Arguments> endings() {
        return Stream.of(
                Arguments.of("{\"pieces\": [\"Hel\", \"lo\"]}", "", (Consumer<RunResult>) result -> {
                    assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
                    assertThat(result.finalAnswer()).contains("Hello");
                }),
                Arguments.of("{\"pieces\": [\"a, \", \"b,\"], \"end\": \"length\"}", "\"maxOutputTokens\": 8",
                        (Consumer<RunResult>) result -> {
                            assertThat(result.termination()).isEqualTo(new Termination.OutputTruncated(8));
                            assertThat(result.incompleteAnswer()).contains("a, b,");
                        }),
                Arguments.of("{\"pieces\": [\"Sure, \", \"here\"], \"end\": \"content_filter\"}", "",
                        (Consumer<RunResult>) result -> {
                            assertThat(result.termination().tag()).isEqualTo("AgentRefused");
                            assertThat(result.incompleteAnswer()).contains("Sure, here");
                        }),
                Arguments.of("{\"pieces\": [\"half\"], \"end\": \"stall\"}",
                        "\"streamIdleTimeoutMs\": 50, " + NO_RETRY, (Consumer<RunResult>) result -> {
                            assertThat(result.termination()).asInstanceOf(InstanceOfAssertFactories.type(
                                    Termination.Failed.class)).satisfies(failed -> assertThat(failed.error().category())
                                    .isEqualTo(ErrorCategory.EXTERNAL));
                            assertThat(result.incompleteAnswer()).contains("half");
                        }),
                Arguments.of("{\"pieces\": [\"par\", \"tial\"], \"end\": \"fail\", \"error\": \"rate_limit\"}", NO_RETRY,
                        (Consumer<RunResult>) result -> {
                            assertThat(result.termination()).asInstanceOf(InstanceOfAssertFactories.type(
                                    Termination.Failed.class)).satisfies(failed -> assertThat(failed.error().category())
                                    .isEqualTo(ErrorCategory.RESOURCE));
                            assertThat(result.incompleteAnswer()).contains("partial");
                        }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endings")
    void eachEndOfAStreamedStepEndsTheRunAsTheScriptedModelsStreamedStepDoes(String step, String limits,
            Consumer<RunResult> expected) throws Exception {
        // given
        Scenario scenario = read("{\"task\": \"t\", \"limits\": {" + limits + "}, \"script\": [" + step + "]}");

        // when
        RunResult result = ScenarioAgent.of(scenario).run();

        // then
        expected.accept(result);
    }

    @Test
    void streamIdleTimeoutMsSetsTheAgentsIdleTimeoutAndZeroSwitchesItOff() throws Exception {
        // given
        Scenario fifty = read("{\"task\": \"t\", \"limits\": {\"streamIdleTimeoutMs\": 50}, \"script\": [{\"text\": \"x\"}]}");
        Scenario off = read("{\"task\": \"t\", \"limits\": {\"streamIdleTimeoutMs\": 0}, \"script\": [{\"text\": \"x\"}]}");

        // when
        var withFifty = ScenarioAgent.of(fifty).agent().config().streamIdleTimeout();
        var withOff = ScenarioAgent.of(off).agent().config().streamIdleTimeout();

        // then
        assertThat(withFifty).contains(Duration.ofMillis(50));
        assertThat(withOff).isEmpty();
    }

    static Stream<Arguments> badSteps() {
        return Stream.of(
                Arguments.of("{\"pieces\": [\"a\"], \"pieceGapMs\": -5}", "script[0].pieceGapMs: must be >= 0, was -5"),
                Arguments.of("{\"pieces\": [\"a\"], \"end\": \"explode\"}", "script[0].end: \"explode\" is not one of"
                        + " stop, length, content_filter, refusal, stall, fail"),
                Arguments.of("{\"pieces\": [\"a\"], \"end\": \"fail\"}", "script[0].end: \"fail\" needs \"error\""),
                Arguments.of("{\"pieces\": [\"a\"], \"error\": \"timeout\"}", "script[0].error: a streamed step fails"
                        + " with \"error\" only when its \"end\" is \"fail\", was end \"stop\" and error \"timeout\""),
                Arguments.of("{\"pieces\": [\"a\"], \"end\": \"fail\", \"error\": \"boom\"}",
                        "script[0].error: unknown error \"boom\""),
                Arguments.of("{\"pieces\": [\"a\", \"\"]}", "script[0].pieces[1]: a piece is at least one character,"
                        + " was \"\""),
                Arguments.of("{\"pieces\": [\"a\"], \"text\": \"hi\"}", "script[0].text: a streamed step (one with"
                        + " \"pieces\") carries only its pieces and ends as its \"end\" says, was hi"),
                Arguments.of("{\"pieces\": [\"a\"], \"finish\": \"length\"}", "script[0].finish: a streamed step (one"
                        + " with \"pieces\") carries only its pieces and ends as its \"end\" says, was length"),
                Arguments.of("{\"text\": \"hi\", \"end\": \"length\"}", "script[0].end: only a streamed step (one with"
                        + " \"pieces\") has it, was \"length\""),
                Arguments.of("{\"text\": \"hi\", \"pieceGapMs\": 5}", "script[0].pieceGapMs: only a streamed step (one"
                        + " with \"pieces\") has it, was 5"),
                Arguments.of("{\"pieces\": \"abc\"}", "script[0].pieces"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSteps")
    void aBadStreamedStepIsOneLineNamingTheFieldAndTheValue(String step, String message) throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("bad.json"), "{\"task\": \"t\", \"script\": [" + step + "]}");

        // when
        Cli.Result result = Cli.run("run", "--stream", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.errLines()).singleElement().asString().startsWith("terminus: " + file).contains(message);
    }

    @Test
    void aNegativeStreamIdleTimeoutIsOneLineNamingTheFieldAndTheValue() throws IOException {
        // given
        Path file = Files.writeString(dir.resolve("bad.json"),
                "{\"task\": \"t\", \"limits\": {\"streamIdleTimeoutMs\": -1}, \"script\": [{\"text\": \"x\"}]}");

        // when
        Cli.Result result = Cli.run("run", file.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .contains("limits.streamIdleTimeoutMs: must be >= 0, was -1");
    }

    private static Scenario read(String json) throws Exception {
        return ScenarioReader.read(json.getBytes(StandardCharsets.UTF_8), "s.json");
    }
}
