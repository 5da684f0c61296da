package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.ToolFunction;
import dev.terminus.agent.Tools;
import dev.terminus.pipeline.Pipeline;
import dev.terminus.pipeline.Stage;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class PipelineFactoryTest {

    private static Pipeline answering(String answer) {
        return Pipeline.builder().stage(Stage.agent("answer", Fixtures.answering(answer), ctx -> ctx.input())).build();
    }

    @Test
    void theFactoryIsAskedOncePerAttemptWithTheTaskItsRepeatAndAttempt() {
        // given
        List<String> asked = new CopyOnWriteArrayList<>();
        PipelineFactory factory = context -> {
            asked.add(context.task().id() + "/" + context.repeat() + "/" + context.attempt());
            return answering("4");
        };

        // when
        Benchmark.builder().task(Task.of("t1", "2 + 2?").expecting("4")).repeats(2).concurrency(1)
                .pipelineFactory(factory).evaluator(Evaluators.exactMatch()).build().run();

        // then
        assertThat(asked).containsExactly("t1/0/1", "t1/1/1");
    }

    @Test
    void aSharedFactoryReturnsItsPipelineForEveryTask() throws Exception {
        // given
        Pipeline pipeline = answering("4");
        PipelineFactory shared = PipelineFactory.shared(pipeline);
        TaskContext context = new TaskContext(Task.of("t1", "x"), 0, 1, List.of(), null);

        // when / then
        assertThat(shared.create(context)).isSameAs(pipeline);
        assertThatThrownBy(() -> PipelineFactory.shared(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("pipeline");
    }

    @Test
    void aFactoryThatThrowsOrReturnsNullEndsTheAttemptSetupFailedWithoutATermination() {
        // given
        Benchmark throwing = Benchmark.builder().task(Task.of("t1", "x")).evaluator(Evaluators.exactMatch())
                .pipelineFactory(context -> {
                    throw new IllegalStateException("no pipeline for " + context.task().id());
                }).build();
        Benchmark returningNull = Benchmark.builder().task(Task.of("t1", "x")).evaluator(Evaluators.exactMatch())
                .pipelineFactory(context -> null).build();

        // when
        ReportRow thrown = throwing.run().rows().getFirst();
        ReportRow nothing = returningNull.run().rows().getFirst();

        // then
        assertThat(thrown.status()).isEqualTo(Status.SETUP_FAILED);
        assertThat(thrown.error().message()).isEqualTo("no pipeline for t1");
        assertThat(thrown.termination()).isNull();
        assertThat(thrown.stoppedByStage()).isNull();
        assertThat(nothing.status()).isEqualTo(Status.SETUP_FAILED);
        assertThat(nothing.error().message()).contains("the pipeline of task \"t1\"");
    }

    @Test
    void aStagesAgentBuiltFromTheContextGetsTheEnvironmentsTools() {
        // given: the stage's agent calls the environment's tool, then answers what it returned
        ToolFunction lookup = (arguments, run) -> "Oslo";
        Benchmark benchmark = Benchmark.builder().task(Task.of("capital", "Capital of Norway?").expecting("Oslo"))
                .environment(task -> List.of(Tools.of("lookup", "Looks the capital up", lookup)))
                .pipelineFactory(context -> {
                    Agent agent = context.agentBuilder(ScriptedModel.builder().toolCall("lookup", Map.of())
                            .text("Oslo").build()).retryPolicy(RetryPolicy.none()).build();
                    return Pipeline.builder().stage(Stage.agent("look-up", agent, ctx -> ctx.input())).build();
                })
                .evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.termination()).isEqualTo(new Termination.Completed());
        assertThat(row.toolCalls()).isEqualTo(1);
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
    }
}
