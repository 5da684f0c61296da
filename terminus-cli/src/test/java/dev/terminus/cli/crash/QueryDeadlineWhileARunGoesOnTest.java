package dev.terminus.cli.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.temporal.ScenarioRuns;
import dev.terminus.cli.temporal.Workers;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.TerminusDataConverter;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code terminus run --temporal} waits for a run's end while its workflow is too busy to answer the client's gate
 * query within the query's deadline (a long run's workflow replaying a large history, or continuing as new): the
 * query's {@code DEADLINE_EXCEEDED} is no end of the wait. Here no workflow worker polls at first, so the standalone
 * test server holds the query until its deadline; a worker then comes, and the run ends.
 */
@Timeout(300)
class QueryDeadlineWhileARunGoesOnTest {
    private static final String TASK_QUEUE = "terminus-query-deadline";

    @TempDir
    Path dir;

    @Test
    void aRunWhoseWorkflowCannotAnswerAQueryInTimeIsWaitedForUntilItEnds() throws Exception {
        // given: a client whose queries give up after a second, which sees each one that did
        try (TestServerProcess server = TestServerProcess.start(dir.resolve("test-server.log"))) {
            QueryDeadlines calls = new QueryDeadlines();
            WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder()
                    .setTarget(server.address())
                    .setRpcQueryTimeout(Duration.ofSeconds(1))
                    .setGrpcClientInterceptors(List.of(calls))
                    .build());
            WorkflowClient client = WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.ofDefaults()).build());
            Scenario scenario = ScenarioReader.demo("natural-completion");
            CompletableFuture<ScenarioRuns.Progress> waited = CompletableFuture.supplyAsync(
                    () -> new ScenarioRuns(client, TASK_QUEUE).run("natural-completion", scenario.task(),
                            ScenarioReader.demoText("natural-completion"), null));
            WorkerFactory factory = WorkerFactory.newInstance(server.client());
            AgentRecipes hosted = Workers.register(factory.newWorker(TASK_QUEUE), server.client(), false,
                    Workers.Role.ALL);
            try {
                // when: a gate query passed its deadline and the client waits on for the run's end (or gave up), then
                // a worker runs it
                CompletableFuture.anyOf(calls.waitedOnAfterADeadline, waited).get();
                factory.start();

                // then
                ScenarioRuns.Progress progress = waited.get();
                assertThat(progress).isInstanceOfSatisfying(ScenarioRuns.Progress.Ended.class, ended ->
                        assertThat(ended.output().termination()).isEqualTo(new Termination.NaturalCompletion()));
            } finally {
                factory.shutdownNow();
                hosted.close();
                stubs.shutdownNow();
            }
        }
    }

    /** Sees the client's calls: completes once it waits for the run's end again after a query passed its deadline. */
    private static final class QueryDeadlines implements ClientInterceptor {
        final CompletableFuture<Void> waitedOnAfterADeadline = new CompletableFuture<>();
        private final AtomicBoolean deadlinePassed = new AtomicBoolean();

        @Override
        public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options,
                Channel next) {
            ClientCall<Q, A> call = next.newCall(method, options);
            if (method.getFullMethodName().endsWith("/GetWorkflowExecutionHistory") && deadlinePassed.get()) {
                waitedOnAfterADeadline.complete(null);
            }
            if (!method.getFullMethodName().endsWith("/QueryWorkflow")) {
                return call;
            }
            return new ForwardingClientCall.SimpleForwardingClientCall<>(call) {
                @Override
                public void start(Listener<A> listener, Metadata headers) {
                    super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                        @Override
                        public void onClose(Status status, Metadata trailers) {
                            if (status.getCode() == Status.Code.DEADLINE_EXCEEDED) {
                                deadlinePassed.set(true);
                            }
                            super.onClose(status, trailers);
                        }
                    }, headers);
                }
            };
        }
    }
}
