package dev.terminus.checkpoint.internal;

import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.terminus.agent.Checkpoint;
import dev.terminus.jackson.TerminusModule;

/** The one mapper configuration of checkpoints, and the layout of the text they are written as. */
public final class CheckpointMapper {
    private CheckpointMapper() {}

    /**
     * A new mapper: the wire format ({@link TerminusModule}, strict), {@link JavaTimeModule} writing durations as
     * ISO-8601 strings, the checkpoint's own serializer and deserializer (which refuse duplicated fields themselves, as the wire
     * format's codecs do, without a parser-wide duplicate check), trailing content
     * refused.
     *
     * @return a mapper to build readers and writers from once
     */
    public static ObjectMapper create() {
        SimpleModule checkpoints = new SimpleModule("TerminusCheckpoint")
                .addSerializer(Checkpoint.class, new CheckpointSerializer())
                .addDeserializer(Checkpoint.class, new CheckpointDeserializer());
        return JsonMapper.builder()
                .addModule(new TerminusModule())
                .addModule(new JavaTimeModule())
                .addModule(checkpoints)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /**
     * Two spaces of indentation, {@code "name": value}, one array element per line, {@code []} and {@code {}} when
     * empty, and {@code \n} line ends on every platform.
     *
     * @return the pretty printer (Jackson copies it per document)
     */
    public static PrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }
}
