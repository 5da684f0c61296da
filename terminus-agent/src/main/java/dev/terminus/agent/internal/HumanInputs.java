package dev.terminus.agent.internal;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;
import dev.terminus.agent.HumanInputAnswer;
import dev.terminus.agent.HumanInputRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The answers a person gave to the requests of one tool call ({@link dev.terminus.agent.HumanInputNeeded}), handed to
 * that call when a resumed run makes it again: the checkpoint's earlier answers and the one of the decision.
 *
 * @param callId the call they answer
 * @param answers the answers, earliest first
 */
record HumanInputs(String callId, List<HumanInputAnswer> answers) {

    HumanInputs {
        answers = List.copyOf(answers);
    }

    /**
     * @return the answers for the pending call of a checkpoint at an input gate, with the decision's; null at an
     *     approval gate
     */
    static @Nullable HumanInputs of(Checkpoint checkpoint, GateDecision decision) {
        HumanInputRequest asked = checkpoint.inputRequest();
        if (asked == null) {
            return null;
        }
        HumanInputAnswer given = switch (decision) {
            case GateDecision.Answer(String gateId, var content) -> HumanInputAnswer.accepted(asked, content);
            case GateDecision.Reject(String gateId, String reason) -> HumanInputAnswer.declined(asked, reason);
            // refused by Resumption.check before the run resumes
            case GateDecision.Approve approve -> throw Resumption.notAnInput(checkpoint, decision);
            case GateDecision.ApproveWithArguments edited -> throw Resumption.notAnInput(checkpoint, decision);
        };
        List<HumanInputAnswer> answers = new ArrayList<>(checkpoint.inputAnswers());
        answers.add(given);
        return new HumanInputs(checkpoint.pendingCall().id(), answers);
    }

    /** @return the answer to an equal request, the latest one when it was asked twice */
    Optional<HumanInputAnswer> find(HumanInputRequest request) {
        for (int i = answers.size() - 1; i >= 0; i--) {
            if (answers.get(i).request().equals(request)) {
                return Optional.of(answers.get(i));
            }
        }
        return Optional.empty();
    }
}
