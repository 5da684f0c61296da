package dev.terminus.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Termination;
import dev.terminus.jackson.TerminusModule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Encoding and decoding a termination through {@link TerminusModule} must take at most
 * 1.25 times as long as plain Jackson with hand-written {@code @JsonTypeInfo}/{@code @JsonSubTypes} on
 * equivalent records ({@link AnnotatedTermination}).
 *
 * <p>Both sides share one pre-built {@link ObjectMapper} (with the module registered; the module does not
 * touch the annotated types) and use an {@link ObjectWriter}/{@link ObjectReader} built once for their base
 * type, so neither pays a lookup the other does not. Encoding writes to a {@code byte[]}; decoding reads
 * the pre-encoded {@code byte[]}. The setup refuses to run unless, for the case, both sides write the same
 * JSON tree as the golden vector and each side reads its bytes back to an equal value.
 *
 * <p>{@link #decodeBare()} is informational: the same annotated records without constructors
 * ({@link BareTermination}), to show what the values' own checks and copies cost on a read.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class WireFormatBenchmark {

    /** The case: a {@link WireCase} name. */
    @Param({"NaturalCompletion", "MaxIterationsReached", "NoProgress", "Custom"})
    public String caseName;

    private ObjectWriter terminusWriter;
    private ObjectReader terminusReader;
    private ObjectWriter annotatedWriter;
    private ObjectReader annotatedReader;
    private ObjectReader bareReader;

    private Termination terminusValue;
    private AnnotatedTermination annotatedValue;
    private byte[] terminusBytes;
    private byte[] annotatedBytes;
    private BareTermination bareValue;
    private byte[] bareBytes;

    /**
     * Builds the shared mapper, the writers and readers, the values and their encodings, and checks that the
     * comparison is fair.
     *
     * @throws IOException never, unless a side cannot write or read its case
     */
    @Setup
    public void setUp() throws IOException {
        ObjectMapper mapper = JsonMapper.builder().addModule(new TerminusModule()).build();
        terminusWriter = mapper.writerFor(Termination.class);
        terminusReader = mapper.readerFor(Termination.class);
        annotatedWriter = mapper.writerFor(AnnotatedTermination.class);
        annotatedReader = mapper.readerFor(AnnotatedTermination.class);
        bareReader = mapper.readerFor(BareTermination.class);

        WireCase wireCase = WireCase.valueOf(caseName);
        terminusValue = wireCase.terminus();
        annotatedValue = wireCase.annotated();
        terminusBytes = terminusWriter.writeValueAsBytes(terminusValue);
        annotatedBytes = annotatedWriter.writeValueAsBytes(annotatedValue);
        bareValue = wireCase.bare();
        bareBytes = mapper.writerFor(BareTermination.class).writeValueAsBytes(bareValue);

        JsonNode golden = mapper.readTree(wireCase.json());
        JsonNode terminusTree = mapper.readTree(terminusBytes);
        JsonNode annotatedTree = mapper.readTree(annotatedBytes);
        require(golden.equals(terminusTree), "Terminus does not write the golden vector", terminusBytes);
        require(golden.equals(annotatedTree), "the annotated baseline does not write the golden vector", annotatedBytes);
        require(golden.equals(mapper.readTree(bareBytes)), "the bare baseline does not write the golden vector", bareBytes);
        require(terminusValue.equals(terminusReader.readValue(terminusBytes)),
                "Terminus does not read its bytes back to an equal value", terminusBytes);
        require(annotatedValue.equals(annotatedReader.readValue(annotatedBytes)),
                "the annotated baseline does not read its bytes back to an equal value", annotatedBytes);
        require(bareValue.equals(bareReader.readValue(bareBytes)),
                "the bare baseline does not read its bytes back to an equal value", bareBytes);
        // Each side also reads the other's bytes: it is one wire format.
        require(terminusValue.equals(terminusReader.readValue(annotatedBytes)),
                "Terminus does not read the baseline's bytes", annotatedBytes);
        require(annotatedValue.equals(annotatedReader.readValue(terminusBytes)),
                "the annotated baseline does not read Terminus's bytes", terminusBytes);
        if (!Arrays.equals(terminusBytes, annotatedBytes) || !Arrays.equals(terminusBytes, bareBytes)) {
            System.err.println("note: same JSON tree but different bytes for " + caseName + ":\n  terminus:  "
                    + new String(terminusBytes, StandardCharsets.UTF_8) + "\n  annotated: "
                    + new String(annotatedBytes, StandardCharsets.UTF_8) + "\n  bare:      "
                    + new String(bareBytes, StandardCharsets.UTF_8));
        }
    }

    private void require(boolean condition, String what, byte[] json) {
        if (!condition) {
            throw new IllegalStateException("Unfair comparison for " + caseName + ": " + what + ": "
                    + new String(json, StandardCharsets.UTF_8));
        }
    }

    /**
     * Writes the case through {@link TerminusModule}.
     *
     * @return the JSON
     * @throws IOException never
     */
    @Benchmark
    public byte[] encodeTerminus() throws IOException {
        return terminusWriter.writeValueAsBytes(terminusValue);
    }

    /**
     * Writes the equivalent annotated record through plain Jackson.
     *
     * @return the JSON
     * @throws IOException never
     */
    @Benchmark
    public byte[] encodeAnnotated() throws IOException {
        return annotatedWriter.writeValueAsBytes(annotatedValue);
    }

    /**
     * Reads the case through {@link TerminusModule}.
     *
     * @return the value
     * @throws IOException never
     */
    @Benchmark
    public Termination decodeTerminus() throws IOException {
        return terminusReader.readValue(terminusBytes);
    }

    /**
     * Reads the equivalent annotated record through plain Jackson.
     *
     * @return the value
     * @throws IOException never
     */
    @Benchmark
    public AnnotatedTermination decodeAnnotated() throws IOException {
        return annotatedReader.readValue(annotatedBytes);
    }

    /**
     * Informational, not the target: reads the case into {@link BareTermination}, annotated records without
     * the checks and copies of the framework's constructors.
     *
     * @return the value
     * @throws IOException never
     */
    @Benchmark
    public BareTermination decodeBare() throws IOException {
        return bareReader.readValue(bareBytes);
    }
}
