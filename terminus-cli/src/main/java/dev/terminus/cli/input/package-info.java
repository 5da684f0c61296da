/**
 * What the commands share about their input: {@link dev.terminus.cli.input.BadInputException} (input refused as one
 * line naming the file, field or option, exit status 2), comparing {@link dev.terminus.cli.input.FilePaths}, and the
 * MCP servers of a scenario or pipeline file, started for one command ({@link dev.terminus.cli.input.ScenarioFiles},
 * {@link dev.terminus.cli.input.StageServers}).
 */
@NullMarked
package dev.terminus.cli.input;

import org.jspecify.annotations.NullMarked;
