package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.terminus.Category;
import dev.terminus.InvariantClass;
import dev.terminus.Termination;
import dev.terminus.agent.CriterionResult;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import dev.terminus.agent.control.RunClock;
import dev.terminus.converge.Context;
import dev.terminus.converge.ContextCriterion;
import dev.terminus.converge.ContextInvariant;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.RejectionPolicy;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import dev.terminus.jackson.TerminusModule;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A convergence run as a workflow ends as the same engine's run in one process: the same termination (case and
 * facts), context, cycles, merges, usage, rejections and stopping agent, for every way a run of function agents whose
 * turns are activities can end; and its history replays to the same decisions.
 */
@Timeout(60)
class ConvergenceWorkflowTest {
    /** An application's own termination, which an agent fails with. */
    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    /** One engine: its agents, its settings and its input. */
    record Scenario(String name, List<ConvergenceAgent> agents, UnaryOperator<ConvergenceEngine.Builder> settings,
            Context input) {
        Scenario(String name, List<ConvergenceAgent> agents, UnaryOperator<ConvergenceEngine.Builder> settings) {
            this(name, agents, settings, Context.of(Map.of("document", "INV-0042")));
        }

        ConvergenceRecipe recipe() {
            return materials -> settings.apply(ConvergenceEngine.builder().name(name)
                    .agents(materials.agents().toArray(ConvergenceAgent[]::new)).clock(materials.clock())).build();
        }

        ConvergenceResult runLocally() {
            return recipe().build(new ConvergenceMaterials(agents, RunClock.system())).run(input);
        }
    }

    static final TerminusModule MODULE =
            TerminusModule.builder().registerExtension("QuotaExceeded", QuotaExceeded.class).build();

    private static final ConvergenceAgent EXTRACTOR = ConvergenceAgent.of("extractor", Trigger.on("document"),
            (context, cycle) -> Reply.propose(new ProposedFact("invoice.number", "INV-0042", 0.9),
                    ProposedFact.of("total.cents", 119050L)));
    private static final ConvergenceAgent CHECKER = ConvergenceAgent.of("checker", Trigger.on("total.cents"),
            (context, cycle) -> context.contains("total.cents")
                    ? Reply.propose(Map.of("checked", true, "lines", List.of(1, 2.5, Map.of("sku", "A-1"))))
                    : Reply.nothing());
    private static final ConvergenceAgent COUNTER = ConvergenceAgent.of("counter", Trigger.always(),
            (context, cycle) -> new Reply.Propose(List.of(ProposedFact.of("tick", cycle)), Usage.of(100, 50)));

    private static final List<Scenario> SCENARIOS = List.of(
            new Scenario("converged", List.of(EXTRACTOR, CHECKER), b -> b),
            new Scenario("criteria-met", List.of(EXTRACTOR, CHECKER), b -> b.criterion(ContextCriterion.of("checked",
                    context -> context.contains("checked") ? CriterionResult.met() : CriterionResult.notMet("no")))),
            new Scenario("needs-a-person", List.of(EXTRACTOR), b -> b.criterion(ContextCriterion.of("approved",
                    context -> CriterionResult.notMet("nobody approved")))),
            new Scenario("max-cycles", List.of(COUNTER), b -> b.maxCycles(3)),
            new Scenario("fact-budget", List.of(EXTRACTOR, CHECKER), b -> b.maxFacts(3)),
            new Scenario("token-budget", List.of(COUNTER), b -> b.tokenBudget(TokenBudget.total(400))),
            new Scenario("threw", List.of(EXTRACTOR, ConvergenceAgent.of("broken", Trigger.always(),
                    (context, cycle) -> {
                        throw new IllegalStateException("ledger unreachable");
                    })), b -> b),
            new Scenario("answered-null", List.of(ConvergenceAgent.of("silent", Trigger.always(),
                    (context, cycle) -> null)), b -> b),
            new Scenario("refused", List.of(EXTRACTOR, ConvergenceAgent.of("refuser", Trigger.on("total.cents"),
                    (context, cycle) -> cycle == 2 ? Reply.refuse("not my ledger") : Reply.nothing())), b -> b),
            new Scenario("failed-extension", List.of(ConvergenceAgent.of("quota", Trigger.always(),
                    (context, cycle) -> Reply.fail(new QuotaExceeded("acme")))), b -> b),
            new Scenario("agent-stopped", List.of(ConvergenceAgent.of("loop", Trigger.always(), (context, cycle) ->
                    new Reply.Stop(new Termination.MaxIterationsReached(5, 5), Usage.of(30, 10)))), b -> b),
            new Scenario("invariant", List.of(EXTRACTOR), b -> b.invariant(ContextInvariant.of("no-total",
                    InvariantClass.STRUCTURAL, context -> context.contains("total.cents") ? "a total" : null))),
            new Scenario("gate-ends-run", List.of(EXTRACTOR), b -> b.promotionGate((proposal, context) ->
                    proposal.key().equals("total.cents") ? PromotionDecision.reject("totals are read by hand")
                            : PromotionDecision.accept(), RejectionPolicy.END_RUN)),
            new Scenario("gate-drops", List.of(EXTRACTOR, CHECKER), b -> b.promotionGate((proposal, context) ->
                    proposal.key().equals("checked") ? PromotionDecision.reject("checks are done by hand")
                            : PromotionDecision.accept(), RejectionPolicy.RECORD_AND_DROP)));

