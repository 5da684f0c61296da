package dev.terminus.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import dev.terminus.test.ScaledTries;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/** Random pipelines of real agent runs and functions always end with exactly one termination. */
class PipelineProperties {
    /** The wire format, through which every result's termination must read back equal. */
    private static final ObjectMapper WIRE = JsonMapper.builder().addModule(new TerminusModule()).build();


    enum Kind { SUCCEED, FAIL_RETRYABLE, FAIL_FATAL, THROW, SKIP }

    record Plan(Kind kind, int retries, FailureDisposition disposition, Long stageBudget) {}

    /** A stage built from a plan, with a counter of its attempts. */
    record Built(Plan plan, Stage stage, AtomicInteger attempts) {}

    @Provide
    Arbitrary<Plan> plans() {
        return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 3),
                Arbitraries.of(FailureDisposition.class),
                Arbitraries.longs().between(1, 60).injectNull(0.5)).as(Plan::new);
    }

    @Provide
    Arbitrary<Long> budgets() {
        return Arbitraries.longs().between(1, 150).injectNull(0.3);
    }

    @Provide
    Arbitrary<StageExecutor> executors() {
        return Arbitraries.of(StageExecutor.callerThread(), StageExecutor.virtualThreads());
    }

    @Property
    @ScaledTries(2000)
    void everyPipelineEndsWithExactlyOneTerminationAndItsStagesInOrder(
            @ForAll @Size(min = 1, max = 6) List<@From("plans") Plan> plans, @ForAll("budgets") Long budget,
            @ForAll("executors") StageExecutor executor) throws Exception {
        // given
        List<Built> built = new ArrayList<>();
        Pipeline.Builder builder = Pipeline.builder().executor(executor)
                .tokenBudget(budget == null ? TokenBudget.UNLIMITED : TokenBudget.total(budget));
        for (int i = 0; i < plans.size(); i++) {
            Built stage = build("s" + i, plans.get(i));
            built.add(stage);
            builder.stage(stage.stage());
        }

        // when
        PipelineResult result = builder.build().run("input");

        // then: one termination, the stages reached in order then the rest not run
        assertThat(result.termination()).isNotNull();
        assertThat(WIRE.readValue(WIRE.writeValueAsString(result.termination()), Termination.class))
                .as("the termination read back through the wire format").isEqualTo(result.termination());
        Statistics.label("pipeline termination").collect(result.termination().tag());
        Statistics.label("most attempts of a stage").collect(
                result.stages().stream().mapToInt(StageResult::attempts).max().orElse(0));
        List<String> names = built.stream().map(b -> b.stage().name()).toList();
        List<String> reached = result.stages().stream().map(StageResult::name).toList();
        assertThat(names.subList(0, reached.size())).isEqualTo(reached);
        assertThat(names.subList(reached.size(), names.size())).isEqualTo(result.notRun());
        for (StageResult stage : result.stages()) {
            Built source = built.get(names.indexOf(stage.name()));
            assertThat(stage.attempts()).isBetween(0, 1 + source.plan().retries());
            assertThat(stage.attempts()).isEqualTo(source.attempts().get());
            assertThat(stage.duration()).isGreaterThanOrEqualTo(Duration.ZERO);
            if (stage.termination().category() == Category.FATAL) {
                assertThat(stage.attempts()).isLessThanOrEqualTo(1);
            }
            if (source.plan().kind() == Kind.SKIP) {
                assertThat(stage.outcome()).isEqualTo(Outcome.SKIPPED);
            }
        }
        if (result.notRun().isEmpty() && result.termination() instanceof Termination.Completed) {
            assertThat(result.outcome()).isEqualTo(Outcome.SUCCEEDED);
        } else {
            StageResult last = result.stages().getLast();
            assertThat(result.termination()).isEqualTo(last.termination());
            assertThat(result.outcome()).isEqualTo(last.outcome()).isNotEqualTo(Outcome.SUCCEEDED);
        }
        if (budget != null) {
            assertThat(result.usage().totalTokens()).isLessThan(budget + 15);
        }
    }

    private static Built build(String name, Plan plan) {
        AtomicInteger attempts = new AtomicInteger();
        Stage stage = switch (plan.kind()) {
            case SUCCEED -> agentStage(name, ScriptedModel.builder().text("fine").thenRepeatLast(), attempts);
            case FAIL_RETRYABLE -> agentStage(name, ScriptedModel.builder().serverError(503).thenRepeatLast(), attempts);
            case FAIL_FATAL -> agentStage(name, ScriptedModel.builder().authFailure(401).thenRepeatLast(), attempts);
            case THROW -> Stage.of(name, ctx -> {
                attempts.incrementAndGet();
                throw new IllegalStateException("stage " + name + " broke");
            });
            case SKIP -> Stage.of(name, ctx -> {
                attempts.incrementAndGet();
                return new Termination.Completed();
            }).skipWhen(SkipPolicy.when(ctx -> true, "not today"));
        };
        stage = stage.retryPolicy(RetryPolicy.immediate(plan.retries())).onFailure(plan.disposition());
        if (plan.stageBudget() != null && stage.runsAgent()) {
            stage = stage.tokenBudget(TokenBudget.total(plan.stageBudget()));
        }
        return new Built(plan, stage, attempts);
    }

    private static Stage agentStage(String name, ScriptedModel.Builder model, AtomicInteger attempts) {
        ScriptedModel scripted = model.build();
        return Stage.budgetedAgent(name, budget -> {
            attempts.incrementAndGet();
            return Agents.of(scripted, budget);
        }, ctx -> "Work on " + ctx.input());
    }
}
