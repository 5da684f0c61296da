package dev.terminus.architecture.snippets;

/**
 * What a snippet takes as given, by the names the documentation uses: the fields of the class every snippet's class
 * extends (a snippet's own declarations shadow them). The source is compiled with the snippets.
 */
final class SnippetContext {
    static final String SOURCE = """
            package snippets;

            import dev.terminus.*;
            import dev.terminus.agent.*;
            import dev.terminus.agent.control.*;
            import dev.terminus.agent.spi.*;
            import java.nio.file.Path;

            @SuppressWarnings("all")
            abstract class SnippetContext {
                protected Model model;
                protected Agent agent;
                protected RunResult result;
                protected Checkpoint checkpoint;
                protected RunControl control;
                protected RunClock clock;
                protected String task;
                protected GateStore<Checkpoint> store;
                protected Termination termination;
                protected RunContext run;
                protected String gateId;
                protected String json;
                protected String text;
                protected Path dir;
                protected io.temporal.client.WorkflowClient client;
                protected io.temporal.worker.WorkerFactory factory;
                protected io.opentelemetry.api.OpenTelemetry openTelemetry;
                /** What a test's line after a run snippet hands on: the snippet's own variables, by name. */
                protected java.util.List<Object> seen;
            }
            """;

    private SnippetContext() {}
}
