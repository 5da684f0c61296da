package dev.terminus.cli.scenario;

import dev.terminus.agent.Tool;
import dev.terminus.cli.scenario.Scenario.McpServerDef;
import dev.terminus.cli.scenario.Scenario.ToolDef;
import dev.terminus.mcp.McpServer;
import dev.terminus.mcp.McpServerStartException;
import dev.terminus.mcp.McpToolset;
import dev.terminus.mcp.ToolNaming;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The MCP servers of a scenario's {@code mcpServers}, started once for a command (a run, or a whole suite) and
 * closed when it ends: their tools join the scenario's. A bad entry, a server that does not start, or an MCP tool
 * with the name of a scenario tool is a {@link ScenarioException} naming the field and the value; a server that
 * does not start is named by its entry ({@code mcpServers.NAME}), with what it did: a process that exits as it
 * starts is told at once, with its exit status and the last lines of its stderr.
 *
 * {@snippet :
 * // given: Scenario scenario
 * try (ScenarioServers servers = ScenarioServers.start(scenario)) {
 *     ScenarioAgent agent = ScenarioAgent.of(scenario, 0, List.of(), servers.tools());
 *     agent.run();
 * }
 * }
 */
public final class ScenarioServers implements AutoCloseable {
    private static final ScenarioServers NONE = new ScenarioServers(null);

    private final @Nullable McpToolset toolset;

    private ScenarioServers(@Nullable McpToolset toolset) {
        this.toolset = toolset;
    }

    /** @return no servers, for a command that starts none */
    public static ScenarioServers none() {
        return NONE;
    }

    /**
     * Starts the scenario's MCP servers, if it has any.
     *
     * @param scenario a scenario as read (or a suite's agent)
     * @return the running servers; close them when the command ends
     * @throws ScenarioException naming the entry that is wrong, the server that does not start, or the two tools
     *     that share a name
     */
    public static ScenarioServers start(Scenario scenario) throws ScenarioException {
        McpToolset.Builder builder = toolset(scenario);
        if (builder == null) {
            return NONE;
        }
        McpToolset toolset;
        try {
            toolset = builder.start();
        } catch (McpServerStartException e) {
            // one line: the server's setting, then what it did (its exit status and the end of its stderr)
            throw new ScenarioException("mcpServers." + e.server() + ": " + e.getMessage());
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new ScenarioException("mcpServers: " + e.getMessage());
        }
        try {
            refuseCollisions(scenario, toolset.tools());
        } catch (ScenarioException e) {
            toolset.close();
            throw e;
        }
        return new ScenarioServers(toolset);
    }

    /** @return the servers' tools, in the servers' order; none when the scenario has no servers */
    public List<Tool> tools() {
        return toolset == null ? List.of() : toolset.tools();
    }

    /**
     * @param tool one of {@link #tools()}
     * @return the name of the server it comes from
     */
    public String serverOf(Tool tool) {
        return java.util.Objects.requireNonNull(toolset, "no MCP servers").serverOf(tool);
    }

    /** Ends every session and kills every server process and everything it started. */
    @Override
    public void close() {
        if (toolset != null) {
            toolset.close();
        }
    }

    /**
     * Checks a scenario's {@code mcpServers} and {@code mcpNaming} without starting anything: what a client checks
     * before it sends the scenario to a worker, which starts the servers.
     *
     * @param scenario a scenario as read
     * @return whether it has MCP servers
     * @throws ScenarioException naming the entry that is wrong
     */
    public static boolean check(Scenario scenario) throws ScenarioException {
        return toolset(scenario) != null;
    }

    /**
     * Stand-ins for the MCP tools a scenario's rules name, for an agent built where its servers are not started (a
     * client that sends the scenario to a worker): a tool that needs approval and is not one of the scenario's own
     * is an MCP tool. A stand-in fails when called; the worker's agent has the real tool.
     *
     * @param scenario a scenario as read
     * @return the stand-ins; none when the scenario has no MCP servers
     */
    public static List<Tool> standIns(Scenario scenario) {
        if (scenario.mcpServers() == null || scenario.mcpServers().isEmpty() || scenario.approvals() == null) {
            return List.of();
        }
        java.util.Set<String> own = new java.util.HashSet<>();
        (scenario.tools() == null ? List.<ToolDef>of() : scenario.tools()).forEach(def -> own.add(def.name()));
        List<Tool> standIns = new java.util.ArrayList<>();
        for (String name : new java.util.LinkedHashSet<>(scenario.approvals())) {
            if (!own.contains(name)) {
                standIns.add(dev.terminus.agent.Tools.of(name, "an MCP tool, on the worker that starts its server",
                        (arguments, run) -> {
                            throw new IllegalStateException("the MCP tool \"" + name + "\" runs where its server does");
                        }));
            }
        }
        return standIns;
    }

