package dev.terminus.springboot;

import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.springboot.internal.TerminationTags;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the runs that ended since the application started, by termination tag and by category: what the
 * {@code terminus} Actuator endpoint shows. A listener of the auto-configured agent; add it to agents the application
 * builds itself to count theirs too. Tags are bounded as the metrics' are ({@link TerminusRunMetrics}), so the counts
 * stay few whatever the runs end with. A run paused at a gate counts once when it pauses ({@code HitlGatePending}) and
 * once more when its resumption ends. Thread-safe.
 */
public final class RunCounts implements AgentListener {
    private final TerminationTags tags = new TerminationTags();
    private final ConcurrentHashMap<String, LongAdder> byTermination = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> byCategory = new ConcurrentHashMap<>();
    private final LongAdder total = new LongAdder();

    /** Counts with a bound of its own on extension tags. */
    public RunCounts() {}

    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.RunTerminated terminated) {
            record(terminated.result().termination());
        }
    }

    /** @param termination how a run ended */
    void record(Termination termination) {
        byTermination.computeIfAbsent(tags.tag(termination), tag -> new LongAdder()).increment();
        byCategory.computeIfAbsent(TerminationTags.category(termination), category -> new LongAdder()).increment();
        total.increment();
    }

    /** @return the runs ended so far */
    public long total() {
        return total.sum();
    }

    /** @return the runs ended so far by termination tag, sorted by tag */
    public Map<String, Long> byTermination() {
        return snapshot(byTermination);
    }

    /** @return the runs ended so far by category, sorted by category */
    public Map<String, Long> byCategory() {
        return snapshot(byCategory);
    }

    private static Map<String, Long> snapshot(Map<String, LongAdder> counts) {
        Map<String, Long> copy = new TreeMap<>();
        counts.forEach((key, count) -> copy.put(key, count.sum()));
        return copy;
    }
}
