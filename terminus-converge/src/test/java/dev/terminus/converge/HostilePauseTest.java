package dev.terminus.converge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.test.DecoderTrial;
import dev.terminus.test.HostileInputs;
import dev.terminus.test.ReliabilityScale;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Convergence pauses fed hostile input (a valid pause mutated, random JSON and bytes, deep nesting, huge numbers and
 * strings, duplicate keys, class names): each reads a pause that writes back to text reading equal, or fails with a
 * {@link CheckpointFormatException}, as {@link PauseJson} documents; no class named in the input is ever initialized.
 */
class HostilePauseTest {

    private static final PauseJson JSON = PauseJson.ofDefaults();

    @Test
    void hostileInputReadsOrFailsWithACheckpointFormatException() {
        // given
        HostileInputs hostile = HostileInputs.from(List.of(JSON.write(PauseJsonTest.richPause())));
        DecoderTrial trial = DecoderTrial.of("convergence pause", CheckpointFormatException.class);

        // when
        hostile.generate(ReliabilityScale.times(15_000), 0x9A05E).forEach(input -> trial.decode(input, JSON::read,
                pause -> assertThat(JSON.read(JSON.write(pause))).isEqualTo(pause)));

        // then
        trial.assertOnlyDocumentedOutcomes();
    }
}
