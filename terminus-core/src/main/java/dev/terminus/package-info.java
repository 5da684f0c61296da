/**
 * The termination vocabulary: {@link dev.terminus.Termination} and the values its cases carry.
 *
 * <p>This package depends on nothing but the JDK, so any library can end its runs with a
 * {@code Termination} without pulling in a framework. Everything here is non-null unless
 * annotated {@code @Nullable}.
 */
@NullMarked
package dev.terminus;

import org.jspecify.annotations.NullMarked;
