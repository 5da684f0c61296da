package dev.terminus.test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Hostile inputs for a decoder, made from valid documents of its format: the documents mutated (fields dropped,
 * retyped, renamed, the text cut, bytes flipped), random JSON over the documents' own field names and values, random
 * bytes, deep nesting (up to 100,000 levels), huge numbers and strings ({@code 1e400}, a 100,000-digit integer, one
 * 10 MB string per 10,000 inputs), duplicate keys, and class names where a decoder with default typing would read
 * one ({@code "@class"}, {@code "@type"}, wrapper arrays), naming {@link Canary}.
 *
 * <p>The same seed makes the same inputs, so a failure is reproduced from the seed and the input's index.
 *
 * {@snippet :
 * // given: CheckpointJson json; String validJson
 * HostileInputs hostile = HostileInputs.from(List.of(validJson));
 * DecoderTrial trial = DecoderTrial.of("checkpoint", CheckpointFormatException.class);
 * hostile.generate(ReliabilityScale.times(20_000), 42).forEach(input -> trial.decode(input, json::read));
 * trial.assertOnlyDocumentedOutcomes();
 * }
 */
public final class HostileInputs {

    /** What kind of hostile input an {@link Input} is. */
    public enum Kind {
        /** A valid document with one to three edits of its tree or its text. */
        MUTATED,
        /** A random JSON value over the documents' field names and values. */
        RANDOM_JSON,
        /** Random bytes: any byte, or JSON's punctuation. */
        RANDOM_BYTES,
        /** Arrays or objects nested 500 to 100,000 levels, alone or in place of a value of a valid document. */
        DEEP_NESTING,
        /** A value of a valid document replaced by a huge or out-of-range number, or a long string. */
        HUGE_VALUES,
        /** A valid document with a field repeated, with the same or another value. */
        DUPLICATE_KEYS,
        /** A valid document naming a class to instantiate, as default typing would read it. */
        CLASS_NAMES
    }

    /**
     * One hostile input.
     *
     * @param kind what kind of input it is
     * @param index its position in the generated sequence (with the seed, it reproduces the input)
     * @param bytes the input
     */
    public record Input(Kind kind, int index, byte[] bytes) {
        /** @return the bytes as UTF-8 text (malformed sequences replaced) */
        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        /** @return the kind, the index and the first 300 characters of the text, for a failure's message */
        public String describe() {
            String text = text();
            return kind + " #" + index + " (" + bytes.length + " bytes): "
                    + (text.length() > 300 ? text.substring(0, 300) + "…" : text);
        }
    }

    /** The binary name of {@link Canary}, the class hostile documents ask a decoder to instantiate. */
    public static final String CANARY_CLASS = "dev.terminus.test.HostileInputs$Canary";

    private static final AtomicBoolean CANARY_INITIALIZED = new AtomicBoolean();
    private static final ObjectMapper TREES = new ObjectMapper();
    private static final int HUGE_STRING_EVERY = 10_000;

    private final List<JsonNode> documents;
    private final JsonEdits edits;

    private HostileInputs(List<JsonNode> documents) {
        this.documents = documents;
        this.edits = new JsonEdits(documents);
    }

    /**
     * @param validDocuments documents the decoder reads, as JSON text; at least one
     * @return a generator of hostile inputs made from them
     * @throws IllegalArgumentException when there is none, or one is not JSON
     */
    public static HostileInputs from(List<String> validDocuments) {
        if (validDocuments.isEmpty()) {
            throw new IllegalArgumentException("validDocuments must hold at least one document");
        }
        List<JsonNode> trees = new ArrayList<>();
        for (String document : validDocuments) {
            try {
                trees.add(TREES.readTree(document));
            } catch (IOException e) {
                throw new IllegalArgumentException("validDocuments holds text that is not JSON: " + e.getMessage(), e);
            }
        }
        return new HostileInputs(List.copyOf(trees));
    }

    /** @return whether {@link Canary} was ever initialized in this JVM (as any instantiation of it does) */
    public static boolean canaryInitialized() {
        return CANARY_INITIALIZED.get();
    }

    /**
     * @param count how many inputs, for instance {@code ReliabilityScale.times(20_000)}
     * @param seed the seed: the same seed and count make the same inputs
     * @return the inputs, made one by one as the stream is consumed, every {@link Kind} among them
     */
    public Stream<Input> generate(int count, long seed) {
        return IntStream.range(0, count).mapToObj(index -> input(index, new SplittableRandom(seed * 1_000_003L + index)));
    }

