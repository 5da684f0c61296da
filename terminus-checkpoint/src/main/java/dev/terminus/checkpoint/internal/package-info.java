/**
 * The Jackson serializer and deserializer behind {@link dev.terminus.checkpoint.CheckpointJson}. Not an API:
 * anything here may change in any release.
 */
@NullMarked
package dev.terminus.checkpoint.internal;

import org.jspecify.annotations.NullMarked;
