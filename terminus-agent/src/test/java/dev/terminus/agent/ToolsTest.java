package dev.terminus.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.spi.ToolSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ToolsTest {

    private static final Map<String, Object> QUERY_SCHEMA = Map.of(
            "type", "object",
            "properties", Map.of("query", Map.of("type", "string")),
            "required", List.of("query"));

    @Test
    void ofBuildsASpecFromNameDescriptionAndSchema() {
        // when
        Tool tool = Tools.of("search", "Searches the web", QUERY_SCHEMA, (args, run) -> "ok");

        // then
        assertThat(tool.spec()).isEqualTo(new ToolSpec("search", "Searches the web", QUERY_SCHEMA));
    }

    @Test
    void callPassesTheArgumentsAndTheRunToTheLambda() throws Exception {
        // given
        AtomicReference<Map<String, Object>> seenArgs = new AtomicReference<>();
        AtomicReference<RunContext> seenRun = new AtomicReference<>();
        Tool tool = Tools.of("search", "Searches", QUERY_SCHEMA, (args, run) -> {
            seenArgs.set(args);
            seenRun.set(run);
            return "found: " + args.get("query");
        });
        Map<String, Object> arguments = Map.of("query", "jqwik");

        // when
        Object result = tool.call(arguments, StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo("found: jqwik");
        assertThat(seenArgs.get()).isEqualTo(arguments);
        assertThat(seenRun.get()).isSameAs(StubRunContext.INSTANCE);
    }

    @Test
    void callReturnsTheLambdasResultAsIs() throws Exception {
        // given
        record Weather(String city, double celsius) {}
        Weather weather = new Weather("Oslo", -3.5);
        Tool tool = Tools.of("weather", "Weather", (args, run) -> weather);

        // when
        Object result = tool.call(Map.of(), StubRunContext.INSTANCE);

        // then
        assertThat(result).isSameAs(weather);
    }

    @Test
    void callReturnsNullWhenTheLambdaDoes() throws Exception {
        // given
        Tool tool = Tools.of("noop", "Does nothing", (args, run) -> null);

        // when
        Object result = tool.call(Map.of(), StubRunContext.INSTANCE);

        // then
        assertThat(result).isNull();
    }

    @Test
    void callPropagatesTheLambdasException() {
        // given
        Exception failure = new java.io.IOException("disk on fire");
        Tool tool = Tools.of("read", "Reads", (args, run) -> {
            throw failure;
        });

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE)).isSameAs(failure);
    }

    @Test
    void ofARecordTypeOffersTheRecordsSchemaAndPassesTheArgumentsAsTheRecordWithTheRun() throws Exception {
        // given
        record Point(@AgentTool.Param(description = "east") double x, double y) {}
        AtomicReference<Point> seenPoint = new AtomicReference<>();
        AtomicReference<RunContext> seenRun = new AtomicReference<>();
        Tool tool = Tools.of("move", "Moves to a point", Point.class, (point, run) -> {
            seenPoint.set(point);
            seenRun.set(run);
            return "at " + point.x() + "," + point.y();
        });

        // when
        Object result = tool.call(Map.of("x", 1, "y", 2.5), StubRunContext.INSTANCE);

        // then
        assertThat(tool.spec()).isEqualTo(new ToolSpec("move", "Moves to a point", RecordSchemas.of(Point.class)));
        assertThat(tool).hasToString("Tool[move]");
        assertThat(result).isEqualTo("at 1.0,2.5");
        assertThat(seenPoint.get()).isEqualTo(new Point(1, 2.5));
        assertThat(seenRun.get()).isSameAs(StubRunContext.INSTANCE);
    }

    @Test
    void aRecordToolsInvalidArgumentsAreAToolArgumentExceptionAndTheBodyDoesNotRun() {
        // given
        record Point(double x, double y) {}
        AtomicReference<Point> seen = new AtomicReference<>();
        Tool tool = Tools.of("move", "Moves to a point", Point.class, (point, run) -> {
            seen.set(point);
            return "moved";
        });

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("x", "east", "y", 2), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("argument \"x\" must be of type number, was \"east\"");
        assertThat(seen.get()).isNull();
    }

    @Test
    void ofWithoutSchemaTakesNoParameters() {
        // when
        Tool tool = Tools.of("now", "The time", (args, run) -> "noon");

        // then
        assertThat(tool.spec().parameters()).isEqualTo(ToolSpec.NO_PARAMETERS);
        assertThat(tool.spec().name()).isEqualTo("now");
        assertThat(tool.spec().description()).isEqualTo("The time");
    }

    @Test
    void theSchemaIsCopiedAtCreation() {
        // given
        Map<String, Object> schema = new HashMap<>(QUERY_SCHEMA);
        Tool tool = Tools.of("search", "Searches", schema, (args, run) -> "ok");

        // when
        schema.put("type", "array");

        // then
        assertThat(tool.spec().parameters()).containsEntry("type", "object");
    }

    @Test
    void toStringNamesTheTool() {
        // when
        Tool tool = Tools.of("search", "Searches", (args, run) -> "ok");

        // then
        assertThat(tool).hasToString("Tool[search]");
    }

    @Test
    void anInvalidNameIsRefusedWhenTheToolIsBuilt() {
        // when / then
        assertThatThrownBy(() -> Tools.of("web search", "Searches", (args, run) -> "ok"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ToolSpec.name must match [A-Za-z0-9_-]{1,64}, was \"web search\"");
    }

    @Test
    void aNullFunctionIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> Tools.of("search", "Searches", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("function must not be null");
    }

    @Test
    void fromMethodsRefusesNullNamingTheTarget() {
        // when / then
        assertThatThrownBy(() -> Tools.fromMethods(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("target must not be null");
    }

    @Test
    void fromMethodsExposesEachAnnotatedMethod() throws Exception {
        // given
        Object target = new Calculator();

        // when
        List<Tool> tools = Tools.fromMethods(target);

        // then
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("add");
        assertThat(tools.get(0).call(Map.of("a", 2, "b", 3), StubRunContext.INSTANCE)).isEqualTo(5L);
    }

    /** A public tool class, so the test does not depend on reflective access to private classes. */
    public static final class Calculator {
        /** Adds two numbers. */
        @AgentTool(description = "Adds two numbers")
        public long add(long a, long b) {
            return a + b;
        }
    }

    @Test
    void aToolIsInterruptibleUnlessDeclaredOtherwise() {
        // when
        Tool tool = Tools.of("search", "Searches", QUERY_SCHEMA, (args, run) -> "ok");

        // then
        assertThat(tool.interruptible()).isTrue();
        assertThat(Tools.fromMethods(new Object() {
            @AgentTool(description = "answers")
            public String answer() {
                return "42";
            }
        })).allMatch(Tool::interruptible);
    }

    @Test
    void uninterruptibleKeepsTheSpecAndTheBodyAndSaysTheCallIgnoresInterrupts() throws Exception {
        // given
        Tool tool = Tools.of("search", "Searches", QUERY_SCHEMA, (args, run) -> "found: " + args.get("query"));

        // when
        Tool declared = Tools.uninterruptible(tool);

        // then
        assertThat(declared.interruptible()).isFalse();
        assertThat(declared.spec()).isSameAs(tool.spec());
        assertThat(declared.call(Map.of("query", "jqwik"), StubRunContext.INSTANCE)).isEqualTo("found: jqwik");
        assertThat(Tools.uninterruptible(declared)).as("declaring twice wraps once").isSameAs(declared);
        assertThatThrownBy(() -> Tools.uninterruptible(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("tool");
    }

    @Test
    void aToolsValueBecomesTheTextTheModelReads() {
        // given
        record Forecast(String city, java.time.LocalDate day, java.util.Optional<Integer> rainMm) {}

        // when / then
        org.assertj.core.api.Assertions.assertThat(Tools.resultText("plain")).isEqualTo("plain");
        org.assertj.core.api.Assertions.assertThat(Tools.resultText(null)).isEmpty();
        org.assertj.core.api.Assertions.assertThat(Tools.resultText(
                new Forecast("Oslo", java.time.LocalDate.of(2026, 11, 24), java.util.Optional.empty())))
                .isEqualTo("{\"city\":\"Oslo\",\"day\":\"2026-11-24\",\"rainMm\":null}");
    }
}
