package dev.terminus.langchain4j;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.Leaks;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * Agent runs on a real provider client against a {@link FaultServer}, recording each model call's outcome; closing
 * it closes the model and checks that nothing was left behind before the server closes.
 */
final class FaultyRuns implements AutoCloseable {
    static final String KEY = "sk-test-0123456789";
    /** Two retries, at once: three attempts in all. */
    static final RetryPolicy TWO_RETRIES = new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private final Leaks leaks = Leaks.snapshot();
    final FaultServer server = new FaultServer();
    /** Each model call's failure (the simple name of its {@code ModelException}), or null for an answer. */
    final List<@Nullable String> attempts = new CopyOnWriteArrayList<>();
    private final List<LangChain4jModel> models = new CopyOnWriteArrayList<>();
    /** When the last run was called (on {@link System#nanoTime()}, its agent built): its time budget counts from it. */
    volatile long lastRunStartedNanos;

    /** Runs an agent on the provider's client, at the base URL, with the config. */
    RunResult run(ProviderWire wire, String baseUrl, AgentConfig.Builder config) {
        ProviderSettings settings = ProviderSettings.custom().baseUrl(baseUrl).build();
        LangChain4jModel model = switch (wire) {
            case OPENAI -> LangChain4jModels.openAi("gpt-4o-mini", KEY, settings);
            case ANTHROPIC -> LangChain4jModels.anthropic("claude-sonnet-4-5", KEY, settings);
        };
        models.add(model);
        AgentListener calls = event -> {
            if (event instanceof AgentEvent.ModelCalled called) {
                String error = called.error();
                attempts.add(error == null ? null : error.substring(error.lastIndexOf('$') + 1));
            }
        };
        Agent agent = Agent.builder(model).config(config.build()).listener(calls).build();
        lastRunStartedNanos = System.nanoTime();
        return agent.run("What should I wear in Oslo?");
    }

    /** Runs an agent on the provider's client against the server, with two retries at once. */
    RunResult run(ProviderWire wire) {
        return run(wire, wire.baseUrl(server.origin()), AgentConfig.custom().retryPolicy(TWO_RETRIES));
    }

    @Override
    public void close() throws InterruptedException {
        try {
            models.forEach(LangChain4jModel::close);
            leaks.assertNoneLeft(server);
        } finally {
            server.close();
        }
    }
}
