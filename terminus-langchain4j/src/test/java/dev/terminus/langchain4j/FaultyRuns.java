package dev.terminus.langchain4j;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.Model;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.Leaks;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * Agent runs on a real provider client against a {@link FaultServer}, whole-answer or streaming, recording each model
 * call's outcome and the stream's events; closing it closes the model and checks that nothing was left behind before
 * the server closes.
 */
final class FaultyRuns implements AutoCloseable {
    static final String KEY = "sk-test-0123456789";
    /** Two retries, at once: three attempts in all. */
    static final RetryPolicy TWO_RETRIES = new RetryPolicy(2, Duration.ofMillis(1), Duration.ofMillis(2), 0);

    private final Leaks leaks = Leaks.snapshot();
    final FaultServer server = new FaultServer();
    /** Each model call's failure (the simple name of its {@code ModelException}), or null for an answer. */
    final List<@Nullable String> attempts = new CopyOnWriteArrayList<>();
    /** Each model call's event, in order. */
    final List<AgentEvent.ModelCalled> calls = new CopyOnWriteArrayList<>();
    /** The stream events of the runs: text pieces and discards. */
    final List<AgentEvent> streamEvents = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> models = new CopyOnWriteArrayList<>();
    private final boolean streaming;
    /** When the last run was called (on {@link System#nanoTime()}, its agent built): its time budget counts from it. */
    volatile long lastRunStartedNanos;

    /** Runs on the clients that answer whole. */
    FaultyRuns() {
        this(false);
    }

    /** @param streaming whether the runs are on the streaming clients ({@code LangChain4jModels}' default) */
    FaultyRuns(boolean streaming) {
        this.streaming = streaming;
    }

    /** @return the provider's model at the base URL, closed with these runs */
    Model model(ProviderWire wire, String baseUrl) {
        ProviderSettings settings = ProviderSettings.custom().baseUrl(baseUrl).build();
        Model model = switch (wire) {
            case OPENAI -> streaming ? LangChain4jModels.openAi("gpt-4o-mini", KEY, settings)
                    : LangChain4jModels.openAiNonStreaming("gpt-4o-mini", KEY, settings);
            case ANTHROPIC -> streaming ? LangChain4jModels.anthropic("claude-sonnet-4-5", KEY, settings)
                    : LangChain4jModels.anthropicNonStreaming("claude-sonnet-4-5", KEY, settings);
        };
        models.add((AutoCloseable) model);
        return model;
    }

    /** @return an agent on the model that records its calls and stream events here */
    AgentBuilder agent(Model model, AgentConfig.Builder config) {
        AgentListener recorder = new AgentListener() {
            @Override
            public void onEvent(AgentEvent event) {
                if (event instanceof AgentEvent.ModelCalled called) {
                    calls.add(called);
                    String error = called.error();
                    attempts.add(error == null ? null : error.substring(error.lastIndexOf('$') + 1));
                } else if (event instanceof AgentEvent.TextDelta || event instanceof AgentEvent.TextDiscarded) {
                    streamEvents.add(event);
                }
            }

            @Override
            public boolean receivesStreamEvents() {
                return true;
            }
        };
        return Agent.builder(model).config(config.build()).listener(recorder);
    }

    /** @return the text pieces the runs streamed, in order */
    List<String> deltas() {
        return streamEvents.stream().filter(AgentEvent.TextDelta.class::isInstance)
                .map(event -> ((AgentEvent.TextDelta) event).text()).toList();
    }

    /** Runs an agent on the provider's client, at the base URL, with the config. */
    RunResult run(ProviderWire wire, String baseUrl, AgentConfig.Builder config) {
        Agent agent = agent(model(wire, baseUrl), config).build();
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
            for (AutoCloseable model : models) {
                try {
                    model.close();
                } catch (Exception e) {
                    throw new IllegalStateException("closing " + model + " failed", e);
                }
            }
            leaks.assertNoneLeft(server);
        } finally {
            server.close();
        }
    }
}
