package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Capacity stops are evaluated or excluded as the policy says; BudgetPressure is always evaluated. */
class CapacityPolicyTest {

    private static Agent searchingForever() {
        ScriptedModel model = ScriptedModel.builder().toolCall("search", Map.of("q", "x")).thenRepeatLast().build();
        return Agent.builder(model)
                .config(AgentConfig.custom().maxIterations(2).retryPolicy(RetryPolicy.none()).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "nothing"))
                .build();
    }

    private static EvalReport run(CapacityPolicy policy) {
        return Benchmark.builder()
                .task(Task.of("capped", "Find it").expecting("it"))
                .task(Task.of("answered", "Say it").expecting("it"))
                .agentFactory(context -> context.task().id().equals("capped") ? searchingForever()
                        : Fixtures.answering("it"))
                .capacityPolicy(policy)
                .evaluator(Evaluators.exactMatch())
                .build().run();
    }

    @Test
    void evaluatedCapacityStopsAreJudgedAndCountInThePassRate() {
        // when
        EvalReport report = run(CapacityPolicy.EVALUATE);

        // then
        ReportRow capped = report.rows().getFirst();
        assertThat(capped.termination()).isEqualTo(new Termination.MaxIterationsReached(2, 2));
        assertThat(capped.status()).isEqualTo(Status.SUCCESS);
        assertThat(capped.verdict()).isEqualTo(ReportRow.Verdict.FAILED);
        assertThat(capped.eval().reason()).startsWith("no answer");
        assertThat(report.summary().evaluated()).isEqualTo(2);
        assertThat(report.summary().passRate()).isEqualTo(0.5);
    }

    @Test
    void excludedCapacityStopsAreMarkedExcludedAndLeftOutOfThePassRate() {
        // when
        EvalReport report = run(CapacityPolicy.EXCLUDE);

        // then
        ReportRow capped = report.rows().getFirst();
        assertThat(capped.status()).isEqualTo(Status.SUCCESS);
        assertThat(capped.termination()).isEqualTo(new Termination.MaxIterationsReached(2, 2));
        assertThat(capped.excluded()).isTrue();
        assertThat(capped.eval()).isNull();
        assertThat(ReportJson.ofDefaults().write(capped)).contains("\"eval\":\"EXCLUDED\"");
        assertThat(report.summary().excluded()).isEqualTo(1);
        assertThat(report.summary().evaluated()).isEqualTo(1);
        assertThat(report.summary().passRate()).isEqualTo(1.0);
    }

    @Test
    void budgetPressureGaveAnAnswerSoItIsEvaluatedEvenWhenCapacityStopsAreExcluded() {
        // given: a token budget the first call passes the pressure threshold of
        ScriptedModel model = ScriptedModel.builder().toolCall("search", Map.of("q", "x")).text("it").build();
        Agent agent = Agent.builder(model)
                .config(AgentConfig.custom().tokenBudget(dev.terminus.agent.TokenBudget.total(20))
                        .budgetPressureThreshold(0.5).retryPolicy(RetryPolicy.none()).build())
                .tool(Tools.of("search", "Searches", (arguments, run) -> "found"))
                .build();
        Benchmark benchmark = Benchmark.builder().task(Task.of("pressed", "Find it").expecting("it")).agent(agent)
                .capacityPolicy(CapacityPolicy.EXCLUDE).evaluator(Evaluators.exactMatch()).build();

        // when
        ReportRow row = benchmark.run().rows().getFirst();

        // then
        assertThat(row.termination()).isInstanceOf(Termination.BudgetPressure.class);
        assertThat(row.excluded()).isFalse();
        assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
    }
}
