package dev.terminus.agent;

import dev.terminus.agent.control.Handle;

/**
 * A run started with {@link Agent#start(String)}: cancel it (the model call and running tools are interrupted and
 * the run ends {@code Cancelled}), or wait for its result. Waiting never throws for anything that happened inside the
 * run but an {@code Error}, thrown again as it was (see {@link Agent}).
 *
 * {@snippet :
 * RunHandle handle = agent.start("Summarize the report");
 * Optional<RunResult> early = handle.await(Duration.ofSeconds(5));
 * if (early.isEmpty()) {
 *     handle.cancel("impatient-user");
 * }
 * }
 */
public interface RunHandle extends Handle<RunResult> {}
