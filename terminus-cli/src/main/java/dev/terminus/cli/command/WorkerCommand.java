package dev.terminus.cli.command;

import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.temporal.TemporalConnection;
import dev.terminus.cli.temporal.TemporalOptions;
import dev.terminus.cli.temporal.Workers;
import dev.terminus.temporal.AgentRecipes;
import io.temporal.common.VersioningBehavior;
import io.temporal.common.WorkerDeploymentVersion;
import io.temporal.worker.WorkerDeploymentOptions;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerOptions;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus worker --temporal HOST:PORT}: a Temporal worker that hosts the runs the command line starts with
 * {@code --temporal} (any scenario or pipeline file a client sends, a pipeline's stages as child runs of their own,
 * see {@link Workers}) on a task queue, until it is stopped. It starts
 * the MCP servers of the scenarios it hosts when their runs first need them (once per scenario document) and stops
 * them when it stops.
 */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Hosts scenario and pipeline runs as Temporal workflows: polls a task queue of a Temporal "
                + "frontend and runs the workflows and activities of `terminus run --temporal` (a pipeline's stages "
                + "as child workflows) until stopped (Ctrl-C)."})
final class WorkerCommand implements Callable<Integer> {
    /** The longest {@code --sticky-timeout}: a day. */
    static final long MAX_STICKY_TIMEOUT_MS = 86_400_000;

    @ParentCommand
    private @Nullable TerminusCommand parent;

    @Mixin
    private TemporalOptions temporal = new TemporalOptions();

    @Option(names = "--sticky-timeout", paramLabel = "MS", defaultValue = "5000",
            description = "how long a workflow task waits on this worker's own queue (where its workflow is cached)"
                    + " before any worker of the task queue may take it: how long the runs of a worker that died wait"
                    + " (default: ${DEFAULT-VALUE}, Temporal's); 0: no sticky execution, every workflow task carries"
                    + " its whole history for any worker to replay")
    private long stickyTimeoutMs = 5000;

    @Option(names = "--search-attributes", description = "upsert the search attributes TerminusTermination,"
            + " TerminusCategory, TerminusOutcome and TerminusGate (the namespace must have them: see the README)")
    private boolean searchAttributes;

    @Option(names = "--only", paramLabel = "ROLE", description = "run only the workflows or only the activities"
            + " (model and tool calls) of the task queue: workflows, activities (default: both)")
    private @Nullable String only;

    @Option(names = "--build-id", paramLabel = "ID", description = "opt this worker into Temporal's Worker Versioning"
            + " as build ID of the worker deployment --deployment-name: the server then gives it only the tasks of"
            + " runs on its deployment version (runs move to the current version at their next task: auto-upgrade);"
            + " see docs/temporal.md, Rolling deploys")
    private @Nullable String buildId;

    @Option(names = "--deployment-name", paramLabel = "NAME", description = "the worker deployment of --build-id"
            + " (default: the task queue's name)")
    private @Nullable String deploymentName;

    @Override
    public Integer call() {
        return TerminusCommand.run(parent, this::work);
    }

    private Workers.Role role() throws BadInputException {
        if (only == null) {
            return Workers.Role.ALL;
        }
        return switch (only) {
            case "workflows" -> Workers.Role.WORKFLOWS;
            case "activities" -> Workers.Role.ACTIVITIES;
            default -> throw new BadInputException("--only: \"" + only + "\" is neither workflows nor activities");
        };
    }

    /**
     * @param taskQueue the worker's task queue
     * @return the worker's deployment options: versioned with {@code --build-id}, else none
     * @throws BadInputException naming the option when the build id is blank, the deployment's name blank or with a
     *     dot (the server joins the two with one), or the deployment's name comes without a build id
     */
    private @Nullable WorkerDeploymentOptions deployment(String taskQueue) throws BadInputException {
        if (buildId == null) {
            if (deploymentName != null) {
                throw new BadInputException("--deployment-name: \"" + deploymentName + "\" names the deployment of"
                        + " --build-id, which is not given");
            }
            return null;
        }
        String deployment = deploymentName == null ? taskQueue : deploymentName;
        if (buildId.isBlank()) {
            throw new BadInputException("--build-id: the build id is blank");
        }
        if (deployment.isBlank() || deployment.contains(".")) {
            throw new BadInputException((deploymentName == null ? "--task-queue (the default --deployment-name)"
                    : "--deployment-name") + ": \"" + deployment + "\" is not a worker deployment's name: give a"
                    + " non-blank name without a dot (the server joins it to the build id with one)");
        }
        return WorkerDeploymentOptions.newBuilder().setUseVersioning(true)
                .setVersion(new WorkerDeploymentVersion(deployment, buildId))
                .setDefaultVersioningBehavior(VersioningBehavior.AUTO_UPGRADE).build();
    }

    private int work(TerminusCommand terminus) throws BadInputException {
        if (!temporal.chosen()) {
            throw new BadInputException("worker needs --temporal HOST:PORT (e.g. localhost:7233)");
        }
        if (temporal.embedded()) {
            throw new BadInputException("--temporal: a worker of " + TemporalOptions.EMBEDDED + " could serve no one;"
                    + " give the HOST:PORT of a Temporal frontend (run --temporal embedded runs its own worker)");
        }
        if (stickyTimeoutMs < 0 || stickyTimeoutMs > MAX_STICKY_TIMEOUT_MS) {
            throw new BadInputException("--sticky-timeout: " + stickyTimeoutMs + " is not from 0 (no sticky execution)"
                    + " to " + MAX_STICKY_TIMEOUT_MS + " ms (a day)");
        }
        Workers.Role role = role();
        WorkerDeploymentOptions deployment = deployment(temporal.taskQueue);
        WorkerOptions.Builder options = WorkerOptions.newBuilder()
                // zero asks for no sticky execution: the SDK then sends no sticky queue with its workflow tasks
                .setStickyQueueScheduleToStartTimeout(Duration.ofMillis(stickyTimeoutMs));
        if (deployment != null) {
            options.setDeploymentOptions(deployment);
        }
        try (TemporalConnection connection = TemporalConnection.open(temporal, terminus.env)) {
            WorkerFactory factory = WorkerFactory.newInstance(connection.client());
            AgentRecipes hosted = Workers.register(factory.newWorker(temporal.taskQueue, options.build()),
                    factory.getWorkflowClient(), searchAttributes, role);
            CountDownLatch stopped = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                factory.shutdown();
                factory.awaitTermination(10, TimeUnit.SECONDS);
                hosted.close(); // the MCP servers of the scenarios it hosted
                stopped.countDown();
            }, "terminus-worker-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            factory.start();
            terminus.out.println("terminus worker: polling task queue " + temporal.taskQueue + " of namespace "
                    + temporal.namespace + " at " + temporal.temporal
                    + (deployment == null ? "" : " as build " + deployment.getVersion().getBuildId() + " of worker"
                            + " deployment " + deployment.getVersion().getDeploymentName())
                    + "; Ctrl-C stops it.");
            terminus.out.flush();
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                Runtime.getRuntime().removeShutdownHook(hook);
                factory.shutdownNow();
                factory.awaitTermination(10, TimeUnit.SECONDS);
                hosted.close();
            }
            return 0;
        }
    }
}
