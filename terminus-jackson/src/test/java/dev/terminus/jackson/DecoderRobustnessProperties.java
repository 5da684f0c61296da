package dev.terminus.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.Termination;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Hostile and broken input never escapes the decoder as anything but Jackson's own
 * {@link JsonProcessingException}s: no NullPointerException, ClassCastException or any other runtime
 * exception, in strict and tolerant mode alike. Whatever decodes re-encodes and decodes to an equal value.
 */
class DecoderRobustnessProperties {

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private static final ObjectMapper STRICT = JsonMapper.builder().addModule(new TerminusModule()).build();
    private static final ObjectMapper TOLERANT = JsonMapper.builder()
            .addModule(TerminusModule.builder().readMode(ReadMode.TOLERANT).build()).build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<JsonNode> GOLDEN = loadGolden();

    @Property(tries = 1500)
    void mutatedGoldenVectorsDecodeOrFailWithAJacksonException(@ForAll("mutatedVectors") String json) {
        assertDecodesCleanly(json);
    }

    @Property(tries = 1000)
    void randomJsonDecodesOrFailsWithAJacksonException(@ForAll("randomJson") String json) {
        assertDecodesCleanly(json);
    }

    @Property(tries = 800)
    void brokenTextDecodesOrFailsWithAJacksonException(@ForAll("brokenText") String json) {
        assertDecodesCleanly(json);
    }

    private static void assertDecodesCleanly(String json) {
        for (ObjectMapper mapper : List.of(STRICT, TOLERANT)) {
            Termination value;
            try {
                value = mapper.readValue(json, Termination.class);
            } catch (JsonProcessingException expected) {
                assertThat(expected.getOriginalMessage()).as("error message for %s", json).isNotBlank();
                continue;
            } catch (Throwable other) {
                throw new AssertionError("decoding " + json + " threw " + other, other);
            }
            try {
                assertThat(mapper.readValue(mapper.writeValueAsString(value), Termination.class))
                        .as("round trip of %s", json).isEqualTo(value);
            } catch (JsonProcessingException e) {
                throw new AssertionError("re-encoding the decoded " + value + " failed", e);
            }
        }
    }

    @Provide
    Arbitrary<String> mutatedVectors() {
        Arbitrary<JsonNode> golden = Arbitraries.of(GOLDEN);
        Arbitrary<Integer> mutation = Arbitraries.integers().between(0, 7);
        return Combinators.combine(golden, mutation, jsonValues(3), Arbitraries.integers().between(0, 1000),
                        Arbitraries.of(frameworkKinds()))
                .as((vector, which, junk, seed, otherKind) -> mutate(vector.deepCopy(), which, junk, seed, otherKind)
                        .toString());
    }

    @Provide
    Arbitrary<String> randomJson() {
        Arbitrary<JsonNode> withKind = Combinators.combine(Arbitraries.of(frameworkKinds()), objects(3))
                .as((kind, object) -> {
                    ObjectNode node = NODES.objectNode().put("$kind", kind);
                    node.setAll(object);
                    return node;
                });
        return Arbitraries.oneOf(jsonValues(4), withKind).map(JsonNode::toString);
    }

    @Provide
    Arbitrary<String> brokenText() {
        Arbitrary<String> golden = Arbitraries.of(GOLDEN).map(JsonNode::toString);
        return Combinators.combine(golden, Arbitraries.integers().between(0, 400),
                        Arbitraries.strings().withChars("{}[]\",:0-9.eE+-ntfalsrue\\ \u0000\uD800").ofMaxLength(4))
                .as((text, at, insert) -> {
                    int cut = Math.min(at, text.length());
                    return at % 2 == 0 ? text.substring(0, cut) : text.substring(0, cut) + insert + text.substring(cut);
                });
    }

    private static JsonNode mutate(JsonNode vector, int which, JsonNode junk, int seed, String otherKind) {
        if (!(vector instanceof ObjectNode object)) {
            return vector;
        }
        List<ObjectNode> objects = new ArrayList<>();
        collectObjects(object, objects);
        ObjectNode target = objects.get(seed % objects.size());
        List<String> names = new ArrayList<>();
        target.fieldNames().forEachRemaining(names::add);
        String name = names.isEmpty() ? "$kind" : names.get(seed % names.size());
        switch (which) {
            case 0 -> target.remove(name);
            case 1 -> target.set(name, junk);
            case 2 -> target.set(name + "x", target.remove(name) == null ? junk : junk);
            case 3 -> object.put("$kind", otherKind);
            case 4 -> target.set("unexpected", junk);
            case 5 -> target.put(name, Long.MAX_VALUE);
            case 6 -> target.put(name, "9".repeat(40));
            default -> target.putNull(name);
        }
        return object;
    }

    private static void collectObjects(JsonNode node, List<ObjectNode> into) {
        if (node instanceof ObjectNode object) {
            into.add(object);
        }
        for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
            collectObjects(it.next(), into);
        }
    }

    private static Arbitrary<JsonNode> jsonValues(int depth) {
        Arbitrary<JsonNode> scalars = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(8).map(NODES::textNode),
                Arbitraries.integers().map(NODES::numberNode),
                Arbitraries.longs().map(NODES::numberNode),
                Arbitraries.doubles().map(NODES::numberNode),
                Arbitraries.of(true, false).map(NODES::booleanNode),
                Arbitraries.just(NODES.nullNode()));
        if (depth == 0) {
            return scalars;
        }
        Arbitrary<JsonNode> arrays = jsonValues(depth - 1).list().ofMaxSize(3).map(items -> {
            ArrayNode array = NODES.arrayNode();
            items.forEach(array::add);
            return array;
        });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, scalars),
                net.jqwik.api.Tuple.of(1, arrays),
                net.jqwik.api.Tuple.of(2, objects(depth - 1).map(o -> (JsonNode) o)));
    }

    private static Arbitrary<ObjectNode> objects(int depth) {
        Arbitrary<String> keys = Arbitraries.oneOf(
                Arbitraries.of("$kind", "limit", "iterationsUsed", "snapshot", "role", "content", "toolCalls",
                        "error", "category", "diagnostic", "violations", "properties", "reason", "arguments"),
                Arbitraries.strings().alpha().ofMaxLength(6));
        Arbitrary<JsonNode> values = depth == 0 ? jsonValues(0) : jsonValues(depth);
        return Combinators.combine(keys, values).as(java.util.Map::entry).list().ofMaxSize(4).map(entries -> {
            ObjectNode object = NODES.objectNode();
            entries.forEach(e -> object.set(e.getKey(), e.getValue()));
            return object;
        });
    }

    private static List<String> frameworkKinds() {
        return List.copyOf(TerminusModule.frameworkCaseFields().keySet());
    }

    private static List<JsonNode> loadGolden() {
        try {
            List<JsonNode> vectors = new ArrayList<>();
            for (String file : GoldenFiles.caseFiles()) {
                vectors.add(PLAIN.readTree(GoldenFiles.file(file).toFile()));
            }
            return vectors;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
