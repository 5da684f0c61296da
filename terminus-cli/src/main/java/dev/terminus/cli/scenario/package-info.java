/**
 * Scenario files for {@code terminus run}: an agent (scripted model, tools, limits, hooks, user) and a task,
 * described as JSON, and the built-in demo scenarios.
 */
@NullMarked
package dev.terminus.cli.scenario;

import org.jspecify.annotations.NullMarked;
