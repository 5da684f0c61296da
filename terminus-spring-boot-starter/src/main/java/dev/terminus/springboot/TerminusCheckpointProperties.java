package dev.terminus.springboot;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where runs paused at a human gate wait, {@code terminus.checkpoints.*}: one JSON file per paused run in a directory
 * (a {@code FileGateStore}), so that a run paused in one process is answered in another, or after a restart.
 *
 * @param dir the directory of the checkpoint files, created by the first save; {@code checkpoints} (relative to the
 *     working directory) by default
 */
@ConfigurationProperties(TerminusCheckpointProperties.PREFIX)
public record TerminusCheckpointProperties(@DefaultValue("checkpoints") Path dir) {

    /** The prefix of these properties. */
    public static final String PREFIX = "terminus.checkpoints";
}
