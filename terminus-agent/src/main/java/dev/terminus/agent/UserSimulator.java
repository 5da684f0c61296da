package dev.terminus.agent;

import dev.terminus.Message;

/**
 * A user (or a simulation of one) who reads every answer the model gives without calling tools, and either replies
 * or declares itself satisfied. With a simulator, an answer without tool calls does not end the run by itself.
 */
@FunctionalInterface
public interface UserSimulator {

    /**
     * @param run the run so far
     * @param answer the model's answer
     * @return a reply, or satisfaction
     * @throws Exception when the simulator fails (the run ends {@code Failed})
     */
    UserTurn respond(RunContext run, Message.Assistant answer) throws Exception;
}