    private Input input(int index, SplittableRandom random) {
        if (index % HUGE_STRING_EVERY == HUGE_STRING_EVERY / 2) {
            return new Input(Kind.HUGE_VALUES, index, utf8(edits.withRawValue(document(random), random,
                    TREES.getNodeFactory().textNode("x".repeat(10 * 1024 * 1024)).toString())));
        }
        int roll = random.nextInt(100);
        Kind kind = roll < 40 ? Kind.MUTATED : roll < 55 ? Kind.RANDOM_JSON : roll < 63 ? Kind.RANDOM_BYTES
                : roll < 68 ? Kind.DEEP_NESTING : roll < 80 ? Kind.HUGE_VALUES : roll < 90 ? Kind.DUPLICATE_KEYS
                : Kind.CLASS_NAMES;
        byte[] bytes = switch (kind) {
            case MUTATED -> edits.mutated(document(random), random);
            case RANDOM_JSON -> utf8(edits.randomJson(random));
            case RANDOM_BYTES -> randomBytes(random);
            case DEEP_NESTING -> utf8(deepNesting(random));
            case HUGE_VALUES -> utf8(edits.withRawValue(document(random), random, hugeValue(random)));
            case DUPLICATE_KEYS -> utf8(edits.withDuplicateKey(document(random), random));
            case CLASS_NAMES -> utf8(classNames(random));
        };
        return new Input(kind, index, bytes);
    }

    private JsonNode document(SplittableRandom random) {
        return documents.get(random.nextInt(documents.size())).deepCopy();
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(300)];
        String punctuation = "{}[]\":,0123456789.eE+-tfnulrase \\\n\t";
        boolean jsonish = random.nextBoolean();
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = jsonish ? (byte) punctuation.charAt(random.nextInt(punctuation.length()))
                    : (byte) random.nextInt(256);
        }
        return bytes;
    }

    private String deepNesting(SplittableRandom random) {
        int[] depths = {500, 999, 1000, 1001, 5_000, 100_000};
        int depth = depths[random.nextInt(depths.length)];
        boolean objects = random.nextBoolean();
        String open = objects ? "{\"a\":" : "[";
        String close = objects ? "}" : "]";
        String inner = objects ? "1" : "";
        String closing = random.nextInt(4) == 0 ? "" : close.repeat(depth);
        String nested = open.repeat(depth) + inner + closing;
        return random.nextBoolean() ? nested : edits.withRawValue(document(random), random, nested);
    }

    private static String hugeValue(SplittableRandom random) {
        return switch (random.nextInt(16)) {
            case 0 -> "1e400";
            case 1 -> "-1e400";
            case 2 -> "1e-400";
            case 3 -> "9".repeat(100_000);
            case 4 -> "-" + "9".repeat(1_000);
            case 5 -> "9".repeat(999);
            case 6 -> "9223372036854775808";
            case 7 -> "-9223372036854775809";
            case 8 -> "2147483648";
            case 9 -> "1e2147483648";
            case 10 -> "1E-2147483649";
            case 11 -> "0." + "0".repeat(2_000) + "1";
            case 12 -> "-0.0";
            case 13 -> "\"" + "y".repeat(100_000) + "\"";
            case 14 -> "\"" + "\\uD83D\\uDE00".repeat(20_000) + "\"";
            default -> "1" + "0".repeat(400) + ".5e-10";
        };
    }

    private String classNames(SplittableRandom random) {
        String name = switch (random.nextInt(4)) {
            case 0, 1 -> CANARY_CLASS;
            case 2 -> "java.lang.Runtime";
            default -> "java.lang.ProcessBuilder";
        };
        String quoted = TREES.getNodeFactory().textNode(name).toString();
        JsonNode document = document(random);
        return switch (random.nextInt(6)) {
            case 0 -> "[" + quoted + "," + document + "]";
            case 1 -> "{" + quoted + ":" + document + "}";
            case 2 -> edits.withRawValue(document, random, quoted);
            case 3 -> edits.withRawValue(document, random, "[" + quoted + ",{}]");
            default -> edits.withRawEntry(document, random,
                    new String[] {"@class", "@type", "type", "$kind", "@c", "class"}[random.nextInt(6)], quoted);
        };
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The class hostile documents name ({@link #CANARY_CLASS}): initializing it, as instantiating it does, is recorded
     * and seen by {@link #canaryInitialized()}. No decoder may ever do it.
     */
    public static final class Canary {
        static {
            CANARY_INITIALIZED.set(true);
        }

        /** The constructor a decoder instantiating classes by name would call. */
        public Canary() {}
    }
}
