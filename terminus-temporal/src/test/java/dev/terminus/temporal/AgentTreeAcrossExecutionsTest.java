package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowStub;
import io.temporal.common.converter.DataConverter;
import io.temporal.worker.WorkerFactoryOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A tree of agents whose run continues as new: between two calls of an agent offered as a tool, and after a handoff.
 * The workflow's output holds every child of the whole run, as the run in one process does; the fresh execution's
 * input carries the children without their transcripts; a run handed over continues as new and goes on with the agent
 * that holds it; two runs of one child agent, whose model gives its calls the same ids, get distinct idempotency keys.
 * The worker keeps no workflow in its cache, so every workflow task replays the history up to it.
 */
@Timeout(120)
class AgentTreeAcrossExecutionsTest {
    private static final Usage SPEND = Usage.of(10, 5);
    /** Root iterations between the two child calls, or after the handoff: enough to pass 100 history events. */
    private static final int PADDING = 10;
    private static final Tool NOTE = Tools.of("note", "Notes x", Map.of("type", "object"),
            (arguments, run) -> "noted:" + arguments.get("x"));
    /** The idempotency keys the keep tool read in its activities, one per execution of the tool. */
    private static final List<String> KEYS = new CopyOnWriteArrayList<>();
    private static final Tool KEEP = Tools.of("keep", "Keeps a thing", Map.of("type", "object"), (arguments, run) -> {
        IdempotencyKey.current().ifPresent(KEYS::add);
        return "kept-by-helper";
    });

    /** One agent: its script (a new model for each place it runs), its tools, and how it is built. */
    record Member(UnaryOperator<ScriptedModel.Builder> script, List<Tool> tools,
            Function<AgentMaterials, AgentBuilder> recipe) {
        ScriptedModel model() {
            return script.apply(ScriptedModel.builder().usage(SPEND)).build();
        }
    }

    private static final Map<String, Member> MEMBERS = new LinkedHashMap<>();

    static {
        // planner asks helper twice, with iterations between that make the run continue as new
        MEMBERS.put("planner", new Member(s -> notes(s.toolCall("ask", Map.of("task", "first")))
                .toolCall("ask", Map.of("task", "second")).text("Planned."), List.of(NOTE),
                m -> plain(m, "planner").tool(Tools.agent("ask", "Asks the helper", m.agent("helper")))));
        // helper's model numbers its calls per answer, as some providers do: both its runs call t_1
        MEMBERS.put("helper", new Member(s -> s.respond(keep()).text("one").respond(keep()).text("two"),
                List.of(KEEP), m -> plain(m, "helper").systemPrompt("HELPER-PROMPT: you keep things.")));
        // desk hands the run to the agent registered as refund-team, whose configured name is refunds
        MEMBERS.put("desk", new Member(s -> s.toolCall("transfer_to_refunds", Map.of()), List.of(),
                m -> plain(m, "desk").handoff("refunds", null, () -> m.agent("refund-team"))));
        MEMBERS.put("refund-team", new Member(s -> notes(s.callIdPrefix("f_")).text("Refunded."), List.of(NOTE),
                m -> plain(m, "refunds").systemPrompt("You handle refunds.")));
    }

    private static WorkflowHarness temporal;

    private static AgentBuilder plain(AgentMaterials materials, String name) {
        return Agent.builder(materials.model()).name(name).tools(materials.tools()).clock(materials.clock());
    }

    private static ScriptedModel.Builder notes(ScriptedModel.Builder script) {
        for (int i = 1; i <= PADDING; i++) {
            script.toolCall("note", Map.of("x", i));
        }
        return script;
    }

    private static ModelResponse keep() {
        return new ModelResponse(new Message.Assistant("", List.of(new ToolCall("t_1", "keep", Map.of()))), SPEND,
                FinishReason.TOOL_CALLS);
    }

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder().continueAsNewAfter(100);
        MEMBERS.forEach((name, member) -> recipes.agent(name, member.model(), member.tools(),
                materials -> member.recipe().apply(materials).build()));
        temporal = new WorkflowHarness(recipes.build(), TerminusModule.builder().build(),
                WorkerFactoryOptions.newBuilder().setWorkflowCacheSize(0).build());
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** Builds the members in this process, each on a new model of its script and the system clock. */
    private static Agent localTree(String root) {
        Map<String, Agent> built = new HashMap<>();
        Function<String, Agent> agents = new Function<>() {
            @Override
            public Agent apply(String name) {
                Agent done = built.get(name);
                if (done == null) {
                    Member member = MEMBERS.get(name);
                    done = member.recipe().apply(new AgentMaterials(member.model(), member.tools(),
                            RunClock.system(), this)).build();
                    built.put(name, done);
                }
                return done;
            }
        };
        return agents.apply(root);
    }

    /** The same tree run in this process and as a workflow, and the workflow's history, every execution replayed. */
    record Runs(RunResult local, AgentRunOutput workflow, String workflowId, RunHistory history) {
        static Runs of(String root) throws Exception {
            RunResult local = localTree(root).run("go");
            KEYS.clear();
            AgentWorkflow workflow = temporal.workflow(root);
            AgentRunOutput output = workflow.run(new AgentRunInput(root, "go"));
            var execution = WorkflowStub.fromTyped(workflow).getExecution();
            RunHistory history = RunHistory.read(temporal.client(), execution.getWorkflowId(), execution.getRunId());
            assertThat(temporal.replayEveryExecution(execution.getWorkflowId(), execution.getRunId()))
                    .isEqualTo(history.executions());
            return new Runs(local, output, execution.getWorkflowId(), history);
        }

