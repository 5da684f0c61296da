package dev.terminus.checkpoint;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.ChildRun;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random checkpoints: transcripts of the four message kinds, tool calls with nested JSON arguments, usage with its
 * parts inside its wholes, costs of every scale, durations at nanosecond precision, metadata, and sometimes the
 * runs of agents called as tools that ended before the pause (with plain JSON as their structured output).
 */
final class CheckpointArbitraries {
    private CheckpointArbitraries() {}

    /** Text of any Unicode characters, surrogate pairs included, but no lone surrogate (that is no text). */
    static Arbitrary<String> texts() {
        Arbitrary<String> plain = Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(12);
        Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(12)
                .map(s -> s.codePoints().filter(c -> c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE)
                        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString());
        Arbitrary<String> emoji = Arbitraries.of("☕", "😀 ok", "Grüße", "\"quoted\\\"", "line\nbreak\ttab",
                "\u0000");
        return Arbitraries.frequencyOf(
                Tuple.of(6, plain), Tuple.of(3, any), Tuple.of(1, emoji));
    }

    static Arbitrary<String> names() {
        return Arbitraries.strings().withCharRange('a', 'z').withChars('_').ofMinLength(1).ofMaxLength(10);
    }

    /** A JSON value as a JSON reader gives it back: Integer, Long beyond int, finite Double, and so on. */
    static Arbitrary<Object> jsonValues(int depth) {
        Arbitrary<Object> scalar = Arbitraries.oneOf(
                texts().map(s -> (Object) s),
                Arbitraries.integers().map(i -> (Object) i),
                Arbitraries.longs().filter(l -> l != (int) (long) l).map(l -> (Object) l),
                Arbitraries.doubles().map(d -> (Object) d),
                Arbitraries.of(true, false).map(b -> (Object) b));
        Arbitrary<Object> withNull = scalar.injectNull(0.05);
        if (depth == 0) {
            return withNull;
        }
        return Arbitraries.frequencyOf(
                Tuple.of(6, withNull),
                Tuple.of(1, jsonValues(depth - 1).list().ofMaxSize(3).map(l -> (Object) l)),
                Tuple.of(1, arguments(depth - 1).map(m -> (Object) m)));
    }

    static Arbitrary<Map<String, Object>> arguments(int depth) {
        return Arbitraries.maps(texts(), jsonValues(depth)).ofMaxSize(3);
    }

    static Arbitrary<ToolCall> toolCalls() {
        Arbitrary<String> ids = Arbitraries.strings().alpha().numeric().ofMaxLength(8).map(s -> "call_" + s);
        return Combinators.combine(ids, names(), arguments(2)).as(ToolCall::new);
    }

    static Arbitrary<Message> messages() {
        return Arbitraries.oneOf(
                texts().map(Message.System::new),
                texts().map(Message.User::new),
                Combinators.combine(texts(), toolCalls().list().ofMaxSize(3)).as(Message.Assistant::new),
                Combinators.combine(texts(), names().injectNull(0.3), texts(), Arbitraries.of(true, false))
                        .as(Message.ToolResult::new));
    }

    static Arbitrary<Usage> usages() {
        Arbitrary<Long> counts = Arbitraries.oneOf(Arbitraries.longs().between(0, 100_000),
                Arbitraries.longs().between(0, Long.MAX_VALUE));
        Arbitrary<Double> shares = Arbitraries.doubles().between(0, 1);
        return Combinators.combine(counts, counts, shares, shares)
                .as((input, output, cachedShare, reasoningShare) -> new Usage(input, output,
                        Math.min(input, (long) (input * cachedShare)),
                        Math.min(output, (long) (output * reasoningShare))));
    }

    /** Non-negative amounts of any scale from -20 to 40, and of up to 40 digits. */
    static Arbitrary<BigDecimal> costs() {
        Arbitrary<BigInteger> unscaled = Arbitraries.oneOf(Arbitraries.bigIntegers().between(BigInteger.ZERO,
                BigInteger.valueOf(10_000)), Arbitraries.bigIntegers().between(BigInteger.ZERO, BigInteger.TEN.pow(40)));
        return Combinators.combine(unscaled, Arbitraries.integers().between(-20, 40)).as(BigDecimal::new);
    }

    /** Durations to the nanosecond, up to about 300 years; negative ones only where a checkpoint allows them. */
    static Arbitrary<Duration> durations(boolean negative) {
        return Combinators.combine(Arbitraries.longs().between(negative ? -10_000_000_000L : 0, 10_000_000_000L),
                Arbitraries.longs().between(0, 999_999_999)).as(Duration::ofSeconds);
    }

