package dev.terminus.checkpoint;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * What is read is not a checkpoint (or, from another {@link FileGateStore.Codec}, a pause) this version can use: not
 * JSON, another {@code formatVersion}, a missing, unknown or mistyped field, or a value the checkpoint refuses. The
 * message names the field (as {@code Checkpoint.usage.inputTokens}, {@code Checkpoint.transcript[2]}) and the bad
 * value.
 *
 * <p>An {@link IOException}, like a file that cannot be read: {@link CheckpointJson#read} throws it, and
 * {@link FileGateStore#load(String)} reports it as the cause of a {@link dev.terminus.agent.spi.GateStoreException}.
 */
public final class CheckpointFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, naming the field and the bad value
     */
    public CheckpointFormatException(String message) {
        super(message);
    }

    /**
     * @param message what is wrong, naming the field and the bad value
     * @param cause the error of the JSON reader, if any
     */
    public CheckpointFormatException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
