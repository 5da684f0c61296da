package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.client.WorkflowStub;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run as a workflow ends as the same run in one process: the same termination (case and facts), final answer,
 * figures and transcript, for scripted agents whose model and tool calls are activities; and its history replays to
 * the same decisions.
 */
@Timeout(60)
class AgentWorkflowTest {
    /** An application's own termination, which a hook ends runs with. */
    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    /** One scripted agent: its script (a new model for each run), its settings and its hooks. */
    record Scenario(String name, UnaryOperator<ScriptedModel.Builder> script, UnaryOperator<AgentConfig.Builder> config,
            List<AgentHook> hooks, List<AgentListener> listeners) {
        Scenario(String name, UnaryOperator<ScriptedModel.Builder> script, UnaryOperator<AgentConfig.Builder> config) {
            this(name, script, config, List.of(), List.of());
        }

        ScriptedModel model() {
            return script.apply(ScriptedModel.builder().provider("acme-ai")).build();
        }

        AgentRecipe recipe() {
            return materials -> {
                AgentBuilder builder = Agent.builder(materials.model()).tools(materials.tools())
                        .clock(materials.clock()).config(config.apply(AgentConfig.custom()).build());
                hooks.forEach(builder::hook);
                listeners.forEach(builder::listener);
                return builder.build();
            };
        }

        RunResult runLocally(String task) {
            return recipe().build(new AgentMaterials(model(), TOOLS, RunClock.system())).run(task);
        }
    }

    /** A tool's value that is not a string: written as JSON, as the loop writes it. */
    record Reading(Instant at, Duration took, Optional<String> note, BigDecimal price) {}

