package dev.terminus.temporal.wire;

/**
 * The version of the wire between Terminus's Temporal clients and workers: every workflow input and every activity
 * input carries it ({@code wireVersion}), so that a worker given an input of a newer version than it speaks fails that
 * task at once, non-retryably, naming both versions (ADR 0045), instead of reading what it does not know as absent
 * (an empty prompt, a tool without its arguments). An input without the field (written before it, by an older client
 * or in a recorded history) reads as version 1.
 *
 * <p>The version goes up when an input changes in a way a worker of an older build would misread; a change an older
 * worker reads correctly (a field it may ignore) keeps it. Workers of a new version are deployed before, or with,
 * clients and workflows that write it: docs/temporal.md, "Rolling deploys".
 */
public final class WireVersion {
    /** The version this build writes and reads: {@value}. */
    public static final int CURRENT = 1;

    /** The failure type of a task whose input carries a version this worker does not speak. */
    public static final String UNKNOWN_FAILURE_TYPE = "TerminusWireVersionUnknown";

    private WireVersion() {}

    /**
     * Reads an input's version as its record is built.
     *
     * @param version the version given, 0 when the input has none (written before inputs carried one)
     * @param field the input's field, for the message, e.g. {@code "ModelCall.wireVersion"}
     * @return the version: 1 for an input without one
     * @throws IllegalArgumentException naming the field when the version is negative
     */
    public static int read(int version, String field) {
        if (version < 0) {
            throw new IllegalArgumentException(field + " must be >= 1 (or absent, read as 1), was " + version);
        }
        return version == 0 ? 1 : version;
    }
}
