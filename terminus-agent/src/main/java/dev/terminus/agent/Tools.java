package dev.terminus.agent;

import dev.terminus.Preconditions;
import dev.terminus.agent.internal.AgentAccess;
import dev.terminus.agent.internal.JsonText;
import dev.terminus.agent.internal.MethodTools;
import dev.terminus.agent.internal.RecordShapes;
import dev.terminus.agent.internal.SubAgentTool;
import dev.terminus.agent.spi.ToolSpec;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds {@link Tool}s from lambdas over a record of arguments, from lambdas over a JSON Schema of one's own, and
 * from annotated methods.
 *
 * {@snippet :
 * // given: String webSearch(String query, int limit); Map<String, String> dictionary
 * record Search(@AgentTool.Param(description = "what to look for") String query, Optional<Integer> limit) {}
 * Tool search = Tools.of("search", "Searches the web", Search.class,
 *         (args, run) -> webSearch(args.query(), args.limit().orElse(10)));
 *
 * Tool lookup = Tools.of("lookup", "Looks a word up",
 *         Map.of("type", "object",
 *                "properties", Map.of("word", Map.of("type", "string")),
 *                "required", List.of("word")),
 *         (args, run) -> dictionary.get((String) args.get("word")));
 * }
 */
public final class Tools {
    private Tools() {}

