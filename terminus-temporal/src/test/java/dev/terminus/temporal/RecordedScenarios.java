package dev.terminus.temporal;

import dev.terminus.agent.AgentHook;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.AgentWorkflowTest.QuotaExceeded;
import dev.terminus.temporal.AgentWorkflowTest.Scenario;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The scripted agents whose workflow histories are recorded into {@code src/test/resources/histories} by
 * {@link HistoryRecorder} and replayed by {@link RecordedHistoriesReplayTest}: one history per scenario, named after
 * it. The workflow side of a recipe (its settings and hooks) must stay as it was recorded, or the replay fails.
 */
final class RecordedScenarios {
    static final List<Tool> TOOLS = List.of(
            Tools.of("echo", "Echoes x", Map.of("type", "object"), (arguments, run) -> "echo:" + arguments.get("x")));
    static final TerminusModule MODULE =
            TerminusModule.builder().registerExtension("QuotaExceeded", QuotaExceeded.class).build();

    private static final RetryPolicy QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(10), 0.5);
    private static final AgentHook QUOTA = new AgentHook() {
        @Override
        public HookDecision beforeIteration(RunContext run, int iteration) {
            return iteration == 2 ? HookDecision.end(new QuotaExceeded("acme")) : HookDecision.proceed();
        }
    };

    /** The recorded scenarios. */
    static final List<Scenario> ALL = List.of(
            new Scenario("tool-round", s -> s.toolCall("echo", Map.of("x", "a")).text("The echo said a."), c -> c),
            new Scenario("iterations", s -> s.toolCall("echo", Map.of("x", "a")).toolCall("echo", Map.of("x", "b"))
                    .thenRepeatLast(), c -> c.maxIterations(2)),
            new Scenario("tool-calls", s -> s.toolCall("echo", Map.of("x", "a")).toolCall("echo", Map.of("x", "b"))
                    .toolCall("echo", Map.of("x", "c")).text("unreachable"), c -> c.maxToolCalls(2)),
            new Scenario("mistakes", s -> s.toolCall("no_such_tool", Map.of()).thenRepeatLast(),
                    c -> c.maxConsecutiveMistakes(2)),
            new Scenario("no-progress", s -> s.toolCall("echo", Map.of("x", "same")).thenRepeatLast(), c -> c),
            new Scenario("auth", s -> s.authFailure(401), c -> c),
            new Scenario("retried", s -> s.serverError(503).text("Answered after a retry."),
                    c -> c.retryPolicy(QUICK_RETRIES)),
            new Scenario("server-down", s -> s.serverError(500).thenRepeatLast(), c -> c.retryPolicy(QUICK_RETRIES)),
            new Scenario("quota", s -> s.toolCall("echo", Map.of("x", "a")).text("unreachable"), c -> c,
                    List.of(QUOTA), List.of()));

    private RecordedScenarios() {}

    /** @return the recipes of the given scenarios, each with a model of its own script */
    static AgentRecipes recipes(List<Scenario> scenarios) {
        AgentRecipes.Builder recipes = AgentRecipes.builder();
        scenarios.forEach(scenario -> recipes.agent(scenario.name(), scenario.model(), TOOLS, scenario.recipe()));
        return recipes.build();
    }
}
