/**
 * The implementation of {@code terminus-checkpoint}: the Jackson serializer and deserializer behind
 * {@link dev.terminus.checkpoint.CheckpointJson}, and the directory of gate files ({@code GateFiles}, written through
 * {@code AtomicFile}) behind {@link dev.terminus.checkpoint.FileGateStore}. Not an API: anything here may change in
 * any release.
 */
@NullMarked
package dev.terminus.checkpoint.internal;

import org.jspecify.annotations.NullMarked;
