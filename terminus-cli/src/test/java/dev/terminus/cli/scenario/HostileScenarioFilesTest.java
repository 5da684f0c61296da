package dev.terminus.cli.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.cli.eval.Suite;
import dev.terminus.cli.eval.SuiteBenchmark;
import dev.terminus.eval.ProgressListener;
import dev.terminus.test.DecoderTrial;
import dev.terminus.test.HostileInputs;
import dev.terminus.test.ReliabilityScale;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Scenario and suite files fed hostile input (the built-in scenarios and suites mutated, random JSON and bytes, deep
 * nesting, huge numbers and strings, duplicate keys, class names): each is read and made into the agent or the
 * benchmark {@code terminus run} and {@code terminus eval} would run, or fails with a {@link ScenarioException}, as
 * {@link ScenarioReader}, {@link ScenarioAgent} and {@link SuiteBenchmark} document; no class named in the input is
 * ever initialized.
 */
public class HostileScenarioFilesTest {

    /** Suites of the other evaluators, beside the demo suite's exact match. */
    static final List<String> OTHER_SUITES = List.of("""
            {"name": "regex", "repeats": 1, "evaluator": {"type": "regex", "pattern": "^Os.o$"},
             "agent": {"limits": {"maxIterations": 2}},
             "tasks": [{"id": "no", "input": "Capital of Norway?", "script": [{"text": "Oslo"}]}]}
            """, """
            {"evaluator": {"type": "jsonField", "pointer": "/celsius", "expected": 21},
             "tasks": [{"id": "t", "input": "Temperature?", "expected": "21", "script": [{"text": "{\\"celsius\\": 21}"}]}]}
            """, """
            {"evaluator": {"type": "judge", "rubric": "Is it polite?", "script": [{"text": "PASS"}]},
             "taskTimeoutMs": 1000, "retries": {"maxRetries": 1, "initialBackoffMs": 1, "maxBackoffMs": 2},
             "tasks": [{"id": "t", "input": "Hello", "script": [{"text": "Hello, dear."}]}]}
            """);

    @Test
    void hostileScenarioFilesReadIntoAnAgentOrFailWithAScenarioException() {
        // given
        HostileInputs hostile = HostileInputs.from(ScenarioReader.DEMO.stream().map(ScenarioReader::demoText).toList());
        DecoderTrial trial = DecoderTrial.of("scenario file", ScenarioException.class);

        // when
        hostile.generate(ReliabilityScale.times(12_000), 0x5CE7A7).forEach(input -> trial.decode(input,
                bytes -> ScenarioAgent.of(ScenarioReader.read(bytes, "scenario.json")),
                agent -> assertThat(agent.name()).isNotNull()));

        // then
        trial.assertOnlyDocumentedOutcomes();
    }

    @Test
    void hostileScenarioFilesOfAgentsThatCallAgentsReadIntoAnAgentOrFailWithAScenarioException() {
        // given: the demo's files with named agents, tools that run them and handoffs
        HostileInputs hostile = HostileInputs.from(ScenarioReader.AGENTS_DEMO.stream().map(ScenarioReader::demoText)
                .toList());
        DecoderTrial trial = DecoderTrial.of("scenario file with agents", ScenarioException.class);

        // when
        hostile.generate(ReliabilityScale.times(4_000), 0xA6E7).forEach(input -> trial.decode(input,
                bytes -> ScenarioAgent.of(ScenarioReader.read(bytes, "scenario.json")),
                agent -> assertThat(agent.agents().scriptStepsTaken()).isNotNull()));

        // then
        trial.assertOnlyDocumentedOutcomes();
    }

    @Test
    void hostileSuiteFilesReadIntoABenchmarkOrFailWithAScenarioException() throws IOException {
        // given
        HostileInputs hostile = HostileInputs.from(suites());
        DecoderTrial trial = DecoderTrial.of("suite file", ScenarioException.class);
        ProgressListener quiet = new ProgressListener() {};

        // when
        hostile.generate(ReliabilityScale.times(10_000), 0x5017E).forEach(input -> trial.decode(input,
                bytes -> SuiteBenchmark.of(ScenarioReader.read(bytes, "suite.json", Suite.class, "a suite"), null,
                        quiet, List.of()),
                benchmark -> assertThat(benchmark).isNotNull()));

        // then
        trial.assertOnlyDocumentedOutcomes();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "{'task': 't', 'script': [null]}                                                   | script[0]",
        "{'task': 't', 'tools': [{'name': 'a', 'result': 'x'}, {'name': 'a', 'result': 'y'}], 'script': [{'text': 'x'}]} | registered twice",
        "{'task': 't', 'output': {'schema': {'type': 1e2147483648}}, 'script': [{'text': 'x'}]} | out of the range"})
    void aScenarioItsAgentCannotBeBuiltFromIsRefusedWithAScenarioExceptionNamingWhatIsWrong(String json,
            String named) {
        // given
        byte[] bytes = json.replace('\'', '"').getBytes(StandardCharsets.UTF_8);

        // when
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> ScenarioAgent.of(ScenarioReader.read(bytes, "scenario.json")));

        // then
        assertThat(thrown).isInstanceOf(ScenarioException.class).hasMessageContaining(named);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "{'evaluator': {'type': 'exact'}, 'tasks': [null]}                                   | tasks[0]",
        "{'evaluator': {'type': 'exact'}, 'tasks': [{'id': null, 'input': 'i', 'script': [{'text': 'x'}]}]} | tasks[0]: \"id\" is required",
        "{'evaluator': {'type': null}, 'tasks': [{'id': 't', 'input': 'i', 'script': [{'text': 'x'}]}]} | evaluator: \"type\" is required"})
    void aSuiteItsBenchmarkCannotBeBuiltFromIsRefusedWithAScenarioExceptionNamingWhatIsWrong(String json,
            String named) {
        // given
        byte[] bytes = json.replace('\'', '"').getBytes(StandardCharsets.UTF_8);

        // when
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> SuiteBenchmark.of(
                ScenarioReader.read(bytes, "suite.json", Suite.class, "a suite"), null, new ProgressListener() {},
                List.of()));

        // then
        assertThat(thrown).isInstanceOf(ScenarioException.class).hasMessageContaining(named);
    }

    /** @return the built-in demo suite and {@link #OTHER_SUITES} */
    public static List<String> suites() throws IOException {
        try (InputStream demo = SuiteBenchmark.class.getResourceAsStream("demo-suite.json")) {
            return java.util.stream.Stream.concat(
                    java.util.stream.Stream.of(new String(demo.readAllBytes(), StandardCharsets.UTF_8)),
                    OTHER_SUITES.stream()).toList();
        }
    }
}
