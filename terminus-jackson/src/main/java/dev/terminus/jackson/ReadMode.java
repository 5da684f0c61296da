package dev.terminus.jackson;

/**
 * How {@link TerminusModule} treats input it does not know.
 */
public enum ReadMode {
    /**
     * The default. An unknown {@code $kind} and an unknown field are errors: what is read is exactly
     * what the reader knows.
     */
    STRICT,
    /**
     * For readers that may be older than their producers. An unknown {@code $kind} reads as an
     * {@link UnrecognizedTermination} that keeps the kind and every raw field (and writes them back
     * unchanged), and unknown fields of known cases are skipped.
     */
    TOLERANT
}
