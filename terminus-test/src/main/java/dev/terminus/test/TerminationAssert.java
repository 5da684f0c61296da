package dev.terminus.test;

import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import org.assertj.core.api.AbstractObjectAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ObjectAssert;

/**
 * Assertions on a {@link Termination}.
 *
 * {@snippet :
 * TerminusAssertions.assertThat(termination)
 *         .hasCategory(Category.CAPACITY)
 *         .isCase(Termination.MaxIterationsReached.class);
 * }
 */
public final class TerminationAssert extends AbstractObjectAssert<TerminationAssert, Termination> {

    TerminationAssert(Termination actual) {
        super(actual, TerminationAssert.class);
    }

    /**
     * Checks the case and narrows the assertion to it.
     *
     * @param type the expected case
     * @param <T> the case type
     * @return an assertion on the case value, for its fields
     */
    public <T extends Termination> ObjectAssert<T> isCase(Class<T> type) {
        isNotNull();
        if (!type.isInstance(actual)) {
            failWithMessage("Expected the run to end %s but it ended %s", type.getSimpleName(), actual);
        }
        return Assertions.assertThat(type.cast(actual));
    }

    /** @param tag the expected tag @return this */
    public TerminationAssert hasTag(String tag) {
        isNotNull();
        if (!actual.tag().equals(tag)) {
            failWithMessage("Expected tag <%s> but was <%s> (%s)", tag, actual.tag(), actual);
        }
        return this;
    }

    /** @param category the expected category @return this */
    public TerminationAssert hasCategory(Category category) {
        isNotNull();
        if (actual.category() != category) {
            failWithMessage("Expected category <%s> but was <%s> (%s)", category, actual.category(), actual);
        }
        return this;
    }

    /** @param outcome the expected default outcome @return this */
    public TerminationAssert hasDefaultOutcome(Outcome outcome) {
        isNotNull();
        if (actual.defaultOutcome() != outcome) {
            failWithMessage("Expected default outcome <%s> but was <%s> (%s)", outcome, actual.defaultOutcome(), actual);
        }
        return this;
    }

    /** @return this, when the termination is a success */
    public TerminationAssert isSuccess() {
        isNotNull();
        if (!actual.isSuccess()) {
            failWithMessage("Expected a successful termination but was %s", actual);
        }
        return this;
    }
}
