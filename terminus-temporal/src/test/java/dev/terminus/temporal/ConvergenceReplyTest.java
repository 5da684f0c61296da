package dev.terminus.temporal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.converge.ProposedFact;
import dev.terminus.converge.Reply;
import dev.terminus.temporal.wire.ConvergenceReply;
import io.temporal.common.converter.DataConverter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvergenceReplyTest {
    private static final DataConverter CONVERTER = TerminusDataConverter.ofDefaults();

    private static ConvergenceReply acrossTheWire(ConvergenceReply reply) {
        return CONVERTER.fromPayload(CONVERTER.toPayload(reply).orElseThrow(), ConvergenceReply.class,
                ConvergenceReply.class);
    }

    @Test
    void everyKindOfReplyCrossesTheWireAndComesBackEqual() {
        // given
        List<Reply> replies = List.of(
                new Reply.Propose(List.of(new ProposedFact("total.cents", 119050L, 0.4),
                        ProposedFact.of("lines", List.of(1, 2.5, Map.of("sku", "A-1")))), Usage.of(120, 30)),
                Reply.nothing(),
                new Reply.Refuse("not my ledger", Usage.of(5, 1)),
                Reply.fail(new Termination.PromptTooLong(9000L, 8192L)),
                new Reply.Stop(new Termination.MaxIterationsReached(5, 5), Usage.of(30, 10)));

        for (Reply reply : replies) {
            // when
            Reply back = acrossTheWire(ConvergenceReply.of(reply)).reply();

            // then
            assertThat(back).isEqualTo(reply);
        }
    }

    @Test
    void aReplyOfAKindWithoutItsFieldIsRefusedNamingTheFieldAndTheKind() {
        // given
        ConvergenceReply refusal = new ConvergenceReply(ConvergenceReply.Kind.REFUSE, List.of(), null, null,
                Usage.ZERO);
        ConvergenceReply stop = new ConvergenceReply(ConvergenceReply.Kind.STOP, List.of(), null, null, Usage.ZERO);

        // when / then
        assertThatThrownBy(refusal::reply).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ConvergenceReply.reason is required for a REFUSE reply, was null");
        assertThatThrownBy(stop::reply).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ConvergenceReply.termination is required for a STOP reply, was null");
    }
}
