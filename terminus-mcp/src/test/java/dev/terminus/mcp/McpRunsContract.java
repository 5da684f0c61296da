package dev.terminus.mcp;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HumanInputRequest;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.scripted.ScriptedModel;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs of the agent loop against the reference server {@code server-everything}, the same for every transport: its
 * subclasses say how the server is reached and how it is killed.
 */
@Timeout(60)
abstract class McpRunsContract {
    static final String LONG = "trigger-long-running-operation";
    static final String SAMPLING = "trigger-sampling-request";
    static final String ELICITATION = "trigger-elicitation-request";
    static final String QUESTION = "Please provide inputs for the following fields:";
    /** The run's deadline is kept within this much (the bound). */
    static final Duration DEADLINE_SLACK = Duration.ofMillis(100);

    McpToolset toolset;
    final List<AgentEvent.ToolProgress> progress = new CopyOnWriteArrayList<>();
    final CountDownLatch firstProgress = new CountDownLatch(1);

    /** @return the server to test, running */
    abstract McpServer server() throws Exception;

    /** Kills the server abruptly, as a crash would. */
    abstract void kill() throws Exception;

    @BeforeEach
    void startServer() throws Exception {
        EverythingServer.assumeInstalled();
        toolset = McpToolset.start(server());
    }

    @AfterEach
    void closeToolset() {
        if (toolset != null) {
            toolset.close();
        }
    }

    Agent agent(ScriptedModel model, AgentConfig.Builder config) {
        return Agent.builder(model).config(config.build()).tools(toolset.tools()).listener(event -> {
            if (event instanceof AgentEvent.ToolProgress reported) {
                progress.add(reported);
                firstProgress.countDown();
            }
        }).build();
    }

    static AgentConfig.Builder config() {
        return AgentConfig.custom().name("mcp-test");
    }

    static List<Message.ToolResult> toolResults(RunResult result) {
        return result.transcript().stream().filter(Message.ToolResult.class::isInstance)
                .map(Message.ToolResult.class::cast).toList();
    }

    static ScriptedModel.Builder model() {
        return ScriptedModel.builder();
    }

    /** Starts a run calling the long operation, and returns once the server reported its first progress. */
    RunHandle startedLongOperation() throws InterruptedException {
        Agent agent = agent(model().toolCall(LONG, Map.of("duration", 20, "steps", 200)).text("never").build(),
                config());
        RunHandle handle = agent.start("long");
        assertThat(firstProgress.await(20, TimeUnit.SECONDS)).isTrue();
        return handle;
    }

