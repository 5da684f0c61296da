/**
 * The implementation of the stage pipeline. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.pipeline.internal;

import org.jspecify.annotations.NullMarked;
