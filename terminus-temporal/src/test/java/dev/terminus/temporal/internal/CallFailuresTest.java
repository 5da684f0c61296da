package dev.terminus.temporal.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.agent.spi.ModelException;
import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.api.failure.v1.Failure;
import io.temporal.common.converter.DataConverter;
import io.temporal.failure.ApplicationFailure;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * How a model's or tool's exception crosses from its activity to the workflow: its message once, size-checked, and
 * made again on the other side as the same exception.
 */
class CallFailuresTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.ofDefaults();

    /** @return the failure as the workflow gets it: written to its wire form by the data converter and read back */
    private static ApplicationFailure crossed(ApplicationFailure failure) {
        return (ApplicationFailure) CONVERTER.failureToException(CONVERTER.exceptionToFailure(failure));
    }

    private static int occurrences(String text, String of) {
        int count = 0;
        for (int at = text.indexOf(of); at >= 0; at = text.indexOf(of, at + 1)) {
            count++;
        }
        return count;
    }

    @Test
    void anActivityFailureCarriesItsMessageOnce() {
        // given
        String message = "the weather service answered 503 for Lisbon";

        // when
        ApplicationFailure failure = CallFailures.toFailure(new IllegalStateException(message));
        Failure wire = CONVERTER.exceptionToFailure(failure);
        Exception remade = CallFailures.fromFailure(crossed(failure));

        // then
        assertThat(occurrences(wire.toByteString().toString(StandardCharsets.UTF_8), message)).isEqualTo(1);
        assertThat(remade).isInstanceOf(IllegalStateException.class).hasMessage(message);
    }

    @Test
    void aModelFailureCarriesItsMessageOnceWithItsStatus() {
        // given
        String message = "upstream overloaded";

        // when
        ApplicationFailure failure = CallFailures.toFailure(new ModelException.ServerError(503, message, null));
        Failure wire = CONVERTER.exceptionToFailure(failure);
        Exception remade = CallFailures.fromFailure(crossed(failure));

        // then
        assertThat(occurrences(wire.toByteString().toString(StandardCharsets.UTF_8), message)).isEqualTo(1);
        assertThat(remade).isInstanceOf(ModelException.ServerError.class).hasMessageContaining(message);
        assertThat(((ModelException.ServerError) remade).status()).isEqualTo(503);
    }

    @Test
    void anActivityFailureWhoseMessageIsTooLargeIsCutWithAClearMarker() {
        // given: a tool's message of a megabyte of three-byte characters, as a whole response body pasted in one
        String message = "\u8a9e".repeat(350_000);

        // when
        ApplicationFailure failure = CallFailures.toFailure(new IllegalStateException(message));
        Exception remade = CallFailures.fromFailure(crossed(failure));

        // then
        String carried = failure.getOriginalMessage();
        String kept = carried.substring(0, carried.indexOf(" [... message cut"));
        assertThat(kept.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(CallFailures.MAX_MESSAGE_BYTES);
        assertThat(message).startsWith(kept);
        assertThat(carried).endsWith(" [... message cut: " + (message.length() - kept.length()) + " of its 350000"
                + " characters left out, over the " + CallFailures.MAX_MESSAGE_BYTES + " bytes a failure carries]");
        assertThat(remade).isInstanceOf(IllegalStateException.class).hasMessage(carried);
    }

    @Test
    void aMessageIsNeverCutInsideASurrogatePair() {
        // given: four-byte characters, two chars each
        String message = "\ud83d\ude00".repeat(CallFailures.MAX_MESSAGE_BYTES);

        // when
        String bounded = CallFailures.bounded(message);

        // then
        String kept = bounded.substring(0, bounded.indexOf(" [... message cut"));
        assertThat(kept).hasSize(CallFailures.MAX_MESSAGE_BYTES / 2);
        assertThat(Character.isHighSurrogate(kept.charAt(kept.length() - 1))).isFalse();
    }

    @Test
    void aFailureRecordedWithItsMessageAlsoInItsFirstDetailIsReadAsBefore() {
        // given: a failure as activities wrote it before the message was carried once
        ApplicationFailure recorded = ApplicationFailure.newNonRetryableFailure("the tool failed",
                IllegalStateException.class.getName(), "the tool failed");

        // when
        Exception remade = CallFailures.fromFailure(crossed(recorded));

        // then
        assertThat(remade).isInstanceOf(IllegalStateException.class).hasMessage("the tool failed");
    }
}
