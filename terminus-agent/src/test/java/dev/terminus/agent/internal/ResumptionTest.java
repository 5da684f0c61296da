package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.CompletionCheck;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.OutputCheck;
import dev.terminus.agent.spi.OutputValidator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class ResumptionTest {

    private static final Map<String, Object> SCHEMA = Map.of("type", "object",
            "properties", Map.of("order", Map.of("type", "integer")), "required", List.of("order"));
    private static final AgentConfig CONFIG = AgentConfig.custom().name("refunds").build();

    /** A model that always asks for tool {@code t}. */
    private static Model model(String name) {
        return new Model() {
            @Override
            public ModelResponse chat(ModelRequest request) {
                return new ModelResponse(Message.Assistant.of("", new ToolCall("call-1", "t", Map.of("order", 42))),
                        Usage.of(10, 2), FinishReason.TOOL_CALLS);
            }

            @Override
            public String name() {
                return name;
            }
        };
    }

    private static Tool tool(String name, Map<String, @Nullable Object> schema) {
        return Tools.of(name, "does " + name, schema, (args, run) -> "ok");
    }

    private static OutputValidator output(Map<String, @Nullable Object> schema) {
        return new OutputValidator() {
            @Override
            public Map<String, @Nullable Object> schema() {
                return schema;
            }

            @Override
            public OutputCheck check(String text) {
                return new OutputCheck.Valid(text);
            }
        };
    }

    /** The parts of an agent the fingerprint covers, to change one at a time. */
    private record Parts(String modelName, AgentConfig config, List<Tool> tools, List<String> approvals,
            @Nullable OutputValidator output) {
        static final Parts BASE = new Parts("m1", CONFIG, List.of(tool("t", SCHEMA)), List.of("t"), null);

        AgentSpec spec() {
            Map<String, Tool> byName = new LinkedHashMap<>();
            tools.forEach(t -> byName.put(t.spec().name(), t));
            Map<String, java.util.function.Predicate<Map<String, @Nullable Object>>> gated = new LinkedHashMap<>();
            approvals.forEach(name -> gated.put(name, arguments -> true));
            return new AgentSpec(model(modelName), config, byName, tools.stream().map(Tool::spec).toList(), List.of(),
                    List.of(), null, null, CompletionCheck.AFTER_ITERATION,
                    new RunRules(output, null, gated, List.of(), List.of(), null), dev.terminus.agent.control.RunClock.system());
        }
    }

    private static String fingerprint(Function<Parts, Parts> change) {
        return Resumption.fingerprint(change.apply(Parts.BASE).spec());
    }

    /** The checkpoint of a run of the base agent that paused at its call of {@code t}. */
    private static Checkpoint pausedCheckpoint() {
        Agent agent = Agent.builder(model("m1")).config(CONFIG).tool(tool("t", SCHEMA)).requireApproval("t").build();
        return agent.run("go").checkpoint().orElseThrow();
    }

    @Test
    void equalConfigurationsHaveTheSameFingerprintOf64HexDigits() {
        // when
        String first = Resumption.fingerprint(Parts.BASE.spec());
        String second = fingerprint(p -> new Parts("m1", AgentConfig.custom().name("refunds").build(),
                List.of(tool("t", new LinkedHashMap<>(SCHEMA))), List.of("t"), null));

        // then
        assertThat(first).isEqualTo(second).matches("[0-9a-f]{64}");
    }

    @Test
    void theFingerprintDoesNotDependOnTheKeyOrderOfTheSchemas() {
        // given
        Map<String, @Nullable Object> inner = new LinkedHashMap<>();
        inner.put("type", "integer");
        inner.put("minimum", 1);
        Map<String, @Nullable Object> innerReversed = new LinkedHashMap<>();
        innerReversed.put("minimum", 1);
        innerReversed.put("type", "integer");
        Map<String, @Nullable Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", Map.of("order", inner));
        schema.put("anyOf", List.of(inner));
        Map<String, @Nullable Object> reversed = new LinkedHashMap<>();
        reversed.put("anyOf", List.of(innerReversed));
        reversed.put("properties", Map.of("order", innerReversed));
        reversed.put("type", "object");

        // when
        String one = fingerprint(p -> new Parts("m1", CONFIG, List.of(tool("t", schema)), List.of("t"),
                output(schema)));
        String other = fingerprint(p -> new Parts("m1", CONFIG, List.of(tool("t", reversed)), List.of("t"),
                output(reversed)));

        // then
        assertThat(tool("t", schema).spec().parameters().keySet())
                .containsExactly("type", "properties", "anyOf");
        assertThat(one).isEqualTo(other);
    }

    @Test
    void theFingerprintChangesWithTheToolsTheirSchemasTheFinalAnswerToolTheApprovalsAndTheOutput() {
        // given
        String base = fingerprint(p -> p);
        Map<String, @Nullable Object> otherSchema = Map.of("type", "object",
                "properties", Map.of("order", Map.of("type", "string")), "required", List.of("order"));

        // when
        List<String> changed = List.of(
                fingerprint(p -> new Parts("m1", CONFIG, List.of(tool("t", SCHEMA), tool("u", SCHEMA)),
                        List.of("t"), null)),
                fingerprint(p -> new Parts("m1", CONFIG, List.of(tool("t2", SCHEMA)), List.of("t2"), null)),
                fingerprint(p -> new Parts("m1", CONFIG, List.of(tool("t", otherSchema)), List.of("t"), null)),
                fingerprint(p -> new Parts("m1", AgentConfig.from(CONFIG).finalAnswerTool("submit").build(),
                        p.tools(), List.of("t"), null)),
                fingerprint(p -> new Parts("m1", CONFIG, p.tools(), List.of(), null)),
                fingerprint(p -> new Parts("m1", CONFIG, p.tools(), List.of("t"), output(SCHEMA))),
                fingerprint(p -> new Parts("m1", CONFIG, p.tools(), List.of("t"), output(otherSchema))),
                fingerprint(p -> new Parts("m2", CONFIG, p.tools(), List.of("t"), null)),
                fingerprint(p -> new Parts("m1", AgentConfig.custom().name("other").build(), p.tools(),
                        List.of("t"), null)));

        // then: each differs from the base and from the others
        assertThat(changed).doesNotContain(base).doesNotHaveDuplicates();
    }

    @Test
    void theFingerprintDoesNotDependOnTheOrderTheToolsWereRegisteredIn() {
        // given
        Tool u = tool("u", SCHEMA);

        // when
        String tThenU = fingerprint(p -> new Parts("m1", CONFIG, List.of(tool("t", SCHEMA), u), p.approvals(), null));
        String uThenT = fingerprint(p -> new Parts("m1", CONFIG, List.of(u, tool("t", SCHEMA)), p.approvals(), null));

        // then
        assertThat(uThenT).isEqualTo(tThenU);
    }

    @Test
    void theFingerprintDoesNotChangeWithTheBudgets() {
        // given
        AgentConfig budgets = AgentConfig.from(CONFIG).maxIterations(3).tokenBudget(TokenBudget.total(1_000))
                .maxToolCalls(2).build();

        // when
        String withBudgets = fingerprint(p -> new Parts("m1", budgets, p.tools(), p.approvals(), null));

        // then
        assertThat(withBudgets).isEqualTo(fingerprint(p -> p));
    }

    @Test
    void aPausedRunsCheckpointCarriesTheFingerprintOfItsAgent() {
        // when
        Checkpoint checkpoint = pausedCheckpoint();

        // then
        assertThat(checkpoint.agentName()).isEqualTo("refunds");
        assertThat(checkpoint.modelName()).isEqualTo("m1");
        assertThat(checkpoint.configFingerprint()).isEqualTo(Resumption.fingerprint(Parts.BASE.spec()));
        assertThat(checkpoint.pendingCall()).isEqualTo(new ToolCall("call-1", "t", Map.of("order", 42)));
        assertThat(checkpoint.gate().summary()).isEqualTo("Call t with {\"order\":42}");
        assertThat(checkpoint.gateId()).startsWith("gate-");
    }

    @Test
    void aDecisionForAnotherGateIsRefusedNamingBothGates() {
        // given
        Checkpoint checkpoint = pausedCheckpoint();

        // when / then: the gate is checked first, before the agent's name
        assertThatThrownBy(() -> Resumption.check(new Parts("m1", AgentConfig.custom().name("other").build(),
                Parts.BASE.tools(), List.of("t"), null).spec(), checkpoint, GateDecision.approve("gate-other")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the decision is for gate \"gate-other\" but the checkpoint is waiting at gate \""
                        + checkpoint.gateId() + "\"");
    }

    @Test
    void aCheckpointOfAnotherAgentNameIsRefusedNamingBoth() {
        // given
        Checkpoint checkpoint = pausedCheckpoint();
        AgentSpec other = new Parts("m1", AgentConfig.custom().name("billing").build(), Parts.BASE.tools(),
                List.of("t"), null).spec();

        // when / then
        assertThatThrownBy(() -> Resumption.check(other, checkpoint, GateDecision.approve(checkpoint.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint's agentName is \"refunds\" but this agent's is \"billing\": it was written"
                        + " by an agent of another configuration");
    }

    @Test
    void aCheckpointOfAnotherModelIsRefusedNamingBoth() {
        // given
        Checkpoint checkpoint = pausedCheckpoint();
        AgentSpec other = new Parts("m2", CONFIG, Parts.BASE.tools(), List.of("t"), null).spec();

        // when / then
        assertThatThrownBy(() -> Resumption.check(other, checkpoint, GateDecision.reject(checkpoint.gateId(), "no")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint's modelName is \"m1\" but this agent's is \"m2\": it was written by an"
                        + " agent of another configuration");
    }

    @Test
    void aCheckpointOfAnotherConfigurationIsRefusedNamingBothFingerprints() {
        // given
        Checkpoint checkpoint = pausedCheckpoint();
        AgentSpec other = new Parts("m1", CONFIG, List.of(tool("t", SCHEMA), tool("u", SCHEMA)), List.of("t"), null)
                .spec();

        // when / then
        assertThatThrownBy(() -> Resumption.check(other, checkpoint, GateDecision.approve(checkpoint.gateId())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint's configFingerprint is \"" + checkpoint.configFingerprint()
                        + "\" but this agent's is \"" + Resumption.fingerprint(other) + "\": it was written by an"
                        + " agent of another configuration");
    }

    @Test
    void aPendingCallToAToolTheAgentDoesNotHaveIsRefusedNamingIt() {
        // given: a checkpoint whose fingerprint matches but whose pending call names no tool of the agent
        AgentSpec spec = Parts.BASE.spec();
        ToolCall ghost = new ToolCall("call-9", "ghost", Map.of());
        Checkpoint checkpoint = new Checkpoint(Checkpoint.FORMAT_VERSION,
                new Termination.HitlGatePending("gate-9", "call-9", "Call ghost with {}", "refunds", 1), "refunds",
                "m1", Resumption.fingerprint(spec), ghost, List.of(), List.of(new Message.User("go"),
                Message.Assistant.of("", ghost)), 1, 0, Usage.ZERO, java.math.BigDecimal.ZERO, List.of(),
                java.time.Duration.ZERO, 0, 0, false, Map.of());

        // when / then
        assertThatThrownBy(() -> Resumption.check(spec, checkpoint, GateDecision.approve("gate-9")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the checkpoint's pending call is to tool \"ghost\", which this agent does not have");
    }

    @Test
    void aCheckpointOfTheSameConfigurationIsAcceptedWithAnyDecisionForItsGate() {
        // given: an agent of the same configuration built anew, with other budgets
        Checkpoint checkpoint = pausedCheckpoint();
        AgentSpec same = new Parts("m1", AgentConfig.from(CONFIG).maxIterations(2).build(),
                List.of(tool("t", SCHEMA)), List.of("t"), null).spec();

        // when / then
        assertThat(Resumption.fingerprint(same)).isEqualTo(checkpoint.configFingerprint());
        for (GateDecision decision : List.of(GateDecision.approve(checkpoint.gateId()),
                GateDecision.reject(checkpoint.gateId(), "no"),
                GateDecision.approveWithArguments(checkpoint.gateId(), Map.of("order", 7)))) {
            Resumption.check(same, checkpoint, decision);
        }
    }
}
