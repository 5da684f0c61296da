package dev.terminus.temporal.internal;

import dev.terminus.Message;
import dev.terminus.agent.IterationRecord;
import dev.terminus.agent.control.Continuation;
import dev.terminus.temporal.AgentRunInput;
import dev.terminus.temporal.EarlierParts;
import dev.terminus.temporal.wire.CarriedPart;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.unsafe.WorkflowUnsafe;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a run's fresh execution is given (ADR 0042). From the {@link LoopChanges#CARRY_BY_REFERENCE} on, on a worker
 * that reads earlier executions ({@link EarlierInputs}), an execution that continues as new records, once, the
 * messages and iteration records it added and where the run stands (a side effect: {@link CarriedPart}), and the
 * next execution's input only names the executions that recorded parts, and the one whose input holds the defining
 * document: so a run's history holds each message about twice (in the call that made it, and in one part), however
 * long the run, and the document once. A transcript that no longer starts with what the execution started from (a
 * compaction replaced it) is recorded whole, as it is small. A fresh execution reads its parts back before the run
 * goes on ({@link #resolve}), checked against the counts and the digest its input gives.
 */
final class CarriedInputs {
    private final @Nullable EarlierInputs reader;
    private final boolean byReference;
    /** The transcript this execution started from, when earlier parts hold it (else empty). */
    private List<Message> base = List.of();
    /** How many iteration records earlier parts hold. */
    private int baseRecords;
    /** The executions that recorded those parts, in order. */
    private List<String> baseRuns = List.of();
    /** The run whose input holds the definition, or null when there is none. */
    private @Nullable String definitionRun;
    /** The workflow of that run when it is not this run's own (a suite's, ADR 0044), else null. */
    private @Nullable String definitionWorkflow;

    /** @param reader reads earlier executions, or null on a worker registered without a client */
    CarriedInputs(@Nullable EarlierInputs reader) {
        this.reader = reader;
        this.byReference = LoopChanges.carryByReference() && reader != null;
    }

    /** @return whether the next execution's input refers to recorded parts instead of carrying the run's state */
    boolean byReference() {
        return byReference;
    }

    /**
     * @param input this execution's input
     * @return it with the state it refers to read back: the continuation and the definition
     * @throws IllegalStateException (a failed workflow task, tried again) when they cannot be read, or do not match
     */
    AgentRunInput resolve(AgentRunInput input) {
        EarlierParts earlier = input.earlier();
        if (earlier == null) {
            definitionRun = input.definition() == null ? null : Workflow.getInfo().getRunId();
            return input;
        }
        EarlierInputs reading = reader;
        if (reading == null) {
            throw new IllegalStateException("the input of this execution refers to what earlier ones recorded, and"
                    + " this worker cannot read them: register the workflow with its client"
                    + " (AgentWorkflows.register(worker, recipes, client))");
        }
        String workflowId = Workflow.getInfo().getWorkflowId();
        // what closed executions recorded never changes, so a replay reads the same; it may take longer than the
        // deadlock detector allows a workflow thread
        AgentRunInput whole = WorkflowUnsafe.deadlockDetectorOff(() -> read(reading, workflowId, earlier, input));
        definitionRun = earlier.definitionRun();
        definitionWorkflow = earlier.definitionWorkflow();
        Continuation from = whole.continuation();
        base = from == null ? List.of() : from.transcript();
        baseRecords = from == null ? 0 : from.records().size();
        baseRuns = earlier.parts();
        return whole;
    }

    private static AgentRunInput read(EarlierInputs reader, String workflowId, EarlierParts earlier,
            AgentRunInput input) {
        if (earlier.parts().isEmpty()) { // a first execution whose definition is in its suite's input (ADR 0044)
            return input.defining(reader.definition(workflowId, earlier));
        }
        List<Message> transcript = new ArrayList<>(earlier.transcriptSize());
        List<IterationRecord> records = new ArrayList<>(earlier.iterations());
        List<String> parts = earlier.parts();
        int from = 0;
        EarlierInputs.Rebuilt known = reader.rebuilt(workflowId);
        if (known != null && known.parts().size() <= parts.size()
                && parts.subList(0, known.parts().size()).equals(known.parts())) {
            // this worker rebuilt the state of an execution before this one (or of this one): only the parts recorded
            // since are read
            transcript.addAll(known.transcript());
            records.addAll(known.records());
            from = known.parts().size();
        }
        for (String run : parts.subList(from, parts.size())) {
            CarriedPart part = reader.part(workflowId, run);
            if (part.restart()) {
                transcript.clear();
            }
            transcript.addAll(part.messages());
            records.addAll(part.records());
        }
        CarriedPart last = reader.part(workflowId, parts.get(parts.size() - 1));
        if (transcript.size() != earlier.transcriptSize() || records.size() != earlier.iterations()) {
            throw new IllegalStateException("executions " + earlier.parts() + " of workflow " + workflowId
                    + " recorded " + transcript.size() + " messages and " + records.size() + " iteration records,"
                    + " where this execution's input refers to " + earlier.transcriptSize() + " and "
                    + earlier.iterations());
        }
        String definition = earlier.definitionRun() == null ? null : reader.definition(workflowId, earlier);
        reader.rebuilt(workflowId, new EarlierInputs.Rebuilt(parts, List.copyOf(transcript), List.copyOf(records)));
        return input.carrying(definition, last.continuation(transcript, records));
    }

    /**
     * @param transcript the run's transcript now
     * @return the messages of it the next execution's part records: the ones after those this execution started from,
     *     or all of them when it does not start with those (or the run carries everything)
     */
    List<Message> carried(List<Message> transcript) {
        if (!byReference || base.isEmpty() || !startsWithBase(transcript)) {
            return transcript;
        }
        return transcript.subList(base.size(), transcript.size());
    }

    /**
     * @param records the run's iteration records now
     * @return the ones the next execution's part records
     */
    List<IterationRecord> carriedRecords(List<IterationRecord> records) {
        return byReference ? records.subList(Math.min(baseRecords, records.size()), records.size()) : records;
    }

    /** @return how many of the run's iteration records earlier parts hold */
    int recordsHeld() {
        return byReference ? baseRecords : 0;
    }

    /**
     * Records this execution's part, when the run refers to parts: call it just before continuing as new.
     *
     * @param whole the next execution's input, carrying everything
     * @return the input it is given: {@code whole}, or one that refers to the recorded parts
     */
    AgentRunInput next(AgentRunInput whole) {
        Continuation from = whole.continuation();
        if (!byReference || from == null) {
            return whole;
        }
        List<Message> messages = carried(from.transcript());
        boolean restart = messages.size() == from.transcript().size();
        CarriedPart part = CarriedPart.of(from, List.copyOf(messages), restart,
                List.copyOf(carriedRecords(from.records())));
        // recorded once, in this execution's history, where the next one reads it
        Workflow.sideEffect(CarriedPart.class, () -> part);
        List<String> runs = new ArrayList<>(baseRuns);
        runs.add(Workflow.getInfo().getRunId());
        String definition = whole.definition();
        return whole.referring(new EarlierParts(definition == null ? null : definitionRun,
                definition == null ? null : ResolvedAgents.digest(definition), runs, from.transcript().size(),
                from.iterations(), definition == null ? null : definitionWorkflow));
    }

    /** Whether the transcript starts with the messages this execution started from (the same objects, or equal). */
    private boolean startsWithBase(List<Message> transcript) {
        if (transcript.size() < base.size()) {
            return false;
        }
        for (int i = base.size() - 1; i >= 0; i--) {
            Message known = base.get(i);
            Message now = transcript.get(i);
            if (known != now && !known.equals(now)) {
                return false;
            }
        }
        return true;
    }
}
