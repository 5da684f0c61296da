package dev.terminus.temporal;

import dev.terminus.agent.Usage;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import java.util.List;
import java.util.Map;

/**
 * The convergence runs whose workflow histories are recorded ({@link ConvergenceHistoryRecorder}) and replayed on
 * today's workflow ({@link RecordedConvergencesReplayTest}): one that converges, one stopped by its cycle cap.
 */
final class RecordedConvergences {
    /** The scenarios' names: each is an engine's name and a recorded history's file name. */
    static final List<String> NAMES = List.of("converged", "max-cycles");

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
                .build();
    }
}
