package dev.terminus.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Diagnostic;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.OutputCheck;
import dev.terminus.agent.spi.OutputValidator;
import dev.terminus.scripted.ScriptedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that called an agent as a tool, then paused at a gate, is saved to a file and approved by agents built anew:
 * the child that ended before the pause is in the final result, before the one that ended after it, as in a run that
 * never paused.
 */
class EndedChildrenThroughAFileTest {

    @TempDir
    Path dir;

    /** A forecast, the typed answer of the forecaster. */
    record Forecast(int celsius) {}

    /** Types an answer {@code {"celsius": n}} as a {@link Forecast}. */
    static final class ForecastValidator implements OutputValidator {
        private static final Pattern SHAPE = Pattern.compile("\\{\"celsius\":\\s*(-?\\d+)}");

        @Override
        public Map<String, @Nullable Object> schema() {
            return Map.of("type", "object", "properties", Map.of("celsius", Map.of("type", "integer")),
                    "required", List.of("celsius"));
        }

        @Override
        public OutputCheck check(String output) {
            Matcher m = SHAPE.matcher(output.strip());
            return m.matches() ? new OutputCheck.Valid(new Forecast(Integer.parseInt(m.group(1))))
                    : new OutputCheck.Invalid(Diagnostic.of(output,
                            new Diagnostic.Violation("$.celsius", "required integer property is missing")));
        }
    }

    private static Agent forecaster(int startAt) {
        return Agent.builder(ScriptedModel.builder().callIdPrefix("f_").usage(Usage.of(9, 4)).startAt(startAt)
                        .text("{\"celsius\": 4}").text("{\"celsius\": 5}").build())
                .name("forecaster").outputValidator(new ForecastValidator()).build();
    }

    private static Agent refunder(int startAt) {
        return Agent.builder(ScriptedModel.builder().callIdPrefix("r_").usage(Usage.of(7, 3)).startAt(startAt)
                        .toolCall("refund", Map.of("order", 42)).text("refunded 42").build())
                .name("refunder").tool(refund()).requireApproval("refund").build();
    }

    private static dev.terminus.agent.Tool refund() {
        return Tools.of("refund", "Refunds an order", (args, run) -> "refunded " + args.get("order"));
    }

    /** A writer that asks for the forecast, then has the refunder refund (its refund waits for approval). */
    private static Agent writer(int startAt, int forecasterAt, int refunderAt) {
        return Agent.builder(ScriptedModel.builder().callIdPrefix("w_").usage(Usage.of(10, 5)).startAt(startAt)
                        .toolCall("forecast", Map.of("task", "Oslo tomorrow?"))
                        .toolCall("refunds", Map.of("task", "refund order 42"))
                        .text("done").build())
                .name("writer").tool(Tools.agent("forecast", "Forecasts", forecaster(forecasterAt)))
                .tool(Tools.agent("refunds", "Refunds orders", refunder(refunderAt))).build();
    }

    /** A clerk that asks for the forecast, refunds itself (waiting for approval), then asks for the forecast again. */
    private static Agent clerk(int startAt, int forecasterAt) {
        return Agent.builder(ScriptedModel.builder().callIdPrefix("c_").usage(Usage.of(10, 5)).startAt(startAt)
                        .toolCall("forecast", Map.of("task", "Oslo tomorrow?"))
                        .toolCall("refund", Map.of("order", 42))
                        .toolCall("forecast", Map.of("task", "Oslo the day after?"))
                        .text("done").build())
                .name("clerk").tool(Tools.agent("forecast", "Forecasts", forecaster(forecasterAt)))
                .tool(refund()).requireApproval("refund").build();
    }

    /** Saves the paused run's checkpoint as another process would, and loads it back. */
    private Checkpoint throughAFile(RunResult paused) throws Exception {
        GateStore<Checkpoint> store = FileGateStore.checkpoints(dir);
        store.save(paused.checkpoint().orElseThrow());
        String gateId = ((Termination.HitlGatePending) paused.termination()).gateId();
        assertThat(Files.readString(dir.resolve(gateId + ".checkpoint.json"))).contains("\"children\"");
        return store.load(gateId).orElseThrow();
    }

    /** The child read from the file is the child that ended, its typed answer read back as plain JSON. */
    private static void assertSameChild(ChildRun read, ChildRun ended) {
        assertThat(read.toolName()).isEqualTo(ended.toolName());
        assertThat(read.iteration()).isEqualTo(ended.iteration());
        RunResult readResult = read.result();
        RunResult endedResult = ended.result();
        assertThat(readResult.termination()).isEqualTo(endedResult.termination());
        assertThat(readResult.usage()).isEqualTo(endedResult.usage());
        assertThat(readResult.agentName()).isEqualTo(endedResult.agentName());
        assertThat(readResult.transcript()).isEqualTo(endedResult.transcript());
        assertThat(readResult.structuredOutput()).contains(Map.of("celsius", 4));
        assertThat(endedResult.structuredOutput()).contains(new Forecast(4));
        assertThat(readResult.toBuilder().structuredOutput(null).build())
                .as("every other part of the result")
                .isEqualTo(endedResult.toBuilder().structuredOutput(null).build());
    }

    @Test
    void aChildThatEndedBeforeAChildsGateIsListedBeforeThatChildAfterApprovalInAnotherProcess() throws Exception {
        // given: the first process pauses at the refunder's gate, after the forecaster ended, and saves
        RunResult paused = writer(0, 0, 0).run("handle order 42");
        assertThat(paused.children()).extracting(ChildRun::toolName).containsExactly("forecast");
        Checkpoint loaded = throughAFile(paused);

        // when: another process approves, its models scripted from where the runs paused
        RunResult done = writer(2, 1, 1).approve(loaded);

        // then
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(done.children()).extracting(ChildRun::toolName, ChildRun::iteration)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("forecast", 1),
                        org.assertj.core.groups.Tuple.tuple("refunds", 2));
        assertSameChild(done.children().getFirst(), paused.children().getFirst());
        RunResult refunds = done.children().get(1).result();
        assertThat(refunds.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(refunds.agentName()).contains("refunder");
        assertThat(refunds.finalAnswer()).contains("refunded 42");
        assertThat(done.usage()).as("three writer answers, one forecast, two refunder answers")
                .isEqualTo(Usage.of(3 * 10 + 9 + 2 * 7, 3 * 5 + 4 + 2 * 3));
    }

    @Test
    void aChildThatEndedBeforeTheRunsOwnGateIsListedBeforeTheChildCalledAfterApprovalInAnotherProcess()
            throws Exception {
        // given: the first process pauses at the clerk's own refund, after the forecaster ended, and saves
        RunResult paused = clerk(0, 0).run("handle order 42");
        assertThat(paused.checkpoint().orElseThrow().formatVersion()).isEqualTo(Checkpoint.FORMAT_VERSION);
        Checkpoint loaded = throughAFile(paused);

        // when: another process approves; the clerk asks for a second forecast after the refund
        RunResult done = clerk(2, 1).approve(loaded);

        // then
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(done.children()).extracting(ChildRun::toolName, ChildRun::iteration)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("forecast", 1),
                        org.assertj.core.groups.Tuple.tuple("forecast", 3));
        assertSameChild(done.children().getFirst(), paused.children().getFirst());
        assertThat(done.children().get(1).result().structuredOutput()).contains(new Forecast(5));
    }
}
