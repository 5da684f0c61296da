package dev.terminus.temporal;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.terminus.Preconditions;
import dev.terminus.agent.GateDecision;
import dev.terminus.jackson.TerminusModule;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.common.converter.JacksonJsonPayloadConverter;

/**
 * Temporal's default data converter with the Terminus wire format in its JSON converter: every
 * {@link dev.terminus.Termination} (an application's registered {@link dev.terminus.Termination.Extension} cases
 * included), {@link dev.terminus.Message} and {@link dev.terminus.ToolCall} crosses between workflows, activities and
 * clients as {@link TerminusModule} writes it, and a {@link GateDecision} (an approval gate's update) as an object
 * whose {@code $kind} names its case ({@code Approve}, {@code Reject}, {@code ApproveWithArguments}). Clients and
 * workers of Terminus workflows must use the same converter (the extensions of an application registered in it).
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
        mapper.addMixIn(GateDecision.class, GateDecisionMixIn.class);
        return DefaultDataConverter.newDefaultInstance()
                .withPayloadConverterOverrides(new JacksonJsonPayloadConverter(mapper));
    }

    /** Writes and reads a {@link GateDecision} with its case named in {@code $kind}, as terminations are. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "$kind")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = GateDecision.Approve.class, name = "Approve"),
        @JsonSubTypes.Type(value = GateDecision.Reject.class, name = "Reject"),
        @JsonSubTypes.Type(value = GateDecision.ApproveWithArguments.class, name = "ApproveWithArguments")
    })
    private interface GateDecisionMixIn {}

    /** @return the converter of a strict {@link TerminusModule} without extensions */
    public static DataConverter ofDefaults() {
        return of(new TerminusModule());
    }
}
