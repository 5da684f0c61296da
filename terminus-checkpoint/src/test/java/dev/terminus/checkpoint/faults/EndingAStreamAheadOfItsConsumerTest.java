package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.RunStream;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run that ends on a guard publishes its last events, {@code GuardTripped} then {@code RunTerminated}, without
 * waiting for its stream's consumer: the result is made, nothing is left to hold back. The streamed fault schedules
 * found runs whose {@code GuardTripped} waited for room in a full buffer while the consumer paused; when the run had
 * been stopped, its supervisor's grace ran out meanwhile and the stream gave its result before the agent's listeners
 * had heard {@code RunTerminated}.
 */
@Timeout(30)
class EndingAStreamAheadOfItsConsumerTest {

    @Test
    void aRunThatEndsOnAGuardWhileItsConsumerReadsNothingPublishesItsLastEventsAndEnds() throws Exception {
        // given: a run that calls a tool, then ends MaxIterationsReached; a buffer with room for exactly the events
        // before its last ones, which the consumer does not read yet
        int before = eventsBeforeTheLast();
        List<AgentEvent> heard = new CopyOnWriteArrayList<>();
        Agent agent = toolThenCap(heard);

        // when
        List<AgentEvent> shown = new ArrayList<>();
        RunResult result;
        try (RunStream stream = agent.stream("echo", before)) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!stream.isDone() && System.nanoTime() < end) {
                Thread.sleep(1);
            }
            assertThat(stream.isDone()).as("the run ended while its consumer read nothing").isTrue();
            assertThat(heard.getLast()).as("the last event the agent's listener heard by then")
                    .isInstanceOf(AgentEvent.RunTerminated.class);
            stream.forEach(shown::add);
            result = stream.result();
        }

        // then
        assertThat(result.termination()).isEqualTo(new Termination.MaxIterationsReached(1, 1));
        assertThat(shown).containsExactlyElementsOf(heard);
        assertThat(shown.subList(before, shown.size())).containsExactly(
                new AgentEvent.GuardTripped(agent.config().name(), 1, result.termination()),
                new AgentEvent.RunTerminated(agent.config().name(), result));
    }

    /** @return how many events the run publishes before its last two, read by a consumer that keeps up */
    private static int eventsBeforeTheLast() {
        List<AgentEvent> events = new ArrayList<>();
        try (RunStream stream = toolThenCap(new ArrayList<>()).stream("echo")) {
            stream.forEach(events::add);
        }
        assertThat(events.get(events.size() - 2)).isInstanceOf(AgentEvent.GuardTripped.class);
        return events.size() - 2;
    }

    private static Agent toolThenCap(List<AgentEvent> heard) {
        return Agent.builder(ScriptedModel.builder().toolCall("echo", Map.of("text", "hi")).build())
                .tool(Tools.of("echo", "echoes", (args, run) -> args.get("text")))
                .config(AgentConfig.custom().maxIterations(1).build())
                .listener(new AgentListener() {
                    @Override
                    public void onEvent(AgentEvent event) {
                        heard.add(event);
                    }

                    @Override
                    public boolean receivesStreamEvents() {
                        return true;
                    }
                })
                .build();
    }
}
