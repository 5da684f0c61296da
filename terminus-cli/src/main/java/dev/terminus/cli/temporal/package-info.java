/**
 * Scenario runs on Temporal: the worker side (an {@code AgentResolver} that builds the agent of a scenario document a
 * client sends, its script played by the call number of each model activity) and the client side (where to connect,
 * how a scenario's run is started, cancelled and read).
 */
@NullMarked
package dev.terminus.cli.temporal;

import org.jspecify.annotations.NullMarked;
