package dev.terminus.eval;

import dev.terminus.agent.Tool;
import java.util.List;

/**
 * The world a task's agent acts on, as tools: made afresh for every attempt, so an attempt starts from the task's
 * own state (a fresh database, a sandbox). Called on the task's thread, within its timeout; it must be thread-safe
 * when the benchmark runs tasks in parallel.
 *
 * {@snippet :
 * // given: record Inventory(List<String> items) {}; Inventory seededInventory(String seed)
 * Environment shop = task -> {
 *     Inventory inventory = seededInventory((String) task.metadata().get("seed"));
 *     return List.of(Tools.of("stock", "Items in stock", (args, run) -> inventory.items()));
 * };
 * }
 *
 * <p>An environment that throws (or returns null) ends the attempt {@link Status#ENVIRONMENT_ERROR}; so does a run
 * whose tool throws {@link EnvironmentException}.
 */
@FunctionalInterface
public interface Environment {

    /**
     * @param task the task
     * @return the tools the task's agent gets
     * @throws Exception when the environment cannot be set up
     */
    List<Tool> tools(Task task) throws Exception;
}
