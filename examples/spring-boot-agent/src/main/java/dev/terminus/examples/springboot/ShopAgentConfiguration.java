package dev.terminus.examples.springboot;

import dev.terminus.agent.AgentTool;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.agent.spi.Model;
import dev.terminus.springai.SpringAiModel;
import dev.terminus.springboot.TerminusAgentCustomizer;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the application gives the starter's agent: the model (Spring AI's OpenAI {@link ChatModel}, from the
 * {@code spring.ai.openai.*} properties) and one Java tool, {@code refund_order}, whose refunds above
 * {@code shop.approval-above-eur} (100 by default) wait for a person's approval at a gate.
 */
@Configuration(proxyBeanMethods = false)
public class ShopAgentConfiguration {

    /** The name of the example's tool. */
    public static final String REFUND_TOOL = "refund_order";

    /** Creates the configuration; Spring calls it. */
    public ShopAgentConfiguration() {}

    /**
     * The arguments of {@value #REFUND_TOOL}.
     *
     * @param orderId the order's number
     * @param amountEur how much to refund, in whole euros
     */
    public record RefundRequest(@AgentTool.Param(description = "the order's number") int orderId,
            @AgentTool.Param(description = "how much to refund, in whole euros") int amountEur) {}

    /**
     * @param chatModel Spring AI's chat model
     * @return it as the agent's model
     */
    @Bean
    public Model model(ChatModel chatModel) {
        return SpringAiModel.of(chatModel);
    }

    /** @return the shop's refunds */
    @Bean
    public RefundLedger refundLedger() {
        return new RefundLedger();
    }

    /**
     * @param ledger where refunds go
     * @return the tool that refunds an order
     */
    @Bean
    public Tool refundOrder(RefundLedger ledger) {
        return Tools.of(REFUND_TOOL, "Refunds part or all of an order, in euros", RefundRequest.class,
                (request, run) -> ledger.refund(request.orderId(), request.amountEur()));
    }

    /**
     * @param thresholdEur the largest refund made without a person's approval
     * @return the approval rule, on the auto-configured agent
     */
    @Bean
    public TerminusAgentCustomizer largeRefundsNeedApproval(@Value("${shop.approval-above-eur:100}") int thresholdEur) {
        return builder -> builder.requireApproval(REFUND_TOOL, arguments ->
                arguments.get("amountEur") instanceof Number amount && amount.doubleValue() > thresholdEur);
    }
}
