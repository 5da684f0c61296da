package dev.terminus.temporal;

import dev.terminus.agent.Usage;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The convergence runs whose workflow histories are recorded ({@link ConvergenceHistoryRecorder}) and replayed on
 * today's workflow ({@link RecordedConvergencesReplayTest}): one that converges, one stopped by its cycle cap, and
 * from {@value #GATED_SINCE} on one that pauses at an approval gate answered by the {@code answer} update.
 */
final class RecordedConvergences {
    /** The scenarios' names: each is an engine's name and a recorded history's file name. */
    static final List<String> NAMES = List.of("converged", "max-cycles");
    /** The scenario of a gate answered by the update: an engine's name and a history's file name. */
    static final String GATED = "gated";
    /** The day of the first recording that holds {@link #GATED}. */
    static final String GATED_SINCE = "2026-12-08";

    /** The input every scenario starts from. */
    static final Context INPUT = Context.of(Map.of("document", "INV-0042"));

    private static final ConvergenceAgent EXTRACTOR = ConvergenceAgent.of("extractor", Trigger.on("document"),
            (context, cycle) -> Reply.propose(new ProposedFact("invoice.number", "INV-0042", 0.9),
                    ProposedFact.of("total.cents", 119050L)));
    private static final ConvergenceAgent CHECKER = ConvergenceAgent.of("checker", Trigger.on("total.cents"),
            (context, cycle) -> context.contains("total.cents") ? Reply.propose(Map.of("checked", true))
                    : Reply.nothing());
    private static final ConvergenceAgent COUNTER = ConvergenceAgent.of("counter", Trigger.always(),
            (context, cycle) -> new Reply.Propose(List.of(ProposedFact.of("tick", cycle)), Usage.of(100, 50)));

    private static final List<ConvergenceAgent> GATED_AGENTS = List.of(
            ConvergenceAgent.of("extractor", Trigger.always(), (context, cycle) ->
                    Reply.propose(Map.of("invoice.number", "INV-0042"))),
            ConvergenceAgent.of("reader", Trigger.always(), (context, cycle) ->
                    Reply.propose(new ProposedFact("total.cents", 119050, 0.4))),
            ConvergenceAgent.of("checker", Trigger.on("total.cents"), (context, cycle) ->
                    Reply.propose(Map.of("checked", context.contains("total.cents")))));

    private RecordedConvergences() {}

    /** @return the recipes of every scenario */
    static ConvergenceRecipes recipes() {
        return ConvergenceRecipes.builder()
                .engine("converged", List.of(EXTRACTOR, CHECKER), materials -> ConvergenceEngine.builder()
                        .name("converged").agents(materials.agents().toArray(ConvergenceAgent[]::new))
                        .clock(materials.clock()).build())
                .engine("max-cycles", List.of(COUNTER), materials -> ConvergenceEngine.builder()
                        .name("max-cycles").agents(materials.agents().toArray(ConvergenceAgent[]::new))
                        .clock(materials.clock()).maxCycles(3).build())
                // a fact proposed under the confidence threshold waits at a gate for a person's approval
                .engine(GATED, GATED_AGENTS, materials -> ConvergenceEngine.builder()
                        .name(GATED).agents(materials.agents().toArray(ConvergenceAgent[]::new))
                        .clock(materials.clock()).confidenceThreshold(0.7).timeBudget(Duration.ofHours(1)).build())
                .build();
    }
}
