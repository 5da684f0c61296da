package dev.terminus.test;

/**
 * How many generated cases the reliability tests run: each test's per-build count times a scale.
 *
 * <p>A build runs every count as written ({@code 1}). A longer run multiplies them with the system property
 * {@code terminus.reliability.scale}, which the build's Surefire configuration passes through from the Maven command
 * line:
 *
 * {@snippet lang = "shell" :
 * ./run-tests -Dterminus.reliability.scale=10
 * }
 *
 * <p>A test sizes itself with {@link #times(int)}, and reports the count it ran so that a run's figures can be read
 * from its output.
 */
public final class ReliabilityScale {
    /** The system property holding the multiplier, a positive integer; {@code 1} when absent or blank. */
    public static final String PROPERTY = "terminus.reliability.scale";

    private ReliabilityScale() {}

    /**
     * @return the multiplier the run was started with
     * @throws IllegalArgumentException naming the property and the value when it is not a positive integer
     */
    public static int factor() {
        String value = System.getProperty(PROPERTY, "").strip();
        if (value.isEmpty()) {
            return 1;
        }
        try {
            int factor = Integer.parseInt(value);
            if (factor >= 1) {
                return factor;
            }
        } catch (NumberFormatException notANumber) {
            // reported below, with the value
        }
        throw new IllegalArgumentException(PROPERTY + " must be a positive integer, was '" + value + "'");
    }

    /**
     * @param perBuild how many cases one build runs
     * @return {@code perBuild} times {@link #factor()}
     * @throws IllegalArgumentException when {@code perBuild} is not positive, or the product overflows an int
     */
    public static int times(int perBuild) {
        if (perBuild < 1) {
            throw new IllegalArgumentException("perBuild must be positive, was " + perBuild);
        }
        int factor = factor();
        try {
            return Math.multiplyExact(perBuild, factor);
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException(PROPERTY + "=" + factor + " times " + perBuild + " overflows an int");
        }
    }
}
