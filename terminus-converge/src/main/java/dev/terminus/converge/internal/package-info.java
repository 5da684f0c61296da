/**
 * The implementation of the convergence engine. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.converge.internal;

import org.jspecify.annotations.NullMarked;
