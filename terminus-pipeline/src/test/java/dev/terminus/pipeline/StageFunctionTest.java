package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StageFunctionTest {

    @Test
    void aFunctionsTerminationIsTheStagesAndLaterStagesReadItsFacts() {
        // given
        Pipeline pipeline = Pipeline.builder()
                .stage(Stage.of("fetch", ctx -> new Termination.Custom("Fetched", Map.of("documents", 3),
                        Category.SUCCESS)))
                .stage(Stage.of("count", ctx -> {
                    Termination.Custom fetched = (Termination.Custom) ctx.result("fetch").orElseThrow().termination();
                    int documents = fetched.property("documents", Integer.class).orElseThrow();
                    return documents > 0 ? new Termination.Completed() : new Termination.Skipped("nothing fetched");
                }))
                .build();

        // when
        PipelineResult result = pipeline.run("");

        // then
        assertThat(result.stage("count").orElseThrow().termination()).isEqualTo(new Termination.Completed());
        assertThat(result.stage("fetch").orElseThrow().usage().totalTokens()).isZero();
    }

    @Test
    void aCheckedExceptionEndsTheStageFailedInternal() {
        // when
        PipelineResult result = Pipeline.builder().stage(Stage.of("io", ctx -> {
            throw new IOException("no disk");
        })).build().run("");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().type()).isEqualTo("java.io.IOException");
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL);
        });
        assertThat(result.stages().getFirst().attempts()).isEqualTo(1);
    }

    @Test
    void aFunctionReturningNullEndsTheStageFailedNamingIt() {
        // when
        PipelineResult result = Pipeline.builder().stage(Stage.of("lazy", ctx -> null)).build().run("");

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message()).isEqualTo("stage \"lazy\" returned no termination"));
    }

    @Test
    void aFunctionEndingCancelledOnItsOwnStopsThePipeline() {
        // when
        PipelineResult result = Pipeline.builder()
                .stage(Stage.of("quit", ctx -> new Termination.Cancelled("the function")))
                .stage(Stage.of("after", ctx -> new Termination.Completed()))
                .build().run("");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("the function"));
        assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
        assertThat(result.notRun()).containsExactly("after");
    }

    @Test
    void aRetryableFunctionIsRetriedUpToItsCount() {
        // given
        int[] calls = new int[1];

        // when
        PipelineResult result = Pipeline.builder().stage(Stage.of("flaky", ctx -> {
            calls[0]++;
            return Termination.Custom.of("try again", Category.RETRYABLE);
        }).retryPolicy(RetryPolicy.immediate(2))).build().run("");

        // then
        assertThat(calls[0]).isEqualTo(3);
        assertThat(result.stages().getFirst().attempts()).isEqualTo(3);
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
    }
}
