package dev.terminus.checkpoint.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.TimeBudgetEnforcement;
import dev.terminus.checkpoint.CheckpointFormatException;
import dev.terminus.checkpoint.CheckpointJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a schedule's caller does once its run has given its first result (answers the approval gates one by one, each
 * resume from the checkpoint read back from its file), and the invariants every result it got keeps, however the run
 * was read.
 */
final class ScheduledCaller {
    private static final CheckpointJson CHECKPOINTS = CheckpointJson.ofDefaults();

    private ScheduledCaller() {}

    /**
     * Answers the run's approval gates with the schedule's decisions, while its last result is a pending gate. The
     * resumes run on the calling thread.
     *
     * @param rig the schedule's agent
     * @param schedule the schedule
     * @param first the run's result
     * @return the run's result and the result of each resume, in order
     */
    static List<RunResult> answerGates(FaultRig rig, FaultSchedule schedule, RunResult first) {
        List<RunResult> results = new ArrayList<>();
        RunResult result = first;
        results.add(result);
        List<Integer> decisions = schedule.caller().decisions();
        for (int answered = 0; answered < decisions.size()
                && result.termination() instanceof Termination.HitlGatePending gate; answered++) {
            GateDecision decision = switch (decisions.get(answered)) {
                case 0 -> GateDecision.approve(gate.gateId());
                case 1 -> GateDecision.reject(gate.gateId(), "not now");
                default -> GateDecision.approveWithArguments(gate.gateId(), Map.of("x", 7));
            };
            result = rig.agent.resume(throughItsFile(result.checkpoint().orElseThrow()), decision);
            Thread.interrupted();
            results.add(result);
        }
        return results;
    }

    /**
     * Checks every result: one {@code RunTerminated} each, last; each keeps every invariant of {@link RunInvariants};
     * only a pending gate is resumed.
     *
     * @param rig the schedule's agent, with every event its listener received
     * @param schedule the schedule
     * @param results the run's result and the result of each resume, in order
     */
    static void checkResults(FaultRig rig, FaultSchedule schedule, List<RunResult> results) {
        RunInvariants.publishedOnce(results, rig.events);
        for (int i = 0; i < results.size(); i++) {
            RunResult result = results.get(i);
            try {
                RunInvariants.check(result, rig.agent.config(), rig.modelCallUsages(i), timeSlackMs(schedule));
            } catch (AssertionError broken) {
                throw new AssertionError("result " + i + " of " + results.size() + ", " + result.termination()
                        + " after " + result.duration() + ": " + broken.getMessage(), broken);
            }
        }
        for (int i = 0; i < results.size() - 1; i++) {
            assertThat(results.get(i).termination()).as("only a pending gate is resumed")
                    .isInstanceOf(Termination.HitlGatePending.class);
        }
    }

    /** @return the checkpoint read back from what its file holds, equal to what was written */
    private static Checkpoint throughItsFile(Checkpoint checkpoint) {
        try {
            Checkpoint back = CHECKPOINTS.read(CHECKPOINTS.write(checkpoint));
            assertThat(back).as("checkpoint through its file").isEqualTo(checkpoint);
            return back;
        } catch (CheckpointFormatException e) {
            throw new AssertionError("a checkpoint the loop wrote was refused: " + checkpoint, e);
        }
    }

    /**
     * How far past its budget a run may end on its clock: the grace for a call that ignores its interrupt, or the
     * whole of a tool's wait when it ignores it without saying so and holds the caller's thread. A streamed run's
     * supervisor gives up on it at the end of the grace on a thread of its own, which {@code VirtualTime} does not
     * watch until it publishes: meanwhile the clock may move on to the end of the consumer's pause.
     */
    private static long timeSlackMs(FaultSchedule schedule) {
        boolean undeclaredStubbornHolds = !schedule.features().stubbornDeclared()
                && schedule.limits().enforcement() == TimeBudgetEnforcement.INTERRUPT_CALLER;
        int consumersPause = schedule.streaming() == null ? 0 : schedule.streaming().consumer().paceMs();
        return schedule.limits().graceMs() + (undeclaredStubbornHolds ? 900 : 0) + consumersPause;
    }
}