    private static ConvergenceHarness temporal;

    @BeforeAll
    static void startTheWorker() {
        ConvergenceRecipes.Builder recipes = ConvergenceRecipes.builder();
        SCENARIOS.forEach(scenario -> recipes.engine(scenario.name(), scenario.agents(), scenario.recipe()));
        temporal = new ConvergenceHarness(recipes.build(), MODULE);
    }

    @AfterAll
    static void stopTheWorker() {
        temporal.close();
    }

    /** Asserts that a workflow's output tells the same ending as a local result, durations aside. */
    static void assertSameEnding(ConvergenceRunOutput output, ConvergenceResult local) {
        assertThat(output.termination()).isEqualTo(local.termination());
        assertThat(output.outcome()).isEqualTo(local.outcome());
        assertThat(output.context()).isEqualTo(local.context());
        assertThat(output.facts()).isEqualTo(local.context().facts());
        assertThat(output.cycles()).isEqualTo(local.cycles());
        assertThat(output.factsMerged()).isEqualTo(local.factsMerged());
        assertThat(output.usage()).isEqualTo(local.usage());
        assertThat(output.rejected()).isEqualTo(local.rejected());
        assertThat(output.stoppedBy()).isEqualTo(local.stoppedBy().orElse(null));
    }

    @Test
    void everyScenarioEndsAsWorkflowAsItEndsInOneProcessAndItsHistoryReplays() {
        for (Scenario scenario : SCENARIOS) {
            // given
            ConvergenceResult local = scenario.runLocally();
            ConvergenceWorkflow workflow = temporal.workflow(scenario.name());

            // when
            ConvergenceRunOutput output =
                    workflow.run(new ConvergenceRunInput(scenario.name(), scenario.input().facts()));

            // then
            assertThat(output.termination()).as(scenario.name()).isEqualTo(local.termination());
            assertSameEnding(output, local);
            assertThat(workflow.output()).as("the output query of " + scenario.name()).isEqualTo(output);
            assertThatCode(() -> temporal.replay(workflow)).as("the history of %s replays", scenario.name())
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void theScenariosCoverEveryEndingTheyNameWithTheAgentThatCausedIt() {
        // given
        Map<String, Class<? extends Termination>> expected = Map.ofEntries(
                Map.entry("converged", Termination.Converged.class),
                Map.entry("criteria-met", Termination.CriteriaMet.class),
                Map.entry("needs-a-person", Termination.HumanInterventionRequired.class),
                Map.entry("max-cycles", Termination.MaxIterationsReached.class),
                Map.entry("fact-budget", Termination.FactBudgetExhausted.class),
                Map.entry("token-budget", Termination.TokenBudgetExhausted.class),
                Map.entry("threw", Termination.Failed.class),
                Map.entry("answered-null", Termination.Failed.class),
                Map.entry("refused", Termination.AgentRefused.class),
                Map.entry("failed-extension", QuotaExceeded.class),
                Map.entry("agent-stopped", Termination.MaxIterationsReached.class),
                Map.entry("invariant", Termination.InvariantViolated.class),
                Map.entry("gate-ends-run", Termination.PromotionRejected.class),
                Map.entry("gate-drops", Termination.Converged.class));

        for (Scenario scenario : SCENARIOS) {
            // when
            ConvergenceRunOutput output = temporal.workflow(scenario.name())
                    .run(ConvergenceRunInput.of(scenario.name(), scenario.input()));

            // then
            assertThat(output.termination()).as(scenario.name()).isInstanceOf(expected.get(scenario.name()));
        }
    }
}
