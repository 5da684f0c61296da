package dev.terminus.benchmarks;

import dev.terminus.Category;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The cases of the wire-format benchmark, each as a framework value, as the equivalent
 * {@link AnnotatedTermination} (and {@link BareTermination}) and as the compact JSON of its golden vector
 * ({@code contract/golden/terminations/<case>.json}).
 */
enum WireCase {

    NaturalCompletion(
            "{\"$kind\":\"NaturalCompletion\"}") {
        @Override Termination terminus() {
            return new Termination.NaturalCompletion();
        }
        @Override AnnotatedTermination annotated() {
            return new AnnotatedTermination.NaturalCompletion();
        }
        @Override BareTermination bare() {
            return new BareTermination.NaturalCompletion();
        }
    },

    MaxIterationsReached(
            "{\"$kind\":\"MaxIterationsReached\",\"limit\":25,\"iterationsUsed\":25}") {
        @Override Termination terminus() {
            return new Termination.MaxIterationsReached(25, 25);
        }
        @Override AnnotatedTermination annotated() {
            return new AnnotatedTermination.MaxIterationsReached(25, 25);
        }
        @Override BareTermination bare() {
            return new BareTermination.MaxIterationsReached(25, 25);
        }
    },

    NoProgress(
            "{\"$kind\":\"NoProgress\",\"unproductiveIterations\":3,\"snapshot\":["
                    + "{\"role\":\"assistant\",\"content\":\"\",\"toolCalls\":[{\"id\":\"call_1\",\"name\":\"search\","
                    + "\"arguments\":{\"query\":\"weather in Oslo\"}}]},"
                    + "{\"role\":\"tool\",\"toolCallId\":\"call_1\",\"content\":\"no results\"}]}") {
        @Override Termination terminus() {
            return new Termination.NoProgress(3, List.of(
                    Message.Assistant.of("", new ToolCall("call_1", "search", Map.of("query", "weather in Oslo"))),
                    Message.ToolResult.of("call_1", "no results")));
        }
        @Override AnnotatedTermination annotated() {
            return new AnnotatedTermination.NoProgress(3, List.of(
                    new AnnotatedMessage.Assistant("", List.of(
                            new AnnotatedMessage.ToolCall("call_1", "search", Map.of("query", "weather in Oslo")))),
                    new AnnotatedMessage.ToolResult("call_1", null, "no results", false)));
        }
        @Override BareTermination bare() {
            return new BareTermination.NoProgress(3, List.of(
                    new BareTermination.Message.Assistant("", List.of(
                            new BareTermination.ToolCall("call_1", "search", Map.of("query", "weather in Oslo")))),
                    new BareTermination.Message.ToolResult("call_1", null, "no results", false)));
        }
    },

    Custom(
            "{\"$kind\":\"Custom\",\"reason\":\"Reconciled\","
                    + "\"properties\":{\"FindingCount\":4,\"Source\":\"cold-reader\"},\"category\":\"SUCCESS\"}") {
        @Override Termination terminus() {
            return new Termination.Custom("Reconciled", properties(), Category.SUCCESS);
        }
        @Override AnnotatedTermination annotated() {
            return new AnnotatedTermination.Custom("Reconciled", properties(), Category.SUCCESS);
        }
        @Override BareTermination bare() {
            return new BareTermination.Custom("Reconciled", properties(), Category.SUCCESS);
        }
    };

    private final String json;

    WireCase(String json) {
        this.json = json;
    }

    /** The golden vector, compact. */
    String json() {
        return json;
    }

    /** The case as the framework's value. */
    abstract Termination terminus();

    /** The case as the equivalent annotated record. */
    abstract AnnotatedTermination annotated();

    /** The case as the informational baseline without constructors. */
    abstract BareTermination bare();

    private static Map<String, @Nullable Object> properties() {
        Map<String, @Nullable Object> properties = new LinkedHashMap<>();
        properties.put("FindingCount", 4);
        properties.put("Source", "cold-reader");
        return properties;
    }
}
