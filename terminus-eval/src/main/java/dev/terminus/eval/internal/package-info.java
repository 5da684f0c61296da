/**
 * The implementation of the evaluation harness. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.eval.internal;

import org.jspecify.annotations.NullMarked;
