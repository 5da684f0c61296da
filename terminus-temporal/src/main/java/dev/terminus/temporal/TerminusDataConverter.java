package dev.terminus.temporal;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Preconditions;
import dev.terminus.jackson.ReadMode;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.internal.StoredPayloads;
import dev.terminus.temporal.spi.PayloadStore;
import io.temporal.common.converter.CodecDataConverter;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;
import java.util.List;

/**
 * Temporal's default data converter with the Terminus wire format in its JSON converter: every
 * {@link dev.terminus.Termination} (an application's registered {@link dev.terminus.Termination.Extension} cases
 * included), {@link dev.terminus.Message} and {@link dev.terminus.ToolCall} crosses between workflows, activities and
 * clients as {@link TerminusModule} writes it. Clients and workers of Terminus workflows must use the same converter
 * (the extensions of an application registered in it).
 *
 * {@snippet :
 * // given: interface QuotaExceeded extends Termination.Extension {}
 * // given: io.temporal.serviceclient.WorkflowServiceStubs service
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
     * A converter that keeps payloads larger than {@code threshold} bytes in a {@link PayloadStore} instead of the
     * history (the claim-check pattern): the history holds each one's key, and every worker and client that reads it
     * must use a converter with the same store. With a store, a run's calls, outputs and continue-as-new inputs may be
     * as large as the store takes, so give the recipes a payload limit to match
     * ({@code AgentRecipes.Builder.payloadLimit(Integer.MAX_VALUE)}).
     *
     * @param module the wire format's module, with the application's extensions registered
     * @param store where large payloads are kept
     * @param threshold the serialized size in bytes over which a payload goes to the store; at least 1 KiB
     * @return the converter
     * @throws IllegalArgumentException naming the threshold when it is under 1 KiB
     */
    public static DataConverter of(TerminusModule module, PayloadStore store, int threshold) {
        Preconditions.notNull(store, "store");
        if (threshold < 1024) {
            throw new IllegalArgumentException("threshold must be at least 1024 bytes, was " + threshold);
        }
        return new CodecDataConverter(of(module), List.of(new StoredPayloads(store, threshold)));
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
