package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": the javadoc snippets of agents, streams, gate stores and
 * pipelines that run a whole use run here, as written, with scripted models, and end as their javadoc says. Those of
 * results, terminations, benchmarks and assertions are run by {@link JavadocSnippetsOfOutcomesRunTest};
 * {@link JavadocSnippetsRunOrListedTest} holds that every other snippet is listed with why it is not run. All are
 * compiled by {@link DocumentedSnippetsTest}.
 */
class JavadocSnippetsRunTest extends JavadocSnippetRunning {
    @Test
    void snippetsThatCompileButDoNotRun_theWeatherAgentPrintsItsAnswerWhenItCompletes() throws Exception {
        // when
        Object printed = run("/Agent.java", "RunResult result = agent.run(\"What should I wear in Oslo today?\");",
                printing("""
                public Object call() throws Exception {
                    model = ScriptedModel.builder().toolCall("today", Map.of("city", "Oslo"))
                            .text("A coat: it is 4 degrees and rain.").build();
                    return printed(this::runSnippet);
                }
                """));

        // then
        assertThat(printed).isEqualTo("A coat: it is 4 degrees and rain." + System.lineSeparator());
    }

    @Test
    void snippetsThatCompileButDoNotRun_theAgentsStreamPrintsTheTextAsItArrivesThenTheTag() throws Exception {
        // when
        Object printed = run("/Agent.java", "agent.stream(\"Explain streaming in one paragraph\")", printing("""
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().streamed("Text comes ", "as it is written.").build())
                            .build();
                    return printed(this::runSnippet);
                }
                """));

        // then
        String n = System.lineSeparator();
        assertThat(printed).isEqualTo("Text comes as it is written." + n + "NaturalCompletion" + n);
    }

    @Test
    void snippetsThatCompileButDoNotRun_theRunStreamPrintsTheHaikuAsItArrives() throws Exception {
        // when
        Object printed = run("/RunStream.java", "agent.stream(\"Write a haiku about the sea\")", printing("""
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().streamed("Waves fold ", "into foam").build()).build();
                    return printed(this::runSnippet);
                }
                """));

        // then
        assertThat(printed).isEqualTo("Waves fold into foam");
    }

    @Test
    void snippetsThatCompileButDoNotRun_theRunStreamsTextViewBuildsTheAnswerAcrossARetry() throws Exception {
        // when: the first call's text is cut by a 503 and made again
        Object printed = run("/RunStream.java", "agent.stream(\"Write a haiku about the shore\")", printing("""
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().streamedThenFail(
                            new dev.terminus.agent.spi.ModelException.ServerError(503, "busy", null), "Sand ")
                            .streamed("Sand keeps ", "the tide").build()).build();
                    return printed(this::runSnippet);
                }
                """));

        // then
        assertThat(printed).isEqualTo("Sand keeps the tide (NaturalCompletion)");
    }

    @Test
    void snippetsThatCompileButDoNotRun_theTextPiecesShowTheTextAndTakeBackWhatARetryDiscards() throws Exception {
        // when
        Object printed = run("/TextPiece.java", "agent.stream(\"Write a haiku about the sea\")", printing("""
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().streamedThenFail(
                            new dev.terminus.agent.spi.ModelException.ServerError(503, "busy", null), "Wave")
                            .streamed("Waves fold ", "into foam").build()).build();
                    return printed(this::runSnippet);
                }
                """));

        // then: what was shown, less the characters taken back, is the answer
        assertThat(printed).isEqualTo("Wave\b\b\b\bWaves fold into foam");
    }

    /** A fixture member: an agent whose refunds wait for a person's approval, and the refunds it made. */
    private static final String REFUNDER = """
            final List<Object> refunded = new ArrayList<>();
            Agent refunder(String answer) {
                return Agent.builder(ScriptedModel.builder().toolCall("refund", Map.of("order", "42")).text(answer)
                                .build())
                        .tool(Tools.of("refund", "Refunds an order", (a, run) -> { refunded.add(a.get("order"));
                            return "refunded"; }))
                        .requireApproval("refund").build();
            }
            """;

