package dev.terminus.jdbc;

import dev.terminus.Message;
import dev.terminus.ToolCall;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.FinishReason;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.scripted.FunctionModel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A support agent that asks before each refund: its task names the order ("refund order 42"), the model calls
 * {@code refund} for it, and answers once the refund ran. The tool counts its calls per order.
 */
final class RefundAgents {
    final Map<Long, AtomicInteger> refunds = new ConcurrentHashMap<>();

    Agent agent(AgentListener... listeners) {
        return agent("support", listeners);
    }

    Agent agent(String name, AgentListener... listeners) {
        var builder = Agent.builder(FunctionModel.of("scripted", request -> {
            List<Message> messages = request.messages();
            if (messages.getLast() instanceof Message.User user) {
                long order = Long.parseLong(user.content().substring(user.content().lastIndexOf(' ') + 1));
                return new ModelResponse(Message.Assistant.of("", new ToolCall("call_" + order, "refund",
                        Map.of("order", (int) order))), Usage.of(10, 5), FinishReason.TOOL_CALLS);
            }
            return ModelResponse.text("refunded", Usage.of(10, 5));
        })).name(name).tools(Tools.of("refund", "Refunds an order", (args, run) -> {
            long order = ((Number) args.get("order")).longValue();
            refunds.computeIfAbsent(order, k -> new AtomicInteger()).incrementAndGet();
            return "refunded " + order;
        })).requireApproval("refund");
        for (AgentListener listener : listeners) {
            builder.listener(listener);
        }
        return builder.build();
    }

    int refundsOf(long order) {
        AtomicInteger count = refunds.get(order);
        return count == null ? 0 : count.get();
    }
}
