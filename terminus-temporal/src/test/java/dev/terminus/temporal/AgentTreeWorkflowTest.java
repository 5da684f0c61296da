package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.TokenKind;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.scripted.ScriptedModel;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowStub;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A tree of agents (agents offered as tools, two levels deep, and a handoff) runs as one workflow and ends as the same
 * tree in one process: the root's termination, usage and cost, and each child's termination and figures; every child's
 * model and tool calls are activities naming that child; and the history replays to the same decisions. Trees that
 * continue as new: {@code AgentTreeAcrossExecutionsTest}.
 */
@Timeout(60)
class AgentTreeWorkflowTest {
    private static final Usage SPEND = Usage.of(10, 5);
    private static final Tool ECHO = Tools.of("echo", "Echoes x", Map.of("type", "object"),
            (arguments, run) -> "echo:" + arguments.get("x"));

    /** One agent of the trees: its script (a new model for each place it runs) and how it is built. */
    record Member(UnaryOperator<ScriptedModel.Builder> script, List<Tool> tools,
            Function<AgentMaterials, AgentBuilder> recipe) {
        ScriptedModel model() {
            return script.apply(ScriptedModel.builder().usage(SPEND)).build();
        }
    }

    private static final Map<String, Member> MEMBERS = new LinkedHashMap<>();

    static {
        // lead -> researcher -> checker: two levels of agents offered as tools
        MEMBERS.put("lead", new Member(s -> s.toolCall("research", Map.of("task", "find a")).text("All done."),
                List.of(), m -> plain(m, "lead")
                        .tool(Tools.agent("research", "Researches a question", m.agent("researcher")))));
        MEMBERS.put("researcher", new Member(s -> s.callIdPrefix("r_").toolCall("echo", Map.of("x", "a"))
                .toolCall("check", Map.of("task", "verify a")).text("Research done."), List.of(ECHO),
                m -> plain(m, "researcher").tool(Tools.agent("check", "Checks a finding", m.agent("checker")))));
        MEMBERS.put("checker", new Member(s -> s.callIdPrefix("c_").text("Checked."), List.of(),
                m -> plain(m, "checker")));
        // frugal -> middle -> leaf: the root's token budget of 60 stops the leaf mid-run
        MEMBERS.put("frugal", new Member(s -> s.toolCall("middle", Map.of("task", "go")).text("root done"),
                List.of(), m -> plain(m, "frugal").tool(Tools.agent("middle", "Delegates", m.agent("middle")))
                        .tokenBudget(TokenBudget.total(60))));
        MEMBERS.put("middle", new Member(s -> s.callIdPrefix("m_").toolCall("leaf", Map.of("task", "dig"))
                .text("middle done"), List.of(),
                m -> plain(m, "middle").tool(Tools.agent("leaf", "Digs", m.agent("leaf")))));
        MEMBERS.put("leaf", new Member(s -> echoLoop(s.callIdPrefix("l_"), 20), List.of(ECHO),
                m -> plain(m, "leaf")));
        // triage hands the run to billing, built when the handoff happens
        MEMBERS.put("triage", new Member(s -> s.toolCall("transfer_to_billing", Map.of()).text("never"), List.of(),
                m -> plain(m, "triage").systemPrompt("Route the customer.")
                        .handoff("billing", null, () -> m.agent("billing"))));
        MEMBERS.put("billing", new Member(s -> s.callIdPrefix("b_").toolCall("echo", Map.of("x", "refund"))
                .text("Refunded."), List.of(ECHO), m -> plain(m, "billing").systemPrompt("You handle billing.")));
    }

    private static WorkflowHarness temporal;

    private static AgentBuilder plain(AgentMaterials materials, String name) {
        return Agent.builder(materials.model()).name(name).tools(materials.tools()).clock(materials.clock());
    }

    private static ScriptedModel.Builder echoLoop(ScriptedModel.Builder script, int calls) {
        for (int i = 1; i <= calls; i++) {
            script.toolCall("echo", Map.of("x", i));
        }
        return script;
    }

