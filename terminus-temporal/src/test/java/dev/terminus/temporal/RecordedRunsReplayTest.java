package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import dev.terminus.test.HistoryFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The histories of the {@link RecordedRuns} (a gate answered by update, a stop signal, a two-level tree, a run
 * continued as new by reference), recorded beside the {@link RecordedScenarios} under
 * {@code src/test/resources/histories/<day>} from {@value RecordedRuns#FIRST_DAY} on and never recorded again, replay
 * on today's workflow to the same decisions. Each execution of the continued run replays on a worker registered with a
 * client, as it ran: a later execution reads the parts the earlier ones recorded (ADR 0042), here from their recorded
 * histories.
 */
@Timeout(60)
class RecordedRunsReplayTest {
    private final TestWorkflowEnvironment environment = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions
            .newBuilder()
            .setWorkflowClientOptions(WorkflowClientOptions.newBuilder()
                    .setDataConverter(TerminusDataConverter.of(RecordedRuns.MODULE)).build())
            .build());

    @AfterEach
    void stopTheEnvironment() {
        environment.close();
    }

    private static List<Path> recordings() {
        return HistoryFixtures.recordings(RecordedRunsReplayTest.class, "/histories").stream()
                .filter(recording -> recording.getFileName().toString().compareTo(RecordedRuns.FIRST_DAY) >= 0)
                .toList();
    }

    private static WorkflowExecutionHistory recorded(Path recording, String name) {
        Path file = recording.resolve(name + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no recorded history " + name + " in " + recording);
        }
        try {
            return WorkflowExecutionHistory.fromJson(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aGateAnsweredByUpdateAStopSignalAndATwoLevelTreeReplayToTheSameDecisions() {
        // given
        Worker worker = environment.newWorker("terminus-runs-replay");
        AgentWorkflows.registerWorkflow(worker, RecordedRuns.recipes(), environment.getWorkflowClient());
        List<Path> recordings = recordings();

        for (Path recording : recordings) {
            for (String name : RecordedRuns.ONE_EXECUTION) {
                // when
                WorkflowExecutionHistory history = recorded(recording, name);

                // then
                assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(history, worker))
                        .as("the history of %s recorded on %s replays", name, recording.getFileName())
                        .doesNotThrowAnyException();
            }
        }
        assertThat(recordings).isNotEmpty();
    }

    @Test
    void everyExecutionOfARunContinuedAsNewByReferenceReplaysToTheSameDecisions() {
        List<Path> recordings = recordings();
        for (Path recording : recordings) {
            // given
            List<WorkflowExecutionHistory> executions = new ArrayList<>();
            for (int i = 1; Files.isRegularFile(recording.resolve(RecordedRuns.CONTINUED + "-" + i + ".json")); i++) {
                executions.add(recorded(recording, RecordedRuns.CONTINUED + "-" + i));
            }
            Worker worker = environment.newWorker("terminus-continued-replay-" + recording.getFileName());
            AgentWorkflows.registerWorkflow(worker, RecordedRuns.continued(), recordedExecutions(executions));

            for (WorkflowExecutionHistory execution : executions) {
                // when / then
                assertThatCode(() -> WorkflowReplayer.replayWorkflowExecution(execution, worker))
                        .as("execution %s of the continued run recorded on %s replays",
                                executions.indexOf(execution) + 1, recording.getFileName())
                        .doesNotThrowAnyException();
            }
            assertThat(executions).as("the continued run's executions recorded on %s", recording.getFileName())
                    .hasSizeGreaterThanOrEqualTo(2);
        }
        assertThat(recordings).isNotEmpty();
    }

    /**
     * A client of the replaying worker that reads an earlier execution's history from the recording, as the worker's
     * client read it from the server when the run was recorded; its other calls go to the test server's client.
     */
    private WorkflowClient recordedExecutions(List<WorkflowExecutionHistory> executions) {
        Map<String, WorkflowExecutionHistory> byRun = new HashMap<>();
        // an execution's run id is where the next one's started event says it continued from
        for (int i = 0; i + 1 < executions.size(); i++) {
            byRun.put(executions.get(i + 1).getEvents().get(0).getWorkflowExecutionStartedEventAttributes()
                    .getContinuedExecutionRunId(), executions.get(i));
        }
        WorkflowClient server = environment.getWorkflowClient();
        return (WorkflowClient) Proxy.newProxyInstance(WorkflowClient.class.getClassLoader(),
                new Class<?>[] {WorkflowClient.class}, (proxy, method, arguments) -> {
                    if (method.getName().equals("fetchHistory") && arguments != null && arguments.length == 2
                            && byRun.containsKey((String) arguments[1])) {
                        return byRun.get((String) arguments[1]);
                    }
                    try {
                        return method.invoke(server, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
