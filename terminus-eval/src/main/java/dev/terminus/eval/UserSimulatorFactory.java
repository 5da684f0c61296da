package dev.terminus.eval;

import dev.terminus.agent.UserSimulator;

/**
 * Makes the simulated user of one attempt of a task, who answers the agent until satisfied. Called on the task's
 * thread, within its timeout; it must be thread-safe when the benchmark runs tasks in parallel.
 *
 * {@snippet :
 * UserSimulatorFactory users = task -> (run, answer) -> answer.content().contains(task.expected())
 *         ? UserTurn.satisfied(null)
 *         : UserTurn.reply("That is not what I asked. " + task.input());
 * }
 *
 * <p>A factory that throws (or returns null) ends the attempt {@link Status#USER_ERROR}; so does a run that ended
 * {@code Failed} because the simulator threw.
 */
@FunctionalInterface
public interface UserSimulatorFactory {

    /**
     * @param task the task
     * @return the user for this attempt
     * @throws Exception when the user cannot be made
     */
    UserSimulator create(Task task) throws Exception;
}
