package dev.terminus.springboot.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Termination;
import dev.terminus.jackson.TerminusModule;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A termination in the wire format as plain Java values ({@code $kind} first, then its fields, money as exact
 * decimals), for whatever JSON writer the web layer uses: Terminus's codec is Jackson 2's, Spring Boot's is Jackson 3.
 */
public final class WireJson {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addModule(new TerminusModule())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final TypeReference<LinkedHashMap<String, @Nullable Object>> OBJECT = new TypeReference<>() {};

    private WireJson() {}

    /**
     * @param termination a termination
     * @return its wire form, in wire order
     * @throws IllegalArgumentException when the codec cannot write it (an unregistered extension), naming it
     */
    public static Map<String, @Nullable Object> of(Termination termination) {
        try {
            return MAPPER.readValue(MAPPER.writeValueAsBytes(termination), OBJECT);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + termination.tag() + " in the wire format: "
                    + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
