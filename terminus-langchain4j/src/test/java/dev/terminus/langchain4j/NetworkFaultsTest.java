package dev.terminus.langchain4j;

import static dev.terminus.langchain4j.fake.Fault.html;
import static dev.terminus.langchain4j.fake.Fault.malformedJson;
import static dev.terminus.langchain4j.fake.Fault.reply;
import static dev.terminus.langchain4j.fake.Fault.resetMidBody;
import static dev.terminus.langchain4j.fake.Fault.withoutUsage;
import static dev.terminus.test.TerminusAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.ErrorCategory;
import dev.terminus.Termination;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Usage;
import dev.terminus.langchain4j.fake.FaultServer;
import dev.terminus.langchain4j.fake.ProviderWire;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A chaotic network under the real provider clients answering whole: each fault the {@link FaultServer} injects, in
 * the OpenAI and the Anthropic wire format, ends the run with the termination the README's table gives, retried or
 * not as it says; and no thread, connection or process is left behind. Stalls and {@code Retry-After} are in
 * {@link NetworkTimingTest}; the same faults under the streaming clients in {@link StreamedNetworkFaultsTest}.
 */
@Timeout(30)
class NetworkFaultsTest {
    private final FaultyRuns runs = runs();
    private final FaultServer server = runs.server;
    private final List<@Nullable String> attempts = runs.attempts;

    /** @return the runs of this class: on the clients that answer whole */
    FaultyRuns runs() {
        return new FaultyRuns();
    }

    @AfterEach
    void nothingIsLeftBehind() throws InterruptedException {
        runs.close();
    }

    private RunResult run(ProviderWire wire) {
        return runs.run(wire);
    }

    private static void assertFailed(RunResult result, ErrorCategory category, String message) {
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class, failed -> {
            assertThat(failed.error().category()).isEqualTo(category);
            assertThat(failed.error().message()).contains(message).doesNotContain(FaultyRuns.KEY);
        });
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aRefusedConnectionIsRetriedThenFailsExternal(ProviderWire wire) {
        // given: nothing listens on the port
        String closed = wire.baseUrl("http://127.0.0.1:" + FaultServer.closedPort());

        // when
        RunResult result = runs.run(wire, closed, AgentConfig.custom().retryPolicy(FaultyRuns.TWO_RETRIES));

        // then
        assertFailed(result, ErrorCategory.EXTERNAL, "the call to the provider failed: java.net.ConnectException");
        assertThat(attempts).containsExactly("Timeout", "Timeout", "Timeout");
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aConnectionResetMidBodyIsRetriedThenFailsExternal(ProviderWire wire) {
        // given
        server.always(resetMidBody(wire.answer("Wear a coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertFailed(result, ErrorCategory.EXTERNAL, "the call to the provider failed");
        assertThat(attempts).containsExactly("Timeout", "Timeout", "Timeout");
        assertThat(server.requests()).hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aConnectionResetOnceIsRetriedAndTheRunCompletes(ProviderWire wire) {
        // given
        server.then(resetMidBody(wire.answer("late")), reply(wire.answer("Wear a coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(attempts).containsExactly("Timeout", null);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void malformedJsonInA200FailsUnknownWithoutARetry(ProviderWire wire) {
        // given: a body cut off inside the answer, sent whole with its status 200
        server.always(malformedJson());

        // when
        RunResult result = run(wire);

        // then: not a provider error the loop knows to be transient: one call, the caller may run again
        assertThat(result.termination()).isInstanceOfSatisfying(Termination.Failed.class,
                failed -> assertThat(failed.error().category()).isEqualTo(ErrorCategory.UNKNOWN));
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aProxysHtmlErrorPageIsAServerErrorRetriedThenFailsExternal(ProviderWire wire) {
        // given: a proxy in front of the provider answers 502 with its own page
        server.always(html(502, "502 Bad Gateway"));

        // when
        RunResult result = run(wire);

        // then
        assertFailed(result, ErrorCategory.EXTERNAL, "HTTP 502: <html><head><title>502 Bad Gateway</title>");
        assertThat(attempts).containsExactly("ServerError", "ServerError", "ServerError");
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void aServerErrorThenAnAnswerCompletesWithTheRetryCounted(ProviderWire wire) {
        // given
        server.then(reply(wire.error(500, "internal error")), reply(wire.answer("Wear a coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.usage()).isEqualTo(new Usage(21, 7, 0, 0));
        assertThat(attempts).containsExactly("ServerError", null);
        assertThat(server.requests()).hasSize(2);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void a503StormUsesUpTheRetriesThenFailsExternal(ProviderWire wire) {
        // given
        server.always(reply(wire.error(503, "overloaded")));

        // when
        RunResult result = run(wire);

        // then
        assertFailed(result, ErrorCategory.EXTERNAL, "HTTP 503");
        assertThat(server.requests()).hasSize(3);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void anAnswerWithoutUsageCompletesWithUsageZero(ProviderWire wire) {
        // given
        server.then(withoutUsage(wire.answer("Wear a coat.")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion());
        assertThat(result.finalAnswer()).contains("Wear a coat.");
        assertThat(result.usage()).isEqualTo(Usage.ZERO);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void a401IsNeverRetried(ProviderWire wire) {
        // given
        server.always(reply(wire.error(401, "invalid key")));

        // when
        RunResult result = run(wire);

        // then
        assertThat(result).endedWith(new Termination.ProviderAuthFailed(wire.provider(), 401));
        assertThat(server.requests()).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(ProviderWire.class)
    void a400IsNeverRetried(ProviderWire wire) {
        // given
        server.always(reply(wire.error(400, "messages: field required")));

        // when
        RunResult result = run(wire);

        // then
        assertFailed(result, ErrorCategory.CONFIGURATION, "HTTP 400");
        assertThat(server.requests()).hasSize(1);
    }
}