        /** @return the inputs of the executions after the first, as the history holds them, and their raw JSON */
        List<Map.Entry<AgentRunInput, String>> continuedInputs() {
            DataConverter converter = temporal.client().getOptions().getDataConverter();
            List<Map.Entry<AgentRunInput, String>> inputs = new ArrayList<>();
            for (HistoryEvent event : history.events()) {
                if (event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW) {
                    var payload = event.getWorkflowExecutionContinuedAsNewEventAttributes().getInput().getPayloads(0);
                    inputs.add(Map.entry(converter.fromPayload(payload, AgentRunInput.class, AgentRunInput.class),
                            payload.getData().toString(StandardCharsets.UTF_8)));
                }
            }
            return inputs;
        }

        void endedAlike() {
            assertThat(workflow.termination()).isEqualTo(local.termination());
            assertThat(workflow.finalAnswer()).isEqualTo(local.finalAnswer().orElse(null));
            assertThat(workflow.iterations()).isEqualTo(local.iterations().size());
            assertThat(workflow.toolCalls()).isEqualTo(local.toolCalls());
            assertThat(workflow.usage()).isEqualTo(local.usage());
            assertThat(workflow.agentName()).isEqualTo(local.agentName().orElse(null));
            assertThat(workflow.transcript()).isEqualTo(local.transcript());
            assertThat(workflow.children()).isEqualTo(ChildRunOutput.of(local.children()));
        }
    }

    /** The run of planner's tree, made once: the worker's scripted models play their scripts once. */
    private static Runs planner;

    private static synchronized Runs plannersTree() throws Exception {
        if (planner == null) {
            planner = Runs.of("planner");
        }
        return planner;
    }

    @Test
    void aTreeThatContinuesAsNewBetweenTwoChildCallsEndsWithBothChildrenAsInOneProcess() throws Exception {
        // when
        Runs runs = plannersTree();

        // then
        assertThat(runs.history().executions()).isEqualTo(2);
        runs.endedAlike();
        assertThat(runs.workflow().termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().children()).extracting(ChildRunOutput::agentName, ChildRunOutput::finalAnswer,
                ChildRunOutput::termination, ChildRunOutput::usage).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("helper", "one", new Termination.NaturalCompletion(),
                                Usage.of(20, 10)),
                        org.assertj.core.groups.Tuple.tuple("helper", "two", new Termination.NaturalCompletion(),
                                Usage.of(20, 10)));
    }

    @Test
    void theFreshExecutionsInputCarriesTheEarlierChildWithoutItsTranscript() throws Exception {
        // given
        Runs runs = plannersTree();
        DataConverter converter = temporal.client().getOptions().getDataConverter();

        // when
        List<Map.Entry<AgentRunInput, String>> inputs = runs.continuedInputs();

        // then: the first child, as it ended, and none of its messages (its prompt, its tool's result), nor the
        // parent's: they are referred to (ADR 0042)
        assertThat(inputs).singleElement().satisfies(input -> {
            assertThat(input.getKey().children()).containsExactly(ChildRunOutput.of(runs.local().children()).get(0));
            assertThat(input.getKey().earlier()).as("the earlier execution referred to").isNotNull();
            assertThat(input.getValue()).doesNotContain("noted:1", "HELPER-PROMPT", "kept-by-helper");
            long childBytes = converter.toPayload(input.getKey().children()).orElseThrow().getSerializedSize();
            System.out.printf("AgentTreeAcrossExecutionsTest: continue-as-new input %,d bytes, its one child %,d"
                    + " bytes%n", input.getValue().length(), childBytes);
            assertThat(childBytes).isLessThanOrEqualTo(1_024);
        });
    }

    @Test
    void twoRunsOfOneChildAgentWhoseCallsShareAnIdGetDistinctKeysAndEachToolRunsOnce() throws Exception {
        // given
        Runs runs = plannersTree();

        // when: the keys of the tool activities, as their scheduled inputs hold them (what a retry is sent again)
        List<String> scheduled = new ArrayList<>();
        for (HistoryEvent event : runs.history().events()) {
            if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
                String input = event.getActivityTaskScheduledEventAttributes().getInput().getPayloads(0).getData()
                        .toString(StandardCharsets.UTF_8);
                if (input.contains("\"toolName\":\"keep\"")) {
                    scheduled.add(input.replaceAll("(?s).*\"idempotencyKey\":\"([^\"]+)\".*", "$1"));
                }
            }
        }

        // then: planner's calls call_1 and call_12 started the two runs of helper; each ran keep once, under its key
        String id = runs.workflowId();
        assertThat(KEYS).containsExactly(id + ":call_1/t_1", id + ":call_12/t_1");
        assertThat(scheduled).isEqualTo(KEYS);
    }

    @Test
    void aHandedOverRunContinuesAsNewAndGoesOnWithTheAgentThatHoldsItAsInOneProcess() throws Exception {
        // when
        Runs runs = Runs.of("desk");

        // then
        runs.endedAlike();
        assertThat(runs.workflow().termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().agentName()).isEqualTo("refunds");
        assertThat(runs.workflow().transcript().getFirst().content()).isEqualTo("You handle refunds.");
        assertThat(runs.history().executions()).isGreaterThanOrEqualTo(2);
        assertThat(runs.continuedInputs()).isNotEmpty().allSatisfy(input -> {
            assertThat(input.getKey().earlier()).as("the earlier executions referred to").isNotNull();
            assertThat(input.getKey().shape()).containsKey("tool:note");
        });
    }
}
