package dev.terminus.converge;

import dev.terminus.agent.control.Handle;

/**
 * A run started with {@link ConvergenceEngine#start(Context)}: cancel it (the agent running is interrupted, and
 * abandoned after the engine's interrupt grace, and the run ends {@link dev.terminus.Termination.Cancelled}), or wait
 * for its result.
 *
 * {@snippet :
 * // given: ConvergenceEngine engine
 * ConvergenceHandle handle = engine.start(Context.empty());
 * if (handle.await(Duration.ofMinutes(1)).isEmpty()) {
 *     handle.cancel("operator");
 * }
 * ConvergenceResult result = handle.await();
 * }
 */
public interface ConvergenceHandle extends Handle<ConvergenceResult> {}
