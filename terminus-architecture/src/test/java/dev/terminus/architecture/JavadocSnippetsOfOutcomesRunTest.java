package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": the javadoc snippets of how runs end (terminations, their
 * wire form, results, configuration), of benchmarks and of the test assertions run here, as written, with scripted
 * models, and show what their javadoc says. See {@link JavadocSnippetsRunTest} for agents, streams and pipelines.
 */
class JavadocSnippetsOfOutcomesRunTest extends JavadocSnippetRunning {
    @Test
    void snippetsThatCompileButDoNotRun_theTerminationSwitchAdvisesToRaiseTheLimitThatWasReached() throws Exception {
        // when
        Object advice = runSeeing("/Termination.java", "String advice = switch (termination)", "advice", """
                public Object call() throws Exception {
                    termination = new Termination.TokenBudgetExhausted(55_000, 50_000, TokenKind.TOTAL);
                    runSnippet();
                    return seen;
                }
                """);

        // then
        assertThat(advice).isEqualTo(List.of("raise the TOTAL token budget"));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theCustomTerminationsPropertyIsReadBack() throws Exception {
        // when
        Object findings = runSeeing("/Termination.java", "int findings = custom.property(", "findings", """
                public Object call() throws Exception {
                    runSnippet();
                    return seen;
                }
                """);

        // then
        assertThat(findings).isEqualTo(List.of(4));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theWireCodecWritesTheJsonItShowsAndReadsTheTerminationBack() throws Exception {
        // when
        Object seen = runSeeing("/TerminusModule.java", "String json = mapper.writeValueAsString(", "json, back", """
                public Object call() throws Exception {
                    runSnippet();
                    return seen;
                }
                """);

        // then
        assertThat(seen).isEqualTo(List.of("{\"$kind\":\"MaxIterationsReached\",\"limit\":25,\"iterationsUsed\":25}",
                new Termination.MaxIterationsReached(25, 25)));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theBuiltRunResultIsASuccessWithItsAnswer() throws Exception {
        // when
        Object result = runSeeing("/RunResult.java", "RunResult result = RunResult.builder()", "result", """
                public Object call() throws Exception {
                    runSnippet();
                    RunResult built = (RunResult) seen.get(0);
                    return List.of(built.termination(), built.outcome(), built.finalAnswer());
                }
                """);

        // then
        assertThat(result).isEqualTo(List.of(new Termination.NaturalCompletion(), dev.terminus.Outcome.SUCCEEDED,
                Optional.of("42")));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theBuildersOwnMaxIterationsWinsOverTheSharedConfigs() throws Exception {
        // when
        Object limits = runSeeing("/AgentBuilder.java", "Agent researcher = Agent.builder(model)", "shared, researcher",
                """
                public Object call() throws Exception {
                    model = ScriptedModel.builder().text("three sources").build();
                    runSnippet();
                    AgentConfig config = ((Agent) seen.get(1)).config();
                    return List.of(((AgentConfig) seen.get(0)).maxIterations(), config.maxIterations(),
                            config.stallThreshold(), config.name());
                }
                """);

        // then
        assertThat(limits).isEqualTo(List.of(10, 20, Optional.empty(), "researcher"));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theBenchmarkPassesEveryRowThenItsRerunKeepsThemAll() throws Exception {
        // when
        Object figures = runSeeing("/Benchmark.java", "EvalReport report = benchmark.run(", "report, again",
                printing("""
                public Object call() throws Exception {
                    progressBar = new ProgressListener() {};
                    model = FunctionModel.of(request -> ModelResponse.text(
                            request.messages().toString().contains("Norway") ? "Oslo" : "4", Usage.of(10, 5)));
                    String printed = printed(this::runSnippet);
                    EvalReport again = (EvalReport) seen.get(1);
                    return List.of(printed, again.kept(), again.summary().rows(), again.summary().passRate());
                }
                """));

        // then: 2 tasks, 3 repeats each, all passed, so the rerun runs none and keeps the 6
        assertThat(figures).isEqualTo(List.of("pass rate 1.00 over 6 rows" + System.lineSeparator(), 6, 6, 1.0));
    }

    /** A fixture member: agents that end after 3 tool calls, or by answering. */
    private static final String AGENTS = """
            Agent searching(int maxToolCalls) {
                ScriptedModel.Builder script = ScriptedModel.builder();
                for (int i = 0; i < 4; i++) script.toolCall("search", Map.of("query", "Oslo " + i));
                return Agent.builder(script.text("Oslo.").build()).maxToolCalls(maxToolCalls)
                        .tool(Tools.of("search", "Searches", (a, run) -> "found")).build();
            }
            String failure() throws Exception {
                try {
                    runSnippet();
                    return "held";
                } catch (AssertionError e) {
                    return "failed";
                }
            }
            """;

    @Test
    void snippetsThatCompileButDoNotRun_theRunResultAssertionHoldsForARunStoppedAtThreeToolCallsOnly()
            throws Exception {
        // when
        Object outcomes = run("/RunResultAssert.java", ".endedWith(new Termination.MaxToolCallsReached(3, 3))",
                AGENTS + """
                public Object call() throws Exception {
                    agent = searching(3);
                    String stopped = failure();
                    agent = searching(5);
                    return List.of(stopped, failure());
                }
                """);

        // then
        assertThat(outcomes).isEqualTo(List.of("held", "failed"));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theTerminusAssertionHoldsForACompletedRunOnly() throws Exception {
        // when
        Object outcomes = run("/TerminusAssertions.java", ".endedWith(Termination.NaturalCompletion.class)",
                AGENTS + """
                public Object call() throws Exception {
                    agent = searching(5);
                    String completed = failure();
                    agent = searching(3);
                    return List.of(completed, failure());
                }
                """);

        // then
        assertThat(outcomes).isEqualTo(List.of("held", "failed"));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theTerminationAssertionHoldsForAnIterationLimitOnly() throws Exception {
        // when
        Object outcomes = run("/TerminationAssert.java", ".isCase(Termination.MaxIterationsReached.class)",
                AGENTS + """
                public Object call() throws Exception {
                    termination = new Termination.MaxIterationsReached(10, 10);
                    String reached = failure();
                    termination = new Termination.MaxToolCallsReached(3, 3);
                    return List.of(reached, failure());
                }
                """);

        // then
        assertThat(outcomes).isEqualTo(List.of("held", "failed"));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theDocumentReconciliationExampleConvergesInFourCyclesAsReconciled()
            throws Exception {
        // when
        Object ended = runSeeing("/Examples.java", "ConvergenceResult result = example.run();", "result", """
                public Object call() throws Exception {
                    runSnippet();
                    ConvergenceResult result = (ConvergenceResult) seen.get(0);
                    return List.of(result.termination(), result.context().value("status", String.class));
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of(new Termination.Converged(4), Optional.of("reconciled")));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theConvergenceEnginePausesAtAnUnsureFactThenResumesApprovedToConvergence()
            throws Exception {
        // given: the normalizer is unsure of the currency (0.5, below the threshold of 0.7), so a person is asked
        String fixture = """
                final List<String> asked = new ArrayList<>();
                void show(Context facts) { throw new AssertionError("converged before the person was asked"); }
                void askSomeone(String summary, String gateId) { asked.add(summary); this.gateId = gateId; }
                void raiseTheLimit(Termination t) { throw new AssertionError(t); }
                void alert(Termination t) { throw new AssertionError(t); }
                public Object call() throws Exception {
                    text = "Total: 12.00";
                    extractor = ConvergenceAgent.of("extractor", Trigger.once(),
                            (context, cycle) -> Reply.propose(Map.of("total", 1200)));
                    normalizer = ConvergenceAgent.of("normalizer", Trigger.on("total"),
                            (context, cycle) -> Reply.propose(new ProposedFact("currency", "EUR", 0.5)));
                    crossChecker = ConvergenceAgent.of("crossChecker", Trigger.on("currency"),
                            (context, cycle) -> Reply.propose(Map.of("checked", true)));
                    runSnippet();
                    ConvergenceResult resumed = (ConvergenceResult) seen.get(0);
                    return List.of(asked, resumed.termination().tag(),
                            resumed.context().value("currency", String.class),
                            resumed.context().value("checked", Boolean.class));
                }
                """;

        // when
        Object ended = runSeeing("/ConvergenceEngine.java", "ConvergenceResult result = engine.run(", "result",
                fixture);

        // then
        assertThat(ended).asList().containsExactly(
                List.of("normalizer proposes currency = \"EUR\" (confidence 0.50 is below 0.70)"), "Converged",
                Optional.of("EUR"), Optional.of(true));
    }

    /** A fixture: an agent on a manual clock, run by a host's loop; it returns what the run and the clock show. */
    private static final String HOSTED = """
            final ManualClock manual = new ManualClock();
            final List<RunResult> reported = new ArrayList<>();
            void report(RunResult result) { reported.add(result); }
            void continueAsNew(Continuation continuation) { throw new AssertionError("suspended"); }
            public Object call() throws Exception {
                agent = Agent.builder(ScriptedModel.builder().text("The report, in short.").build()).clock(manual)
                        .timeBudget(Duration.ofSeconds(30)).build();
                ENGINE
                control = AgentEngine.of(agent).newControl();
                task = "Summarize the report";
                runSnippet();
                RunResult ended = result != null ? result : reported.getFirst();
                return List.of(ended.finalAnswer(), manual.pendingDelays());
            }
            """;

    @Test
    void snippetsThatCompileButDoNotRun_theHostsLoopsRunTheAgentToItsAnswerAndLeaveNoTimerBehind() throws Exception {
        // given
        String withEngine = HOSTED.replace("ENGINE", "engine = AgentEngine.of(agent);");
        String withoutEngine = HOSTED.replace("ENGINE", "");
        List<Object> answered = List.of(Optional.of("The report, in short."), List.of());

        // when
        Object armed = run("/AgentEngine.java", "RunClock.Scheduled deadline = control.armDeadline();", withEngine);
        Object byCaller = run("/CallerDeadline.java", "CallerDeadline.arm(control)", withEngine);
        Object byControl = run("/RunControl.java", "result = AgentEngine.of(agent).run(task, control);",
                withoutEngine);
        Object stepped = run("/RunStep.java", "case RunStep.Ended(RunResult result) -> report(result);",
                withoutEngine);

        // then
        assertThat(List.of(armed, byCaller, byControl, stepped)).containsOnly(answered);
    }

    @Test
    void snippetsThatCompileButDoNotRun_theStartedConvergenceThatEndsWithinAMinuteConvergesUncancelled()
            throws Exception {
        // when
        Object ended = runSeeing("/ConvergenceHandle.java", "ConvergenceHandle handle = engine.start(", "result", """
                public Object call() throws Exception {
                    engine = ConvergenceEngine.builder().name("reconcile").agents(ConvergenceAgent.of("extractor",
                            Trigger.once(), (context, cycle) -> Reply.propose(Map.of("total", 1200)))).build();
                    runSnippet();
                    ConvergenceResult result = (ConvergenceResult) seen.get(0);
                    return List.of(result.termination().tag(), result.context().value("total", Integer.class));
                }
                """);

        // then
        assertThat(ended).isEqualTo(List.of("Converged", Optional.of(1200)));
    }
}
