package dev.terminus.pipeline;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A three-stage pipeline whose second stage's {@code refund} tool needs a person's approval, over real agents and
 * scripted models (every model call reports 10 input and 5 output tokens): {@code lookup} answers
 * {@code "order 42"}, {@code refund} proposes a refund and then answers, {@code report} reports on the lookup's
 * answer.
 */
final class Refunds {
    /** The tasks {@code report} was given. */
    final List<String> reportTasks = new CopyOnWriteArrayList<>();
    /** The refunds the tool made. */
    final AtomicInteger refundsMade = new AtomicInteger();
    /** The budgets the refund stage's agent was made for. */
    final List<TokenBudget> refundBudgets = new CopyOnWriteArrayList<>();
    final ScriptedModel refundModel;
    private final ScriptedModel reportModel;

    /**
     * @param refundModel the model of the refund stage's agent
     * @param reportModel the model of the report stage's agent
     */
    Refunds(ScriptedModel refundModel, ScriptedModel reportModel) {
        this.refundModel = refundModel;
        this.reportModel = reportModel;
    }

    /** @return the usual script: the refund agent proposes a refund, then answers; the report agent answers */
    static Refunds usual() {
        return new Refunds(ScriptedModel.builder().toolCall("refund", Map.of("order", 42)).text("refunded 42")
                .build(), ScriptedModel.builder().text("report done").build());
    }

    /** @return the refund stage's agent, made for a budget */
    Agent refundAgent(TokenBudget budget) {
        refundBudgets.add(budget);
        return Agent.builder(refundModel)
                .name("refunder")
                .config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).tokenBudget(budget).build())
                .tool(Tools.of("refund", "Refunds an order", (arguments, run) -> {
                    refundsMade.incrementAndGet();
                    return "refund made";
                }))
                .requireApproval("refund")
                .build();
    }

    /** @return the refund stage, as a budgeted agent */
    Stage refundStage() {
        return Stage.budgetedAgent("refund", this::refundAgent, ctx -> "Refund " + ctx.previousAnswer().orElse("?"));
    }

    /** @return the pipeline with the given refund stage and, optionally, a token budget */
    Pipeline pipeline(Stage refund, TokenBudget budget) {
        return pipeline(refund, budget, StageExecutor.callerThread());
    }

    /** @return the pipeline with the given refund stage, token budget and executor */
    Pipeline pipeline(Stage refund, TokenBudget budget, StageExecutor executor) {
        return Pipeline.builder()
                .name("refunds")
                .tokenBudget(budget)
                .executor(executor)
                .stage(Stage.budgetedAgent("lookup", b -> Agents.of(ScriptedModel.builder().text("order 42").build(), b),
                        ctx -> "Look up " + ctx.input()))
                .stage(refund)
                .stage(Stage.budgetedAgent("report", b -> Agents.of(reportModel, b), ctx -> {
                    String task = "Report on " + ctx.answer("lookup").orElse("nothing");
                    reportTasks.add(task);
                    return task;
                }))
                .build();
    }

    /** @return the pipeline with the budgeted refund stage and no token budget */
    Pipeline pipeline() {
        return pipeline(refundStage(), TokenBudget.UNLIMITED);
    }
}