    @Test
    void snippetsThatCompileButDoNotRun_theAgentPausedAtItsGateIsSavedAndApprovedFromTheStore() throws Exception {
        // when
        Object ended = runSeeing("/Agent.java", "RunResult paused = agent.run(\"Refund order 42\");", "paused, done",
                REFUNDER + RECORDING_STORE + """
                public Object call() throws Exception {
                    return pausedThenApproved();
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of("HitlGatePending", Optional.of("Refunded."), List.of("42")));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theCheckpointSavedAtTheGateIsApprovedFromTheStore() throws Exception {
        // when
        Object ended = runSeeing("/Checkpoint.java", "RunResult paused = agent.run(\"Refund order 42\");",
                "paused, done", REFUNDER + RECORDING_STORE + """
                public Object call() throws Exception {
                    return pausedThenApproved();
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of("HitlGatePending", Optional.of("Refunded."), List.of("42")));
    }

    /**
     * A fixture member: runs a snippet that saves its paused run in {@code store} and approves it by {@code gateId},
     * with a file store that tells the gate's id, as a person's approval would.
     */
    private static final String RECORDING_STORE = """
            Object pausedThenApproved() throws Exception {
                GateStore<Checkpoint> files = FileGateStore.checkpoints(Path.of("checkpoints"));
                store = new GateStore<>() {
                    public void save(Checkpoint paused) { files.save(paused); gateId = paused.gateId(); }
                    public Optional<Checkpoint> load(String id) { return files.load(id); }
                    public List<String> pending() { return files.pending(); }
                    public boolean delete(String id) { return files.delete(id); }
                };
                agent = refunder("Refunded.");
                runSnippet();
                return List.of(((RunResult) seen.get(0)).termination().tag(), ((RunResult) seen.get(1)).finalAnswer(),
                        refunded);
            }
            """;

    @Test
    void snippetsThatCompileButDoNotRun_theGateStoresPendingGatesAreApprovedAndDeleted() throws Exception {
        // when
        Object left = run("/GateStore.java", "for (String gateId : store.pending())", REFUNDER + """
                public Object call() throws Exception {
                    agent = refunder("Refunded.");
                    runSnippet();
                    return List.of(refunded, FileGateStore.checkpoints(Path.of("checkpoints")).pending());
                }
                """);

        // then
        assertThat(left).isEqualTo(List.of(List.of("42"), List.of()));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theFileGateStoresGatesAreApprovedAndItsPausesStoreIsBesideThem()
            throws Exception {
        // when
        Object left = runSeeing("/FileGateStore.java", "for (String gateId : store.pending())", "store, pauses",
                REFUNDER + """
                public Object call() throws Exception {
                    agent = refunder("Refunded.");
                    runSnippet();
                    return List.of(refunded, ((FileGateStore<?>) seen.get(0)).pending(),
                            ((FileGateStore<?>) seen.get(1)).pending());
                }
                """);

        // then
        assertThat(left).isEqualTo(List.of(List.of("42"), List.of(), List.of()));
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelinesPhasesRunTheirBudgetedAgentsAndShowTheSummary() throws Exception {
        // when
        Object done = run("/Pipeline.java", ".phase(\"research\", TokenBudget.total(30_000),", """
                final List<Object> shown = new ArrayList<>(); final List<Object> published = new ArrayList<>();
                Agent researcher(TokenBudget budget) {
                    return Agent.builder(ScriptedModel.builder().text("three sources").build()).tokenBudget(budget)
                            .build();
                }
                Agent writer(TokenBudget budget) {
                    return Agent.builder(ScriptedModel.builder().text("Oslo is mild.").build()).tokenBudget(budget)
                            .build();
                }
                void publish(String report) { published.add(report); }
                void show(Optional<String> answer) { shown.add(answer); }
                void raise(TokenKind kind) { throw new AssertionError(kind); }
                void retryLater() { throw new AssertionError("retryLater"); }
                void alert(Termination t) { throw new AssertionError(t); }
                public Object call() throws Exception {
                    log = org.slf4j.LoggerFactory.getLogger("snippet");
                    runSnippet();
                    return List.of(published, shown);
                }
                """);

        // then
        assertThat(done).isEqualTo(List.of(List.of("Oslo is mild."), List.of(Optional.of("Oslo is mild."))));
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelinePausedAtAGateIsRejectedAndCompletesWithoutTheRefund()
            throws Exception {
        // when
        Object ended = runSeeing("/Pipeline.java", "PipelineResult paused = pipeline.run(\"Refund order 42\");",
                "paused, done", REFUNDER + """
                public Object call() throws Exception {
                    pipeline = Pipeline.builder().stage(Stage.agent("refund", refunder("Not refunded: over 100 EUR."),
                            ctx -> ctx.input())).build();
                    runSnippet();
                    PipelineResult done = (PipelineResult) seen.get(1);
                    return List.of(((PipelineResult) seen.get(0)).termination().tag(), done.termination(),
                            done.stage("refund").flatMap(StageResult::lastRun).flatMap(RunResult::finalAnswer),
                            refunded);
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of("HitlGatePending", new Termination.Completed(),
                Optional.of("Not refunded: over 100 EUR."), List.of()));
    }

    @Test
    void snippetsThatCompileButDoNotRun_thePipelineCheckpointWrittenToAFileIsApprovedFromItAndRefunds()
            throws Exception {
        // when
        Object ended = runSeeing("/PipelineCheckpoint.java", "PipelineResult paused = pipeline.run(", "paused, done",
                REFUNDER + """
                public Object call() throws Exception {
                    pipeline = Pipeline.builder()
                            .stage(Stage.agent("refund", refunder("Refunded."), ctx -> ctx.input())).build();
                    file = Files.createTempFile(Path.of(System.getProperty("java.io.tmpdir")), "pipeline", ".json");
                    runSnippet();
                    return List.of(((PipelineResult) seen.get(0)).termination().tag(),
                            ((PipelineResult) seen.get(1)).termination(), refunded);
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of("HitlGatePending", new Termination.Completed(), List.of("42")));
    }

    /** @return a fixture whose model answers the JSON, and that returns the snippet's forecast, as text */
    private static String forecaster(String json) {
        return """
                public Object call() throws Exception {
                    model = ScriptedModel.builder().text(%s).build();
                    runSnippet();
                    return seen.get(0).toString();
                }
                """.formatted('"' + json.replace("\"", "\\\"") + '"');
    }

    @Test
    void snippetsThatCompileButDoNotRun_theJsonSchemaOutputReadsTheAnswerAsTheForecastRecord() throws Exception {
        // when
        Object forecast = runSeeing("/JsonSchemaOutput.java", "Forecast forecast = agent.run(", "forecast",
                forecaster("{\"city\": \"Oslo\", \"celsius\": 4, \"sky\": \"RAIN\"}"));

        // then
        assertThat(forecast).isEqualTo("Forecast[city=Oslo, celsius=4.0, sky=RAIN, warning=Optional.empty]");
    }

    @Test
    void snippetsThatCompileButDoNotRun_theOutputValidatorsAgentAnswersTheForecastRecord() throws Exception {
        // when
        Object forecast = runSeeing("/OutputValidator.java", "Forecast forecast = agent.run(", "forecast",
                forecaster("{\"city\": \"Oslo\", \"celsius\": 4}"));

        // then
        assertThat(forecast).isEqualTo("Forecast[city=Oslo, celsius=4]");
    }

    @Test
    void snippetsThatCompileButDoNotRun_theAgentsEngineRunsItUnderTheControlItMade() throws Exception {
        // when
        Object answer = runSeeing("/AgentEngine.java", "AgentEngine engine = AgentEngine.of(agent);", "result", """
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().text("The report, in short.").build()).build();
                    runSnippet();
                    return ((RunResult) seen.get(0)).finalAnswer();
                }
                """);

        // then
        assertThat(answer).isEqualTo(Optional.of("The report, in short."));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theEnginesContinuationLoopRunsTheAgentToItsAnswer() throws Exception {
        // when
        Object answer = runSeeing("/Continuation.java", "RunStep step = engine.run(", "result", """
                public Object call() throws Exception {
                    task = "Summarize the report";
                    agent = Agent.builder(ScriptedModel.builder().toolCall("read", Map.of("page", 1))
                            .text("The report, in short.").build())
                            .tool(Tools.of("read", "Reads a page", (a, run) -> "page one")).build();
                    runSnippet();
                    return ((RunResult) seen.get(0)).finalAnswer();
                }
                """);

        // then
        assertThat(answer).isEqualTo(Optional.of("The report, in short."));
    }

    /** A fixture member: a model that answers only when its run is interrupted, so a run ends by its time budget. */
    private static final String HANGING = """
            static Model hanging() {
                return FunctionModel.of(request -> {
                    try {
                        new java.util.concurrent.CountDownLatch(1).await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IllegalStateException("interrupted");
                });
            }
            """;

    @Test
    void snippetsThatCompileButDoNotRun_theManualClockPassesTheThirtySecondBudgetInNoTime() throws Exception {
        // when
        Object ended = runSeeing("/ManualClock.java", "clock.advance(Duration.ofSeconds(30));", "handle", HANGING + """
                public Object call() throws Exception {
                    model = hanging();
                    runSnippet();
                    return ((RunHandle) seen.get(0)).await().termination();
                }
                """);

        // then
        assertThat(ended).isEqualTo(new Termination.TimeBudgetExhausted(30_000, 30_000));
    }

    @Test
    void snippetsThatCompileButDoNotRun_virtualTimeDrivesTheHangingRunToItsTimeBudgetAtOnce() throws Exception {
        // when
        Object ended = runSeeing("/VirtualTime.java", "RunResult result = time.drive(", "result", HANGING + """
                public Object call() throws Exception {
                    hangingModel = hanging();
                    runSnippet();
                    return ((RunResult) seen.get(0)).termination().tag();
                }
                """);

        // then
        assertThat(ended).isEqualTo("TimeBudgetExhausted");
    }

    @Test
    void snippetsThatCompileButDoNotRun_theRunPausedForAnAccountIsAnsweredAndRefundsToTheIban() throws Exception {
        // when
        Object ended = runSeeing("/Agent.java", "RunResult done = agent.answer(checkpoint,", "done", """
                final List<Object> refunds = new ArrayList<>();
                public Object call() throws Exception {
                    Map<String, Object> account = Map.of("type", "object",
                            "properties", Map.of("iban", Map.of("type", "string")), "required", List.of("iban"));
                    Tool refund = Tools.of("refund", "Refunds an order",
                            Map.of("type", "object", "properties", Map.of("order", Map.of("type", "string"))),
                            (arguments, run) -> {
                                HumanInputRequest ask = HumanInputRequest.of("Refund to which account?", account,
                                        "refunds");
                                HumanInputAnswer answer = run.humanInput(ask)
                                        .orElseThrow(() -> new HumanInputNeeded(ask));
                                return answer.answered().map(to -> { refunds.add(to.get("iban")); return "refunded"; })
                                        .orElse("declined");
                            });
                    agent = Agent.builder(ScriptedModel.builder().toolCall("refund", Map.of("order", "42"))
                            .text("Refunded to your account.").build()).tool(refund).build();
                    RunResult paused = agent.run("Refund order 42");
                    checkpoint = paused.checkpoint().orElseThrow();
                    runSnippet();
                    return List.of(paused.termination().tag(), ((RunResult) seen.get(0)).finalAnswer(), refunds);
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of("HitlGatePending", Optional.of("Refunded to your account."),
                List.of("DE89370400440532013000")));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theStartedRunThatEndsWithinFiveSecondsIsNotCancelled() throws Exception {
        // when
        Object early = runSeeing("/RunHandle.java", "RunHandle handle = agent.start(", "early", """
                public Object call() throws Exception {
                    agent = Agent.builder(ScriptedModel.builder().text("The report, in short.").build()).build();
                    runSnippet();
                    return ((Optional<RunResult>) seen.get(0)).map(RunResult::termination);
                }
                """);

        // then
        assertThat(early).isEqualTo(Optional.of(new Termination.NaturalCompletion()));
    }
}
