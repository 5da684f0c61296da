package dev.terminus.temporal.internal;

import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Termination;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.temporal.wire.ConvergenceReply;
import dev.terminus.temporal.wire.ModelAnswer;
import io.temporal.common.converter.DataConverter;
import org.jspecify.annotations.Nullable;
import java.util.List;

/**
 * The largest payload an activity of a run may answer with (the server's blob size limit): a larger tool result ends
 * the run {@code Halted}, a larger model answer {@code Failed}, each naming its size and the limit, where the server
 * would refuse the activity's completion and leave the run without an end.
 *
 * @param bytes the limit
 * @param converter the worker's data converter, which writes the payloads
 */
record PayloadLimit(int bytes, DataConverter converter) {
    /** The HTTP status of a payload too large, which a model answer over the limit fails with. */
    static final int TOO_LARGE = 413;

    /**
     * @param toolName the tool
     * @param result its result, as the model would read it
     * @return the result
     * @throws HaltException naming the tool, the result's size and the limit when it is over the limit
     */
    String toolResult(String toolName, String result) {
        long size = size(result);
        if (size > bytes) {
            throw new HaltException("the result of tool \"" + toolName + "\" is " + size + " bytes, over the "
                    + bytes + "-byte limit of a Temporal payload (AgentRecipes.payloadLimit)");
        }
        return result;
    }

    /**
     * @param answer the model's answer
     * @return the answer
     * @throws ModelException.ClientError (status 413) naming the answer's size and the limit when it is over it
     */
    ModelAnswer modelAnswer(ModelAnswer answer) throws ModelException.ClientError {
        long size = size(answer);
        if (size > bytes) {
            throw new ModelException.ClientError(TOO_LARGE, "the model's answer is " + size + " bytes, over the "
                    + bytes + "-byte limit of a Temporal payload (AgentRecipes.payloadLimit)", null);
        }
        return answer;
    }

    /**
     * @param text the text a cut stream gave, which goes back with its failure (ADR 0041), or null
     * @return the text, or null when it is over the limit: the failure then goes without it rather than be refused
     */
    @Nullable String cutText(@Nullable String text) {
        return text == null || size(text) > bytes ? null : text;
    }

    /**
     * @param agentName the convergence agent
     * @param reply its reply
     * @return the reply, or when it is over the limit the agent's failure ({@code Failed}, {@code RESOURCE}, type
     *     {@link #TOO_LARGE_TYPE}) naming the agent, the reply's size and the limit, with the reply's usage
     */
    ConvergenceReply reply(String agentName, ConvergenceReply reply) {
        long size = size(reply);
        if (size <= bytes) {
            return reply;
        }
        return new ConvergenceReply(ConvergenceReply.Kind.FAIL, List.of(), null, new Termination.Failed(
                new ErrorInfo(TOO_LARGE_TYPE, "the reply of agent \"" + agentName + "\" is " + size + " bytes, over the "
                        + bytes + "-byte limit of a Temporal payload (ConvergenceRecipes.payloadLimit)",
                        ErrorCategory.RESOURCE)), reply.usage());
    }

    /** The error type of a convergence agent's reply over the limit. */
    static final String TOO_LARGE_TYPE = "dev.terminus.temporal.PayloadTooLarge";

    private long size(Object value) {
        return converter.toPayload(value).map(payload -> (long) payload.getSerializedSize()).orElse(0L);
    }
}
