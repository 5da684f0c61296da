package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.Preconditions;
import dev.terminus.agent.IterationRecord;
import dev.terminus.temporal.EarlierParts;
import dev.terminus.temporal.WorkflowInputs;
import dev.terminus.temporal.wire.CarriedPart;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import io.temporal.client.WorkflowClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Reads what earlier executions of a run's workflow recorded, for a fresh execution whose input refers to it
 * ({@link dev.terminus.temporal.EarlierParts}): the part of the run's state an execution recorded as it continued as
 * new (its last side effect's marker), and the input an execution started with (its first event), through the
 * worker's client. A closed execution's history never changes, so what is read is what any replay reads; the last
 * {@value #KEPT} of each are kept, and the state last rebuilt for each of {@value #KEPT} workflows, so a worker that
 * continues a run reads only the part its last execution recorded.
 */
public final class EarlierInputs {
    /** How many parts, and how many inputs, are kept. */
    static final int KEPT = 16;
    /** The longest a workflow task waits for a read. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(30);
    /** The marker of {@code Workflow.sideEffect}, and the key of its value. */
    private static final String SIDE_EFFECT = "SideEffect";
    private static final String DATA = "data";
    /** The threads that read, one each time: the SDK refuses a client's calls from a workflow thread. */
    private static final ExecutorService READERS = Executors.newVirtualThreadPerTaskExecutor();

    private final WorkflowClient client;
    /** By execution, the documents its input holds, read once. */
    private final Map<String, CompletableFuture<List<String>>> documents = kept();
    private final Map<String, CarriedPart> parts = kept();
    /** By workflow id: the state last rebuilt from its parts, which the next execution's parts extend. */
    private final Map<String, Rebuilt> rebuilt = kept();

    /**
     * A run's state rebuilt from the parts its executions recorded.
     *
     * @param parts the executions whose parts it was rebuilt from, in order
     * @param transcript the transcript they make
     * @param records the iteration records they make
     */
    record Rebuilt(List<String> parts, List<Message> transcript, List<IterationRecord> records) {}

    /** @param client a client of the workflows' namespace, with the workers' data converter */
    public EarlierInputs(WorkflowClient client) {
        this.client = Preconditions.notNull(client, "client");
    }

    /**
     * @param workflowId the run's own workflow
     * @param earlier where its input refers to, with a definition
     * @return the definition, as the input of the execution it names recorded it, checked against its digest
     */
    String definition(String workflowId, EarlierParts earlier) {
        String holder = earlier.definitionWorkflowOr(workflowId);
        String runId = String.valueOf(earlier.definitionRun());
        CompletableFuture<List<String>> reading;
        boolean first = false;
        synchronized (documents) {
            reading = documents.get(holder + "/" + runId);
            if (reading == null) { // read once however many runs refer to it at once: a suite's children do
                reading = new CompletableFuture<>();
                documents.put(holder + "/" + runId, reading);
                first = true;
            }
        }
        if (first) {
            CompletableFuture<List<String>> read = reading;
            try {
                read.complete(read(holder, runId, () -> WorkflowInputs.documents(client, holder, runId)));
            } catch (RuntimeException e) {
                synchronized (documents) {
                    documents.remove(holder + "/" + runId, read);
                }
                read.completeExceptionally(e);
                throw e;
            }
        }
        List<String> held = read(holder, runId, reading::join);
        return WorkflowInputs.definitionOf(held, holder, runId, workflowId, earlier);
    }

    /**
     * @param workflowId the workflow
     * @param runId one of its executions, which continued as new
     * @return the part of its run's state it recorded as it did
     * @throws IllegalStateException when it recorded none
     */
    CarriedPart part(String workflowId, String runId) {
        return kept(parts, workflowId + "/" + runId, () -> read(workflowId, runId, () -> recorded(workflowId, runId)));
    }

    /**
     * @param workflowId a workflow
     * @return the state last rebuilt from its parts on this worker, or null
     */
    @Nullable Rebuilt rebuilt(String workflowId) {
        synchronized (rebuilt) {
            return rebuilt.get(workflowId);
        }
    }

    /**
     * Keeps the state rebuilt from a workflow's parts, so that its next execution reads only the part it adds.
     *
     * @param workflowId the workflow
     * @param state the state
     */
    void rebuilt(String workflowId, Rebuilt state) {
        synchronized (rebuilt) {
            rebuilt.put(workflowId, state);
        }
    }

    private CarriedPart recorded(String workflowId, String runId) {
        List<HistoryEvent> events = client.fetchHistory(workflowId, runId).getEvents();
        for (int i = events.size() - 1; i >= 0; i--) {
            HistoryEvent event = events.get(i);
            if (event.getEventType() != EventType.EVENT_TYPE_MARKER_RECORDED) {
                continue;
            }
            MarkerRecordedEventAttributes marker = event.getMarkerRecordedEventAttributes();
            Payloads data = marker.getDetailsMap().get(DATA);
            if (marker.getMarkerName().equals(SIDE_EFFECT) && data != null) {
                CarriedPart part = client.getOptions().getDataConverter()
                        .fromPayloads(0, Optional.of(data), CarriedPart.class, CarriedPart.class);
                if (part != null) {
                    return part;
                }
            }
        }
        throw new IllegalStateException("execution " + runId + " of workflow " + workflowId + " recorded no part of"
                + " its run's state");
    }

    private static <T> T kept(Map<String, T> kept, String key, Supplier<T> read) {
        synchronized (kept) {
            T value = kept.get(key);
            if (value != null) {
                return value;
            }
        }
        T value = read.get();
        synchronized (kept) {
            kept.put(key, value);
        }
        return value;
    }

    /** Reads on a thread of its own, which the workflow thread waits for, at most {@link #READ_TIMEOUT}. */
    private static <T> T read(String workflowId, String runId, Supplier<T> read) {
        CompletableFuture<T> reading = CompletableFuture.supplyAsync(read, READERS);
        try {
            return reading.get(READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading execution " + runId + " of workflow "
                    + workflowId, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("execution " + runId + " of workflow " + workflowId + " could not be"
                    + " read: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            reading.cancel(true);
            throw new IllegalStateException("execution " + runId + " of workflow " + workflowId + " was not read"
                    + " within " + READ_TIMEOUT, e);
        }
    }

    private static <T> Map<String, T> kept() {
        return new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, T> eldest) {
                return size() > KEPT;
            }
        };
    }
}