    @Test
    void echoAndGetSumEndNaturalCompletionWithTheirResultsInTheTranscript() {
        // given
        Agent agent = agent(model().toolCall("echo", Map.of("message", "hello MCP"))
                .toolCall("get-sum", Map.of("a", 2, "b", 40)).text("done").build(), config());

        // when
        RunResult result = agent.run("echo, then add");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(result)).extracting(Message.ToolResult::error).containsExactly(false, false);
        assertThat(toolResults(result).get(0).content()).contains("hello MCP");
        assertThat(toolResults(result).get(1).content()).contains("42");
    }

    @Test
    void structuredContentIsKeptAsJson() {
        // given
        Agent agent = agent(model().toolCall("get-structured-content", Map.of("location", "Chicago")).text("done")
                .build(), config());

        // when
        RunResult result = agent.run("weather");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(result).get(0).content())
                .contains("\"temperature\":36").contains("\"conditions\":\"Light rain / drizzle\"");
    }

    @Test
    void anImageIsSummarizedWithItsTypeAndSizeBetweenTheTextBlocks() {
        // given
        Agent agent = agent(model().toolCall("get-tiny-image", Map.of()).text("done").build(), config());

        // when
        RunResult result = agent.run("image");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(result).get(0).content())
                .containsPattern("Here's the image you requested:\n\n\\[image: image/png, \\d+ bytes]\n\nThe image above");
    }

    @Test
    void anUnknownToolAndBadArgumentsAreMistakesThatEndTheRunAtTheLimit() {
        // given
        Agent agent = agent(model().toolCall("no-such-tool", Map.of())
                .toolCall("get-sum", Map.of("a", "two", "b", 40)).text("never").build(),
                config().maxConsecutiveMistakes(2));

        // when
        RunResult result = agent.run("mistakes");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.ConsecutiveMistakes(2));
        assertThat(toolResults(result)).extracting(Message.ToolResult::error).containsExactly(true, true);
        assertThat(toolResults(result).get(0).content()).contains("does not exist");
        assertThat(toolResults(result).get(1).content()).contains("invalid arguments");
    }

    @Test
    void anEmbeddedResourceIsSummarizedWithItsUri() {
        // given
        Agent agent = agent(model().toolCall("get-resource-reference", Map.of("resourceId", 1)).text("done").build(),
                config());

        // when
        RunResult result = agent.run("resource");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(result).get(0).content()).containsPattern("\\[resource: \\S+/1, text/plain, \\d+ characters]");
    }

    @Test
    void resultsMarkedIsErrorAreFailedCallsCountedAsMistakes() {
        // given: the schema takes any number, the tool itself refuses 0
        Agent agent = agent(model().toolCall("get-resource-reference", Map.of("resourceId", 0))
                .toolCall("get-resource-reference", Map.of("resourceId", 0)).text("never").build(),
                config().maxConsecutiveMistakes(2));

        // when
        RunResult result = agent.run("resource");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.ConsecutiveMistakes(2));
        assertThat(toolResults(result)).allSatisfy(call -> {
            assertThat(call.error()).isTrue();
            assertThat(call.content()).contains("reported an error").contains("Invalid resourceId: 0");
        });
    }

    @Test
    void aLongOperationCutByTheTimeBudgetEndsTheRunWithinADeadlineSlackAndReportsProgress() {
        // given
        Duration budget = Duration.ofMillis(1500);
        Agent agent = agent(model().toolCall(LONG, Map.of("duration", 20, "steps", 200)).text("never").build(),
                config().timeBudget(budget));

        // when
        long start = System.nanoTime();
        RunResult result = agent.run("long");
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.TimeBudgetExhausted.class);
        assertThat(took).isLessThan(budget.plus(DEADLINE_SLACK));
        assertThat(toolResults(result).get(0).content()).contains("Not completed");
        assertThat(progress).isNotEmpty().allSatisfy(reported -> {
            assertThat(reported.toolName()).isEqualTo(LONG);
            assertThat(reported.total()).isEqualTo(200.0);
        });
    }

    @Test
    void aCancelledRunEndsCancelledAtOnceDuringALongOperation() throws Exception {
        // given
        RunHandle handle = startedLongOperation();

        // when
        long cancelled = System.nanoTime();
        handle.cancel("test");
        RunResult result = handle.await();
        Duration took = Duration.ofNanos(System.nanoTime() - cancelled);

        // then
        assertThat(result.termination()).isEqualTo(new Termination.Cancelled("test"));
        assertThat(took).isLessThan(DEADLINE_SLACK);
    }

    @Test
    void aServerKilledMidCallEndsTheRunHaltedNamingTheServer() throws Exception {
        // given
        RunHandle handle = startedLongOperation();

        // when
        kill();
        RunResult result = handle.await(Duration.ofSeconds(10)).orElseThrow();

        // then
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Halted.class, halted -> {
            assertThat(halted.source()).isEqualTo("tool:" + LONG);
            assertThat(halted.reason()).startsWith("MCP server \"everything\" is down");
        });
        assertThat(toolResults(result).get(0).content()).contains("Not completed");
    }

    @Test
    void aSamplingRequestIsAnsweredByTheRunsOwnModelAndItsTokensCountInTheRunsUsage() {
        // given: every model call uses 10 input and 5 output tokens; the second one answers the server
        ScriptedModel model = model().toolCall(SAMPLING, Map.of("prompt", "capital of France?", "maxTokens", 20))
                .text("Paris").text("done").recordRequests().build();
        Agent agent = agent(model, config());

        // when
        RunResult result = agent.run("sample");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(result).get(0).content()).contains("LLM sampling result").contains("Paris")
                .contains("\"stopReason\": \"endTurn\"").contains("\"model\": \"terminus:mcp-test\"");
        assertThat(model.requests().get(1).messages()).containsExactly(
                new Message.System("You are a helpful test server."),
                new Message.User("Resource " + SAMPLING + " context: capital of France?"));
        assertThat(model.requests().get(1).maxOutputTokens()).isEqualTo(20);
        assertThat(result.usage()).isEqualTo(Usage.of(30, 15));
        assertThat(result.iterations().getFirst().usage()).isEqualTo(Usage.of(20, 10));
    }

    @Test
    void aTokenBudgetTheSamplingCallUsesUpEndsTheRunTokenBudgetExhausted() {
        // given: the run's own call uses 15 tokens of 25, the server's sampling call 15 more
        Agent agent = agent(model().toolCall(SAMPLING, Map.of("prompt", "anything")).text("sampled").text("never")
                .build(), config().tokenBudget(TokenBudget.total(25)));

        // when
        RunResult result = agent.run("sample");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.TokenBudgetExhausted(30, 25, TokenKind.TOTAL));
        assertThat(toolResults(result).get(0).content()).contains("sampled");
    }

    @Test
    void aSamplingRequestTheModelFailsIsAFailedToolCallTheModelReads() {
        // given: the run's model fails the server's sampling call
        Agent agent = agent(model().toolCall(SAMPLING, Map.of("prompt", "anything"))
                .fail(new IllegalStateException("no answer today")).text("done").build(), config());

        // when
        RunResult result = agent.run("sample");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(result).get(0).error()).isTrue();
        assertThat(toolResults(result).get(0).content()).contains("no answer today");
    }

    /** Runs the elicitation tool and returns the run paused at its gate. */
    RunResult pausedAtElicitation() {
        Agent agent = agent(model().toolCall(ELICITATION, Map.of()).text("thanks").build(), config());
        return agent.run("ask me");
    }

    @Test
    void anElicitationPausesTheRunAtAGateWithTheServersQuestionAndSchema() {
        // when
        RunResult paused = pausedAtElicitation();

        // then
        assertThat(paused.termination()).isInstanceOfSatisfying(Termination.HitlGatePending.class,
                gate -> assertThat(gate.summary()).isEqualTo(QUESTION));
        Checkpoint checkpoint = paused.checkpoint().orElseThrow();
        HumanInputRequest asked = java.util.Objects.requireNonNull(checkpoint.inputRequest());
        assertThat(asked.source()).isEqualTo("mcp:everything");
        assertThat(asked.requestedSchema()).containsEntry("required", List.of("name"));
        assertThat(asked.requestedSchema().get("properties").toString()).contains("name=", "email=", "check=");
        assertThat(toolResults(paused)).isEmpty();
        assertThat(paused.toolCalls()).isZero();
    }

    @Test
    void answeringTheElicitationMakesTheCallAgainAndTheServerGetsTheAnswer() {
        // given
        Checkpoint checkpoint = pausedAtElicitation().checkpoint().orElseThrow();
        Agent agent = agent(model().text("thanks").build(), config());

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.answer(checkpoint.gateId(),
                Map.of("name", "Ada Lovelace", "check", true, "integer", 7)));

        // then
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(done)).hasSize(1);
        assertThat(toolResults(done).get(0).error()).isFalse();
        assertThat(toolResults(done).get(0).content()).contains("User provided the requested information")
                .contains("- Name: Ada Lovelace").contains("- Agreed to terms: true")
                .contains("- Favorite Integer: 7");
        assertThat(done.toolCalls()).isEqualTo(1);
    }

    @Test
    void decliningTheElicitationTellsTheServerThePersonDeclined() {
        // given
        Checkpoint checkpoint = pausedAtElicitation().checkpoint().orElseThrow();
        Agent agent = agent(model().text("ok").build(), config());

        // when
        RunResult done = agent.resume(checkpoint, GateDecision.reject(checkpoint.gateId(), "not today"));

        // then
        assertThat(done.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(toolResults(done).get(0).content()).contains("User declined to provide the requested information")
                .contains("\"action\": \"decline\"");
    }
}
