package dev.terminus.agent;

import dev.terminus.Preconditions;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The rules a setting's value must meet, for {@link AgentConfig.Builder} (and through it {@link AgentBuilder}): each
 * refuses a bad value with an {@link IllegalArgumentException} naming the setting and the value.
 */
final class SettingRules {
    /** The longest duration a setting may have: a long of nanoseconds. */
    static final Duration MAX_NANOS = Duration.ofNanos(Long.MAX_VALUE);

    /** What {@code ToolSpec} accepts as a tool name. */
    private static final Pattern TOOL_NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private SettingRules() {}

    static int atLeast(int value, int min, String setting) {
        if (value < min) {
            throw new IllegalArgumentException(setting + " must be >= " + min + ", was " + value);
        }
        return value;
    }

    static BigDecimal positive(@Nullable BigDecimal value, String setting) {
        if (Preconditions.notNull(value, setting).signum() <= 0) {
            throw new IllegalArgumentException(setting + " must be > 0, was " + value);
        }
        return value;
    }

    /** A duration above zero that fits a long of nanoseconds, for a limit that is off until set. */
    static Duration positive(@Nullable Duration value, String setting) {
        if (Preconditions.notNull(value, setting).isNegative() || value.isZero()) {
            throw new IllegalArgumentException(setting + " must be > 0, was " + value);
        }
        return withinNanos(value, setting, "; leave it unset for no limit");
    }

    /** A duration that fits a long of nanoseconds; {@code hint} ends the message's parenthesis. */
    static Duration withinNanos(Duration value, String setting, String hint) {
        if (value.compareTo(MAX_NANOS) > 0) {
            throw new IllegalArgumentException(setting + " must be at most " + MAX_NANOS + " (a long of nanoseconds"
                    + hint + "), was " + value);
        }
        return value;
    }

    static double openFraction(double value, String setting) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(setting + " must be in (0, 1), was " + value);
        }
        return value;
    }

    static String toolName(@Nullable String value, String setting) {
        if (!TOOL_NAME.matcher(Preconditions.notBlank(value, setting)).matches()) {
            throw new IllegalArgumentException(setting + " must match [A-Za-z0-9_-]{1,64}, was \"" + value + "\"");
        }
        return value;
    }
}
