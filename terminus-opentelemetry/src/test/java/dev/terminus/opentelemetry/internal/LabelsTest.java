package dev.terminus.opentelemetry.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import dev.terminus.agent.spi.FinishReason;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelsTest {
    private final Labels labels = new Labels();

    record QuotaExceeded(String tag) implements Termination.Extension {
        @Override
        public Category category() {
            return Category.CAPACITY;
        }
    }

    @Test
    void aFrameworkCaseReportsItsOwnTag() {
        // when
        String tag = labels.tag(new Termination.MaxIterationsReached(25, 25));

        // then
        assertThat(tag).isEqualTo("MaxIterationsReached");
    }

    @Test
    void aCustomTerminationReportsCustomAndNeverItsReason() {
        // when
        String tag = labels.tag(new Termination.Custom("Reconciled for tenant 4711", Map.of("tenant", 4711),
                Category.SUCCESS));

        // then
        assertThat(tag).isEqualTo("Custom");
    }

    @Test
    void anExtensionWithAWellFormedTagReportsIt() {
        // when
        String tag = labels.tag(new QuotaExceeded("QuotaExceeded"));

        // then
        assertThat(tag).isEqualTo("QuotaExceeded");
    }

    @Test
    void anExtensionWithAMalformedCollidingOrMissingTagReportsExtension() {
        // when / then
        assertThat(labels.tag(new QuotaExceeded("quota exceeded for tenant 4711"))).isEqualTo("Extension");
        assertThat(labels.tag(new QuotaExceeded("Failed"))).isEqualTo("Extension");
        assertThat(labels.tag(new QuotaExceeded(null))).isEqualTo("Extension");
    }

    @Test
    void extensionTagsBeyondTheFirst64DistinctOnesReportExtension() {
        // given
        for (int i = 0; i < Bounds.EXTENSION_TAGS; i++) {
            labels.tag(new QuotaExceeded("Quota" + i));
        }

        // when
        String late = labels.tag(new QuotaExceeded("QuotaLate"));

        // then
        assertThat(late).isEqualTo("Extension");
        assertThat(labels.tag(new QuotaExceeded("Quota0"))).isEqualTo("Quota0");
    }

    @Test
    void aFailuresCategoryIsItsErrorsCategoryName() {
        // when
        String category = Labels.category(new Termination.Failed(new ErrorInfo("java.io.IOException", "disk full",
                ErrorCategory.RESOURCE)));

        // then
        assertThat(category).isEqualTo(ErrorCategory.RESOURCE.category().name());
    }

    @Test
    void toolErrorKindsOutsideTheLoopsFixedSetAreOther() {
        // when / then
        assertThat(Labels.toolError("timeout")).isEqualTo("timeout");
        assertThat(Labels.toolError("the disk of customer 4711 is full")).isEqualTo("_OTHER");
    }

    @Test
    void finishReasonsAreTheSemanticConventionsLowerCaseNames() {
        // when / then
        assertThat(Labels.finishReasons(FinishReason.TOOL_CALLS)).containsExactly("tool_calls");
        assertThat(Labels.finishReasons(FinishReason.CONTENT_FILTER)).containsExactly("content_filter");
    }

    @Test
    void modelErrorTypesBeyondTheFirst64DistinctOnesAreOther() {
        // given
        for (int i = 0; i < Bounds.MODEL_ERRORS; i++) {
            labels.modelError("com.example.Error" + i);
        }

        // when
        String late = labels.modelError("com.example.LateError");

        // then
        assertThat(late).isEqualTo("_OTHER");
        assertThat(labels.modelError("com.example.Error0")).isEqualTo("com.example.Error0");
    }
}
