package dev.terminus.test;

import dev.terminus.Termination;
import dev.terminus.agent.RunResult;

/**
 * Entry point of the test kit's AssertJ assertions.
 *
 * {@snippet :
 * import static dev.terminus.test.TerminusAssertions.assertThat;
 *
 * assertThat(agent.run("task")).endedWith(Termination.NaturalCompletion.class);
 * }
 */
public final class TerminusAssertions {
    private TerminusAssertions() {}

    /** @param result a run's result @return its assertion */
    public static RunResultAssert assertThat(RunResult result) {
        return new RunResultAssert(result);
    }

    /** @param termination a termination @return its assertion */
    public static TerminationAssert assertThat(Termination termination) {
        return new TerminationAssert(termination);
    }
}
