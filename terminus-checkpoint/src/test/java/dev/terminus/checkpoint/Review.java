package dev.terminus.checkpoint;

import dev.terminus.Termination;
import dev.terminus.agent.PausedRun;
import java.nio.charset.StandardCharsets;

/** A paused run of a kind of its own, {@code review}, for the tests of a store's codec: its file is the gate id. */
record Review(Termination.HitlGatePending gate) implements PausedRun {

    /** Writes a review as its gate id and reads one back from it, in {@code *.review.json} files. */
    static final FileGateStore.Codec<Review> CODEC = codec("review");

    /** @return a codec like {@link #CODEC} that names its kind of file as given */
    static FileGateStore.Codec<Review> codec(String kind) {
        return new FileGateStore.Codec<>() {
            @Override
            public String kind() {
                return kind;
            }

            @Override
            public byte[] writeBytes(Review review) {
                return review.gateId().getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public Review read(byte[] bytes) {
                return of(new String(bytes, StandardCharsets.UTF_8));
            }
        };
    }

    static Review of(String gateId) {
        return new Review(new Termination.HitlGatePending(gateId, "proposal-1", "review the refund", "support", 1));
    }
}
