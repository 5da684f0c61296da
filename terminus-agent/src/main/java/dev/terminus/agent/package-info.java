/**
 * The agent loop: an {@link dev.terminus.agent.Agent} runs a task with a model, tools, budgets and guards, and
 * every run returns a {@link dev.terminus.agent.RunResult} holding exactly one {@link dev.terminus.Termination}.
 */
@NullMarked
package dev.terminus.agent;

import org.jspecify.annotations.NullMarked;
