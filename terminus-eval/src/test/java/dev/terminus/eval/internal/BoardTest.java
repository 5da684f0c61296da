package dev.terminus.eval.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.eval.AgentFactory;
import dev.terminus.eval.CapacityPolicy;
import dev.terminus.eval.Component;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.ReportJson;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Status;
import dev.terminus.eval.Task;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BoardTest {

    /** A termination case no module was told about. */
    record Unregistered(String detail) implements Termination.Extension {
        @Override public String tag() { return "Unregistered"; }
        @Override public Category category() { return Category.SUCCESS; }
    }

    @TempDir
    Path dir;

    @Test
    void aRowWhoseTerminationTheReportCannotWriteIsWrittenAsAnUnknownExecutionErrorOfTheHarness() throws IOException {
        // given
        Task task = Task.of("t1", "x");
        AgentFactory unused = context -> {
            throw new UnsupportedOperationException("no task runs here");
        };
        BenchmarkSpec spec = new BenchmarkSpec(List.of(task), unused, null, null, null,
                (t, run) -> Evaluation.pass("x"), 1, 1, null, Duration.ZERO, RetryPolicy.none(), CapacityPolicy.EVALUATE,
                List.of(), ReportJson.ofDefaults(), RunClock.system(), null, null);
        ReportRow row = ReportRow.builder().task("t1").status(Status.SUCCESS).termination(new Unregistered("d"))
                .category(Category.SUCCESS).outcome(Outcome.SUCCEEDED).eval(Evaluation.pass("x"))
                .usage(Usage.of(3, 2)).costUsd(BigDecimal.ONE).durationMs(9).iterations(2).toolCalls(1).build();
        Path file = dir.resolve("r.jsonl");

        // when
        Board board;
        try (LineFile out = LineFile.create(file)) {
            board = new Board(spec, out);
            board.begin(1);
            board.started(new Job(0, task, 0));
            board.finished(new Job(0, task, 0), row);
        }

        // then
        ReportRow written = ReportReader.read(file).getFirst();
        assertThat(board.rows()).containsExactly(written);
        assertThat(written.status()).isEqualTo(Status.UNKNOWN_EXECUTION_ERROR);
        assertThat(written.termination()).isNull();
        assertThat(written.usage()).isEqualTo(Usage.of(3, 2));
        assertThat(written.error().component()).isEqualTo(Component.HARNESS);
        assertThat(written.error().message()).contains("cannot write the row of task \"t1\"");
    }
}
