package dev.terminus.temporal;

import dev.terminus.temporal.wire.SuiteInput;
import io.temporal.common.converter.DataConverter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses a suite whose input a Temporal server would refuse, before anything starts: a document, or the whole input,
 * larger than a payload may be (the server's {@code limit.blobSize.error}, 2 MiB by default).
 */
final class SuiteSizes {
    /** The largest payload a Temporal server accepts by default. */
    static final int PAYLOAD_LIMIT = AgentRecipes.DEFAULT_PAYLOAD_LIMIT;

    private SuiteSizes() {}

    /**
     * @param converter the client's data converter, which writes the input
     * @param input the suite's input
     * @param pipeline whether its runs are a pipeline's
     * @throws SuiteTooLargeException in one line naming the size and the limit, when over it
     */
    static void check(DataConverter converter, SuiteInput input, boolean pipeline) {
        String what = pipeline ? "pipeline" : "agent";
        Set<String> documents = new LinkedHashSet<>(input.documents());
        for (SuiteInput.Run run : input.runs()) {
            if (run.definition() != null) {
                documents.add(run.definition());
            }
        }
        for (String document : documents) {
            refuseOver(size(converter, document), "the suite's " + what + " document");
        }
        refuseOver(size(converter, input), "the suite's input (" + input.runs().size() + " task runs"
                + (input.documents().isEmpty() ? "" : " and its documents") + ")");
    }

    private static void refuseOver(long size, String what) {
        if (size > PAYLOAD_LIMIT) {
            throw new SuiteTooLargeException(String.format(Locale.ROOT, "%s is %,d bytes; a Temporal payload may be"
                    + " at most %,d bytes (the server's limit.blobSize.error): nothing was started", what, size,
                    PAYLOAD_LIMIT));
        }
    }

    private static long size(DataConverter converter, Object value) {
        return converter.toPayload(value).map(payload -> (long) payload.getSerializedSize()).orElse(0L);
    }
}
