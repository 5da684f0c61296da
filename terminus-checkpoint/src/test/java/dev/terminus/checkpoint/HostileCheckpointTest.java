package dev.terminus.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.agent.Checkpoint;
import dev.terminus.checkpoint.internal.CheckpointMapper;
import dev.terminus.test.DecoderTrial;
import dev.terminus.test.HostileInputs;
import dev.terminus.test.ReliabilityScale;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Checkpoints fed hostile input (valid checkpoints mutated, random JSON and bytes, deep nesting, huge numbers and
 * strings, duplicate keys, class names): each reads a checkpoint that writes back to text reading equal, or fails with
 * a {@link CheckpointFormatException}, as {@link CheckpointJson} documents; no class named in the input is ever
 * initialized.
 */
class HostileCheckpointTest {

    private static final CheckpointJson JSON = CheckpointJson.ofDefaults();

    @Test
    void hostileInputReadsOrFailsWithACheckpointFormatException() {
        // given
        HostileInputs hostile = HostileInputs.from(validCheckpoints());
        DecoderTrial trial = DecoderTrial.of("checkpoint", CheckpointFormatException.class);

        // when
        hostile.generate(ReliabilityScale.times(20_000), 0xC4EC).forEach(input -> trial.decode(input, JSON::read,
                checkpoint -> assertThat(JSON.read(JSON.write(checkpoint))).isEqualTo(checkpoint)));

        // then
        trial.assertOnlyDocumentedOutcomes();
    }

    @Test
    void aCostWhoseExponentNoBigDecimalHoldsIsRefusedNamingTheFieldAndTheValue() {
        // given
        String json = SampleCheckpoints.SMALL_JSON.replaceFirst("\"costUsd\": [^,]+,", "\"costUsd\": 1E-2147483649,");

        // when
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> JSON.read(json));

        // then
        assertThat(thrown).isInstanceOf(CheckpointFormatException.class)
                .hasMessageContaining("Checkpoint.costUsd").hasMessageContaining("1E-2147483649")
                .hasMessageContaining("out of the range");
    }

    @Test
    void theCheckpointMapperReadsNoTypeFromTheInput() {
        // given
        ObjectMapper mapper = CheckpointMapper.create();

        // when
        var typer = mapper.getDeserializationConfig().getDefaultTyper(mapper.constructType(Object.class));

        // then
        assertThat(typer).as("default typing of the checkpoint mapper").isNull();
    }

    private static List<String> validCheckpoints() {
        List<String> documents = new ArrayList<>();
        documents.add(JSON.write(SampleCheckpoints.refundPending()));
        documents.add(SampleCheckpoints.SMALL_JSON);
        documents.add(JSON.write(SampleCheckpoints.askingForInput()));
        CheckpointArbitraries.checkpoints().sampleStream().limit(30).map(JSON::write).forEach(documents::add);
        return documents;
    }
}
