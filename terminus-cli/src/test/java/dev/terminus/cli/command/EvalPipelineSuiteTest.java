package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.ReportRow.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code terminus eval SUITE} whose agent is a pipeline: each row is a run of the pipeline, named by its stopper. */
class EvalPipelineSuiteTest {

    /** The "check" stage fails with a provider's refusal unless the task's input says it is fine. */
    private static final String SUITE = """
            {"name": "pipeline suite", "evaluator": {"type": "exact"},
             "agent": {"stages": [
               {"name": "check", "skipWhen": {"answerContains": "fine"}, "script": [{"error": "auth"}]},
               {"name": "answer", "script": [{"text": "Oslo"}]}]},
             "tasks": [
               {"id": "fine", "input": "fine: capital of Norway?", "expected": "Oslo"},
               {"id": "broken", "input": "capital of Norway?", "expected": "Oslo"}]}
            """;

    @TempDir
    Path dir;

    @Test
    void eachRowIsAPipelineRunItsTerminationThePipelinesAndItNamesTheStageThatStoppedIt() throws IOException {
        // given
        Path suite = Files.writeString(dir.resolve("suite.json"), SUITE);

        // when
        Cli.Result result = Cli.run("eval", "--out", dir.toString(), suite.toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        List<ReportRow> rows = ReportReader.read(dir.resolve("report.jsonl"));
        ReportRow fine = row(rows, "fine");
        assertThat(fine.termination()).isEqualTo(new Termination.Completed());
        assertThat(fine.stoppedByStage()).isNull();
        assertThat(fine.verdict()).isEqualTo(Verdict.PASSED);
        ReportRow broken = row(rows, "broken");
        assertThat(broken.termination()).isInstanceOf(Termination.ProviderAuthFailed.class);
        assertThat(broken.stoppedByStage()).isEqualTo("check");
        assertThat(result.flatOut()).contains("pipeline suite: 2 runs of 2 tasks");
        assertThat(dir.resolve("report.html")).content().contains("stopped by stage check");
    }

    @Test
    void aTaskScriptBesideAPipelineAgentIsRefusedNamingTheTask() throws IOException {
        // given
        Path suite = Files.writeString(dir.resolve("suite.json"), SUITE.replace(
                "\"expected\": \"Oslo\"}]}", "\"expected\": \"Oslo\", \"script\": [{\"text\": \"x\"}]}]}"));

        // when
        Cli.Result result = Cli.run("eval", "--out", dir.toString(), suite.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + suite + ": tasks[1].script: the agent is a"
                + " pipeline, whose stages have their own scripts; a task gives its input only");
    }

    @Test
    void aBadStageOfThePipelineAgentIsRefusedNamingIt() throws IOException {
        // given
        Path suite = Files.writeString(dir.resolve("suite.json"), SUITE.replace("\"name\": \"answer\", ",
                "\"name\": \"answer\", \"onFailure\": \"later\", "));

        // when
        Cli.Result result = Cli.run("eval", "--out", dir.toString(), suite.toString());

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("terminus: " + suite + ": agent: stages[1] (answer).onFailure:"
                + " \"later\" is not one of abort, continue");
    }

    private static ReportRow row(List<ReportRow> rows, String task) {
        return rows.stream().filter(row -> row.task().equals(task)).findFirst().orElseThrow();
    }
}
