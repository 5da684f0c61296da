package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressListenerTest {

    private static Benchmark.Builder threeTasks() {
        return Benchmark.builder()
                .task(Task.of("right", "Say a").expecting("a"))
                .task(Task.of("wrong", "Say b").expecting("b"))
                .task(Task.of("broken", "Say c").expecting("c"))
                .agentFactory(context -> {
                    if (context.task().id().equals("broken")) {
                        throw new IllegalStateException("no agent");
                    }
                    return Fixtures.answers(Map.of("right", "a", "wrong", "x")).create(context);
                })
                .evaluator(Evaluators.exactMatch());
    }

    @Test
    void theListenerHearsTheStartEveryTaskRunWithRunningCountsAndTheEnd() {
        // given
        List<String> heard = new ArrayList<>();
        ProgressListener listener = new ProgressListener() {
            @Override
            public void benchmarkStarted(Progress progress) {
                heard.add("start " + progress.total());
            }

            @Override
            public void taskStarted(Progress progress, Task task, int repeat) {
                heard.add("started " + task.id() + "/" + repeat + " " + progress.started());
            }

            @Override
            public void taskFinished(Progress progress, ReportRow row) {
                heard.add("finished " + row.task() + " " + progress.passed() + "/" + progress.failed() + "/"
                        + progress.errors());
            }

            @Override
            public void benchmarkFinished(Progress progress, Summary summary) {
                heard.add("end " + progress.finished() + " " + summary.passRate());
            }
        };

        // when
        threeTasks().concurrency(1).listener(listener).build().run();

        // then
        assertThat(heard).containsExactly("start 3", "started right/0 1", "finished right 1/0/0",
                "started wrong/0 2", "finished wrong 1/1/0", "started broken/0 3", "finished broken 1/1/1",
                "end 3 0.5");
    }

    @Test
    void aListenerThatThrowsIsIgnoredAndTheNextOneStillHears() {
        // given
        List<String> heard = new ArrayList<>();
        ProgressListener throwing = new ProgressListener() {
            @Override
            public void taskFinished(Progress progress, ReportRow row) {
                throw new IllegalStateException("listener bug");
            }
        };
        ProgressListener counting = new ProgressListener() {
            @Override
            public void taskFinished(Progress progress, ReportRow row) {
                heard.add(row.task());
            }
        };

        // when
        EvalReport report = threeTasks().listener(throwing).listener(counting).build().run();

        // then
        assertThat(heard).hasSize(3);
        assertThat(report.rows()).hasSize(3);
    }

    @Test
    void aListenerWithNothingOverriddenHearsNothingAndChangesNothing() {
        // when
        EvalReport report = threeTasks().listener(new ProgressListener() { }).build().run();

        // then
        assertThat(report.summary().passed()).isEqualTo(1);
    }
}
