/**
 * Checkpoints of runs paused at a human-approval gate, kept outside the process:
 * {@link dev.terminus.checkpoint.CheckpointJson} writes and reads a {@link dev.terminus.agent.Checkpoint} as JSON
 * (the gate, the messages and the tool calls in the wire format of {@code terminus-jackson}), and
 * {@link dev.terminus.checkpoint.FileCheckpointStore} keeps one such file per gate in a directory, replacing it
 * atomically. Bad input fails with a {@link dev.terminus.checkpoint.CheckpointFormatException} naming the field.
 */
@NullMarked
package dev.terminus.checkpoint;

import org.jspecify.annotations.NullMarked;