    @BeforeAll
    static void startTheWorker() {
        AgentRecipes.Builder recipes = AgentRecipes.builder();
        MEMBERS.forEach((name, member) -> recipes.agent(name, member.model(), member.tools(),
                materials -> member.recipe().apply(materials).build()));
        temporal = new WorkflowHarness(recipes.build(), TerminusModule.builder().build());
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
                if (done != null) {
                    return done;
                }
                Member member = MEMBERS.get(name);
                Agent agent = member.recipe().apply(new AgentMaterials(member.model(), member.tools(),
                        RunClock.system(), this)).build();
                built.put(name, agent);
                return agent;
            }
        };
        return agents.apply(root);
    }

    /** The same tree run in this process and as a workflow, whose history replayed to the same decisions. */
    record Runs(RunResult local, AgentRunOutput workflow, String workflowId) {
        static Runs of(String root) {
            RunResult local = localTree(root).run("go");
            AgentWorkflow workflow = temporal.workflow(root);
            AgentRunOutput output = workflow.run(new AgentRunInput(root, "go"));
            String id = WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId();
            try {
                temporal.replay(id);
            } catch (Exception e) {
                throw new AssertionError("the workflow of " + root + " does not replay", e);
            }
            return new Runs(local, output, id);
        }

        /** @return the workflow's termination, once its end and every child's were found equal to the local run's */
        Termination endedAlike() {
            assertThat(workflow.termination()).isEqualTo(local.termination());
            assertThat(workflow.finalAnswer()).isEqualTo(local.finalAnswer().orElse(null));
            assertThat(workflow.iterations()).isEqualTo(local.iterations().size());
            assertThat(workflow.toolCalls()).isEqualTo(local.toolCalls());
            assertThat(workflow.usage()).isEqualTo(local.usage());
            assertThat(workflow.costUsd()).isEqualByComparingTo(local.costUsd());
            assertThat(workflow.agentName()).isEqualTo(local.agentName().orElse(null));
            assertThat(workflow.transcript()).isEqualTo(local.transcript());
            assertThat(workflow.children()).isEqualTo(ChildRunOutput.of(local.children()));
            return workflow.termination();
        }
    }

    /** The run of lead's tree, made once: the worker's scripted models play their scripts once. */
    private static Runs lead;

    private static synchronized Runs leadsTree() {
        if (lead == null) {
            lead = Runs.of("lead");
        }
        return lead;
    }

    @Test
    void aTreeTwoLevelsDeepEndsAsInOneProcessWithEachChildsTerminationAndTheTreesUsage() {
        // when
        Runs runs = leadsTree();

        // then: lead 2 calls, researcher 3, checker 1, each 15 tokens
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().usage()).isEqualTo(Usage.of(60, 30));
        ChildRunOutput researcher = runs.workflow().children().getFirst();
        assertThat(researcher.toolName()).isEqualTo("research");
        assertThat(researcher.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(researcher.usage()).as("its own and its child's").isEqualTo(Usage.of(40, 20));
        assertThat(researcher.children()).singleElement().satisfies(checker -> {
            assertThat(checker.agentName()).isEqualTo("checker");
            assertThat(checker.termination()).isEqualTo(new Termination.NaturalCompletion());
            assertThat(checker.finalAnswer()).isEqualTo("Checked.");
        });
    }

    @Test
    void everyModelAndToolCallOfTheTreeIsAnActivityNamingItsAgentAndAChildsToolKeyNamesTheCallThatStartedIt() {
        // given
        Runs runs = leadsTree();

        // when
        List<HistoryEvent> events = temporal.client().fetchHistory(runs.workflowId()).getEvents();

        // then: lead 2 model calls, researcher 3 model calls and 1 echo, checker 1 model call
        Map<String, Integer> byAgent = new HashMap<>();
        List<String> keys = new java.util.ArrayList<>();
        for (HistoryEvent event : events) {
            if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
                String input = event.getActivityTaskScheduledEventAttributes().getInput().getPayloads(0).getData()
                        .toString(StandardCharsets.UTF_8);
                if (input.contains("\"idempotencyKey\"")) {
                    keys.add(input.replaceAll("(?s).*\"idempotencyKey\":\"([^\"]+)\".*", "$1"));
                }
                for (String agent : List.of("lead", "researcher", "checker")) {
                    if (input.contains("\"agentName\":\"" + agent + "\"")) {
                        byAgent.merge(agent, 1, Integer::sum);
                    }
                }
            }
        }
        assertThat(byAgent).containsExactlyInAnyOrderEntriesOf(Map.of("lead", 2, "researcher", 4, "checker", 1));
        // researcher's echo, in the run that lead's call call_1 started
        assertThat(keys).containsExactly(runs.workflowId() + ":call_1/r_1");
    }

    @Test
    void theRootsTokenBudgetEndsTheGrandchildMidRunThenEachRunAboveIt() {
        // when
        Runs runs = Runs.of("frugal");

        // then: frugal 15 + middle 15 + leaf 2 x 15 = 60: the leaf stops before its third call
        Termination spent = new Termination.TokenBudgetExhausted(60, 60, TokenKind.TOTAL);
        assertThat(runs.endedAlike()).isEqualTo(spent);
        ChildRunOutput middle = runs.workflow().children().getFirst();
        assertThat(middle.termination()).isEqualTo(spent);
        assertThat(middle.usage()).as("its own and its child's").isEqualTo(Usage.of(30, 15));
        assertThat(middle.children()).singleElement().satisfies(leaf -> {
            assertThat(leaf.termination()).isEqualTo(spent);
            assertThat(leaf.iterations()).isEqualTo(2);
            assertThat(leaf.usage()).isEqualTo(Usage.of(20, 10));
        });
    }

    @Test
    void aHandoffGoesOnWithTheOtherAgentsModelAndToolsAsActivitiesAndEndsNamingIt() {
        // when
        Runs runs = Runs.of("triage");

        // then
        assertThat(runs.endedAlike()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(runs.workflow().agentName()).isEqualTo("billing");
        assertThat(runs.workflow().finalAnswer()).isEqualTo("Refunded.");
        assertThat(runs.workflow().usage()).as("both agents'").isEqualTo(Usage.of(30, 15));
        assertThat(runs.workflow().transcript().getFirst().content()).isEqualTo("You handle billing.");
    }

    @Test
    void aRecipeThatNeedsItselfToBeBuiltFailsTheWorkflowNamingTheChain() {
        // given
        AgentRecipes recipes = AgentRecipes.builder()
                .agent("ping", ScriptedModel.builder().text("x").build(), List.of(), m -> plain(m, "ping")
                        .tool(Tools.agent("pong", "Pongs", m.agent("pong"))).build())
                .agent("pong", ScriptedModel.builder().text("x").build(), List.of(), m -> plain(m, "pong")
                        .tool(Tools.agent("ping", "Pings", m.agent("ping"))).build())
                .build();

        // when
        Throwable failure;
        try (WorkflowHarness cyclic = new WorkflowHarness(recipes, TerminusModule.builder().build())) {
            failure = org.assertj.core.api.Assertions.catchThrowable(() -> cyclic.run("ping", "go"));
        }

        // then
        assertThat(failure).hasStackTraceContaining("agent \"ping\" is needed to build itself (ping -> pong -> ping)");
    }

}
