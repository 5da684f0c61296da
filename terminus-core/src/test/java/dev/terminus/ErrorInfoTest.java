package dev.terminus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

class ErrorInfoTest {

    @Test
    void nullTypeIsRejectedNamingTheField() {
        // given
        String type = null;

        // when / then
        assertThatThrownBy(() -> new ErrorInfo(type, "m", ErrorCategory.INTERNAL))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ErrorInfo.type must not be null");
    }

    @Test
    void blankTypeIsRejectedNamingTheFieldAndValue() {
        // given
        String type = "  ";

        // when / then
        assertThatThrownBy(() -> new ErrorInfo(type, "m", ErrorCategory.INTERNAL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ErrorInfo.type must not be blank, was \"  \"");
    }

    @Test
    void nullMessageIsRejectedNamingTheField() {
        // given
        String message = null;

        // when / then
        assertThatThrownBy(() -> new ErrorInfo("T", message, ErrorCategory.INTERNAL))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ErrorInfo.message must not be null");
    }

    @Test
    void nullCategoryIsRejectedNamingTheField() {
        // given
        ErrorCategory category = null;

        // when / then
        assertThatThrownBy(() -> new ErrorInfo("T", "m", category))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("ErrorInfo.category must not be null");
    }

    @Test
    void emptyMessageIsAccepted() {
        // given
        String message = "";

        // when
        ErrorInfo info = new ErrorInfo("T", message, ErrorCategory.UNKNOWN);

        // then
        assertThat(info.message()).isEmpty();
    }

    @Test
    void ofTakesTheExceptionsClassNameAndMessage() {
        // given
        var exception = new SocketTimeoutException("read timed out");

        // when
        ErrorInfo info = ErrorInfo.of(exception, ErrorCategory.EXTERNAL);

        // then
        assertThat(info).isEqualTo(
                new ErrorInfo("java.net.SocketTimeoutException", "read timed out", ErrorCategory.EXTERNAL));
    }

    @Test
    void ofUsesAnEmptyMessageWhenTheExceptionHasNone() {
        // given
        var exception = new IllegalStateException();

        // when
        ErrorInfo info = ErrorInfo.of(exception, ErrorCategory.INTERNAL);

        // then
        assertThat(info.type()).isEqualTo("java.lang.IllegalStateException");
        assertThat(info.message()).isEmpty();
    }

    @Test
    void ofRejectsANullException() {
        // given
        Throwable exception = null;

        // when / then
        assertThatThrownBy(() -> ErrorInfo.of(exception, ErrorCategory.INTERNAL))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("exception must not be null");
    }

    @Test
    void twoErrorsWithTheSameComponentsAreEqual() {
        // given
        var first = new ErrorInfo("T", "m", ErrorCategory.RESOURCE);
        var second = new ErrorInfo("T", "m", ErrorCategory.RESOURCE);

        // when
        boolean equal = first.equals(second);

        // then
        assertThat(equal).isTrue();
        assertThat(first).hasSameHashCodeAs(second);
        assertThat(first).isNotEqualTo(new ErrorInfo("T", "m", ErrorCategory.UNKNOWN));
    }
}
