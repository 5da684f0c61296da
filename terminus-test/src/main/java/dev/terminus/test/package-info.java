/**
 * The test kit: AssertJ assertions for terminations and run results, and where the contract's golden vectors are.
 * For Terminus's own tests and for users' tests of their agents; the scripted and function models they drive agents
 * with are in {@code terminus-scripted} ({@code dev.terminus.scripted}), which this module brings along.
 *
 * <p>Where to start: {@code import static dev.terminus.test.TerminusAssertions.assertThat;} then
 * {@code assertThat(result).endedWith(Termination.NaturalCompletion.class)}.
 */
@NullMarked
package dev.terminus.test;

import org.jspecify.annotations.NullMarked;
