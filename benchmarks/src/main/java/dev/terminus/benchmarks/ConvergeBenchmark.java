package dev.terminus.benchmarks;

import dev.terminus.Termination;
import dev.terminus.converge.Context;
import dev.terminus.converge.ConvergenceAgent;
import dev.terminus.converge.ConvergenceEngine;
import dev.terminus.converge.ConvergenceResult;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.converge.Trigger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The engine's per-cycle overhead on a 1,000-fact, 50-cycle run of function agents: 10 agents that always run, each
 * proposing 100 facts per cycle. Run by hand: {@code java -jar benchmarks/target/benchmarks.jar ConvergeBenchmark}.
 *
 * <ul>
 *   <li>{@code changing}: every proposal carries the cycle number, so all 1,000 facts change (are merged) in every
 *       cycle and the run ends {@code MaxIterationsReached(50, 50)};</li>
 *   <li>{@code steady}: the 1,000 facts keep their values, so after the first cycle every proposal is a no-op, and a
 *       ticker agent changes one fact per cycle to keep the run going to the cap;</li>
 *   <li>{@code changingAgentsAlone} and {@code steadyAgentsAlone}: the same agent calls (for {@code steady}, the
 *       ticker's included) without the engine, the part of each run's figures that is the agents' own work.
 *       Per-cycle overhead = (run − its agentsAlone) / 50.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ConvergeBenchmark {
    static final int AGENTS = 10;
    static final int KEYS_PER_AGENT = 100;
    static final int CYCLES = 50;

    private ConvergenceEngine changing;
    private ConvergenceEngine steady;
    private List<ConvergenceAgent> changingAgents;
    private List<ConvergenceAgent> steadyAgents;

    @Setup
    public void setUp() {
        changingAgents = agents(true);
        steadyAgents = new ArrayList<>(agents(false));
        steadyAgents.add(ConvergenceAgent.of("ticker", Trigger.always(), (context, cycle) ->
                Reply.propose(ProposedFact.of("tick", cycle))));
        changing = engine(changingAgents);
        steady = engine(steadyAgents);
        for (ConvergenceEngine engine : List.of(changing, steady)) {
            Termination end = engine.run(Context.empty()).termination();
            if (!end.equals(new Termination.MaxIterationsReached(CYCLES, CYCLES))) {
                throw new IllegalStateException("the benchmark's run ends " + end);
            }
        }
    }

    private static List<ConvergenceAgent> agents(boolean changing) {
        List<ConvergenceAgent> agents = new ArrayList<>();
        for (int a = 0; a < AGENTS; a++) {
            List<String> keys = new ArrayList<>();
            for (int k = 0; k < KEYS_PER_AGENT; k++) {
                keys.add(String.format("agent%02d.fact%03d", a, k));
            }
            agents.add(ConvergenceAgent.of("agent" + a, Trigger.always(), (context, cycle) -> {
                List<ProposedFact> facts = new ArrayList<>(KEYS_PER_AGENT);
                for (String key : keys) {
                    facts.add(ProposedFact.of(key, changing ? cycle : 1));
                }
                return Reply.propose(facts);
            }));
        }
        return agents;
    }

    private static ConvergenceEngine engine(List<ConvergenceAgent> agents) {
        ConvergenceEngine.Builder builder = ConvergenceEngine.builder().maxCycles(CYCLES).maxFacts(2 * AGENTS
                * KEYS_PER_AGENT);
        agents.forEach(builder::agent);
        return builder.build();
    }

    @Benchmark
    public ConvergenceResult changing() {
        return changing.run(Context.empty());
    }

    @Benchmark
    public ConvergenceResult steady() {
        return steady.run(Context.empty());
    }

    @Benchmark
    public void changingAgentsAlone(Blackhole blackhole) throws Exception {
        callAlone(changingAgents, blackhole);
    }

    @Benchmark
    public void steadyAgentsAlone(Blackhole blackhole) throws Exception {
        callAlone(steadyAgents, blackhole);
    }

    /** The agents' own work in a run: each called once per cycle, its reply consumed so none is optimized away. */
    private static void callAlone(List<ConvergenceAgent> agents, Blackhole blackhole) throws Exception {
        Context context = Context.empty();
        for (int cycle = 1; cycle <= CYCLES; cycle++) {
            for (ConvergenceAgent agent : agents) {
                blackhole.consume(agent.propose(context, cycle));
            }
        }
    }
}
