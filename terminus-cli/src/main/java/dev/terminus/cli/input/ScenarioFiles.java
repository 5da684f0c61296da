package dev.terminus.cli.input;

import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.cli.scenario.ScenarioServers;

/** What the commands that read scenario and suite files share: their errors, and starting their MCP servers. */
public final class ScenarioFiles {
    private ScenarioFiles() {}

    /**
     * @param e what is wrong with a file
     * @param source how errors name the file
     * @return it as bad input, one line naming the file once
     */
    public static BadInputException badInput(ScenarioException e, String source) {
        return new BadInputException(e.getMessage().startsWith(source) ? e.getMessage() : source + ": " + e.getMessage());
    }

    /**
     * @param scenario a scenario as read (or a suite's agent)
     * @param source how errors name the file
     * @return its MCP servers, started; close them when the command ends
     * @throws BadInputException naming the entry that is wrong or the server that does not start
     */
    public static ScenarioServers servers(Scenario scenario, String source) throws BadInputException {
        try {
            return ScenarioServers.start(scenario);
        } catch (ScenarioException e) {
            throw badInput(e, source);
        }
    }
}
