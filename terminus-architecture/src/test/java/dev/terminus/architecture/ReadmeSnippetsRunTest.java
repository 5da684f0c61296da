package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.architecture.snippets.Snippet;
import dev.terminus.architecture.snippets.SnippetRunner;
import dev.terminus.architecture.snippets.SnippetSources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": each README block that can run with a scripted model runs,
 * as written, and ends as the README says. A fixture (Java source, compiled with the block) stands for what the block
 * takes as given; the blocks that need a real provider, a server or a framework stay compiled only, each named here
 * with why ({@link #COMPILED_ONLY}), so a new block is either run or listed.
 */
class ReadmeSnippetsRunTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final List<Snippet> README = SnippetSources.readme(ROOT.resolve("README.md"));

    /** The blocks this test does not run, by a line of each, and why. */
    static final Map<String, String> COMPILED_ONLY = Map.of(
            "case LimitReached reached -> System.out.println(", "a real provider (OpenAI), with its key",
            ".listener(TerminusTelemetry.of(openTelemetry))", "a real provider and an OpenTelemetry SDK",
            "case LimitReached reached -> log.warn(", "its tools class is the reader's, left empty by its given line",
            "ConvergenceEngine engine = ConvergenceEngine.builder()", "its agents' functions are the reader's",
            "return quotaExhausted(\"acme\")", "it builds an agent and runs nothing",
            "McpToolset mcp = McpToolset.builder()", "MCP servers (npx, an HTTP server)",
            "OpenAiChatModel chatModel = OpenAiChatModel.builder()", "a real provider, through Spring AI",
            "ObjectMapper strict = JsonMapper", "no model: the wire format, tested in terminus-jackson");

    /** Where the blocks write, relative to the working directory, as a reader's program would. */
    private static final List<Path> WRITTEN = List.of(Path.of("checkpoints"), Path.of("report.jsonl"));

    @TempDir
    Path classes;

    @BeforeEach
    @AfterEach
    void removeWhatTheBlocksWrite() throws IOException {
        for (Path written : WRITTEN) {
            if (Files.exists(written)) {
                try (Stream<Path> files = Files.walk(written)) {
                    for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    private static Snippet block(String line) {
        List<Snippet> found = README.stream().filter(snippet -> snippet.code().contains(line)).toList();
        assertThat(found).as("README blocks with the line %s", line).hasSize(1);
        return found.getFirst();
    }

    private Object run(String line, String fixture) throws Exception {
        return SnippetRunner.run(block(line), fixture, classes);
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelineOfAgentsWithoutBudgetsUnderA50kBudgetPublishesTheDraft()
            throws Exception {
        // when
        Object done = run(".name(\"weekly-report\")", """
                final List<Object> published = new ArrayList<>(); final List<Object> alerts = new ArrayList<>();
                void publish(String text) { published.add(text); }
                void alert(Termination t) { alerts.add(t); }
                public Object call() {
                    researcher = Agent.builder(ScriptedModel.builder().text("three sources").build())
                            .name("researcher").build();
                    writer = Agent.builder(ScriptedModel.builder().text("Oslo is mild and wet.").build())
                            .name("writer").build();
                    snippet();
                    return List.of(published, alerts);
                }
                """);

        // then
        assertThat(done).isEqualTo(List.of(List.of("Oslo is mild and wet."), List.of()));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theReadmesPipelineAlertsWithThePipelinesFiguresWhenAStageSpendsPastThem()
            throws Exception {
        // given: the research uses 45,000 of the 50,000; the writer, without a budget, spends 10,000 a call
        String fixture = """
                final List<Object> published = new ArrayList<>(); final List<Object> alerts = new ArrayList<>();
                void publish(String text) { published.add(text); }
                void alert(Termination t) { alerts.add(t); }
                public Object call() {
                    researcher = Agent.builder(ScriptedModel.builder().usage(Usage.of(40_000, 5_000))
                            .text("three sources").build()).name("researcher").build();
                    writer = Agent.builder(ScriptedModel.builder().usage(Usage.of(9_000, 1_000))
                            .toolCall("notes", Map.of("page", 1)).toolCall("notes", Map.of("page", 2)).text("late")
                            .build()).name("writer").tool(Tools.of("notes", "Reads notes", (a, run) -> "a note"))
                            .build();
                    snippet();
                    return List.of(published, alerts);
                }
                """;

        // when
        Object done = run(".name(\"weekly-report\")", fixture);

        // then
        assertThat(done).isEqualTo(List.of(List.of(),
                List.of(new dev.terminus.Termination.TokenBudgetExhausted(55_000, 50_000, dev.terminus.TokenKind.TOTAL))));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theApprovalFindsItsGateInTheStoreAndRefundsOnce() throws Exception {
        // when
        Object refunded = run("for (String gateId : store.pending())", """
                final List<String> refunded = new ArrayList<>();
                String refund(Refund refund) { refunded.add(refund.order()); return "refunded " + refund.order(); }
                public Object call() throws Exception {
                    model = ScriptedModel.builder().toolCall("refund", Map.of("order", "42")).text("Refunded.").build();
                    snippet();
                    return List.of(refunded, FileGateStore.checkpoints(Path.of("checkpoints")).pending());
                }
                """);

        // then: refunded once, after the approval, and the gate is gone from the store
        assertThat(refunded).isEqualTo(List.of(List.of("42"), List.of()));
    }

    /** A fixture member: an agent that knows two capitals. */
    private static final String CAPITALS = """
            static Agent capitals() {
                return Agent.builder(FunctionModel.of(request -> ModelResponse.text(
                        request.messages().toString().contains("Norway") ? "Oslo" : "Helsinki", Usage.of(10, 5))))
                        .build();
            }
            """;

    @Test
    void snippetsThatCompileButDoNotRun_theFirstHoursEvaluationPrintsAPassRateOfOne() throws Exception {
        // when
        Object printed = run(".build().run();", CAPITALS + """
                public Object call() throws Exception {
                    agent = capitals();
                    return SnippetRunner.printed(this::snippet);
                }
                """.replace("SnippetRunner", SnippetRunner.class.getName()));

        // then
        assertThat(printed).isEqualTo("1.0" + System.lineSeparator());
    }

    @Test
    void snippetsThatCompileButDoNotRun_theEvaluationWritesSixRowsAndPrintsAPassRateOfOne() throws Exception {
        // when
        Object printed = run("void evaluate(Agent agent) throws IOException", CAPITALS + """
                public Object call() throws Exception {
                    return SnippetRunner.printed(() -> evaluate(capitals()));
                }
                """.replace("SnippetRunner", SnippetRunner.class.getName()));

        // then
        assertThat(printed).isEqualTo("1.0" + System.lineSeparator());
        assertThat(Files.readAllLines(Path.of("report.jsonl"))).hasSize(6);
    }

    @Test
    void snippetsThatCompileButDoNotRun_theStreamPrintsTheTextAsItArrivesThenHowTheRunEnded() throws Exception {
        // when
        Object printed = run("agent.stream(\"Write a haiku about the sea\")", """
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().streamed("Waves fold ", "into foam").build()).build();
                    return SnippetRunner.printed(this::snippet);
                }
                """.replace("SnippetRunner", SnippetRunner.class.getName()));

        // then
        assertThat(printed).isEqualTo("Waves fold into foam ended NaturalCompletion" + System.lineSeparator());
    }

    @Test
    void snippetsThatCompileButDoNotRun_theTextViewBuildsTheTranscriptsTextThenSaysHowTheRunEnded() throws Exception {
        // when
        Object printed = run("agent.stream(\"Write a haiku about the shore\")", """
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().streamed("Sand keeps ", "the tide").build()).build();
                    return SnippetRunner.printed(this::snippet);
                }
                """.replace("SnippetRunner", SnippetRunner.class.getName()));

        // then
        assertThat(printed).isEqualTo("Sand keeps the tide (NaturalCompletion)" + System.lineSeparator());
    }

    @Test
    void snippetsThatCompileButDoNotRun_theTreeOfAgentsPrintsItsChildAndTheAgentThatEndedIt() throws Exception {
        // when
        Object printed = run("Agent writer = Agent.builder(model).name(\"writer\")", """
                public Object call() throws Exception {
                    researcher = Agent.builder(ScriptedModel.builder().text("Refunds within 30 days.").build())
                            .name("researcher").build();
                    billing = Agent.builder(ScriptedModel.builder().text("Billing here.").build()).name("billing")
                            .build();
                    model = ScriptedModel.builder().toolCall("research", Map.of("task", "the refund policy"))
                            .text("Refunds are given within 30 days.").build();
                    return SnippetRunner.printed(this::snippet);
                }
                """.replace("SnippetRunner", SnippetRunner.class.getName()));

        // then
        String n = System.lineSeparator();
        assertThat(printed).isEqualTo("research ended NaturalCompletion" + n + "ended by writer" + n);
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelinePausedAtAGateIsApprovedFromItsJsonAndCompletes() throws Exception {
        // when
        Object ended = run("PipelineResult pauseThenApprove(", """
                final List<Object> refunds = new ArrayList<>();
                public Object call() throws Exception {
                    Agent refunder = Agent.builder(ScriptedModel.builder().toolCall("refund", Map.of("order", "42"))
                                    .text("Refunded.").build()).name("refunder")
                            .tool(Tools.of("refund", "Refunds an order", (a, run) -> { refunds.add(a.get("order"));
                                return "done"; }))
                            .requireApproval("refund").build();
                    Pipeline pipeline = Pipeline.builder().stage(Stage.agent("refund", refunder, ctx -> ctx.input()))
                            .build();
                    PipelineResult result = pauseThenApprove(pipeline, Files.createTempFile("pipeline", ".json"));
                    return List.of(result.termination(), refunds);
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of(new dev.terminus.Termination.Completed(), List.of("42")));
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelineAsTheSubjectPassesItsTask() throws Exception {
        // when
        Object passRate = run("EvalReport evaluate(Model model)", """
                public Object call() throws Exception {
                    return evaluate(FunctionModel.of(request -> ModelResponse.text("Oslo", Usage.of(10, 5))))
                            .summary().passRate();
                }
                """);

        // then
        assertThat(passRate).isEqualTo(1.0);
    }

    @Test
    void snippetsThatCompileButDoNotRun_theAgentWithEveryGuardPausesAtTheLargeRefundAndAnswersInItsShape()
            throws Exception {
        // when
        Object refunds = run(".outputValidator(JsonSchemaOutput.forRecord(Refund.class))", """
                final List<Object> refunds = new ArrayList<>();
                String refundOrder(String order, BigDecimal amount) { refunds.add(order + " " + amount); return "ok"; }
                boolean leaksCard(RunContext run) { return false; }
                CriterionResult check(String answer) { return CriterionResult.met(); }
                public Object call() throws Exception {
                    model = ScriptedModel.builder().toolCall("refund", Map.of("order", "42", "amount", 150))
                            .text("{\\"order\\": \\"42\\", \\"amount\\": 150}").build();
                    snippet();
                    return refunds;
                }
                """);

        // then: 150 is above the limit of 100, so the refund waited for the approval, then ran once
        assertThat(refunds).isEqualTo(List.of("42 150"));
    }

    @Test
    void everyReadmeBlockRunsHereOrIsListedWithWhyItCannot() throws IOException {
        // given: the lines this test's run(...) calls pick blocks by
        String source = Files.readString(Path.of("src/test/java/dev/terminus/architecture/ReadmeSnippetsRunTest.java"));
        Matcher call = Pattern.compile("run\\(\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(source);
        List<String> picked = new ArrayList<>();
        while (call.find()) {
            picked.add(call.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
        }

        // when
        List<String> neither = README.stream()
                .filter(snippet -> COMPILED_ONLY.keySet().stream().noneMatch(snippet.code()::contains))
                .filter(snippet -> picked.stream().noneMatch(snippet.code()::contains))
                .map(Snippet::origin).toList();

        // then
        assertThat(picked).hasSizeGreaterThan(5);
        assertThat(COMPILED_ONLY.keySet()).allSatisfy(line -> assertThat(README).filteredOn(
                snippet -> snippet.code().contains(line)).hasSize(1));
        assertThat(neither).as("README blocks neither run by this test nor listed in COMPILED_ONLY").isEmpty();
    }
}
