package dev.terminus.cli.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.terminus.agent.Tool;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.cli.input.BadInputException;
import dev.terminus.cli.input.ScenarioFiles;
import dev.terminus.cli.output.Wire;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioReader;
import dev.terminus.cli.scenario.ScenarioServers;
import dev.terminus.cli.scenario.ScenarioTools;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code terminus tools SCENARIO}: lists every tool the scenario's agent would offer, its own and those of its MCP
 * servers (started for the listing and closed after it), each with its description and JSON Schema.
 */
@Command(name = "tools", mixinStandardHelpOptions = true,
        description = {"Lists every tool a scenario's agent would offer, with its description and the JSON Schema of"
                + " its arguments: the scenario's tools, then those of its MCP servers (started, then stopped)."})
final class ToolsCommand implements Callable<Integer> {

    @ParentCommand
    private @Nullable TerminusCommand parent;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "the scenario file (JSON); '-' reads standard input")
    private String file = "-";

    @Option(names = "--json", description = "print the tools as one JSON array")
    private boolean json;

    @Override
    public Integer call() {
        return TerminusCommand.run(parent, this::list);
    }

    private int list(TerminusCommand terminus) throws BadInputException {
        String source = Wire.sourceName(file);
        Scenario scenario;
        List<Tool> own;
        try {
            scenario = ScenarioReader.read(Wire.read(file, terminus.in), source);
            own = ScenarioTools.of(scenario, ScenarioTools.Count.PER_INSTANCE);
        } catch (ScenarioException e) {
            throw ScenarioFiles.badInput(e, source);
        }
        ArrayNode tools = JsonNodeFactory.instance.arrayNode();
        try (ScenarioServers servers = ScenarioFiles.servers(scenario, source)) {
            for (int i = 0; i < own.size(); i++) {
                // a tool that runs a named agent says which
                String agent = scenario.tools().get(i).agent();
                tools.add(json(own.get(i).spec(), agent == null ? "scenario" : "agent:" + agent));
            }
            servers.tools().forEach(tool -> tools.add(json(tool.spec(), "mcp:" + servers.serverOf(tool))));
        }
        if (json) {
            terminus.out.print(Wire.pretty(tools));
        } else {
            terminus.out.println(tools.size() + (tools.size() == 1 ? " tool" : " tools") + " in " + source);
            tools.forEach(tool -> {
                terminus.out.println();
                terminus.out.println(tool.get("name").asText() + " (" + tool.get("source").asText() + "): "
                        + tool.get("description").asText());
                Wire.pretty(tool.get("parameters")).lines().forEach(line -> terminus.out.println("  " + line));
            });
        }
        terminus.out.flush();
        return 0;
    }

    private static ObjectNode json(ToolSpec spec, String source) {
        ObjectNode tool = JsonNodeFactory.instance.objectNode();
        tool.put("name", spec.name());
        tool.put("source", source);
        tool.put("description", spec.description());
        tool.set("parameters", Wire.MAPPER.valueToTree(spec.parameters()));
        return tool;
    }
}
