package dev.terminus.springboot;

import dev.terminus.Preconditions;
import dev.terminus.Termination;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunContext;
import dev.terminus.springboot.internal.TerminationTags;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Micrometer metrics of agent runs, with the names and attributes of the project's observability section:
 * <ul>
 *   <li>{@value #RUN_COMPLETED} (counter), once per run as it ends, tagged {@value #TERMINATION} (the termination's
 *       tag), {@value #CATEGORY} and {@value #OUTCOME};</li>
 *   <li>{@value #RUN_DURATION}, an {@link Observation} from the run's start to its end, with the same three
 *       low-cardinality key values; its handlers make it a timer of that name (Spring Boot's default meter handler),
 *       a span named {@code invoke_agent {agent}} (a tracing handler), or whatever the application registers. It is a
 *       child of the observation current when the run starts, such as the HTTP request's.</li>
 * </ul>
 * Every tag value comes from a bounded set (see {@link TerminationTags}): no reason, id or message is ever a tag. A run
 * paused at a gate counts once when it pauses ({@code HitlGatePending}) and once more when its resumption ends; each
 * duration is that part's. A run that never ends for this listener (an {@code Error} went through it) is not counted,
 * and its observation is dropped with its context. Thread-safe; one instance serves any number of agents.
 */
public final class TerminusRunMetrics implements AgentListener {
    /** The counter of ended runs. */
    public static final String RUN_COMPLETED = "terminus.run.completed";
    /** The observation (and timer) of a run's duration. */
    public static final String RUN_DURATION = "terminus.run.duration";
    /** The tag of the termination's case. */
    public static final String TERMINATION = "terminus.termination";
    /** The tag of the termination's category. */
    public static final String CATEGORY = "terminus.category";
    /** The tag of the run's outcome. */
    public static final String OUTCOME = "terminus.outcome";

    private final ObservationRegistry observations;
    private final MeterRegistry meters;
    private final TerminationTags tags = new TerminationTags();
    private final Map<RunContext, Observation> open = Collections.synchronizedMap(new WeakHashMap<>());
    private final ConcurrentHashMap<List<String>, Counter> counters = new ConcurrentHashMap<>();

    /**
     * @param observations where run observations go ({@link ObservationRegistry#NOOP} records no duration)
     * @param meters where the counter goes
     */
    public TerminusRunMetrics(ObservationRegistry observations, MeterRegistry meters) {
        this.observations = Preconditions.notNull(observations, "observations");
        this.meters = Preconditions.notNull(meters, "meters");
    }

    @Override
    public void onEvent(AgentEvent event) {
        // every event arrives with its run, below
    }

    @Override
    public void onEvent(RunContext run, AgentEvent event) {
        switch (event) {
            case AgentEvent.RunStarted started -> open.put(run, Observation
                    .createNotStarted(RUN_DURATION, observations)
                    .contextualName("invoke_agent " + started.agentName())
                    .start());
            case AgentEvent.RunTerminated terminated -> ended(open.remove(run), terminated);
            default -> { }
        }
    }

    private void ended(@Nullable Observation observation, AgentEvent.RunTerminated terminated) {
        Termination termination = terminated.result().termination();
        List<String> key = List.of(tags.tag(termination), TerminationTags.category(termination),
                terminated.result().outcome().name());
        counters.computeIfAbsent(key, k -> Counter.builder(RUN_COMPLETED)
                .description("Agent runs ended, by termination, category and outcome")
                .tags(TERMINATION, k.get(0), CATEGORY, k.get(1), OUTCOME, k.get(2))
                .register(meters)).increment();
        if (observation != null) {
            observation.lowCardinalityKeyValue(TERMINATION, key.get(0))
                    .lowCardinalityKeyValue(CATEGORY, key.get(1))
                    .lowCardinalityKeyValue(OUTCOME, key.get(2))
                    .stop();
        }
    }
}
