package dev.terminus.jsonschema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.terminus.agent.RecordSchemas;
import dev.terminus.agent.spi.OutputCheck;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jspecify.annotations.Nullable;

/**
 * Whatever a record instance is, Jackson's JSON of it is a valid answer for the record's derived schema and converts
 * back to an equal record; as a plain-JSON answer (fenced) it is valid too, and its values write the same JSON.
 */
class RoundTripProperties {

    enum Priority { LOW, HIGH }

    record Address(String street, int number, Optional<String> postcode) {}

    record Contact(String name, long id, double score, boolean active, Priority priority, Address address,
            List<String> tags, Map<String, Integer> counts, @Nullable LocalDate since) {}

    private static final JsonSchemaOutput TYPED = JsonSchemaOutput.forRecord(Contact.class);
    private static final JsonSchemaOutput PLAIN = JsonSchemaOutput.of(RecordSchemas.of(Contact.class));

    /** Writes the way applications do: java.time as ISO-8601 strings, Optional as its value or null. */
    private static final ObjectMapper WRITER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new Jdk8Module())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    @Property(tries = 500, edgeCases = EdgeCasesMode.MIXIN)
    void aRecordWrittenByJacksonIsValidAndConvertsBackEqual(@ForAll("contacts") Contact contact)
            throws JsonProcessingException {
        // given
        String json = WRITER.writeValueAsString(contact);

        // when
        OutputCheck typed = TYPED.check(json);
        OutputCheck plain = PLAIN.check("```json\n" + json + "\n```");

        // then
        assertThat(typed).isEqualTo(new OutputCheck.Valid(contact));
        assertThat(plain).isInstanceOf(OutputCheck.Valid.class);
        assertThat(WRITER.writeValueAsString(((OutputCheck.Valid) plain).value())).isEqualTo(json);
    }

    @Provide
    Arbitrary<Contact> contacts() {
        Arbitrary<String> text = Arbitraries.strings().ofMaxLength(12);
        Arbitrary<Address> address = Builders.withBuilder(() -> new Address("", 0, Optional.empty()))
                .use(text).in((a, street) -> new Address(street, a.number(), a.postcode()))
                .use(Arbitraries.integers()).in((a, number) -> new Address(a.street(), number, a.postcode()))
                .use(text.optional()).in((a, postcode) -> new Address(a.street(), a.number(), postcode))
                .build();
        return Builders.withBuilder(() -> new Contact("", 0, 0, false, Priority.LOW,
                        new Address("", 0, Optional.empty()), List.of(), Map.of(), null))
                .use(text).in((c, v) -> new Contact(v, c.id(), c.score(), c.active(), c.priority(), c.address(),
                        c.tags(), c.counts(), c.since()))
                .use(Arbitraries.longs()).in((c, v) -> new Contact(c.name(), v, c.score(), c.active(), c.priority(),
                        c.address(), c.tags(), c.counts(), c.since()))
                .use(Arbitraries.doubles().ofScale(3).between(-1e9, 1e9)).in((c, v) -> new Contact(c.name(), c.id(),
                        v, c.active(), c.priority(), c.address(), c.tags(), c.counts(), c.since()))
                .use(Arbitraries.of(true, false)).in((c, v) -> new Contact(c.name(), c.id(), c.score(), v,
                        c.priority(), c.address(), c.tags(), c.counts(), c.since()))
                .use(Arbitraries.of(Priority.class)).in((c, v) -> new Contact(c.name(), c.id(), c.score(),
                        c.active(), v, c.address(), c.tags(), c.counts(), c.since()))
                .use(address).in((c, v) -> new Contact(c.name(), c.id(), c.score(), c.active(), c.priority(), v,
                        c.tags(), c.counts(), c.since()))
                .use(text.list().ofMaxSize(4)).in((c, v) -> new Contact(c.name(), c.id(), c.score(), c.active(),
                        c.priority(), c.address(), v, c.counts(), c.since()))
                .use(Arbitraries.maps(text, Arbitraries.integers()).ofMaxSize(3)).in((c, v) -> new Contact(c.name(),
                        c.id(), c.score(), c.active(), c.priority(), c.address(), c.tags(), v, c.since()))
                .use(Arbitraries.integers().between(-3000, 3000).injectNull(0.3))
                .in((c, v) -> new Contact(c.name(), c.id(), c.score(), c.active(), c.priority(), c.address(),
                        c.tags(), c.counts(), v == null ? null : LocalDate.of(2000, 1, 1).plusDays(v)))
                .build();
    }
}
