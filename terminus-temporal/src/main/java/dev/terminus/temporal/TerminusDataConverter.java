package dev.terminus.temporal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Preconditions;
import dev.terminus.jackson.ReadMode;
import dev.terminus.jackson.TerminusModule;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;

/**
 * Temporal's default data converter with the Terminus wire format in its JSON converter: every
 * {@link dev.terminus.Termination} (an application's registered {@link dev.terminus.Termination.Extension} cases
 * included), {@link dev.terminus.Message} and {@link dev.terminus.ToolCall} crosses between workflows, activities and
 * clients as {@link TerminusModule} writes it. Clients and workers of Terminus workflows must use the same converter
 * (the extensions of an application registered in it).
 *
 * {@snippet :
 * DataConverter converter = TerminusDataConverter.of(TerminusModule.builder()
 *         .registerExtension("QuotaExceeded", QuotaExceeded.class)
 *         .build());
 * WorkflowClient client = WorkflowClient.newInstance(service,
 *         WorkflowClientOptions.newBuilder().setDataConverter(converter).build());
 * }
 */
public final class TerminusDataConverter {

    private TerminusDataConverter() {}

    /**
     * @param module the wire format's module, with the application's extensions registered
     * @return Temporal's default converter whose JSON payloads are written by a mapper with {@code module}
     */
    public static DataConverter of(TerminusModule module) {
        Preconditions.notNull(module, "module");
        ObjectMapper mapper = JacksonJsonPayloadConverter.newDefaultObjectMapper();
        mapper.registerModule(module);
        return DefaultDataConverter.newDefaultInstance()
                .withPayloadConverterOverrides(new JacksonJsonPayloadConverter(mapper));
    }

    /**
     * The converter of a {@link ReadMode#TOLERANT} module without extensions: a client or worker reads an output
     * written by a newer version, whose termination is a case it does not know, as an
     * {@link dev.terminus.jackson.UnrecognizedTermination} that keeps every field (as reports are read), instead of
     * failing to read the run at all.
     *
     * @return the converter
     */
    public static DataConverter ofDefaults() {
        return of(TerminusModule.builder().readMode(ReadMode.TOLERANT).build());
    }
}