    /**
     * Refuses a scenario with MCP servers where they are not started: its agent would offer fewer tools than the
     * file says.
     *
     * @param scenario a scenario as read
     * @throws ScenarioException when it has MCP servers
     */
    public static void refuseIn(Scenario scenario) throws ScenarioException {
        if (scenario.mcpServers() != null && !scenario.mcpServers().isEmpty()) {
            throw new ScenarioException("mcpServers: this command does not start MCP servers (terminus run, resume"
                    + " and tools do, and eval without --temporal)");
        }
    }

    /** The toolset of the scenario's servers, checked and not started; null when it has none. */
    private static McpToolset.@Nullable Builder toolset(Scenario scenario) throws ScenarioException {
        if (scenario.mcpServers() == null || scenario.mcpServers().isEmpty()) {
            if (scenario.mcpNaming() != null) {
                naming(scenario.mcpNaming());
            }
            return null;
        }
        McpToolset.Builder builder = McpToolset.builder()
                .naming(scenario.mcpNaming() == null ? ToolNaming.PLAIN : naming(scenario.mcpNaming()));
        for (Map.Entry<String, McpServerDef> entry : scenario.mcpServers().entrySet()) {
            builder.server(server(entry.getKey(), entry.getValue()));
        }
        return builder;
    }

    private static ToolNaming naming(String naming) throws ScenarioException {
        return switch (naming) {
            case "plain" -> ToolNaming.PLAIN;
            case "prefixed" -> ToolNaming.PREFIXED;
            default -> throw new ScenarioException("mcpNaming: \"" + naming + "\" is not one of plain, prefixed");
        };
    }

    private static McpServer server(String name, @Nullable McpServerDef def) throws ScenarioException {
        String at = "mcpServers." + name;
        if (def == null) {
            throw new ScenarioException(at + ": expected an object with a command or a url, got null");
        }
        if ((def.command() == null) == (def.url() == null)) {
            throw new ScenarioException(at + ": needs exactly one of \"command\" (stdio) and \"url\" (HTTP), got "
                    + (def.command() == null ? "neither" : "both"));
        }
        try {
            return def.command() != null ? stdio(name, def, at) : http(name, def, at);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(at + ": " + e.getMessage());
        }
    }

    private static McpServer stdio(String name, McpServerDef def, String at) throws ScenarioException {
        refuse(at, "headers", def.headers(), "url");
        refuse(at, "tokenEnv", def.tokenEnv(), "url");
        McpServer.Stdio server = new McpServer.Stdio(name, def.command(), def.args() == null ? List.of() : def.args(),
                def.env() == null ? Map.of() : def.env(), null);
        if (def.cwd() == null) {
            return server;
        }
        try {
            return server.withWorkingDirectory(Path.of(def.cwd()).toAbsolutePath());
        } catch (InvalidPathException e) {
            throw new ScenarioException(at + ".cwd: \"" + def.cwd() + "\" is not a path: " + e.getReason());
        }
    }

    private static McpServer http(String name, McpServerDef def, String at) throws ScenarioException {
        refuse(at, "args", def.args(), "command");
        refuse(at, "env", def.env(), "command");
        refuse(at, "cwd", def.cwd(), "command");
        URI url;
        try {
            url = new URI(def.url());
        } catch (URISyntaxException e) {
            throw new ScenarioException(at + ".url: \"" + def.url() + "\" is not a URL: " + e.getReason());
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new ScenarioException(at + ".url: \"" + def.url() + "\" is not an http or https URL");
        }
        return new McpServer.Http(name, url, def.headers() == null ? Map.of() : def.headers(), def.tokenEnv());
    }

    private static void refuse(String at, String field, @Nullable Object value, String transport)
            throws ScenarioException {
        if (value != null) {
            throw new ScenarioException(at + "." + field + ": only a server with a \"" + transport + "\" takes it");
        }
    }

    private static void refuseCollisions(Scenario scenario, List<Tool> mcpTools) throws ScenarioException {
        List<ToolDef> defs = scenario.tools() == null ? List.of() : scenario.tools();
        for (int i = 0; i < defs.size(); i++) {
            for (Tool tool : mcpTools) {
                if (tool.spec().name().equals(defs.get(i).name())) {
                    throw new ScenarioException("mcpServers: the MCP tool " + tool + " has the name of tools[" + i
                            + "] \"" + defs.get(i).name() + "\"; rename one, or set \"mcpNaming\": \"prefixed\"");
                }
            }
        }
    }
}
