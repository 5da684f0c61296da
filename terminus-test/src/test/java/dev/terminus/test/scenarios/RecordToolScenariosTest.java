package dev.terminus.test.scenarios;

import static dev.terminus.test.TerminusAssertions.assertThat;
import static dev.terminus.test.scenarios.Scenarios.args;
import static dev.terminus.test.scenarios.Scenarios.resultOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentTool;
import dev.terminus.agent.RecordSchemas;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import dev.terminus.scripted.ScriptedModel;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A tool whose arguments are a record, called by a model in a run. */
class RecordToolScenariosTest {

    enum Currency { EUR, USD }

    record Line(String sku, int quantity) {}

    record Refund(@AgentTool.Param(description = "the order's number") long order, BigDecimal amount,
            Currency currency, List<Line> lines, Optional<String> note) {}

    private static Tool refund(List<Refund> seen) {
        return Tools.of("refund", "Refunds part of an order", Refund.class, (refund, run) -> {
            seen.add(refund);
            return "refunded " + refund.amount() + " " + refund.currency() + " of order " + refund.order();
        });
    }

    @Test
    void theModelIsOfferedTheRecordsSchemaAndTheToolGetsTheRecord() {
        // given
        var seen = new CopyOnWriteArrayList<Refund>();
        var model = ScriptedModel.builder()
                .toolCall("refund", args("order", 42, "amount", 12.5, "currency", "EUR",
                        "lines", List.of(args("sku", "A-1", "quantity", 2))))
                .text("refunded").recordRequests().build();
        Agent agent = Agent.builder(model).tools(refund(seen)).build();

        // when
        RunResult result = agent.run("refund 12.50 EUR of order 42");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).hasToolCalls(1).isConsistent();
        assertThat(model.requests().getFirst().tools()).singleElement()
                .satisfies(tool -> assertThat(tool.parameters()).isEqualTo(RecordSchemas.of(Refund.class)));
        assertThat(seen).containsExactly(new Refund(42, new BigDecimal("12.5"), Currency.EUR,
                List.of(new Line("A-1", 2)), Optional.empty()));
        assertThat(resultOf(result, "call_1").content()).isEqualTo("refunded 12.5 EUR of order 42");
    }

    @Test
    void anArgumentThatDoesNotFitIsAnsweredAsInvalidAndTheModelsCorrectionRuns() {
        // given: the first call's second line has a fractional quantity
        var seen = new CopyOnWriteArrayList<Refund>();
        var model = ScriptedModel.builder()
                .toolCall("refund", args("order", 42, "amount", 5, "currency", "EUR",
                        "lines", List.of(args("sku", "A-1", "quantity", 1), args("sku", "B-2", "quantity", 1.5))))
                .toolCall("refund", args("order", 42, "amount", 5, "currency", "EUR",
                        "lines", List.of(args("sku", "A-1", "quantity", 1))))
                .text("refunded").build();
        Agent agent = Agent.builder(model).tools(refund(seen)).build();

        // when
        RunResult result = agent.run("refund 5 EUR of order 42");

        // then
        assertThat(result).endedWith(new Termination.NaturalCompletion()).isConsistent();
        assertThat(resultOf(result, "call_1")).isEqualTo(new Message.ToolResult("call_1", "refund",
                "Error: invalid arguments: argument \"lines[1].quantity\" must be of type integer, was 1.5", true));
        assertThat(resultOf(result, "call_2").content()).isEqualTo("refunded 5 EUR of order 42");
        assertThat(seen).containsExactly(new Refund(42, new BigDecimal("5"), Currency.EUR,
                List.of(new Line("A-1", 1)), Optional.empty()));
    }
}
