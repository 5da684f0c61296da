package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.agent.GateDecision;
import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.PromotionDecision;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import dev.terminus.test.ScaledTries;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/** Random agent sets and budgets: every run ends with exactly one termination, and a throwing agent fails it. */
class ConvergeProperties {
    /** The wire format, through which every result's termination must read back equal. */
    private static final ObjectMapper WIRE = JsonMapper.builder().addModule(new TerminusModule()).build();


    enum Kind { CONSTANT, COUNTER, UNSURE, THROW, REFUSE, TOKENS, ONCE, READER, SLOW }

    record Plan(Kind kind, int keys) {}

    record Limits(int maxCycles, Integer maxFacts, Long tokens, Double threshold, boolean gate,
            RejectionPolicy policy, boolean timed) {}

    /** An agent built from a plan, with a counter of its calls. */
    record Built(String name, Plan plan, ConvergenceAgent agent, AtomicInteger calls) {}

    @Provide
    Arbitrary<Plan> plans() {
        return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(1, 4)).as(Plan::new);
    }

    @Provide
    Arbitrary<Limits> limits() {
        return Combinators.combine(Arbitraries.integers().between(1, 8),
                Arbitraries.integers().between(1, 12).injectNull(0.4),
                Arbitraries.longs().between(1, 60).injectNull(0.5),
                Arbitraries.doubles().between(0.1, 1.0).injectNull(0.6),
                Arbitraries.of(true, false), Arbitraries.of(RejectionPolicy.class),
                Arbitraries.of(true, false, false, false)).as(Limits::new);
    }

    @Property
    @ScaledTries(2000)
    void everyRunEndsWithExactlyOneTerminationWithinItsBudgets(
            @ForAll @Size(min = 1, max = 5) List<@From("plans") Plan> plans, @ForAll("limits") Limits limits) throws Exception {
        // given
        List<Built> built = new ArrayList<>();
        List<ConvergenceEvent> events = new CopyOnWriteArrayList<>();
        ConvergenceEngine.Builder builder = ConvergenceEngine.builder().maxCycles(limits.maxCycles())
                .listener(events::add);
        for (int i = 0; i < plans.size(); i++) {
            Built agent = build("a" + i, plans.get(i));
            built.add(agent);
            builder.agent(agent.agent());
        }
        if (limits.maxFacts() != null) {
            builder.maxFacts(limits.maxFacts());
        }
        if (limits.tokens() != null) {
            builder.tokenBudget(TokenBudget.total(limits.tokens()));
        }
        if (limits.threshold() != null) {
            builder.confidenceThreshold(limits.threshold());
        }
        if (limits.gate()) {
            builder.promotionGate((proposal, context) -> proposal.key().endsWith(".k1")
                    ? PromotionDecision.reject("no k1") : PromotionDecision.accept(), limits.policy());
        }
        if (limits.timed()) {
            builder.timeBudget(Duration.ofMillis(30));
        }
        ConvergenceEngine engine = builder.build();

        // when: run, then resume every pause (approving and rejecting in turn) until the run ends otherwise
        List<ConvergenceResult> results = new ArrayList<>();
        ConvergenceResult result = engine.run(Context.empty());
        results.add(result);
        for (int resumes = 0; result.pause().isPresent() && resumes < 100; resumes++) {
            Pause pause = result.pause().orElseThrow();
            GateDecision decision = resumes % 2 == 0 ? GateDecision.approve(pause.gateId())
                    : GateDecision.reject(pause.gateId(), "no");
            result = engine.resume(pause, decision);
            results.add(result);
        }

        // then
        Statistics.label("termination").collect(result.termination().tag());
        assertThat(WIRE.readValue(WIRE.writeValueAsString(result.termination()), Termination.class))
                .as("the termination read back through the wire format").isEqualTo(result.termination());
        Set<Class<? extends Termination>> possible = possibleEnds(plans, limits);
        assertThat(result.pause()).as("the resumes end").isEmpty();
        List<ConvergenceEvent> finished = events.stream()
                .filter(event -> event instanceof ConvergenceEvent.RunFinished).toList();
        assertThat(finished).hasSize(results.size());
        for (int i = 0; i < results.size(); i++) {
            ConvergenceResult each = results.get(i);
            assertThat(((ConvergenceEvent.RunFinished) finished.get(i)).result()).isSameAs(each);
            assertThat(each.termination().getClass())
                    .as("a termination this configuration can produce, not %s", describe(each.termination()))
                    .isIn(possible);
            if (each.termination() instanceof Termination.Converged converged) {
                assertThat(converged.cycles()).isEqualTo(each.cycles());
            } else if (each.termination() instanceof Termination.MaxIterationsReached max) {
                assertThat(max).isEqualTo(new Termination.MaxIterationsReached(limits.maxCycles(), limits.maxCycles()));
                assertThat(each.cycles()).isEqualTo(limits.maxCycles());
            }
            assertThat(each.pause().isPresent()).isEqualTo(each.termination() instanceof Termination.HitlGatePending);
            assertThat(each.cycles()).isBetween(0, limits.maxCycles());
            if (limits.maxFacts() != null && !(each.termination() instanceof Termination.FactBudgetExhausted)) {
                assertThat(each.context().size()).isLessThanOrEqualTo(limits.maxFacts());
            }
            if (limits.tokens() != null && !(each.termination() instanceof Termination.TokenBudgetExhausted)) {
                assertThat(each.usage().totalTokens()).isLessThanOrEqualTo(limits.tokens());
            }
        }
        assertThat(events.getLast()).isInstanceOf(ConvergenceEvent.RunFinished.class);
        for (Built agent : built) {
            if (agent.calls().get() == 0 || limits.timed() && result.termination()
                    instanceof Termination.TimeBudgetExhausted) {
                continue;
            }
            if (agent.plan().kind() == Kind.THROW) {
                assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
                    assertThat(failed.error().category()).isEqualTo(ErrorCategory.INTERNAL);
                    assertThat(failed.error().message()).isEqualTo(agent.name() + " threw");
                });
            } else if (agent.plan().kind() == Kind.REFUSE) {
                assertThat(result.termination()).isEqualTo(new Termination.AgentRefused(agent.name(), "no"));
            }
        }
    }

    /**
     * The ends the engine may produce for this configuration: the fixed point and the cycle cap always; each other
     * one only when something in the configuration can cause it (no invariants, criteria or cancellation here).
     */
    private static Set<Class<? extends Termination>> possibleEnds(List<Plan> plans, Limits limits) {
        Set<Kind> kinds = EnumSet.noneOf(Kind.class);
        plans.forEach(plan -> kinds.add(plan.kind()));
        Set<Class<? extends Termination>> possible = new HashSet<>(
                List.of(Termination.Converged.class, Termination.MaxIterationsReached.class));
        if (limits.maxFacts() != null) {
            possible.add(Termination.FactBudgetExhausted.class);
        }
        if (limits.tokens() != null && kinds.contains(Kind.TOKENS)) {
            possible.add(Termination.TokenBudgetExhausted.class);
        }
        if (limits.timed()) {
            possible.add(Termination.TimeBudgetExhausted.class);
        }
        if (limits.threshold() != null && limits.threshold() > 0.3 && kinds.contains(Kind.UNSURE)) {
            possible.add(Termination.HitlGatePending.class);
        }
        if (limits.gate() && limits.policy() == RejectionPolicy.END_RUN) {
            possible.add(Termination.PromotionRejected.class);
        }
        if (kinds.contains(Kind.THROW)) {
            possible.add(Termination.Failed.class);
        }
        if (kinds.contains(Kind.REFUSE)) {
            possible.add(Termination.AgentRefused.class);
        }
        return possible;
    }

    /** A termination with the live cause of a failure, so that an unexpected end says where it came from. */
    private static String describe(Termination termination) {
        if (termination instanceof Termination.Failed failed && failed.liveCause().isPresent()) {
            java.io.StringWriter trace = new java.io.StringWriter();
            failed.liveCause().get().printStackTrace(new java.io.PrintWriter(trace));
            return termination + "\n" + trace;
        }
        return termination.toString();
    }

    private static Built build(String name, Plan plan) {
        AtomicInteger calls = new AtomicInteger();
        ConvergenceAgent.Body body = switch (plan.kind()) {
            case CONSTANT, ONCE, READER -> (context, cycle) -> {
                List<ProposedFact> facts = new ArrayList<>();
                for (int k = 0; k < plan.keys(); k++) {
                    facts.add(ProposedFact.of(name + ".k" + k, "v" + context.size() % 2));
                }
                return Reply.propose(facts);
            };
            case COUNTER -> (context, cycle) -> Reply.propose(ProposedFact.of(name + ".n", cycle));
            case UNSURE -> (context, cycle) -> Reply.propose(new ProposedFact(name + ".u", plan.keys(), 0.3));
            case THROW -> (context, cycle) -> {
                throw new IllegalStateException(name + " threw");
            };
            case REFUSE -> (context, cycle) -> Reply.refuse("no");
            case TOKENS -> (context, cycle) -> new Reply.Propose(List.of(ProposedFact.of(name + ".t", cycle % 3)),
                    Usage.of(7, 3));
            case SLOW -> (context, cycle) -> {
                Thread.sleep(plan.keys() * 6L);
                return Reply.propose(ProposedFact.of(name + ".s", 1));
            };
        };
        Trigger trigger = switch (plan.kind()) {
            case ONCE -> Trigger.once();
            case READER -> Trigger.on("a0.n", "a0.k0", "a1.n");
            default -> Trigger.always();
        };
        ConvergenceAgent agent = ConvergenceAgent.of(name, trigger, (context, cycle) -> {
            calls.incrementAndGet();
            return body.propose(context, cycle);
        });
        return new Built(name, plan, agent, calls);
    }
}
