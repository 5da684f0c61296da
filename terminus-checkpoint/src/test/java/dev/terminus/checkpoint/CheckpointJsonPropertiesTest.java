package dev.terminus.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.agent.Checkpoint;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Every checkpoint reads back equal to itself and writes the same text again; and no edit of a valid checkpoint's
 * JSON, nor a cut or an insertion in its text, makes reading fail with anything but a
 * {@link CheckpointFormatException} that says what is wrong.
 */
class CheckpointJsonPropertiesTest {

    private static final CheckpointJson JSON = CheckpointJson.ofDefaults();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final com.fasterxml.jackson.databind.ObjectMapper TREES = new com.fasterxml.jackson.databind.ObjectMapper();

    @Property(tries = 400)
    void everyCheckpointReadsBackEqual(@ForAll("checkpoints") Checkpoint checkpoint) throws Exception {
        // when
        String json = JSON.write(checkpoint);
        Checkpoint back = JSON.read(json);

        // then
        assertThat(back).isEqualTo(checkpoint);
        assertThat(back.costUsd().scale()).isEqualTo(checkpoint.costUsd().scale());
        assertThat(JSON.write(back)).isEqualTo(json);
        assertThat(TREES.readTree(JSON.writeBytes(checkpoint))).isEqualTo(TREES.readTree(json));
        assertThat(JSON.read(JSON.writeBytes(checkpoint))).isEqualTo(checkpoint);
    }

    @Property(tries = 600)
    void editedJsonReadsOrFailsOnlyWithACheckpointFormatException(@ForAll("editedJson") String json) {
        Statistics.label("outcome").collect(readsCleanly(json));
        Statistics.label("outcome").coverage(checker -> {
            checker.check("read").percentage(p -> p > 1);
            checker.check("refused").percentage(p -> p > 50);
        });
    }

    @Property(tries = 400)
    void brokenTextFailsOnlyWithACheckpointFormatException(@ForAll("brokenText") String json) {
        Statistics.label("outcome").collect(readsCleanly(json));
    }

    /** @return whether the JSON was read (and then reads back equal) or refused with a message */
    private static String readsCleanly(String json) {
        Checkpoint checkpoint;
        try {
            checkpoint = JSON.read(json);
        } catch (CheckpointFormatException expected) {
            assertThat(expected.getMessage()).as("message for %s", json).isNotBlank();
            return "refused";
        } catch (Throwable other) {
            throw new AssertionError("reading " + json + " threw " + other, other);
        }
        try {
            assertThat(JSON.read(JSON.write(checkpoint))).as("round trip of %s", json).isEqualTo(checkpoint);
        } catch (CheckpointFormatException e) {
            throw new AssertionError("re-reading the checkpoint read from " + json + " failed", e);
        }
        return "read";
    }

    @Provide
    Arbitrary<Checkpoint> checkpoints() {
        return CheckpointArbitraries.checkpoints();
    }

    @Provide
    Arbitrary<String> editedJson() {
        return Combinators.combine(CheckpointArbitraries.checkpoints(), Arbitraries.integers().between(0, 3), junk(),
                Arbitraries.integers().between(0, 100_000))
                .as((checkpoint, edit, junk, seed) -> edit(tree(checkpoint), edit, junk, seed).toString());
    }

    @Provide
    Arbitrary<String> brokenText() {
        return Combinators.combine(CheckpointArbitraries.checkpoints().map(JSON::write),
                        Arbitraries.integers().between(0, 100_000),
                        Arbitraries.strings().withChars("{}[]\",:0-9.eE+-ntfalsrue\\ \u0000\uD800").ofMaxLength(4))
                .as((text, at, insert) -> {
                    int cut = at % (text.length() + 1);
                    return at % 2 == 0 ? text.substring(0, cut) : text.substring(0, cut) + insert + text.substring(cut);
                });
    }

    /** Values to put where another was: every JSON type, and the numbers and strings that are almost right. */
    private static Arbitrary<JsonNode> junk() {
        return Arbitraries.of(NODES.nullNode(), NODES.textNode(""), NODES.textNode("x"), NODES.textNode("PT1S"),
                NODES.textNode("STOP"), NODES.textNode("-1"), NODES.numberNode(0), NODES.numberNode(-1),
                NODES.numberNode(1), NODES.numberNode(2), NODES.numberNode(Long.MAX_VALUE),
                NODES.numberNode(new java.math.BigInteger("99999999999999999999")), NODES.numberNode(1.5),
                NODES.booleanNode(true), NODES.objectNode(), NODES.arrayNode(),
                NODES.arrayNode().add(NODES.nullNode()), NODES.objectNode().put("$kind", "HitlGatePending"),
                NODES.objectNode().put("role", "tool"));
    }

    private static JsonNode tree(Checkpoint checkpoint) {
        try {
            return JsonEdits.trees().readTree(JSON.write(checkpoint));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes, replaces or renames one field or element anywhere in the tree, or duplicates an element. */
    private static JsonNode edit(JsonNode root, int edit, JsonNode junk, int seed) {
        List<JsonNode> containers = new ArrayList<>();
        collectContainers(root, containers);
        containers.removeIf(node -> node.isEmpty());
        JsonNode target = containers.get(seed % containers.size());
        if (target instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            String name = names.get(seed % names.size());
            switch (edit) {
                case 0 -> object.remove(name);
                case 1, 3 -> object.set(name, junk);
                default -> object.set(name + "x", object.remove(name));
            }
        } else if (target instanceof ArrayNode array) {
            int index = seed % array.size();
            switch (edit) {
                case 0 -> array.remove(index);
                case 1 -> array.set(index, junk);
                case 2 -> array.add(array.get(index).deepCopy());
                default -> array.insert(index, junk);
            }
        }
        return root;
    }

    private static void collectContainers(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collectContainers(child, into));
        }
    }
}
