package dev.terminus.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Termination;
import dev.terminus.test.DecoderTrial;
import dev.terminus.test.HostileInputs;
import dev.terminus.test.ReliabilityScale;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wire format fed hostile input (golden vectors mutated, random JSON and bytes, deep nesting, huge numbers and
 * strings, duplicate keys, class names): strict and tolerant reading each decode a termination that round-trips, or
 * fail with a {@link JsonProcessingException}, as {@link TerminusModule} documents; and no class named in the input is
 * ever initialized.
 */
class HostileWireFormatTest {

    private static final ObjectMapper STRICT = JsonMapper.builder().addModule(new TerminusModule()).build();
    private static final ObjectMapper TOLERANT = JsonMapper.builder()
            .addModule(TerminusModule.builder().readMode(ReadMode.TOLERANT).build()).build();

    @Test
    void hostileInputDecodesOrFailsWithAJsonProcessingExceptionInBothReadModes() throws IOException {
        // given
        HostileInputs hostile = HostileInputs.from(goldenVectors());
        DecoderTrial strict = DecoderTrial.of("termination wire format (strict)", JsonProcessingException.class);
        DecoderTrial tolerant = DecoderTrial.of("termination wire format (tolerant)", JsonProcessingException.class);

        // when
        hostile.generate(ReliabilityScale.times(30_000), 0x7E_2A11).forEach(input -> {
            strict.decode(input, bytes -> STRICT.readValue(bytes, Termination.class), value -> roundTrips(STRICT, value));
            tolerant.decode(input, bytes -> TOLERANT.readValue(bytes, Termination.class),
                    value -> roundTrips(TOLERANT, value));
        });

        // then
        strict.assertOnlyDocumentedOutcomes();
        tolerant.assertOnlyDocumentedOutcomes();
    }

    @Test
    void aDecimalWhoseExponentNoBigDecimalHoldsFailsNamingTheFieldAndTheValue() {
        // given
        String json = "{\"$kind\":\"CostBudgetExhausted\",\"spentUsd\":1E-2147483649,\"limitUsd\":2.0}";

        // when
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> STRICT.readValue(json, Termination.class));

        // then
        assertThat(thrown).isInstanceOf(JsonProcessingException.class);
        assertThat(((JsonProcessingException) thrown).getOriginalMessage())
                .contains("spentUsd").contains("1E-2147483649").contains("out of the range");
    }

    @Test
    void theWireFormatsMappersReadNoTypeFromTheInput() {
        // given
        var type = STRICT.constructType(Object.class);

        // when
        var strictTyper = STRICT.getDeserializationConfig().getDefaultTyper(type);
        var tolerantTyper = TOLERANT.getDeserializationConfig().getDefaultTyper(type);

        // then
        assertThat(strictTyper).as("default typing of the strict mapper").isNull();
        assertThat(tolerantTyper).as("default typing of the tolerant mapper").isNull();
    }

    private static void roundTrips(ObjectMapper mapper, Termination value) throws IOException {
        Termination back = mapper.readValue(mapper.writeValueAsBytes(value), Termination.class);
        assertThat(back).isEqualTo(value);
    }

    private static List<String> goldenVectors() throws IOException {
        List<String> vectors = new ArrayList<>();
        for (String file : GoldenFiles.caseFiles()) {
            vectors.add(Files.readString(GoldenFiles.file(file)));
        }
        return vectors;
    }
}