    static Arbitrary<IterationRecord> iterationRecords() {
        return Combinators.combine(Arbitraries.integers().greaterOrEqual(0), usages(),
                Arbitraries.integers().greaterOrEqual(0), Arbitraries.of(FinishReason.class).injectNull(0.2),
                durations(false)).as(IterationRecord::new);
    }

    private record Counters(int iteration, int toolCalls, Usage usage, List<IterationRecord> iterations,
            Duration elapsed, int mistakes, int repairs, boolean finalizing) {}

    private static Arbitrary<Counters> counters() {
        Arbitrary<Integer> counts = Arbitraries.oneOf(Arbitraries.integers().between(0, 50),
                Arbitraries.integers().greaterOrEqual(0));
        return Combinators.combine(counts.map(i -> Math.max(1, i)), counts, usages(),
                iterationRecords().list().ofMaxSize(4), durations(false), counts, counts, Arbitraries.of(true, false))
                .as(Counters::new);
    }

    /** Results of agents called as tools, with children of their own down to {@code depth} levels. */
    static Arbitrary<RunResult> childResults(int depth) {
        Arbitrary<Termination> terminations = Arbitraries.of(new Termination.NaturalCompletion(),
                new Termination.MaxIterationsReached(5, 5), new Termination.Cancelled("parent"),
                new Termination.TimeBudgetExhausted(1_200, 1_000),
                new Termination.Failed(new ErrorInfo("java.io.IOException", "unreachable", ErrorCategory.EXTERNAL)));
        Arbitrary<RunResult> figures = Combinators.combine(terminations, Arbitraries.of(Outcome.class),
                        messages().list().ofMaxSize(3), iterationRecords().list().ofMaxSize(2), usages(), costs(),
                        Arbitraries.integers().greaterOrEqual(0), durations(false))
                .as((end, outcome, transcript, records, usage, cost, calls, duration) -> RunResult.builder()
                        .termination(end).outcome(outcome).transcript(transcript).iterations(records).usage(usage)
                        .costUsd(cost).toolCalls(calls).duration(duration).build());
        Arbitrary<List<ChildRun>> children = depth == 0 ? Arbitraries.just(List.of())
                : childRuns(depth - 1).list().ofMaxSize(1);
        return Combinators.combine(figures, texts().injectNull(0.3), arguments(1).map(m -> (Object) m).injectNull(0.5),
                        names().injectNull(0.2), children)
                .as((result, answer, output, agent, kids) -> result.toBuilder().finalAnswer(answer)
                        .structuredOutput(output).agentName(agent).children(kids).build());
    }

    static Arbitrary<ChildRun> childRuns(int depth) {
        return Combinators.combine(names(), Arbitraries.integers().between(0, 50), childResults(depth))
                .as(ChildRun::new);
    }

    /** Checkpoints of an approval gate, one in four with the children that ended before the pause. */
    static Arbitrary<Checkpoint> checkpoints() {
        Arbitrary<List<ChildRun>> children = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(List.of())),
                Tuple.of(1, childRuns(1).list().ofMinSize(1).ofMaxSize(2)));
        return Combinators.combine(checkpointsWithoutChildren(), children).as((c, kids) -> new Checkpoint(
                c.formatVersion(), c.gate(), c.agentName(), c.modelName(), c.configFingerprint(), c.pendingCall(),
                c.remainingCalls(), c.transcript(), c.iteration(), c.toolCalls(), c.usage(), c.costUsd(),
                c.iterations(), c.elapsed(), c.consecutiveMistakes(), c.repairsUsed(), c.finalizing(), c.metadata(),
                c.inputRequest(), c.inputAnswers(), c.child(), kids));
    }

    private static Arbitrary<Checkpoint> checkpointsWithoutChildren() {
        return toolCalls().flatMap(pending -> {
            Arbitrary<Termination.HitlGatePending> gate = Combinators.combine(
                    Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(20), texts(), names(),
                    Arbitraries.integers().greaterOrEqual(0))
                    .as((id, summary, agent, cycle) -> new Termination.HitlGatePending(id, pending.id(), summary,
                            agent, cycle));
            Arbitrary<Map<String, String>> metadata = Arbitraries.maps(texts(), texts()).ofMaxSize(4);
            return Combinators.combine(gate, names(), texts(), toolCalls().list().ofMaxSize(3),
                            messages().list().ofMaxSize(8), counters(), costs(), metadata)
                    .as((g, agent, fingerprint, remaining, transcript, n, cost, meta) -> new Checkpoint(
                            Checkpoint.FORMAT_VERSION, g, agent, agent + "-model", fingerprint, pending, remaining,
                            transcript, n.iteration(), n.toolCalls(), n.usage(), cost, n.iterations(), n.elapsed(),
                            n.mistakes(), n.repairs(), n.finalizing(), meta));
        });
    }
}
