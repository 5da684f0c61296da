package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ErrorCategoryTest {

    @Test
    void everyErrorCategoryMapsToTheTerminationCategoryTheSpecNames() {
        // given
        ErrorCategory[] errorCategories = ErrorCategory.values();

        // when
        Map<ErrorCategory, Category> categories = Arrays.stream(errorCategories)
                .collect(Collectors.toMap(Function.identity(), ErrorCategory::category));

        // then
        assertThat(categories).containsExactlyInAnyOrderEntriesOf(Map.of(
                ErrorCategory.INTERNAL, Category.FATAL,
                ErrorCategory.CONFIGURATION, Category.FATAL,
                ErrorCategory.EXTERNAL, Category.RETRYABLE,
                ErrorCategory.RESOURCE, Category.CAPACITY,
                ErrorCategory.UNKNOWN, Category.RETRYABLE));
    }

    @ParameterizedTest
    @EnumSource(ErrorCategory.class)
    void everyErrorCategoryMapsToAnErrorCategoryOfTermination(ErrorCategory errorCategory) {
        // given
        Category category = errorCategory.category();

        // when
        boolean isError = category.isError();

        // then
        assertThat(isError).as("%s -> %s is an error category", errorCategory, category).isTrue();
    }
}
