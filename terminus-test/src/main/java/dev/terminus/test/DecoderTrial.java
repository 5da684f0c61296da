package dev.terminus.test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The oracle of a decoder fed {@link HostileInputs}: every input decodes, or fails with the one exception type the
 * decoder documents and a message; anything else (another exception, an error such as {@link StackOverflowError}, a
 * documented exception without a message, a decoded value that fails the caller's check) is a violation, kept with
 * the input that caused it. Counts what it saw by {@link HostileInputs.Kind}, for the run's figures. Not thread-safe.
 *
 * {@snippet :
 * // given: CheckpointJson json; List<HostileInputs.Input> inputs; void roundTrip(Checkpoint decoded)
 * DecoderTrial trial = DecoderTrial.of("checkpoint", CheckpointFormatException.class);
 * inputs.forEach(input -> trial.decode(input, bytes -> json.read(bytes), checkpoint -> roundTrip(checkpoint)));
 * trial.assertOnlyDocumentedOutcomes();
 * }
 */
public final class DecoderTrial {

    /**
     * A decoder under trial.
     *
     * @param <T> what it decodes to
     */
    @FunctionalInterface
    public interface Decoder<T> {
        /**
         * @param input the bytes to decode
         * @return the decoded value
         * @throws Exception the documented exception (any other is a violation)
         */
        T decode(byte[] input) throws Exception;
    }

    /**
     * A check of what was decoded, such as a round trip.
     *
     * @param <T> what was decoded
     */
    @FunctionalInterface
    public interface Check<T> {
        /**
         * @param decoded the decoded value
         * @throws Exception when it is wrong (a violation)
         */
        void check(T decoded) throws Exception;
    }

    private static final int KEPT_VIOLATIONS = 20;

    private final String decoder;
    private final Class<? extends Throwable> documented;
    private final Map<HostileInputs.Kind, int[]> counts = new EnumMap<>(HostileInputs.Kind.class);
    private final Map<String, Integer> otherTypes = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();
    private int tried;
    private int violationCount;

    private DecoderTrial(String decoder, Class<? extends Throwable> documented) {
        this.decoder = decoder;
        this.documented = documented;
    }

    /**
     * @param decoder how the figures name the decoder
     * @param documented the exception type the decoder documents for input it refuses (its subtypes count as it)
     * @return a trial with nothing tried yet
     */
    public static DecoderTrial of(String decoder, Class<? extends Throwable> documented) {
        return new DecoderTrial(decoder, documented);
    }

    /**
     * Decodes one input without a check of what it decoded.
     *
     * @param input the input
     * @param decoder the decoder
     * @param <T> what it decodes to
     */
    public <T> void decode(HostileInputs.Input input, Decoder<T> decoder) {
        decode(input, decoder, decoded -> {});
    }

    /**
     * Decodes one input, and checks what it decoded.
     *
     * @param input the input
     * @param decoder the decoder
     * @param check what a decoded value must pass
     * @param <T> what it decodes to
     */
    public <T> void decode(HostileInputs.Input input, Decoder<T> decoder, Check<T> check) {
        tried++;
        int[] count = counts.computeIfAbsent(input.kind(), kind -> new int[2]);
        T decoded;
        try {
            decoded = decoder.decode(input.bytes());
        } catch (Throwable thrown) {
            if (documented.isInstance(thrown) && thrown.getMessage() != null && !thrown.getMessage().isBlank()) {
                count[1]++;
            } else {
                violation(input, documented.isInstance(thrown) ? "threw without a message" : "threw", thrown);
            }
            return;
        }
        count[0]++;
        try {
            check.check(decoded);
        } catch (Throwable thrown) {
            violation(input, "decoded, then failed its check", thrown);
        }
    }

    private void violation(HostileInputs.Input input, String what, Throwable thrown) {
        violationCount++;
        otherTypes.merge(thrown.getClass().getName(), 1, Integer::sum);
        if (violations.size() < KEPT_VIOLATIONS) {
            String at = java.util.Arrays.stream(thrown.getStackTrace())
                    .filter(frame -> frame.getClassName().startsWith("dev.terminus.")).findFirst()
                    .map(frame -> " at " + frame).orElse("");
            violations.add(decoder + ": " + input.describe() + " " + what + " " + thrown + at);
        }
    }

    /**
     * Prints the {@link #summary()} (a run's figures are read from the output) and asserts that every input decoded
     * or failed with the documented exception, and that no input had {@link HostileInputs.Canary} initialized.
     *
     * @throws AssertionError naming the first violations
     */
    public void assertOnlyDocumentedOutcomes() {
        System.out.println(summary());
        org.assertj.core.api.Assertions.assertThat(violations()).as(summary()).isEmpty();
        org.assertj.core.api.Assertions.assertThat(HostileInputs.canaryInitialized())
                .as("a class named in the input was initialized").isFalse();
    }

    /** @return how many inputs were tried */
    public int tried() {
        return tried;
    }

    /** @return the first violations (at most 20), each naming the input and what it threw */
    public List<String> violations() {
        return List.copyOf(violations);
    }

    /** @return how many inputs violated the oracle, in all */
    public int violationCount() {
        return violationCount;
    }

    /**
     * @return one line of figures: the decoder, the inputs tried, decoded and refused by kind, and the violations by
     *     exception type
     */
    public String summary() {
        StringBuilder line = new StringBuilder("hostile inputs, " + decoder + ": " + tried + " tried");
        counts.forEach((kind, count) -> line.append(", ").append(kind.name().toLowerCase(java.util.Locale.ROOT))
                .append(' ').append(count[0]).append(" decoded/").append(count[1]).append(" refused"));
        line.append("; ").append(violationCount).append(" other outcomes").append(otherTypes.isEmpty() ? "" : " " + otherTypes);
        return line.toString();
    }
}
