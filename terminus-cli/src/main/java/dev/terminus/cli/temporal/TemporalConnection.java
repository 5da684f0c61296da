package dev.terminus.cli.temporal;

import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.temporal.AgentRecipes;
import dev.terminus.temporal.GateAnswer;
import dev.terminus.temporal.RunSearchAttributes;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowServiceException;
import io.temporal.common.converter.DataConverter;
import io.temporal.failure.ApplicationFailure;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A connection to Temporal for one command: a client of a frontend (over TLS and with an API key when the options say
 * so, see {@link TemporalAuth}; checked reachable, its namespace existing, within {@link #CONNECT_TIMEOUT}), or
 * Temporal's in-process server with a worker of {@link Workers} in this process. Every command that takes
 * {@code --temporal} connects here, {@code terminus worker} too. Clients and workers use the Terminus data converter,
 * with the payload store of {@code --payload-store} when given ({@link TemporalOptions#dataConverter()}).
 */
public final class TemporalConnection implements AutoCloseable {
    /** How long connecting, and each call to the frontend that is not a long poll, may take. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** The longest the embedded worker holds an activity's heartbeat back from the in-process server. */
    static final Duration EMBEDDED_HEARTBEAT_THROTTLE = Duration.ofMillis(100);

    private final WorkflowClient client;
    private final String taskQueue;
    private final @Nullable WorkflowServiceStubs stubs;
    private final @Nullable TestWorkflowEnvironment embedded;
    /** The scenario agents of the embedded worker, whose MCP servers stop with the connection. */
    private final @Nullable AgentRecipes hosted;
    private final ExecutorService clientThreads = Executors.newVirtualThreadPerTaskExecutor();

    private TemporalConnection(WorkflowClient client, String taskQueue, @Nullable WorkflowServiceStubs stubs,
            @Nullable TestWorkflowEnvironment embedded, @Nullable AgentRecipes hosted) {
        this.client = client;
        this.taskQueue = taskQueue;
        this.stubs = stubs;
        this.embedded = embedded;
        this.hosted = hosted;
    }

    /**
     * @param options where to connect, and how
     * @param env the environment, where {@code --api-key-env} names the key's variable
     * @return the connection
     * @throws BadInputException naming the option and the value when a TLS file or the key's variable cannot be
     *     used, the frontend cannot be reached (its TLS handshake failed, too), refused the key, or the namespace
     *     does not exist
     */
    public static TemporalConnection open(TemporalOptions options, Map<String, String> env) throws BadInputException {
        options.check();
        DataConverter converter = options.dataConverter();
        if (options.embedded()) {
            TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
                    .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                            .setDataConverter(converter)
                            .build())
                    .setUseTimeskipping(false)
                    .build());
            // its runs are findable by how they ended: the in-process server has the attributes registered
            RunSearchAttributes.definitions().forEach(environment::registerSearchAttribute);
            // heartbeats unthrottled past 100 ms: a run stopped during a streamed call gets the call's text back at
            // once rather than at the next heartbeat the SDK would send seconds later (ADR 0041)
            AgentRecipes hosted = Workers.register(environment.newWorker(options.taskQueue, WorkerOptions.newBuilder()
                    .setMaxHeartbeatThrottleInterval(EMBEDDED_HEARTBEAT_THROTTLE).build()),
                    environment.getWorkflowClient(), true, Workers.Role.ALL);
            environment.start();
            return new TemporalConnection(environment.getWorkflowClient(), options.taskQueue, null, environment,
                    hosted);
        }
        String address = options.address();
        TemporalAuth auth = TemporalAuth.of(options, env);
        WorkflowServiceStubs stubs;
        try {
            stubs = WorkflowServiceStubs.newConnectedServiceStubs(auth.apply(WorkflowServiceStubsOptions.newBuilder()
                    .setTarget(address)
                    .setRpcTimeout(CONNECT_TIMEOUT)
                    .setRpcQueryTimeout(options.queryTimeout()))
                    .build(), CONNECT_TIMEOUT);
        } catch (RuntimeException e) {
            throw new BadInputException(auth.failure(e, address,
                    "--temporal: cannot reach Temporal at " + address + ": " + reason(e)));
        }
        try {
            stubs.blockingStub().describeNamespace(DescribeNamespaceRequest.newBuilder()
                    .setNamespace(options.namespace).build());
        } catch (StatusRuntimeException e) {
            stubs.shutdownNow();
            throw new BadInputException(e.getStatus().getCode() == Status.Code.NOT_FOUND
                    ? "--namespace: the namespace \"" + options.namespace + "\" does not exist at " + address
                    : auth.failure(e, address, "--temporal: cannot use Temporal at " + address + ": " + reason(e)));
        }
        WorkflowClient client = WorkflowClient.newInstance(stubs, WorkflowClientOptions.newBuilder()
                .setNamespace(options.namespace)
                .setDataConverter(converter)
                .build());
        return new TemporalConnection(client, options.taskQueue, stubs, null, null);
    }

    /** @return the client */
    public WorkflowClient client() {
        return client;
    }

    /** @return the task queue its workflows are started on */
    public String taskQueue() {
        return taskQueue;
    }

    /** @return runs of scenarios on this connection's task queue */
    public ScenarioRuns scenarios() {
        return new ScenarioRuns(client, taskQueue);
    }

    /**
     * Runs a scenario as a workflow on this connection and waits until it ends or waits at a gate.
     *
     * @param agent the scenario's agent, built here (so the scenario is checked before it is sent)
     * @param scenario the scenario as read
     * @param text the scenario's document, which the workflow's input carries to the worker
     * @return where the run stands
     * @throws BadInputException when Temporal refused the run or its workflow failed
     */
    public ScenarioRuns.Progress run(ScenarioAgent agent, Scenario scenario, String text) throws BadInputException {
        return call("the run of " + agent.name(),
                () -> scenarios().run(agent.name(), scenario.task(), text, scenario.cancelAfterMs()));
    }

    /**
     * Approves the gate a demo scenario's workflow waits at, through the workflow's update, and waits for its end.
     *
     * @param scenario the scenario's name
     * @param paused its workflow, waiting
     * @return one line saying so and how the run then ended
     * @throws BadInputException when Temporal refused the answer
     */
    public String approve(String scenario, ScenarioRuns.Progress.Paused paused) throws BadInputException {
        ScenarioRuns.Progress after = call("the answer to workflow " + paused.workflowId(),
                () -> scenarios().answer(paused.workflowId(), GateAnswer.approve(paused.gate().gateId())));
        String end = after instanceof ScenarioRuns.Progress.Ended ended
                ? "ended " + ended.output().termination().tag() + " (" + ended.output().outcome() + ")"
                : "waits at another gate";
        return scenario + ": its workflow waited at gate " + paused.gate().gateId() + "; approved through the"
                + " workflow's answer update, the run then " + end + ".";
    }

    /**
     * A Temporal call of this command, its failures one line.
     *
     * @param what what the call does, for the message
     * @param call the call
     * @param <T> its value
     * @return its value
     * @throws BadInputException when Temporal refused it or the workflow failed
     */
    public static <T> T call(String what, Supplier<T> call) throws BadInputException {
        try {
            return call.get();
        } catch (StatusRuntimeException | WorkflowServiceException e) {
            throw new BadInputException("--temporal: " + what + " failed: " + reason(e));
        } catch (WorkflowException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new BadInputException("--temporal: " + what + " (workflow " + e.getExecution().getWorkflowId()
                    + ") failed: " + (cause instanceof ApplicationFailure failure ? failure.getOriginalMessage()
                    : cause.getMessage()));
        }
    }

    /** @return one line saying why a call to the frontend failed */
    static String reason(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof StatusRuntimeException status) {
                String description = status.getStatus().getDescription();
                return status.getStatus().getCode() + (description == null ? "" : " (" + description + ")");
            }
            if (cause instanceof ApplicationFailure failure) {
                return failure.getOriginalMessage();
            }
        }
        return String.valueOf(e.getMessage());
    }

    /**
     * Starts a scenario's run as a workflow, as {@link #run} does, without waiting for it: the demo starts all its
     * runs at once, as a client of a durable engine does, and reads them in order.
     *
     * @param agent the scenario's agent
     * @param scenario the scenario as read
     * @param text the scenario's document
     * @return where the run will stand; fails with a {@link BadInputException} when Temporal refused it
     */
    public CompletableFuture<ScenarioRuns.Progress> start(ScenarioAgent agent, Scenario scenario, String text) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return run(agent, scenario, text);
            } catch (BadInputException e) {
                throw new CompletionException(e);
            }
        }, clientThreads);
    }

    /**
     * @param started a run started with {@link #start}
     * @return where it stands
     * @throws BadInputException when Temporal refused it or its workflow failed
     * @throws InterruptedException when interrupted while waiting
     */
    public static ScenarioRuns.Progress await(CompletableFuture<ScenarioRuns.Progress> started)
            throws BadInputException, InterruptedException {
        try {
            return started.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof BadInputException bad) {
                throw bad;
            }
            throw new IllegalStateException("a scenario's run failed in its client: " + e.getCause(), e.getCause());
        }
    }

    /**
     * Stops the embedded server's worker at once, and the MCP servers its runs started; the server's pollers are let
     * go in the background (waiting for their long polls to end would keep a finished command open for seconds).
     */
    @Override
    public void close() {
        clientThreads.shutdown();
        if (embedded != null) {
            TestWorkflowEnvironment environment = embedded;
            environment.shutdownNow();
            Thread.ofPlatform().daemon().name("terminus-embedded-close").start(environment::close);
        }
        if (hosted != null) {
            hosted.close();
        }
        if (stubs != null) {
            stubs.shutdownNow();
        }
    }
}
