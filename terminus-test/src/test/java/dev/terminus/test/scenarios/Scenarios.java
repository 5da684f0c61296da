package dev.terminus.test.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/** Shared tools, listeners and transcript helpers of the scenario tests. */
final class Scenarios {
    /** A retry policy with tiny backoffs, so retry scenarios take milliseconds. */
    static final RetryPolicy TINY_RETRIES = new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private Scenarios() {}

    /** A tool that answers {@code <name>:<x>} and counts its calls. */
    static Tool echo(String name, AtomicInteger calls) {
        return Tools.of(name, "Echoes its argument x", (args, run) -> {
            calls.incrementAndGet();
            return name + ":" + args.get("x");
        });
    }

    /** A tool that answers {@code <name>:<x>}. */
    static Tool echo(String name) {
        return echo(name, new AtomicInteger());
    }

    /** A tool that always fails with an {@link IllegalStateException}. */
    static Tool failing(String name) {
        return Tools.of(name, "Always fails", (args, run) -> {
            throw new IllegalStateException(name + " is broken");
        });
    }

    /** @return a map of alternating keys and values */
    static Map<String, @Nullable Object> args(Object... keysAndValues) {
        Map<String, @Nullable Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** @return the tool results of the transcript, in order */
    static List<Message.ToolResult> toolResults(RunResult result) {
        List<Message.ToolResult> results = new ArrayList<>();
        for (Message message : result.transcript()) {
            if (message instanceof Message.ToolResult toolResult) {
                results.add(toolResult);
            }
        }
        return results;
    }

    /** @return the tool calls of the transcript, in order */
    static List<ToolCall> toolCalls(RunResult result) {
        List<ToolCall> calls = new ArrayList<>();
        for (Message message : result.transcript()) {
            if (message instanceof Message.Assistant assistant) {
                calls.addAll(assistant.toolCalls());
            }
        }
        return calls;
    }

    /** @return the one result of the call with this id */
    static Message.ToolResult resultOf(RunResult result, String callId) {
        List<Message.ToolResult> matching = toolResults(result).stream()
                .filter(r -> r.toolCallId().equals(callId)).toList();
        assertThat(matching).as("results of call %s", callId).hasSize(1);
        return matching.getFirst();
    }

    /** Asserts the stronger transcript invariant: every call the model made has exactly one result. */
    static void assertEveryCallAnsweredOnce(RunResult result) {
        Map<String, Integer> answered = new HashMap<>();
        toolResults(result).forEach(r -> answered.merge(r.toolCallId(), 1, Integer::sum));
        List<String> asked = toolCalls(result).stream().map(ToolCall::id).toList();
        for (String id : asked) {
            assertThat(answered.getOrDefault(id, 0)).as("results of call %s", id).isEqualTo(1);
        }
        assertThat(answered.keySet()).as("every result answers a call").isSubsetOf(asked);
    }

    /** @return the usage summed over the result's iterations */
    static Usage usageOverIterations(RunResult result) {
        Usage sum = Usage.ZERO;
        for (IterationRecord record : result.iterations()) {
            sum = sum.plus(record.usage());
        }
        return sum;
    }

    /** @return the last user message of a transcript */
    static String lastUserMessage(List<Message> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof Message.User user) {
                return user.content();
            }
        }
        throw new AssertionError("no user message in " + messages);
    }

    /** A listener that records every event, thread-safely. */
    static final class Recorder implements AgentListener {
        final List<AgentEvent> events = new CopyOnWriteArrayList<>();

        @Override
        public void onEvent(AgentEvent event) {
            events.add(event);
        }

        List<Class<?>> types() {
            return events.stream().<Class<?>>map(Object::getClass).toList();
        }

        <T extends AgentEvent> List<T> of(Class<T> type) {
            return events.stream().filter(type::isInstance).map(type::cast).toList();
        }
    }

    /**
     * Waits (up to 5 s) for a latch a tool counts down on its own thread: an interrupted tool notices its interrupt on
     * that thread, possibly just after the run has returned.
     */
    static void assertCountedDown(CountDownLatch latch) throws InterruptedException {
        assertThat(latch.await(5, TimeUnit.SECONDS)).as("counted down within 5 s").isTrue();
    }
}
