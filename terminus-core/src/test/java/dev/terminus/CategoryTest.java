package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CategoryTest {

    @Test
    void everyCategoryRollsUpToTheOutcomeTheSpecNames() {
        // given
        Category[] categories = Category.values();

        // when
        Map<Category, Outcome> outcomes = Arrays.stream(categories)
                .collect(Collectors.toMap(Function.identity(), Category::defaultOutcome));

        // then
        assertThat(outcomes).containsExactlyInAnyOrderEntriesOf(Map.of(
                Category.SUCCESS, Outcome.SUCCEEDED,
                Category.RETRYABLE, Outcome.FAILED,
                Category.CAPACITY, Outcome.FAILED,
                Category.FATAL, Outcome.FAILED,
                Category.INTERRUPTED, Outcome.CANCELLED,
                Category.SUSPENDED, Outcome.SUSPENDED));
    }

    @Test
    void onlyRetryableCapacityAndFatalCountAsErrors() {
        // given
        Category[] categories = Category.values();

        // when
        Map<Category, Boolean> errors = Arrays.stream(categories)
                .collect(Collectors.toMap(Function.identity(), Category::isError));

        // then
        assertThat(errors).containsExactlyInAnyOrderEntriesOf(Map.of(
                Category.SUCCESS, false,
                Category.RETRYABLE, true,
                Category.CAPACITY, true,
                Category.FATAL, true,
                Category.INTERRUPTED, false,
                Category.SUSPENDED, false));
    }

    @Test
    void theSixCategoriesOfTheSpecExistInTheirDeclaredOrder() {
        // given
        Category[] categories = Category.values();

        // when
        String names = Arrays.stream(categories).map(Category::name).collect(Collectors.joining(","));

        // then
        assertThat(names).isEqualTo("SUCCESS,RETRYABLE,CAPACITY,FATAL,INTERRUPTED,SUSPENDED");
    }
}