    private static final List<String> KEYS = new CopyOnWriteArrayList<>();
    private static final List<Tool> TOOLS = List.of(
            Tools.of("echo", "Echoes x", Map.of("type", "object"), (arguments, run) -> "echo:" + arguments.get("x")),
            Tools.of("keyed", "Answers with its call's idempotency key", (arguments, run) -> {
                String key = IdempotencyKey.current().orElse("none");
                KEYS.add(key);
                return "done";
            }),
            Tools.of("broken", "Always fails", (arguments, run) -> {
                throw new IllegalStateException("disk full");
            }),
            Tools.of("read", "Reads the meter", (arguments, run) -> new Reading(Instant.parse("2026-11-24T10:00:00Z"),
                    Duration.ofSeconds(90), Optional.empty(), new BigDecimal("1.50"))),
            Tools.of("stop", "Halts the run", (arguments, run) -> {
                throw new HaltException("the operator said stop");
            }));
    private static final RetryPolicy QUICK_RETRIES =
            new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(10), 0.5);
    private static final AgentHook QUOTA = new AgentHook() {
        @Override
        public HookDecision beforeIteration(RunContext run, int iteration) {
            return iteration == 2 ? HookDecision.end(new QuotaExceeded("acme")) : HookDecision.proceed();
        }
    };

    private static final Scenario TOOL_ROUND = new Scenario("tool-round",
            s -> s.toolCall("echo", Map.of("x", "a")).text("The echo said a."), c -> c);
    private static final Scenario ITERATIONS = new Scenario("iterations",
            s -> s.toolCall("echo", Map.of("x", "a")).toolCall("echo", Map.of("x", "b")).thenRepeatLast(),
            c -> c.maxIterations(2));
    private static final Scenario TOOL_CALLS = new Scenario("tool-calls",
            s -> s.toolCall("echo", Map.of("x", "a")).toolCall("echo", Map.of("x", "b"))
                    .toolCall("echo", Map.of("x", "c")).text("unreachable"),
            c -> c.maxToolCalls(2));
    private static final Scenario MISTAKES = new Scenario("mistakes",
            s -> s.toolCall("no_such_tool", Map.of()).thenRepeatLast(), c -> c.maxConsecutiveMistakes(2));
    private static final Scenario NO_PROGRESS = new Scenario("no-progress",
            s -> s.toolCall("echo", Map.of("x", "same")).thenRepeatLast(), c -> c);
    private static final Scenario AUTH = new Scenario("auth", s -> s.authFailure(401), c -> c);
    private static final Scenario RETRIED = new Scenario("retried",
            s -> s.serverError(503).text("Answered after a retry."), c -> c.retryPolicy(QUICK_RETRIES));
    private static final Scenario SERVER_DOWN = new Scenario("server-down",
            s -> s.serverError(500).thenRepeatLast(), c -> c.retryPolicy(QUICK_RETRIES));
    private static final Scenario TOO_LONG = new Scenario("too-long",
            s -> s.fail(new ModelException.ContextLengthExceeded(9_000L, 8_192L, "prompt too long", null)), c -> c);
    private static final Scenario REFUSED = new Scenario("refused",
            s -> s.fail(new ModelException.Refused("content_filter", "blocked", null)), c -> c);
    private static final Scenario QUOTA_HOOK = new Scenario("quota",
            s -> s.toolCall("echo", Map.of("x", "a")).text("unreachable"), c -> c, List.of(QUOTA), List.of());
    private static final Scenario BROKEN_TOOL = new Scenario("broken-tool",
            s -> s.toolCall("broken", Map.of()).text("The tool is broken."), c -> c);
    private static final Scenario VALUED_TOOL = new Scenario("valued-tool",
            s -> s.toolCall("read", Map.of()).text("Read."), c -> c);
    private static final Scenario HALTING_TOOL = new Scenario("halting-tool",
            s -> s.toolCall("stop", Map.of()).text("unreachable"), c -> c);
    private static final List<String> EVENTS = new CopyOnWriteArrayList<>();
    private static final Scenario WATCHED = new Scenario("watched",
            s -> s.toolCall("echo", Map.of("x", "a")).serverError(503).text("Watched."),
            c -> c.retryPolicy(QUICK_RETRIES), List.of(),
            List.of(ReplaySafeListener.of(event -> EVENTS.add(event.getClass().getSimpleName()))));
    private static final Scenario KEYED = new Scenario("keyed",
            s -> s.toolCall("keyed", Map.of()).text("Done."), c -> c);

    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder();
        for (Scenario scenario : List.of(TOOL_ROUND, ITERATIONS, TOOL_CALLS, MISTAKES, NO_PROGRESS, AUTH, RETRIED,
                SERVER_DOWN, TOO_LONG, REFUSED, QUOTA_HOOK, BROKEN_TOOL, VALUED_TOOL, HALTING_TOOL, WATCHED,
                KEYED)) {
            recipes.agent(scenario.name(), scenario.model(), TOOLS, scenario.recipe());
        }
        temporal = new WorkflowHarness(recipes.build(),
                TerminusModule.builder().registerExtension("QuotaExceeded", QuotaExceeded.class).build());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** The same scenario run in this process and as a workflow. */
    record Runs(RunResult local, AgentRunOutput workflow) {
        /** Runs the scenario both ways, and replays the workflow's history, which must reach the same decisions. */
        static Runs of(Scenario scenario) {
            RunResult local = scenario.runLocally("go");
            AgentWorkflow workflow = temporal.workflow(scenario.name());
            AgentRunOutput output = workflow.run(new AgentRunInput(scenario.name(), "go"));
            try {
                temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());
            } catch (Exception e) {
                throw new AssertionError("the workflow of " + scenario.name() + " does not replay", e);
            }
            return new Runs(local, output);
        }

        /** @return the workflow's termination, once every figure of its end was found equal to the local run's */
        Termination endedAlike() {
            assertThat(workflow.termination()).isEqualTo(local.termination());
            assertThat(workflow.finalAnswer()).isEqualTo(local.finalAnswer().orElse(null));
            assertThat(workflow.outcome()).isEqualTo(local.outcome());
            assertThat(workflow.iterations()).isEqualTo(local.iterations().size());
            assertThat(workflow.toolCalls()).isEqualTo(local.toolCalls());
            assertThat(workflow.usage()).isEqualTo(local.usage());
            assertThat(workflow.transcript()).isEqualTo(local.transcript());
            return workflow.termination();
        }
    }

    @Test
    void aToolRoundThenAnAnswerIsNaturalCompletionWithTheAnswer() {
        // when
        Runs runs = Runs.of(TOOL_ROUND);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().finalAnswer()).isEqualTo("The echo said a.");
        assertThat(runs.workflow().toolCalls()).isEqualTo(1);
    }

    @Test
    void aModelThatNeverAnswersEndsMaxIterationsReached() {
        // when
        Runs runs = Runs.of(ITERATIONS);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.MaxIterationsReached(2, 2));
    }

    @Test
    void aThirdToolCallPastTheCapEndsMaxToolCallsReached() {
        // when
        Runs runs = Runs.of(TOOL_CALLS);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.MaxToolCallsReached(2, 2));
    }

    @Test
    void callsOfAnUnknownToolEndConsecutiveMistakes() {
        // when
        Runs runs = Runs.of(MISTAKES);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.ConsecutiveMistakes(2));
    }

    @Test
    void theSameCallAndResultRepeatedEndsNoProgressWithTheSameSnapshot() {
        // when
        Runs runs = Runs.of(NO_PROGRESS);

        // then
        assertThat(runs.endedAlike()).isInstanceOfSatisfying(Termination.NoProgress.class,
                stuck -> assertThat(stuck.unproductiveIterations()).isEqualTo(3));
    }

    @Test
    void aRejectedKeyEndsProviderAuthFailedNamingTheRealModelsProvider() {
        // when
        Runs runs = Runs.of(AUTH);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.ProviderAuthFailed("acme-ai", 401));
    }

    @Test
    void a503IsRetriedOnWorkflowTimeAndTheRetryAnswers() {
        // when
        Runs runs = Runs.of(RETRIED);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().finalAnswer()).isEqualTo("Answered after a retry.");
    }

    @Test
    void aServerErrorPastItsRetriesEndsFailedInAWorkflowThatCompletes() {
        // when
        Runs runs = Runs.of(SERVER_DOWN);

        // then
        assertThat(runs.endedAlike()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().type()).isEqualTo(ModelException.ServerError.class.getName());
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
        });
    }

    @Test
    void aPromptTooLongKeepsItsSizesAcrossTheActivity() {
        // when
        Runs runs = Runs.of(TOO_LONG);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.PromptTooLong(9_000L, 8_192L));
    }

    @Test
    void aRefusalKeepsItsReasonAcrossTheActivity() {
        // when
        Runs runs = Runs.of(REFUSED);

        // then
        assertThat(runs.endedAlike()).isInstanceOfSatisfying(Termination.AgentRefused.class,
                refused -> assertThat(refused.reason()).isEqualTo("content_filter"));
    }

    @Test
    void anApplicationsOwnTerminationFromAHookRoundTripsThroughTheDataConverter() {
        // when
        Runs runs = Runs.of(QUOTA_HOOK);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new QuotaExceeded("acme"));
    }

    @Test
    void aToolsExceptionIsAnsweredToTheModelAsInOneProcessNamingItsClass() {
        // when
        Runs runs = Runs.of(BROKEN_TOOL);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().transcript().get(2).content()).isEqualTo("Error: IllegalStateException: disk full");
    }

    @Test
    void aToolsValueReachesTheModelAsTheSameJsonAsInOneProcess() {
        // when
        Runs runs = Runs.of(VALUED_TOOL);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().transcript().get(2).content())
                .isEqualTo("{\"at\":\"2026-11-24T10:00:00Z\",\"took\":\"PT1M30S\",\"note\":null,\"price\":1.50}");
    }

    @Test
    void aToolsHaltExceptionEndsTheRunHaltedWithItsReason() {
        // when
        Runs runs = Runs.of(HALTING_TOOL);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.Halted("tool:stop", "the operator said stop"));
    }

    @Test
    void aReplaySafeListenerHearsTheRunsEventsOnceAndNoneOfItsReplay() throws Exception {
        // given
        EVENTS.clear();
        WATCHED.runLocally("go");
        List<String> local = List.copyOf(EVENTS);
        EVENTS.clear();
        AgentWorkflow workflow = temporal.workflow(WATCHED.name());
        workflow.run(new AgentRunInput(WATCHED.name(), "go"));
        List<String> heard = List.copyOf(EVENTS);

        // when
        temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());

        // then
        assertThat(heard).isEqualTo(local).contains("RunStarted", "ToolCalled", "RunTerminated");
        assertThat(EVENTS).isEqualTo(heard);
    }

    @Test
    void aToolReadsTheIdempotencyKeyOfItsCallMadeOfTheWorkflowIdAndTheCallId() {
        // given
        KEYS.clear();
        AgentWorkflow workflow = temporal.workflow(KEYED.name());

        // when
        AgentRunOutput output = workflow.run(new AgentRunInput(KEYED.name(), "go"));

        // then
        String workflowId = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
        assertThat(output.finalAnswer()).isEqualTo("Done.");
        assertThat(KEYS).containsExactly(workflowId + ":call_1");
    }
}
