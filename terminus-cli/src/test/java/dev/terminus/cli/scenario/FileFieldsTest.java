package dev.terminus.cli.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every field of scenario, suite and pipeline files, found from the records the readers bind them to, left out, set to
 * null, given a value of the wrong type and (where it has a {@link FileRules.Range}) a value out of its range: the file
 * reads, or is refused in one line in the file's terms, naming the field's path and the bad value and no class, library
 * or setting of one. A field added to a record gets its cases here without a word; a record added to a format fails
 * {@link #everyRecordOfTheFileFormatsHasAPlaceInTheSampleFiles} until the sample files below hold one.
 */
class FileFieldsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a message in the file's terms never holds: a class, a package, a library's settings, a Duration. */
    private static final Pattern FOREIGN = Pattern.compile("dev\\.terminus|java\\.|javax\\.|com\\.fasterxml|[Jj]ackson"
            + "|\\$|Exception|Creator|[Dd]eserializ|FAIL_ON|MapperFeature|type '|type `|`|\\bPT-?\\d|[A-Z][a-zA-Z]+Def\\b"
            + "|\\b[A-Z][a-z]+[A-Z]?[a-zA-Z]*\\.[a-z]|null into|[Cc]oercion");

    /**
     * Fields whose absence another field of their object, or the agent built from them, needs: left out, the file is
     * refused (in one line, in its terms) rather than read.
     */
    private static final Set<String> NEEDED_BY_ANOTHER = Set.of(
            "scenario Scenario.script", "scenario Scenario.tools", "scenario Scenario.agents",
            "scenario CriterionDef.answerContains",
            "scenario InvariantDef.maxToolCalls", "scenario McpServerDef.command", "suite EvaluatorDef.rubric",
            "suite EvaluatorDef.script", "pipeline Policies.phase");

    /** Fields whose least value is refused with the sample's other fields (a gap between pieces of no stream). */
    private static final Set<String> EDGE_NEEDS_ANOTHER = Set.of("scenario StepDef.pieceGapMs",
            "scenario CompactionDef.threshold", "scenario InvariantDef.minToolCalls");

    /** Fields required at the top of one format only (a named agent, a stage has no task). */
    private static final Set<String> REQUIRED_AT_THE_TOP = Set.of("scenario Scenario.task", "pipeline PipelineDocument.task");

    enum Format {
        SCENARIO("scenario.json", Scenario.class, """
                {"name": "every field", "expect": "NaturalCompletion", "task": "t", "system": "Be brief.",
                 "model": {"name": "m", "provider": "p",
                           "usage": {"input": 10, "output": 5, "cachedInput": 0, "reasoning": 0}},
                 "limits": {"maxIterations": 5, "maxToolCalls": 5,
                            "tokenBudget": {"total": 1000, "input": 900, "output": 900},
                            "timeBudgetMs": 60000, "interruptGraceMs": 10, "budgetPressureThreshold": 0.9,
                            "noProgressThreshold": 3, "stallThreshold": 4, "maxConsecutiveMistakes": 3,
                            "maxOutputTokens": 100, "toolTimeoutMs": 1000, "parallelToolCalls": false,
                            "retries": {"maxRetries": 1, "initialBackoffMs": 0, "maxBackoffMs": 2},
                            "streamIdleTimeoutMs": 1000, "maxHandoffs": 2},
                 "prices": {"m": {"inputPerMillion": 1, "outputPerMillion": "2.50", "cachedInputPerMillion": 0.5}},
                 "tools": [{"name": "look", "description": "Looks", "parameters": {"type": "object"},
                            "result": "seen", "delayMs": 0}],
                 "finalAnswerTool": "submit",
                 "completion": {"whenToolCalled": "look", "check": "AFTER_ITERATION"},
                 "user": {"replies": ["more"], "stopToken": "</stop>"},
                 "hooks": [{"at": "before-tool", "tool": "look", "iteration": 3, "halt": "no more"}],
                 "script": [{"error": "server_error", "status": 503, "delayMs": 0, "usage": {"input": 1, "output": 1}},
                            {"toolCalls": [{"name": "look", "arguments": {"q": "x"}}]},
                            {"text": "hi", "finish": "stop"}],
                 "repeatLast": false, "cancelAfterMs": 60000,
                 "output": {"schema": {"type": "string"}, "repairs": 1},
                 "compaction": {"strategy": "summarize", "contextWindow": 8000, "threshold": 0.8, "target": 0.5,
                                "estimator": "chars", "summary": "short", "keepRecentTurns": 1},
                 "approvals": ["look"],
                 "criteria": [{"name": "says hi", "answerContains": "hi"}],
                 "invariants": [{"name": "few calls", "when": "structural", "maxToolCalls": 9}],
                 "promotion": {"maxAnswerLength": 100, "rejectIfContains": "TODO"},
                 "mcpServers": {"files": {"command": "cat", "args": ["-u"], "env": {"A": "b"}, "cwd": "."}},
                 "mcpNaming": "plain",
                 "agents": {"helper": {"script": [{"text": "x"}]}},
                 "handoffs": ["helper"]}
                """),
        SUITE("suite.json", dev.terminus.cli.eval.Suite.class, """
                {"name": "every field", "repeats": 1, "concurrency": 2, "taskTimeoutMs": 1000,
                 "retries": {"maxRetries": 1, "initialBackoffMs": 1, "maxBackoffMs": 2}, "capacity": "exclude",
                 "evaluator": {"type": "judge", "pattern": "x", "pointer": "/a", "expected": 1, "rubric": "Polite?",
                               "script": [{"text": "PASS"}]},
                 "agent": {"script": [{"text": "x"}]},
                 "tasks": [{"id": "a", "input": "q", "expected": "x", "script": [{"text": "x"}]}]}
                """),
        PIPELINE("pipeline.json", type("dev.terminus.cli.pipeline.PipelineDocument"), """
                {"name": "every field", "expect": "Completed", "task": "t",
                 "limits": {"tokenBudget": {"total": 1000}},
                 "phases": {"research": {"tokenBudget": {"total": 500}}},
                 "agents": {"helper": {"script": [{"text": "x"}]}},
                 "stages": [{"name": "draft", "phase": "research", "skipWhen": {"answerContains": "skip"},
                             "onFailure": "continue", "retries": {"maxRetries": 1, "initialBackoffMs": 1,
                             "maxBackoffMs": 2}, "tokenBudget": {"total": 100},
                             "treatAsSuccess": ["MaxIterationsReached"], "script": [{"text": "x"}]}]}
                """);

        final String source;
        final Class<?> root;
        final String sample;

        Format(String source, Class<?> root, String sample) {
            this.source = source;
            this.root = root;
            this.sample = sample;
        }

        /** Reads a file of this format and builds what the command would run from it. */
        void read(byte[] json) throws ScenarioException {
            switch (this) {
                case SCENARIO -> {
                    Scenario scenario = ScenarioReader.read(json, source);
                    // the servers' entries checked, their tools not started: the agent is built without them
                    ScenarioServers.check(scenario);
                    ScenarioAgent.of(scenario, 0, List.of(), List.of());
                }
                case SUITE -> dev.terminus.cli.eval.SuiteBenchmark.of(dev.terminus.cli.eval.SuiteFile.read(json, source),
                        null, new dev.terminus.eval.ProgressListener() {}, List.of(), List.of(), Map.of(), null);
                case PIPELINE -> dev.terminus.cli.pipeline.PipelineFile.read(json, source)
                        .pipeline(dev.terminus.cli.pipeline.PipelineFile.Materials.scripted());
            }
        }
    }

    /** The stage's policies, read beside a stage's agent (a scenario) from each object of a pipeline's stages. */
    private static final Class<?> POLICIES = type("dev.terminus.cli.pipeline.PipelineDocument$Policies");

    /**
     * An object of a sample file bound to a record, where its fields' cases are made.
     *
     * @param format the file's format
     * @param type the record
     * @param path the object's path in the file
     * @param prefix how errors name the part the object is read in ({@code stages[0] (draft): }), or empty
     */
    record Place(Format format, Class<?> type, List<Object> path, String prefix) {}

    @TestFactory
    Stream<DynamicTest> everyFieldLeftOutNullOfTheWrongTypeOrOutOfRangeReadsOrIsOneLineInTheFilesTerms() {
        return places().stream().flatMap(place -> {
            List<DynamicTest> tests = new ArrayList<>();
            for (RecordComponent field : place.type().getRecordComponents()) {
                tests.addAll(cases(place, field));
            }
            return tests.stream();
        });
    }

    @TestFactory
    Stream<DynamicTest> aStagesNameLeftOutNullOrOfTheWrongTypeIsOneLineInTheFilesTerms() {
        return Stream.of(
                dynamicTest("pipeline stages[0].name left out", () -> assertRefused(Format.PIPELINE,
                        withField(Format.PIPELINE, List.of("stages", 0), "name", null, false),
                        "stages[0]: \"name\" is required", "")),
                dynamicTest("pipeline stages[0].name null", () -> assertRefused(Format.PIPELINE,
                        withField(Format.PIPELINE, List.of("stages", 0), "name", JSON.nullNode(), true),
                        "stages[0]: \"name\" is required", "")),
                dynamicTest("pipeline stages[0].name of the wrong type", () -> assertRefused(Format.PIPELINE,
                        withField(Format.PIPELINE, List.of("stages", 0), "name", JSON.valueToTree(12345), true),
                        "stages[0].name", "12345")));
    }

    @Test
    void everyRecordOfTheFileFormatsHasAPlaceInTheSampleFiles() {
        // given
        Set<Class<?>> records = new LinkedHashSet<>();
        for (Format format : Format.values()) {
            reachable(format.root, records);
        }
        reachable(POLICIES, records);

        // when
        Set<Class<?>> placed = new LinkedHashSet<>();
        places().forEach(place -> placed.add(place.type()));

        // then
        assertThat(placed).as("records of the file formats with an object in a sample file")
                .containsExactlyInAnyOrderElementsOf(records);
    }

    @Test
    void theSampleFilesRead() throws ScenarioException {
        for (Format format : Format.values()) {
            // when / then: no exception
            format.read(format.sample.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A dynamic test whose failure starts with its name, which the reports of the build do not show otherwise. */
    private static DynamicTest named(String name, org.junit.jupiter.api.function.Executable test) {
        return dynamicTest(name, () -> {
            try {
                test.execute();
            } catch (AssertionError e) {
                throw new AssertionError(name + ": " + e.getMessage(), e);
            }
        });
    }

    private static List<DynamicTest> cases(Place place, RecordComponent field) {
        String name = field.getName();
        String key = place.format().name().toLowerCase(java.util.Locale.ROOT) + " " + place.type().getSimpleName() + "."
                + name;
        List<Object> fieldPath = new ArrayList<>(place.path());
        fieldPath.add(name);
        // a stage's fields are named from the stage, after its label
        int from = place.prefix().isEmpty() ? 0 : 2;
        String shown = place.prefix() + FileErrors.name(fieldPath.subList(from, fieldPath.size()));
        String label = place.format().source + " " + FileErrors.name(fieldPath);
        boolean required = field.isAnnotationPresent(FileRules.Required.class)
                || (place.path().isEmpty() && REQUIRED_AT_THE_TOP.contains(key));
        String parent = place.prefix() + FileErrors.name(place.path().subList(from, place.path().size()));
        List<DynamicTest> tests = new ArrayList<>();
        byte[] omitted = withField(place.format(), place.path(), name, null, false);
        byte[] nulled = withField(place.format(), place.path(), name, JSON.nullNode(), true);
        if (required) {
            tests.add(named(label + " left out", () -> assertRefused(place.format(), omitted,
                    parent, "\"" + name + "\" is required")));
            tests.add(named(label + " null", () -> assertRefused(place.format(), nulled,
                    parent, "\"" + name + "\" is required")));
        } else {
            tests.add(named(label + " left out", () -> {
                String outcome = outcome(place.format(), omitted);
                if (NEEDED_BY_ANOTHER.contains(key)) {
                    assertOneLineInTheFilesTerms(outcome);
                } else {
                    assertThat(outcome).as("left out, the file reads").isEqualTo("read");
                }
            }));
            tests.add(named(label + " null", () -> assertThat(outcome(place.format(), nulled).replaceAll(
                    " line \\d+, column \\d+", "")).as("null is as left out")
                    .isEqualTo(outcome(place.format(), omitted).replaceAll(" line \\d+, column \\d+", ""))));
        }
        JsonNode wrong = wrongType(field.getGenericType());
        if (wrong != null) {
            tests.add(named(label + " of the wrong type " + wrong, () -> assertRefused(place.format(),
                    withField(place.format(), place.path(), name, wrong, true), shown, wrong.toString())));
        }
        FileRules.Range range = field.getAnnotation(FileRules.Range.class);
        if (range != null) {
            for (JsonNode out : outOfRange(range, field.getType())) {
                tests.add(named(label + " out of range " + out, () -> assertRefused(place.format(),
                        withField(place.format(), place.path(), name, out, true), shown, out.toString())));
            }
            JsonNode least = leastInRange(range, field.getType());
            tests.add(named(label + " at the edge of its range " + least, () -> {
                String outcome = outcome(place.format(), withField(place.format(), place.path(), name, least, true));
                if (EDGE_NEEDS_ANOTHER.contains(key)) {
                    assertOneLineInTheFilesTerms(outcome);
                } else {
                    assertThat(outcome).as("the least value the file's rule allows, the agent's builders take")
                            .isEqualTo("read");
                }
            }));
        }
        return tests;
    }

    private static void assertRefused(Format format, byte[] file, String field, String value) {
        String outcome = outcome(format, file);
        assertOneLineInTheFilesTerms(outcome);
        assertThat(outcome).startsWith(format.source).contains(field).contains(value);
    }

    private static void assertOneLineInTheFilesTerms(String outcome) {
        assertThat(outcome).as("refused").isNotEqualTo("read");
        assertThat(outcome).as("one line").doesNotContain("\n").doesNotContain("\r");
        assertThat(FOREIGN.matcher(outcome).find()).as("names no class, library or setting of one: " + outcome)
                .isFalse();
    }

    /** @return "read", or the message of the file's refusal */
    private static String outcome(Format format, byte[] file) {
        try {
            format.read(file);
            return "read";
        } catch (ScenarioException e) {
            return e.getMessage();
        }
    }

    /** A sample file with a field of the object at a path set to a value, or left out. */
    private static byte[] withField(Format format, List<Object> path, String field, @Nullable JsonNode value,
            boolean set) {
        try {
            JsonNode root = JSON.readTree(format.sample);
            ObjectNode object = (ObjectNode) root.at(pointer(path));
            if (set) {
                object.set(field, value);
            } else {
                object.remove(field);
            }
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A value of another type than the field's, or null when the field takes any JSON value. */
    private static @Nullable JsonNode wrongType(Type type) {
        Class<?> raw = type instanceof ParameterizedType parameterized ? (Class<?>) parameterized.getRawType()
                : (Class<?>) type;
        if (raw == String.class) return JSON.valueToTree(12345);
        if (Number.class.isAssignableFrom(raw) || raw == int.class || raw == long.class || raw == double.class) {
            return JSON.valueToTree("5s");
        }
        if (raw == Boolean.class || raw == boolean.class) return JSON.valueToTree("yes");
        if (Collection.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw)) return JSON.valueToTree("x");
        if (raw.isRecord()) return JSON.valueToTree(-5);
        if (raw == Object.class) return null;
        throw new AssertionError("no value of the wrong type for a field of type " + type + ": add one here");
    }

    private static List<JsonNode> outOfRange(FileRules.Range range, Class<?> type) {
        List<JsonNode> values = new ArrayList<>();
        if (!Double.isInfinite(range.min())) {
            double below = range.minExclusive() ? range.min() : range.min() - 1;
            values.add(number(below == 0 && range.zeroIsOff() ? -1 : below, type));
        }
        if (!Double.isInfinite(range.max())) {
            values.add(number(range.maxExclusive() ? range.max() : range.max() + 1, type));
        }
        if (type == Integer.class || type == int.class) {
            values.add(JSON.valueToTree((long) Integer.MAX_VALUE + 1));
        }
        return values;
    }

    private static JsonNode leastInRange(FileRules.Range range, Class<?> type) {
        boolean whole = type != Double.class && type != java.math.BigDecimal.class;
        double least = !range.minExclusive() ? range.min() : whole ? range.min() + 1 : range.min() + 0.01;
        return number(least, type);
    }

    private static JsonNode number(double value, Class<?> type) {
        return value == Math.rint(value) ? JSON.valueToTree((long) value) : JSON.valueToTree(value);
    }

    /** The objects of the sample files bound to records, each record's first. */
    private static List<Place> places() {
        Map<Class<?>, Place> first = new LinkedHashMap<>();
        for (Format format : Format.values()) {
            JsonNode root = tree(format.sample);
            walk(format, root, format.root, new ArrayList<>(), "", first);
            if (format == Format.PIPELINE) {
                JsonNode stages = root.get("stages");
                for (int i = 0; i < stages.size(); i++) {
                    List<Object> path = new ArrayList<>(List.of("stages", i));
                    String prefix = "stages[" + i + "] (" + stages.get(i).get("name").asText() + "): ";
                    walk(format, stages.get(i), POLICIES, path, prefix, first);
                    walk(format, stages.get(i), Scenario.class, path, prefix, first);
                }
            }
        }
        return List.copyOf(first.values());
    }

    private static void walk(Format format, JsonNode node, Type type, List<Object> path, String prefix,
            Map<Class<?>, Place> first) {
        if (type instanceof Class<?> raw && raw.isRecord() && node.isObject()) {
            first.putIfAbsent(raw, new Place(format, raw, List.copyOf(path), prefix));
            for (RecordComponent component : raw.getRecordComponents()) {
                JsonNode child = node.get(component.getName());
                if (child != null) {
                    path.add(component.getName());
                    walk(format, child, component.getGenericType(), path, prefix, first);
                    path.removeLast();
                }
            }
        } else if (type instanceof ParameterizedType parameterized) {
            Type[] arguments = parameterized.getActualTypeArguments();
            Type element = arguments[arguments.length - 1];
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    path.add(i);
                    walk(format, node.get(i), element, path, prefix, first);
                    path.removeLast();
                }
            } else if (node.isObject() && Map.class.isAssignableFrom((Class<?>) parameterized.getRawType())) {
                for (var entry : node.properties()) {
                    path.add(entry.getKey());
                    walk(format, entry.getValue(), element, path, prefix, first);
                    path.removeLast();
                }
            }
        }
    }

    /** The records a type's fields hold, itself included, to any depth. */
    private static void reachable(Type type, Set<Class<?>> records) {
        if (type instanceof ParameterizedType parameterized) {
            for (Type argument : parameterized.getActualTypeArguments()) {
                reachable(argument, records);
            }
        } else if (type instanceof Class<?> raw && raw.isRecord() && records.add(raw)) {
            for (RecordComponent component : raw.getRecordComponents()) {
                reachable(component.getGenericType(), records);
            }
        }
    }

    private static com.fasterxml.jackson.core.JsonPointer pointer(List<Object> path) {
        com.fasterxml.jackson.core.JsonPointer pointer = com.fasterxml.jackson.core.JsonPointer.empty();
        for (Object part : path) {
            pointer = part instanceof Integer index ? pointer.appendIndex(index) : pointer.appendProperty((String) part);
        }
        return pointer;
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A record of a package the test does not share (the pipeline file's document), for its fields only. */
    private static Class<?> type(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
