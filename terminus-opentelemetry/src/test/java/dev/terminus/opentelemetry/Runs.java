package dev.terminus.opentelemetry;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolFunction;
import dev.terminus.agent.Tools;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.Model;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;

/** The agents and models the tests run: real agent loops over scripted models. */
final class Runs {
    static final String AGENT = "researcher";
    static final String MODEL = "gpt-4o";
    static final String PROVIDER = "openai";
    static final String TOOL = "search";
    static final String TASK = "Find three sources on the Oslo climate.";

    private Runs() {}

    /** A model that calls {@code search} once, then answers: 10 input and 5 output tokens a call, 4 of them cached. */
    static ScriptedModel.Builder model() {
        return ScriptedModel.builder().name(MODEL).provider(PROVIDER).usage(new Usage(10, 5, 4, 0));
    }

    static ScriptedModel searchThenAnswer() {
        return model().toolCall(TOOL, Map.of("query", "Oslo climate")).text("Here are my sources.").build();
    }

    static Tool search(ToolFunction body) {
        return Tools.of(TOOL, "Searches the web",
                Map.of("type", "object",
                        "properties", Map.of("query", Map.of("type", "string")),
                        "required", List.of("query")),
                body);
    }

    static Tool search() {
        return search((arguments, run) -> "source A");
    }

    static AgentBuilder agent(Model model, AgentListener telemetry) {
        return Agent.builder(model).config(AgentConfig.custom().name(AGENT).build()).listener(telemetry);
    }
}