    /**
     * A tool from a lambda.
     *
     * @param name the tool's name
     * @param description what it does, for the model
     * @param parameters the JSON Schema of its arguments object, as plain Java values
     * @param function its body
     * @return the tool
     */
    public static Tool of(String name, String description, Map<String, @Nullable Object> parameters,
            ToolFunction function) {
        ToolSpec spec = new ToolSpec(name, description, parameters);
        Preconditions.notNull(function, "function");
        return new Tool() {
            @Override
            public ToolSpec spec() {
                return spec;
            }

            @Override
            public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
                return function.apply(arguments, context);
            }

            @Override
            public String toString() {
                return "Tool[" + name + "]";
            }
        };
    }

    /**
     * A tool whose arguments are a record: the JSON Schema offered to the model is derived from the record's
     * components ({@link RecordSchemas}), and each call's arguments are read into an instance of it before the body
     * runs. The record is examined here, once; a call reads with no reflection. An argument that is missing, of
     * another type, out of range, unknown, or refused by the record's constructor (an {@code IllegalArgumentException}
     * or {@code NullPointerException} of its own validation) is a {@link ToolArgumentException} naming it (as
     * {@code route.stops[1].lat}) and the value: the model is told its arguments were invalid, and the body does not
     * run.
     *
     * {@snippet :
     * // given: String forecastFor(String city, int days, Unit unit)
     * enum Unit { CELSIUS, FAHRENHEIT }
     * record Forecast(@AgentTool.Param(description = "the city's name") String city, int days, Optional<Unit> unit) {}
     *
     * Tool forecast = Tools.of("forecast", "The weather of the next days", Forecast.class,
     *         (args, run) -> forecastFor(args.city(), args.days(), args.unit().orElse(Unit.CELSIUS)));
     * }
     *
     * @param name the tool's name
     * @param description what it does, for the model
     * @param argumentsType the record its arguments are read into
     * @param function its body
     * @param <A> the record type
     * @return the tool
     * @throws IllegalArgumentException when no schema can be derived from the record, naming the record, the
     *     component and its type (see {@link RecordSchemas}), when a component's type cannot be built from JSON
     *     (a collection that is not a {@code List}, {@code Set} or {@code Collection}, a map that is not a
     *     {@code Map}), or when the record's canonical constructor cannot be called
     */
    public static <A extends Record> Tool of(String name, String description, Class<A> argumentsType,
            RecordToolFunction<A> function) {
        Preconditions.notNull(argumentsType, "argumentsType");
        Preconditions.notNull(function, "function");
        RecordShapes.Arguments<A> arguments = RecordShapes.arguments(argumentsType);
        ToolSpec spec = new ToolSpec(name, description, arguments.schema());
        return new Tool() {
            @Override
            public ToolSpec spec() {
                return spec;
            }

            @Override
            public @Nullable Object call(Map<String, @Nullable Object> args, RunContext context) throws Exception {
                return function.apply(arguments.read(args), context);
            }

            @Override
            public String toString() {
                return "Tool[" + name + "]";
            }
        };
    }

    /**
     * A tool without arguments, from a lambda.
     *
     * @param name the tool's name
     * @param description what it does, for the model
     * @param function its body
     * @return the tool
     */
    public static Tool of(String name, String description, ToolFunction function) {
        return of(name, description, ToolSpec.NO_PARAMETERS, function);
    }

    /**
     * The tools of every {@link AgentTool}-annotated method of an object. Arguments are converted to the
     * parameters' types (through Jackson); a conversion that fails is reported to the model as invalid arguments.
     *
     * @param target the object whose methods to expose
     * @return its tools, in the order of their names
     * @throws IllegalArgumentException when the object has no annotated method or one cannot be a tool
     */
    public static List<Tool> fromMethods(Object target) {
        return MethodTools.of(Preconditions.notNull(target, "target"));
    }

    /**
     * An agent offered as a tool: the model calls it with {@code {"task": "..."}}, and the call runs the agent on that
     * task as a child of the calling run. The child is a real run with its own limits, bounded by its parent's: its
     * deadline is the earlier of its own and its parent's; its tokens and cost count in the parent's usage and
     * budgets as they are spent, so a parent's budget ends the child mid-run, then the parent, with facts that sum
     * the tree; the parent's cancel cancels it. A child that succeeds answers with its final answer (its structured
     * output, when it has one); any other end is a failed call, counted as a mistake, whose message names the child's
     * termination and its facts, so the calling model can react. The parent's result keeps every child's result
     * ({@link RunResult#children()}). The child runs on the thread of the call, except when the calling run is on its
     * caller's thread ({@link Agent#run(String)}) and the child's deadline comes before the parent's (its own time
     * budget, or the parent's per-tool timeout): it then runs on a virtual thread of its own, so that its deadline
     * never interrupts the caller's thread. Called outside a run, the tool runs the
     * agent on its own.
     *
     * {@snippet :
     * // given: Model model; Agent researcher
     * Agent writer = Agent.builder(model)
     *         .tool(Tools.agent("research", "Finds facts about a topic", researcher))
     *         .tokenBudget(TokenBudget.total(50_000)) // the writer's and the researcher's tokens together
     *         .build();
     * }
     *
     * @param name the tool's name
     * @param description what the agent does, for the calling model
     * @param agent the agent
     * @return the tool
     */
    public static Tool agent(String name, String description, Agent agent) {
        Preconditions.notNull(name, "name");
        Preconditions.notNull(description, "description");
        Preconditions.notNull(agent, "agent");
        return new SubAgentTool(name, description, AgentAccess.spec(agent));
    }

    /**
     * Whether a tool is one the engine made to run an agent: an agent offered as a tool ({@link #agent}) or the
     * {@code transfer_to_} tool of a handoff ({@link AgentBuilder#handoff}). Its calls run that agent's loop (on the
     * agent's own model and tools), never code of the tool's own: a workflow engine that runs an agent's loop on its
     * workflow thread lets these tools through where it accepts only its own proxies of the others.
     *
     * @param tool a tool
     * @return whether it runs an agent
     */
    public static boolean runsAnAgent(Tool tool) {
        Preconditions.notNull(tool, "tool");
        return tool instanceof SubAgentTool || tool instanceof dev.terminus.agent.internal.HandoffTool;
    }

    /**
     * The text the loop gives the model for a tool's value: a string as it is, null as empty, anything else as JSON
     * (java.time values as ISO-8601 strings, an {@code Optional} as its value or null). A tool run elsewhere (in a
     * workflow engine's activity) formats its value with this, so the model reads the same text as in one process.
     *
     * @param value what the tool returned
     * @return the text of the tool's result
     * @throws IllegalArgumentException when the value cannot be written as JSON (the message names its class)
     */
    public static String resultText(@Nullable Object value) {
        return JsonText.resultText(value);
    }

    /**
     * The same tool, declared {@linkplain Tool#interruptible() not to answer interrupts}: each of its calls runs on a
     * virtual thread of its own, so a run returns by its deadline (plus {@link AgentConfig#interruptGrace()}) however
     * long the call goes on.
     *
     * {@snippet :
     * // given: Map<String, Object> schema; String jdbcQuery(Map<String, Object> args)
     * Tool query = Tools.uninterruptible(Tools.of("query", "Runs SQL", schema, (args, run) -> jdbcQuery(args)));
     * }
     *
     * @param tool the tool
     * @return a tool with the same name, schema and body whose {@link Tool#interruptible()} is false
     */
    public static Tool uninterruptible(Tool tool) {
        Preconditions.notNull(tool, "tool");
        if (!tool.interruptible()) {
            return tool;
        }
        return new Tool() {
            @Override
            public ToolSpec spec() {
                return tool.spec();
            }

            @Override
            public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
                return tool.call(arguments, context);
            }

            @Override
            public boolean interruptible() {
                return false;
            }

            @Override
            public String toString() {
                return "Uninterruptible" + tool;
            }
        };
    }
}
