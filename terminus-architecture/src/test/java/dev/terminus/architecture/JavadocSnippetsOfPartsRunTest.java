package dev.terminus.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 34, item 6, "Snippets that compile but do not run": the javadoc snippets that make the parts of a use (tools,
 * stages, a report's summary) run here, as written, in an agent or a pipeline run with scripted models, and do what
 * their javadoc says. See {@link JavadocSnippetsRunTest} for whole uses.
 */
class JavadocSnippetsOfPartsRunTest extends JavadocSnippetRunning {
    @Test
    void snippetsThatCompileButDoNotRun_theRecordAndSchemaToolsAreCalledWithTheModelsArgumentsAndTheDefaultLimit()
            throws Exception {
        // when
        Object calls = runSeeing("/Tools.java", "Tool search = Tools.of(\"search\"", "search, lookup", """
                final List<Object> searched = new ArrayList<>();
                String webSearch(String query, int limit) { searched.add(query + " " + limit); return "3 results"; }
                public Object call() throws Exception {
                    dictionary = Map.of("fjord", "a long, narrow inlet");
                    runSnippet();
                    RunResult run = Agent.builder(ScriptedModel.builder()
                                    .toolCall("search", Map.of("query", "Oslo climate"))
                                    .toolCall("search", Map.of("query", "Bergen rain", "limit", 3))
                                    .toolCall("lookup", Map.of("word", "fjord")).text("Done.").build())
                            .tool((Tool) seen.get(0)).tool((Tool) seen.get(1)).build().run("Look things up");
                    return List.of(searched, run.transcript().toString().contains("a long, narrow inlet"),
                            run.termination());
                }
                """);

        // then
        assertThat(calls).isEqualTo(List.of(List.of("Oslo climate 10", "Bergen rain 3"), true,
                new Termination.NaturalCompletion()));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theForecastToolReadsTheEnumAndDefaultsToCelsius() throws Exception {
        // when
        Object calls = runMembers("/Tools.java", "Tool forecast = Tools.of(\"forecast\"", """
                final List<Object> asked = new ArrayList<>();
                String forecastFor(String city, int days, Unit unit) { asked.add(city + " " + days + " " + unit);
                    return "mild"; }
                public Object call() throws Exception {
                    RunResult run = Agent.builder(ScriptedModel.builder()
                                    .toolCall("forecast", Map.of("city", "Oslo", "days", 3))
                                    .toolCall("forecast", Map.of("city", "Boston", "days", 1, "unit", "FAHRENHEIT"))
                                    .text("Mild.").build())
                            .tool(forecast).build().run("The weather?");
                    return List.of(asked, run.termination());
                }
                """);

        // then
        assertThat(calls).isEqualTo(List.of(List.of("Oslo 3 CELSIUS", "Boston 1 FAHRENHEIT"),
                new Termination.NaturalCompletion()));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theResearchAndPublishStagesPublishTheResearchersAnswer() throws Exception {
        // when
        Object done = runSeeing("/Stage.java", "Stage research = Stage.agent(\"research\"", "research, publish", """
                final List<Object> published = new ArrayList<>();
                void publish(String report) { published.add(report); }
                public Object call() throws Exception {
                    researcher = Agent.builder(ScriptedModel.builder().text("three sources").build()).build();
                    runSnippet();
                    PipelineResult result = Pipeline.builder().stage((Stage) seen.get(0)).stage((Stage) seen.get(1))
                            .build().run("the Oslo climate");
                    return List.of(result.termination(), published);
                }
                """);

        // then
        assertThat(done).isEqualTo(List.of(new Termination.Completed(), List.of("three sources")));
    }

    @Test
    void snippetsThatCompileButDoNotRun_theSummaryOfAReportPrintsHowManyPassedAndItsFigures() throws Exception {
        // when
        Object printed = run("/Summary.java", "Summary summary = Summary.of(", printing("""
                public Object call() throws Exception {
                    Benchmark.builder()
                            .tasks(List.of(Task.of("add", "2 + 2?").expecting("4"),
                                    Task.of("capital", "The capital of Norway?").expecting("Oslo")))
                            .agentFactory(context -> context.agentBuilder(FunctionModel.of(request ->
                                    ModelResponse.text("4", Usage.of(10, 5)))).build())
                            .evaluator(Evaluators.exactMatch()).build().run(Path.of("report.jsonl"));
                    return printed(this::runSnippet);
                }
                """));

        // then: the capital's answer, 4, is wrong
        assertThat((String) printed).matches("1/2 passed \\(50\\.0%\\), p90 \\d+ ms, \\$0(\\.0+)?\\R");
    }
}
