package dev.terminus.converge.internal;

import dev.terminus.agent.control.RunControl;
import dev.terminus.agent.control.SupervisedRun;
import dev.terminus.converge.ConvergenceHandle;
import dev.terminus.converge.ConvergenceResult;
import java.util.function.Supplier;

/**
 * A run coordinated on a virtual thread of its own, with its agents supervised on theirs. Stopping it interrupts the
 * coordinating thread, which then stops the agent running; the run is never abandoned, as it ends at its next check.
 */
public final class EngineTask extends SupervisedRun<ConvergenceResult> implements ConvergenceHandle {

    private EngineTask(RunControl control, EngineSpec spec) {
        super(control, spec.interruptGrace());
    }

    /**
     * A cancellation interrupts the coordinating thread (and so whatever it runs); the deadline does not: the agent
     * running is stopped through the run's control, and the gate, invariants, listeners and the pause store are left
     * to finish their step, after which the run ends at its next check.
     */
    @Override
    protected void onStop(Thread worker) {
        if (control().isCancelled()) {
            worker.interrupt();
        }
    }

    /**
     * @param spec the engine
     * @param control the run's control
     * @param body the run, which throws nothing but an {@code Error} (thrown again by {@code await()})
     * @return the handle
     */
    public static EngineTask start(EngineSpec spec, RunControl control, Supplier<ConvergenceResult> body) {
        EngineTask task = new EngineTask(control, spec);
        task.start("terminus-converge-" + spec.name(), body);
        return task;
    }
}
