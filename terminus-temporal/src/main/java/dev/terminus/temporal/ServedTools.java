package dev.terminus.temporal;

import dev.terminus.agent.Tool;
import java.util.List;

/**
 * Tools of an agent that a worker must start before it can even list them: the tools of MCP servers, whose processes
 * (or connections) the worker runs. An {@link AgentResolver} returns them unstarted in its
 * {@link AgentRecipes.Registered}; nothing starts them when the agent is resolved.
 *
 * <ul>
 *   <li><b>The workflow side never starts them.</b> A workflow needs their specs only (names, descriptions, argument
 *       schemas), to offer them to the model and to build the stand-ins whose calls are activities: it asks a tool
 *       activity for them once per execution, and its history keeps the answer, so a replay starts nothing and
 *       decides as the first execution did. A worker that runs workflows only ({@link AgentWorkflows#registerWorkflow})
 *       never starts them.
 *   <li><b>The activity side starts them once per resolved agent.</b> The first activity of the agent on a worker
 *       that needs them calls {@link #start()}; every run of that agent on the worker then shares them (they keep no
 *       state per run). A start that fails is tried again by the next call that needs them.
 *   <li><b>They stop with the worker.</b> {@link AgentRecipes#close()} closes them, and a defined agent evicted from
 *       the worker's cache ({@link AgentRecipes#DEFINED_CACHE}) closes them once no call uses them any more. They are
 *       never closed on a workflow thread: when a workflow's resolution evicted the agent, the worker's next activity
 *       (or {@code close}) closes them.
 * </ul>
 *
 * <p>A run whose tools cannot be started (a server that exits as it starts, say) ends {@code Failed} with category
 * {@code CONFIGURATION} and the start's message: the run cannot go on without the tools its agent offers.
 *
 * {@snippet :
 * // given: AgentRecipe recipe
 * AgentResolver resolver = (name, definition) -> {
 *     McpToolset.Builder servers = McpToolset.builder().server(McpServer.stdio("files", "npx", "-y", "server-files"));
 *     return new AgentRecipes.Registered(name, model, List.of(), new ServedTools() {
 *         private McpToolset toolset;
 *
 *         public synchronized List<Tool> start() {
 *             toolset = servers.start();
 *             return toolset.tools();
 *         }
 *
 *         public synchronized void close() {
 *             if (toolset != null) {
 *                 toolset.close();
 *             }
 *         }
 *     }, recipe);
 * };
 * }
 */
public interface ServedTools extends AutoCloseable {

    /**
     * Starts the tools. Called at most once at a time, and again only after a start that failed.
     *
     * @return the started tools, in the order the agent offers them (after its other tools)
     * @throws RuntimeException saying in one line why they cannot be started (which server, what it did): the run
     *     that needed them ends {@code Failed} (category {@code CONFIGURATION}) with that message
     */
    List<Tool> start();

    /** Stops the tools and whatever they started; nothing after a start that failed or no start at all. */
    @Override
    void close();
}
