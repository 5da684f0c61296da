/**
 * Runs paused at a human-approval gate, kept outside the process:
 * {@link dev.terminus.checkpoint.CheckpointJson} writes and reads an agent loop's {@link dev.terminus.agent.Checkpoint}
 * as JSON (the gate, the messages and the tool calls in the wire format of {@code terminus-jackson}), and
 * {@link dev.terminus.checkpoint.FileGateStore} keeps one file per paused run in a directory, replacing it atomically:
 * checkpoints, and through another {@link dev.terminus.checkpoint.FileGateStore.Codec} the convergence engine's
 * pauses. Bad input fails with a {@link dev.terminus.checkpoint.CheckpointFormatException} naming the field.
 *
 * <p>Where to start: {@code FileGateStore.checkpoints(Path.of("checkpoints"))}, then
 * {@code result.checkpoint().ifPresent(store::save)} and, later, {@code agent.approve(store.load(gateId).orElseThrow())}.
 */
@NullMarked
package dev.terminus.checkpoint;

import org.jspecify.annotations.NullMarked;
