/**
 * The termination vocabulary: {@link dev.terminus.Termination} and the values its cases carry.
 *
 * <p>This package depends on nothing but the JDK, so any library can end its runs with a
 * {@code Termination} without pulling in a framework. Everything here is non-null unless
 * annotated {@code @Nullable}.
 *
 * <p>Where to start: switch over a run's {@link dev.terminus.Termination} (its cases are sealed and exhaustive); read
 * what a case means for the caller from its {@link dev.terminus.Category} and {@link dev.terminus.Outcome}, and the
 * use and limit of any cap by name from {@link dev.terminus.LimitReached}.
 */
@NullMarked
package dev.terminus;

import org.jspecify.annotations.NullMarked;
