package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.client.WorkflowStub;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A streaming model inside a workflow: its model activity reads each stream to its end (pieces 10 ms apart, real
 * time), fails a stream as the loop does in one process (mid-way, or silent past the agent's idle timeout), and the
 * run ends as the same run in one process, the text of a call cut short kept alike (ADR 0041); its history replays to
 * the same decisions.
 */
@Timeout(60)
class StreamingWorkflowTest {
    /** One scripted agent whose model streams: its script (a new model for each run) and its settings. */
    record Scenario(String name, UnaryOperator<ScriptedModel.Builder> script, UnaryOperator<AgentConfig.Builder> config) {
        ScriptedModel model() {
            return script.apply(ScriptedModel.builder().provider("acme-ai").pieceGap(Duration.ofMillis(10))).build();
        }

        AgentRecipe recipe() {
            return materials -> {
                AgentBuilder builder = Agent.builder(materials.model()).tools(materials.tools())
                        .clock(materials.clock()).config(config.apply(AgentConfig.custom()).build());
                return builder.listener(ReplaySafeListener.of(PIECES)).build();
            };
        }

        RunResult runLocally(String task) {
            return recipe().build(new AgentMaterials(model(), TOOLS, RunClock.system())).run(task);
        }
    }

    /** A listener that asks for stream events and keeps the text pieces it hears. */
    static final class Pieces implements AgentListener {
        final List<String> heard = new CopyOnWriteArrayList<>();

        @Override
        public boolean receivesStreamEvents() {
            return true;
        }

        @Override
        public void onEvent(AgentEvent event) {
            if (event instanceof AgentEvent.TextDelta delta) {
                heard.add(delta.text());
            }
        }
    }

    private static final Pieces PIECES = new Pieces();
    private static final List<Tool> TOOLS = List.of(
            Tools.of("echo", "Echoes x", Map.of("type", "object"), (arguments, run) -> "echo:" + arguments.get("x")));
    private static final RetryPolicy QUICK_RETRIES = new RetryPolicy(2, Duration.ofMillis(5), Duration.ofMillis(10), 0.5);
    private static final RetryPolicy NO_RETRY = new RetryPolicy(0, Duration.ofMillis(1), Duration.ofMillis(1), 0);

    private static final Scenario STREAMED = new Scenario("streamed",
            s -> s.toolCall("echo", Map.of("x", "a")).streamed("The ", "echo ", "said ", "a."), c -> c);
    /** The same script again: a recipe's model plays its script once, so each test runs a scenario of its own. */
    private static final Scenario HEARD = new Scenario("heard", STREAMED.script(), c -> c);
    private static final Scenario RESET_THEN_RETRIED = new Scenario("reset-then-retried",
            s -> s.streamedThenFail(new ModelException.Timeout("connection reset", null), "par", "tial")
                    .streamed("final ", "answer"),
            c -> c.retryPolicy(QUICK_RETRIES));
    private static final Scenario TRUNCATED = new Scenario("truncated",
            s -> s.streamedThen(FinishReason.LENGTH, "The list: a,", " b,"), c -> c.maxOutputTokens(8));
    private static final Scenario STALLED_THEN_RETRIED = new Scenario("stalled-then-retried",
            s -> s.streamedThenStall("draft").streamed("final ", "answer"),
            c -> c.streamIdleTimeout(Duration.ofMillis(100)).retryPolicy(QUICK_RETRIES));
    private static final Scenario STALLED_FOR_GOOD = new Scenario("stalled-for-good",
            s -> s.streamedThenStall("half").thenRepeatLast(),
            c -> c.streamIdleTimeout(Duration.ofMillis(50)).retryPolicy(NO_RETRY));

    private static final Scenario RESET_FOR_GOOD = new Scenario("reset-for-good",
            s -> s.streamedThenFail(new ModelException.Timeout("connection reset", null), "par", "tial"),
            c -> c.retryPolicy(NO_RETRY));

    private static WorkflowHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder();
        for (Scenario scenario : List.of(STREAMED, HEARD, RESET_THEN_RETRIED, TRUNCATED, STALLED_THEN_RETRIED,
                STALLED_FOR_GOOD, RESET_FOR_GOOD)) {
            recipes.agent(scenario.name(), scenario.model(), TOOLS, scenario.recipe());
        }
        temporal = new WorkflowHarness(recipes.build(), new TerminusModule());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** The same scenario run in this process and as a workflow, with the pieces a listener heard in each. */
    record Runs(RunResult local, List<String> localPieces, AgentRunOutput workflow, List<String> workflowPieces) {
        /** Runs the scenario both ways, and replays the workflow's history, which must reach the same decisions. */
        static Runs of(Scenario scenario) {
            PIECES.heard.clear();
            RunResult local = scenario.runLocally("go");
            List<String> localPieces = List.copyOf(PIECES.heard);
            PIECES.heard.clear();
            AgentWorkflow workflow = temporal.workflow(scenario.name());
            AgentRunOutput output = workflow.run(new AgentRunInput(scenario.name(), "go"));
            List<String> workflowPieces = List.copyOf(PIECES.heard);
            try {
                temporal.replay(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId());
            } catch (Exception e) {
                throw new AssertionError("the workflow of " + scenario.name() + " does not replay", e);
            }
            return new Runs(local, localPieces, output, workflowPieces);
        }

        /**
         * @return the workflow's termination, once its termination and figures were found equal to the local run's
         *     (not its transcript, nor the final answer the transcript gives)
         */
        Termination endedAlikeButTheTranscript() {
            assertThat(workflow.termination()).isEqualTo(local.termination());
            assertThat(workflow.outcome()).isEqualTo(local.outcome());
            assertThat(workflow.iterations()).isEqualTo(local.iterations().size());
            assertThat(workflow.toolCalls()).isEqualTo(local.toolCalls());
            assertThat(workflow.usage()).isEqualTo(local.usage());
            return workflow.termination();
        }

        /** @return the workflow's termination, once every figure of its end and its transcript were found equal */
        Termination endedAlike() {
            Termination termination = endedAlikeButTheTranscript();
            assertThat(workflow.transcript()).isEqualTo(local.transcript());
            assertThat(workflow.finalAnswer()).isEqualTo(local.finalAnswer().orElse(null));
            return termination;
        }
    }

    @Test
    void anAnswerStreamedInSeveralPiecesEndsAsInOneProcess() {
        // when
        Runs runs = Runs.of(STREAMED);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().finalAnswer()).isEqualTo("The echo said a.");
    }

    @Test
    void aStreamThatFailsMidWayIsRetriedAndTheRetrysAnswerAloneIsInTheTranscriptAsInOneProcess() {
        // when
        Runs runs = Runs.of(RESET_THEN_RETRIED);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().transcript()).containsExactly(new Message.User("go"),
                Message.Assistant.of("final answer"));
    }

    @Test
    void aStreamCutByItsOutputCapEndsOutputTruncatedWithItsTextMarkedIncompleteInBoth() {
        // when
        Runs runs = Runs.of(TRUNCATED);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.OutputTruncated(8));
        assertThat(runs.workflow().transcript().getLast()).isEqualTo(Message.Assistant.incomplete("The list: a, b,"));
        assertThat(runs.local().incompleteAnswer()).contains("The list: a, b,");
    }

    @Test
    void aStreamSilentPastTheIdleTimeoutInItsActivityIsRetriedAsInOneProcess() {
        // when
        Runs runs = Runs.of(STALLED_THEN_RETRIED);

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().finalAnswer()).isEqualTo("final answer");
    }

    @Test
    void aStreamSilentOnEveryTryEndsFailedWithTheTextThatArrivedKeptAsInOneProcess() {
        // when
        Runs runs = Runs.of(STALLED_FOR_GOOD);

        // then: the same failure, worded alike, and the same text kept, marked incomplete
        assertThat(runs.endedAlike()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().type()).isEqualTo(ModelException.Timeout.class.getName());
            assertThat(failed.error().message()).isEqualTo(
                    "the stream of model scripted was silent for 50 ms (streamIdleTimeout)");
            assertThat(failed.error().category()).isEqualTo(ErrorCategory.EXTERNAL);
        });
        assertThat(runs.workflow().transcript().getLast()).isEqualTo(Message.Assistant.incomplete("half"));
        assertThat(runs.workflow().toRunResult().incompleteAnswer()).contains("half")
                .isEqualTo(runs.local().incompleteAnswer());
    }

    @Test
    void aStreamResetMidWayOnItsLastTryEndsFailedWithTheTextThatArrivedKeptAsInOneProcess() {
        // when
        Runs runs = Runs.of(RESET_FOR_GOOD);

        // then
        assertThat(runs.endedAlike()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().message()).isEqualTo("connection reset"));
        assertThat(runs.workflow().toRunResult().incompleteAnswer()).contains("partial")
                .isEqualTo(runs.local().incompleteAnswer());
    }

    @Test
    void aListenerOfStreamEventsHearsThePiecesInOneProcessAndEachAnswerWholeInAWorkflow() {
        // when
        Runs runs = Runs.of(HEARD);

        // then: the tool call has no text; the answer's pieces stay in the model activity
        assertThat(runs.localPieces()).containsExactly("The ", "echo ", "said ", "a.");
        assertThat(runs.workflowPieces()).containsExactly("The echo said a.");
    }
}
