package dev.terminus.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.agent.AgentTool;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.StubRunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MethodToolsTest {

    enum Color { RED, GREEN, BLUE }

    record Point(int x, int y) {}

    /** Every parameter type the schema derivation knows. */
    public static final class AllTypes {
        Object[] received;

        @AgentTool(description = "Takes one of everything")
        public String everything(String text, char letter, int small, long big, short tiny, byte octet,
                Integer boxed, Long boxedLong, BigInteger huge, double real, float single, Double boxedReal,
                BigDecimal money, boolean flag, Boolean boxedFlag, List<String> words, int[] numbers,
                Set<Integer> unique, Color color, Point point, Map<String, Object> extra) {
            received = new Object[] {text, letter, small, big, tiny, octet, boxed, boxedLong, huge, real, single,
                boxedReal, money, flag, boxedFlag, words, numbers, unique, color, point, extra};
            return "ok";
        }
    }

    public static final class Search {
        String lastQuery;
        Integer lastLimit;
        RunContext lastRun;

        @AgentTool(name = "web_search", description = "Searches the web")
        public String search(RunContext run,
                @AgentTool.Param(value = "q", description = "what to look for") String query,
                @AgentTool.Param(value = "limit", required = false) Integer limit) {
            lastRun = run;
            lastQuery = query;
            lastLimit = limit;
            return "results for " + query;
        }
    }

    public static final class Several {
        @AgentTool(description = "Third")
        public String zeta() {
            return "z";
        }

        @AgentTool(description = "First")
        public String alpha() {
            return "a";
        }

        @AgentTool(name = "middle", description = "Second")
        public String beta() {
            return "b";
        }

        public String notATool() {
            return "n";
        }
    }

    public static final class Results {
        static final Point POINT = new Point(1, 2);
        int calls;

        @AgentTool(description = "A record")
        public Point point() {
            return POINT;
        }

        @AgentTool(description = "Nothing")
        public void nothing() {
            calls++;
        }

        @AgentTool(description = "A null")
        public String none() {
            return null;
        }

        @AgentTool(description = "A number")
        public long sum(long a, long b) {
            return a + b;
        }

        @AgentTool(description = "A point moved")
        public Point move(Point from, int dx) {
            return new Point(from.x() + dx, from.y());
        }

        @AgentTool(description = "A list back")
        public List<Integer> doubled(List<Integer> values) {
            List<Integer> out = new ArrayList<>();
            for (int v : values) {
                out.add(v * 2);
            }
            return out;
        }

        @AgentTool(description = "A color back")
        public Color paint(Color color) {
            return color;
        }
    }

    public static final class Failing {
        @AgentTool(description = "Fails with a checked exception")
        public String io() throws IOException {
            throw new IOException("disk full");
        }

        @AgentTool(description = "Rejects its arguments itself")
        public String picky(String value) {
            throw new ToolArgumentException("value must be lowercase, was " + value);
        }

        @AgentTool(description = "Halts the run")
        public String halt() {
            throw new HaltException("user pressed stop");
        }

        @AgentTool(description = "Throws an error")
        public String error() {
            throw new AssertionError("broken invariant");
        }

        @AgentTool(description = "Throws a throwable of its own")
        public String oddity() throws Oddity {
            throw new Oddity();
        }
    }

    /** Neither an exception nor an error. */
    static final class Oddity extends Throwable {
        private static final long serialVersionUID = 1L;
    }

    public static final class OptionalPrimitive {
        @AgentTool(description = "Optional primitive")
        public String count(@AgentTool.Param(value = "n", required = false) int n) {
            return "n=" + n;
        }
    }

    public static final class NoTools {
        public String helper() {
            return "not a tool";
        }
    }

    public static final class StaticTool {
        @AgentTool(description = "Static")
        public static String now() {
            return "noon";
        }
    }

    public static final class BadName {
        @AgentTool(name = "bad name", description = "A name with a space")
        public String run() {
            return "x";
        }
    }

    static final class PackagePrivateClass {
        @AgentTool(description = "Public method of a package-private class")
        public String hello(String name) {
            return "hello " + name;
        }
    }

    /** As in the {@link AgentTool} Javadoc: a package-private method. */
    static final class Weather {
        @AgentTool(description = "Current temperature in a city, in Celsius")
        double temperature(@AgentTool.Param(value = "city", description = "the city's name") String city) {
            return 21.5;
        }
    }

    @Test
    void aPackagePrivateAnnotatedMethodAsInTheJavadocBecomesATool() throws Exception {
        // when
        List<Tool> tools = MethodTools.of(new Weather());

        // then
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("temperature");
        assertThat(tools.get(0).call(Map.of("city", "Oslo"), StubRunContext.INSTANCE)).isEqualTo(21.5);
    }

    @Test
    void anOptionalPrimitiveIsListedAsRequiredBecauseACallCannotOmitIt() {
        // when
        Tool tool = MethodTools.of(new OptionalPrimitive()).get(0);

        // then
        assertThat(tool.spec().parameters().get("required")).isEqualTo(List.of("n"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void schemaIsDerivedFromTheParameterTypesAsForARecordToolsArguments() {
        // given
        AllTypes target = new AllTypes();

        // when
        Tool tool = MethodTools.of(target).get(0);

        // then
        Map<String, Object> properties = (Map<String, Object>) tool.spec().parameters().get("properties");
        assertThat(properties).containsExactly(
                Map.entry("text", Map.of("type", "string")),
                Map.entry("letter", Map.of("type", "string")),
                Map.entry("small", Map.of("type", "integer")),
                Map.entry("big", Map.of("type", "integer")),
                Map.entry("tiny", Map.of("type", "integer")),
                Map.entry("octet", Map.of("type", "integer")),
                Map.entry("boxed", Map.of("type", "integer")),
                Map.entry("boxedLong", Map.of("type", "integer")),
                Map.entry("huge", Map.of("type", "integer")),
                Map.entry("real", Map.of("type", "number")),
                Map.entry("single", Map.of("type", "number")),
                Map.entry("boxedReal", Map.of("type", "number")),
                Map.entry("money", Map.of("type", "number")),
                Map.entry("flag", Map.of("type", "boolean")),
                Map.entry("boxedFlag", Map.of("type", "boolean")),
                Map.entry("words", Map.of("type", "array", "items", Map.of("type", "string"))),
                Map.entry("numbers", Map.of("type", "array", "items", Map.of("type", "integer"))),
                Map.entry("unique", Map.of("type", "array", "items", Map.of("type", "integer"), "uniqueItems", true)),
                Map.entry("color", Map.of("type", "string", "enum", List.of("RED", "GREEN", "BLUE"))),
                // a record parameter is described as a record tool's argument of that type would be
                Map.entry("point", Map.of("type", "object", "properties", Map.of("x", Map.of("type", "integer"),
                        "y", Map.of("type", "integer")), "required", List.of("x", "y"), "additionalProperties", false)),
                // a type without a mapping (here a map of anything) is an object, read as Jackson reads it
                Map.entry("extra", Map.of("type", "object")));
        assertThat(tool.spec().parameters()).containsEntry("type", "object");
    }

    @Test
    void everyParameterWithoutParamIsRequiredInDeclarationOrder() {
        // given
        AllTypes target = new AllTypes();

        // when
        Tool tool = MethodTools.of(target).get(0);

        // then
        assertThat(tool.spec().parameters().get("required")).isEqualTo(List.of("text", "letter", "small", "big",
                "tiny", "octet", "boxed", "boxedLong", "huge", "real", "single", "boxedReal", "money", "flag",
                "boxedFlag", "words", "numbers", "unique", "color", "point", "extra"));
    }

    @Test
    void nameAndDescriptionComeFromTheAnnotation() {
        // when
        Tool tool = MethodTools.of(new Search()).get(0);

        // then
        assertThat(tool.spec().name()).isEqualTo("web_search");
        assertThat(tool.spec().description()).isEqualTo("Searches the web");
    }

    @Test
    void nameDefaultsToTheMethodName() {
        // when
        Tool tool = MethodTools.of(new AllTypes()).get(0);

        // then
        assertThat(tool.spec().name()).isEqualTo("everything");
        assertThat(tool.spec().description()).isEqualTo("Takes one of everything");
    }

    @Test
    void paramNamesDescribesAndMarksArgumentsOptional() {
        // when
        Tool tool = MethodTools.of(new Search()).get(0);

        // then: the run context is not an argument
        assertThat(tool.spec().parameters()).isEqualTo(Map.of(
                "type", "object",
                "properties", Map.of(
                        "q", Map.of("type", "string", "description", "what to look for"),
                        "limit", Map.of("type", "integer")),
                "required", List.of("q")));
    }

    @Test
    void theRunContextIsInjectedAndArgumentsArePassedByName() throws Exception {
        // given
        Search target = new Search();
        Tool tool = MethodTools.of(target).get(0);

        // when
        Object result = tool.call(Map.of("q", "jqwik", "limit", 5), StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo("results for jqwik");
        assertThat(target.lastRun).isSameAs(StubRunContext.INSTANCE);
        assertThat(target.lastQuery).isEqualTo("jqwik");
        assertThat(target.lastLimit).isEqualTo(5);
    }

    @Test
    void aMissingOptionalArgumentIsPassedAsNull() throws Exception {
        // given
        Search target = new Search();
        Tool tool = MethodTools.of(target).get(0);

        // when
        tool.call(Map.of("q", "jqwik"), StubRunContext.INSTANCE);

        // then
        assertThat(target.lastLimit).isNull();
    }

    @Test
    void aMissingRequiredArgumentIsAnArgumentErrorNamingIt() {
        // given
        Tool tool = MethodTools.of(new Search()).get(0);

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("limit", 5), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("missing required argument \"q\"");
    }

    @Test
    void anExplicitNullForARequiredArgumentIsAnArgumentError() {
        // given
        Tool tool = MethodTools.of(new Search()).get(0);
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("q", null);

        // when / then
        assertThatThrownBy(() -> tool.call(arguments, StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("missing required argument \"q\"");
    }

    @Test
    void aMissingOptionalPrimitiveIsAnArgumentErrorRatherThanANullPointer() {
        // given
        Tool tool = MethodTools.of(new OptionalPrimitive()).get(0);

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("missing required argument \"n\"");
    }

    @Test
    void argumentsAreConvertedToTheParameterTypes() throws Exception {
        // given
        AllTypes target = new AllTypes();
        Tool tool = MethodTools.of(target).get(0);
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("text", "hi");
        arguments.put("letter", "x");
        arguments.put("small", 1);
        arguments.put("big", 2);
        arguments.put("tiny", 3);
        arguments.put("octet", 4);
        arguments.put("boxed", 5);
        arguments.put("boxedLong", 6);
        arguments.put("huge", new BigInteger("12345678901234567890"));
        arguments.put("real", 1.5);
        arguments.put("single", 2.5);
        arguments.put("boxedReal", 3);
        arguments.put("money", new BigDecimal("9.99"));
        arguments.put("flag", true);
        arguments.put("boxedFlag", false);
        arguments.put("words", List.of("a", "b"));
        arguments.put("numbers", List.of(1, 2, 3));
        arguments.put("unique", List.of(7, 7, 8));
        arguments.put("color", "GREEN");
        arguments.put("point", Map.of("x", 3, "y", 4));
        arguments.put("extra", Map.of("k", "v"));

        // when
        Object result = tool.call(arguments, StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo("ok");
        assertThat(target.received).containsExactly("hi", 'x', 1, 2L, (short) 3, (byte) 4, 5, 6L,
                new BigInteger("12345678901234567890"), 1.5, 2.5f, 3.0, new BigDecimal("9.99"), true, false,
                List.of("a", "b"), new int[] {1, 2, 3}, Set.of(7, 8), Color.GREEN, new Point(3, 4),
                Map.of("k", "v"));
    }

    @Test
    void anIntegerArgumentIsConvertedToALongParameter() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "sum");

        // when
        Object result = tool.call(Map.of("a", Integer.valueOf(40), "b", Long.valueOf(2)), StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo(42L);
    }

    @Test
    void aMapArgumentIsConvertedToARecordParameter() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "move");

        // when
        Object result = tool.call(Map.of("from", Map.of("x", 1, "y", 9), "dx", 4), StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo(new Point(5, 9));
    }

    @Test
    void aListArgumentIsConvertedElementByElement() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "doubled");

        // when
        Object result = tool.call(Map.of("values", List.of(1, 2L, 3)), StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo(List.of(2, 4, 6));
    }

    @Test
    void anUnconvertibleArgumentIsAnArgumentErrorNamingItAndItsType() {
        // given
        Tool tool = toolNamed(new Results(), "sum");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("a", "forty", "b", 2), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("argument \"a\" is not a valid long: forty")
                .hasCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnknownEnumValueIsAnArgumentErrorNamingIt() {
        // given
        Tool tool = toolNamed(new Results(), "paint");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("color", "PURPLE"), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("argument \"color\" is not a valid Color: PURPLE");
    }

    @Test
    void aMapOfTheWrongShapeForARecordIsAnArgumentErrorNamingIt() {
        // given
        Tool tool = toolNamed(new Results(), "move");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("from", Map.of("x", "left"), "dx", 1), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessageStartingWith("argument \"from\" is not a valid Point: ");
    }

    @Test
    void aFractionalNumberForAnIntegerInsideARecordIsAnArgumentError() {
        // given: the loop's ArgumentCheck sees only the top level, where "from" is an object
        Tool tool = toolNamed(new Results(), "move");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("from", Map.of("x", 4.5, "y", 0), "dx", 1), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessageStartingWith("argument \"from\" is not a valid Point: ");
    }

    @Test
    void aRecordResultIsReturnedAsIs() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "point");

        // when
        Object result = tool.call(Map.of(), StubRunContext.INSTANCE);

        // then
        assertThat(result).isSameAs(Results.POINT);
    }

    @Test
    void anEnumResultIsReturnedAsIs() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "paint");

        // when
        Object result = tool.call(Map.of("color", "BLUE"), StubRunContext.INSTANCE);

        // then
        assertThat(result).isSameAs(Color.BLUE);
    }

    @Test
    void aVoidMethodReturnsNullAfterRunning() throws Exception {
        // given
        Results target = new Results();
        Tool tool = toolNamed(target, "nothing");

        // when
        Object result = tool.call(Map.of(), StubRunContext.INSTANCE);

        // then
        assertThat(result).isNull();
        assertThat(target.calls).isEqualTo(1);
    }

    @Test
    void aNullResultIsReturnedAsNull() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "none");

        // when / then
        assertThat(tool.call(Map.of(), StubRunContext.INSTANCE)).isNull();
    }

    @Test
    void argumentsTheMethodDoesNotTakeAreIgnored() throws Exception {
        // given
        Tool tool = toolNamed(new Results(), "sum");

        // when
        Object result = tool.call(Map.of("a", 1, "b", 2, "c", 3), StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo(3L);
    }

    @Test
    void aCheckedExceptionOfTheMethodPropagatesUnwrapped() {
        // given
        Tool tool = toolNamed(new Failing(), "io");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isExactlyInstanceOf(IOException.class)
                .hasMessage("disk full");
    }

    @Test
    void anArgumentExceptionOfTheMethodPropagatesUnwrapped() {
        // given
        Tool tool = toolNamed(new Failing(), "picky");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("value", "ABC"), StubRunContext.INSTANCE))
                .isExactlyInstanceOf(ToolArgumentException.class)
                .hasMessage("value must be lowercase, was ABC");
    }

    @Test
    void aHaltOfTheMethodPropagatesUnwrapped() {
        // given
        Tool tool = toolNamed(new Failing(), "halt");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isExactlyInstanceOf(HaltException.class);
    }

    @Test
    void anErrorOfTheMethodPassesThroughUntouched() {
        // given
        Tool tool = toolNamed(new Failing(), "error");

        // when / then: the loop does not catch it either (ADR 0022)
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isInstanceOf(AssertionError.class)
                .hasMessage("broken invariant");
    }

    @Test
    void aThrowableThatIsNeitherAnExceptionNorAnErrorIsWrappedNamingTheTool() {
        // given
        Tool tool = toolNamed(new Failing(), "oddity");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of(), StubRunContext.INSTANCE))
                .isInstanceOf(InvocationTargetException.class)
                .hasMessage("tool oddity failed")
                .hasCauseInstanceOf(Oddity.class);
    }

    @Test
    void toolsAreSortedByNameAndUnannotatedMethodsAreLeftOut() {
        // when
        List<Tool> tools = MethodTools.of(new Several());

        // then
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("alpha", "middle", "zeta");
    }

    @Test
    void theToolListIsUnmodifiable() {
        // given
        List<Tool> tools = MethodTools.of(new Several());

        // when / then
        assertThatThrownBy(() -> tools.remove(0)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aClassWithoutAnnotatedMethodsIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> MethodTools.of(new NoTools()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(NoTools.class.getName() + " has no method annotated @AgentTool");
    }

    @Test
    void aStaticAnnotatedMethodIsRefusedNamingIt() {
        // when / then
        assertThatThrownBy(() -> MethodTools.of(new StaticTool()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("@AgentTool method ")
                .hasMessageContaining("StaticTool.now()")
                .hasMessageEndingWith(" must not be static");
    }

    @Test
    void anInvalidToolNameIsRefusedAtRegistration() {
        // when / then
        assertThatThrownBy(() -> MethodTools.of(new BadName()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ToolSpec.name must match [A-Za-z0-9_-]{1,64}, was \"bad name\"");
    }

    @Test
    void aPublicMethodOfAPackagePrivateClassIsCallable() throws Exception {
        // given
        Tool tool = MethodTools.of(new PackagePrivateClass()).get(0);

        // when
        Object result = tool.call(Map.of("name", "Ada"), StubRunContext.INSTANCE);

        // then
        assertThat(result).isEqualTo("hello Ada");
    }

    @Test
    void eachToolIsBoundToItsTarget() throws Exception {
        // given
        Search first = new Search();
        Search second = new Search();
        Tool firstTool = MethodTools.of(first).get(0);

        // when
        firstTool.call(Map.of("q", "one"), StubRunContext.INSTANCE);

        // then
        assertThat(first.lastQuery).isEqualTo("one");
        assertThat(second.lastQuery).isNull();
    }

    static class Counter {
        int count;

        @AgentTool(description = "Private")
        private int increment(int by) {
            count += by;
            return count;
        }

        @AgentTool(description = "Protected")
        protected int current() {
            return count;
        }
    }

    static class BaseTools {
        @AgentTool(description = "Inherited, package-private")
        String inherited() {
            return "base";
        }

        @AgentTool(description = "Overridden and annotated again")
        public String greet(String name) {
            return "base " + name;
        }

        @AgentTool(description = "Overridden without the annotation")
        public String retired() {
            return "base";
        }
    }

    static final class DerivedTools extends BaseTools {
        @AgentTool(description = "The override")
        @Override
        public String greet(String name) {
            return "derived " + name;
        }

        @Override
        public String retired() {
            return "derived";
        }
    }

    static class Echo<T> {
        @AgentTool(description = "Echoes any value")
        public Object echo(T value) {
            return value;
        }
    }

    static final class TextEcho extends Echo<String> {
        @AgentTool(description = "Echoes a text")
        @Override
        public Object echo(String value) {
            return "text " + value;
        }
    }

    interface Pinging {
        @AgentTool(description = "A default method")
        default String ping() {
            return "pong";
        }
    }

    static final class Pinger implements Pinging {}

    static class PlainPing {
        public String ping() {
            return "plain";
        }
    }

    /** Inherits ping() both from a class and, as a default, from an interface: the class's wins. */
    static final class ShadowedPinger extends PlainPing implements Pinging {
        @AgentTool(description = "Another tool")
        String other() {
            return "other";
        }
    }

    static final class Duplicates {
        @AgentTool(name = "lookup", description = "One")
        public String first() {
            return "1";
        }

        @AgentTool(name = "lookup", description = "Two")
        String second() {
            return "2";
        }
    }

    static class ParentWithLookup {
        @AgentTool(name = "lookup", description = "Parent's")
        String parentLookup() {
            return "parent";
        }
    }

    static final class ChildWithLookup extends ParentWithLookup {
        @AgentTool(description = "Child's")
        String lookup() {
            return "child";
        }
    }

    static class PrivateBase {
        @AgentTool(description = "Private in the base")
        private String hidden() {
            return "base";
        }
    }

    static final class PrivateChild extends PrivateBase {
        @AgentTool(description = "Private in the child")
        private String hidden() {
            return "child";
        }
    }

    @Test
    void privateAndProtectedAnnotatedMethodsAreToolsToo() throws Exception {
        // given
        Counter target = new Counter();

        // when
        List<Tool> tools = MethodTools.of(target);

        // then
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("current", "increment");
        assertThat(toolNamed(target, "increment").call(Map.of("by", 2), StubRunContext.INSTANCE)).isEqualTo(2);
        assertThat(tools.get(0).call(Map.of(), StubRunContext.INSTANCE)).isEqualTo(2);
    }

    @Test
    void methodsOfSuperclassesAreToolsAndAnOverrideCountsOnce() throws Exception {
        // given
        DerivedTools target = new DerivedTools();

        // when
        List<Tool> tools = MethodTools.of(target);

        // then: greet once, as the override declares it; retired's override is not annotated, so it is no tool
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("greet", "inherited");
        Tool greet = toolNamed(target, "greet");
        assertThat(greet.spec().description()).isEqualTo("The override");
        assertThat(greet.call(Map.of("name", "Ada"), StubRunContext.INSTANCE)).isEqualTo("derived Ada");
        assertThat(toolNamed(target, "inherited").call(Map.of(), StubRunContext.INSTANCE)).isEqualTo("base");
    }

    @Test
    void aGenericMethodOverriddenWithANarrowerTypeCountsOnce() throws Exception {
        // given: TextEcho also holds a synthetic bridge echo(Object), which is not a tool of its own
        TextEcho target = new TextEcho();

        // when
        List<Tool> tools = MethodTools.of(target);

        // then
        assertThat(tools).hasSize(1);
        assertThat(tools.get(0).spec().description()).isEqualTo("Echoes a text");
        assertThat(tools.get(0).spec().parameters().get("properties"))
                .isEqualTo(Map.of("value", Map.of("type", "string")));
        assertThat(tools.get(0).call(Map.of("value", "hi"), StubRunContext.INSTANCE)).isEqualTo("text hi");
    }

    @Test
    void anAnnotatedDefaultMethodOfAnInterfaceIsATool() throws Exception {
        // when
        List<Tool> tools = MethodTools.of(new Pinger());

        // then
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("ping");
        assertThat(tools.get(0).call(Map.of(), StubRunContext.INSTANCE)).isEqualTo("pong");
    }

    @Test
    void aDefaultMethodImplementedByASuperclassIsNoTool() throws Exception {
        // given
        ShadowedPinger target = new ShadowedPinger();

        // when
        List<Tool> tools = MethodTools.of(target);

        // then: ping() runs PlainPing's unannotated method, so it is not a tool
        assertThat(target.ping()).isEqualTo("plain");
        assertThat(tools).extracting(tool -> tool.spec().name()).containsExactly("other");
    }

    @Test
    void twoToolsWithTheSameNameAreRefusedNamingBothMethods() {
        // when / then
        assertThatThrownBy(() -> MethodTools.of(new Duplicates()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("two @AgentTool methods of " + Duplicates.class.getName()
                        + " are named \"lookup\": ")
                .hasMessageContaining("Duplicates.first()")
                .hasMessageContaining("Duplicates.second()");
    }

    @Test
    void aSubclassToolNamedLikeASuperclassToolIsRefused() {
        // when / then
        assertThatThrownBy(() -> MethodTools.of(new ChildWithLookup()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("are named \"lookup\"")
                .hasMessageContaining("ParentWithLookup.parentLookup()")
                .hasMessageContaining("ChildWithLookup.lookup()");
    }

    @Test
    void privateMethodsDoNotOverrideSoTheSameSignatureTwiceIsADuplicate() {
        // when / then
        assertThatThrownBy(() -> MethodTools.of(new PrivateChild()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("are named \"hidden\"")
                .hasMessageContaining("PrivateBase.hidden()")
                .hasMessageContaining("PrivateChild.hidden()");
    }

    @Test
    void anOptionalPrimitiveIsStillRequiredWhileOtherParamsStayOptional() {
        // given
        final class Mixed {
            @AgentTool(description = "Mixed")
            String run(@AgentTool.Param(value = "n", required = false) long n,
                    @AgentTool.Param(value = "m", required = false) Long m) {
                return n + "/" + m;
            }
        }

        // when
        Tool tool = MethodTools.of(new Mixed()).get(0);

        // then
        assertThat(tool.spec().parameters().get("required")).isEqualTo(List.of("n"));
    }

    @Test
    void aFractionalNumberInsideAListOfIntegersIsAnArgumentError() {
        // given
        Tool tool = toolNamed(new Results(), "doubled");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("values", List.of(1, 2.5)), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessageStartingWith("argument \"values\" is not a valid List: ");
    }

    @Test
    void aFractionalNumberForAnIntegerParameterIsAnArgumentError() {
        // given
        Tool tool = toolNamed(new Results(), "sum");

        // when / then
        assertThatThrownBy(() -> tool.call(Map.of("a", 1.5, "b", 2), StubRunContext.INSTANCE))
                .isInstanceOf(ToolArgumentException.class)
                .hasMessage("argument \"a\" is not a valid long: 1.5");
    }

    private static Tool toolNamed(Object target, String name) {
        return MethodTools.of(target).stream().filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
    }
}
