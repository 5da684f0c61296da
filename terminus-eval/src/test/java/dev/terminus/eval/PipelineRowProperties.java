package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.pipeline.FailureDisposition;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.Stage;
import dev.terminus.scripted.ScriptedModel;
import dev.terminus.test.ScaledTries;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random pipelines of real agent and function stages as a benchmark's subject: each row's termination, stopping stage,
 * usage and verdict are what the stages' plan says, whatever the plan.
 */
class PipelineRowProperties {

    /** What a stage does. */
    enum Kind {
        /** An agent that answers its stage's name, in one call of 10 in and 5 out tokens. */
        ANSWERS,
        /** An agent whose model answers 503: the stage ends {@code Failed} and stops the pipeline. */
        FAILS,
        /** As {@link #FAILS}, with {@link FailureDisposition#CONTINUE}: the pipeline goes on. */
        FAILS_AND_CONTINUES,
        /** A function that completes, answering nothing. */
        FUNCTION,
        /** A function that throws: the stage ends {@code Failed} and stops the pipeline. */
        FUNCTION_THROWS
    }

    private static Stage stage(String name, Kind kind) {
        return switch (kind) {
            case ANSWERS -> Stage.agent(name, agent(ScriptedModel.builder().text(name).build()), ctx -> ctx.input());
            case FAILS -> Stage.agent(name, agent(ScriptedModel.builder().serverError(503).build()), ctx -> ctx.input());
            case FAILS_AND_CONTINUES -> Stage.agent(name, agent(ScriptedModel.builder().serverError(503).build()),
                    ctx -> ctx.input()).onFailure(FailureDisposition.CONTINUE);
            case FUNCTION -> Stage.of(name, ctx -> new Termination.Completed());
            case FUNCTION_THROWS -> Stage.of(name, ctx -> {
                throw new IllegalStateException(name + " broke");
            });
        };
    }

    private static Agent agent(ScriptedModel model) {
        return Agent.builder(model).retryPolicy(RetryPolicy.none()).build();
    }

    private static boolean stops(Kind kind) {
        return kind == Kind.FAILS || kind == Kind.FUNCTION_THROWS;
    }

    @Property(shrinking = ShrinkingMode.BOUNDED)
    @ScaledTries(200)
    void aPipelinesRowEndsAsItsStagesPlanSaysAndNamesTheFirstStageThatStopsIt(
            @ForAll @Size(min = 1, max = 4) List<Kind> kinds, @ForAll @IntRange(min = 1, max = 3) int concurrency) {
        // given: tasks expecting the answer of the last answering stage before the first stop ("none" without one)
        String stopper = null;
        String answer = "none";
        int answers = 0;
        for (int i = 0; i < kinds.size() && stopper == null; i++) {
            if (stops(kinds.get(i))) {
                stopper = "s" + i;
            } else if (kinds.get(i) == Kind.ANSWERS) {
                answer = "s" + i;
                answers++;
            }
        }
        List<Task> tasks = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            tasks.add(Task.of("t" + t, "go").expecting(answer));
        }
        Benchmark benchmark = Benchmark.builder().tasks(tasks).concurrency(concurrency)
                .pipelineFactory(context -> {
                    Pipeline.Builder pipeline = Pipeline.builder();
                    for (int i = 0; i < kinds.size(); i++) {
                        pipeline.stage(stage("s" + i, kinds.get(i)));
                    }
                    return pipeline.build();
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        List<ReportRow> rows = benchmark.run().rows();

        // then
        assertThat(rows).hasSize(tasks.size());
        for (ReportRow row : rows) {
            assertThat(row.stoppedByStage()).isEqualTo(stopper);
            assertThat(row.usage()).isEqualTo(Usage.of(10L * answers, 5L * answers));
            if (stopper == null) {
                assertThat(row.status()).isEqualTo(Status.SUCCESS);
                assertThat(row.termination()).isEqualTo(new Termination.Completed());
                assertThat(row.verdict()).isEqualTo(answers > 0 ? ReportRow.Verdict.PASSED : ReportRow.Verdict.FAILED);
            } else {
                assertThat(row.status()).isEqualTo(Status.AGENT_ERROR);
                assertThat(row.termination()).isInstanceOf(Termination.Failed.class);
                assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.NOT_EVALUATED);
            }
        }
    }
}
