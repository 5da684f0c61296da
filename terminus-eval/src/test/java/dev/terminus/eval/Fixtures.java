package dev.terminus.eval;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.Model;
import dev.terminus.scripted.ScriptedModel;
import java.math.BigDecimal;
import java.util.Map;

/** Agents over scripted models and hand-made rows, for the tests: every model call reports 10 in and 5 out tokens. */
final class Fixtures {
    private Fixtures() {}

    /** @return an agent over the model, without loop retries */
    static Agent agent(Model model) {
        return Agent.builder(model).config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build()).build();
    }

    /** @return an agent whose model answers this text on every call */
    static Agent answering(String answer) {
        return agent(ScriptedModel.builder().text(answer).thenRepeatLast().build());
    }

    /** @return a factory of agents answering, per task id, the given text */
    static AgentFactory answers(Map<String, String> byTask) {
        return context -> context.agentBuilder(ScriptedModel.builder()
                        .text(byTask.getOrDefault(context.task().id(), "?")).thenRepeatLast().build())
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build()).build();
    }

    /** @return a row that ran {@code NaturalCompletion} and was evaluated */
    static ReportRow evaluated(String task, int repeat, boolean passed, long durationMs) {
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SUCCESS)
                .termination(new Termination.NaturalCompletion()).category(Category.SUCCESS)
                .outcome(Outcome.SUCCEEDED).eval(passed ? Evaluation.pass("ok") : Evaluation.fail("wrong"))
                .usage(Usage.of(10, 5)).costUsd(new BigDecimal("0.001")).durationMs(durationMs).iterations(1).build();
    }

    /** @return a row that stopped at its iteration cap and was excluded */
    static ReportRow excluded(String task, int repeat, long durationMs) {
        return ReportRow.builder().task(task).repeat(repeat).status(Status.SUCCESS)
                .termination(new Termination.MaxIterationsReached(2, 2)).category(Category.CAPACITY)
                .outcome(Outcome.FAILED).excluded(true).usage(Usage.of(20, 10)).costUsd(new BigDecimal("0.002"))
                .durationMs(durationMs).iterations(2).toolCalls(2).build();
    }

    /** @return a row whose infrastructure failed before the loop ran */
    static ReportRow broken(String task, int repeat, Status status, Component component, long durationMs) {
        return ReportRow.builder().task(task).repeat(repeat).status(status).durationMs(durationMs)
                .error(new TaskError("java.lang.IllegalStateException", "broken", component)).build();
    }
}
