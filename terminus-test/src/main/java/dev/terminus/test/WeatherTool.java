package dev.terminus.test;

import dev.terminus.agent.Tool;
import dev.terminus.agent.Tools;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * The tool of the provider tests' weather task ("What should I wear in Oslo?"): {@code weather} takes a {@code city}
 * and answers {@code "<city>: 4°C, rain"}, keeping the arguments of every call it answered.
 */
public final class WeatherTool {
    /** The tool's arguments: an object with a required string {@code city}. */
    public static final Map<String, @Nullable Object> SCHEMA = Map.of("type", "object",
            "properties", Map.of("city", Map.of("type", "string")), "required", List.of("city"));

    private final List<Map<String, @Nullable Object>> calls = new CopyOnWriteArrayList<>();
    private final Tool tool = Tools.of("weather", "Today's weather in a city", SCHEMA, (args, run) -> {
        calls.add(args);
        return args.get("city") + ": 4°C, rain";
    });

    /** @return the tool, named {@code weather} */
    public Tool tool() {
        return tool;
    }

    /** @return the arguments of each call the tool answered, in order; live */
    public List<Map<String, @Nullable Object>> calls() {
        return calls;
    }
}
