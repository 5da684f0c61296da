package dev.terminus.cli.temporal;

import dev.terminus.agent.spi.Model;
import dev.terminus.agent.spi.ModelRequest;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.agent.spi.ModelStream;
import dev.terminus.agent.spi.StreamingModel;
import dev.terminus.cli.scenario.Scenario;
import dev.terminus.cli.scenario.ScenarioAgent;
import dev.terminus.cli.scenario.ScenarioException;
import dev.terminus.temporal.ModelCallSequence;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A scenario's scripted model in a model activity: it keeps no position of its own, but plays the step of the call
 * the activity makes ({@link ModelCallSequence#current()}), as the scenario's {@code ScriptedModel} would on that call
 * of one run (the delays before it included). So one instance serves concurrent runs of the scenario, and a worker
 * that did not make a run's earlier calls answers the next one right. It streams as the scripted model does, so the
 * activity reads a streamed step with the agent's {@code streamIdleTimeout}, as a run in one process does.
 */
final class ScenarioModel implements StreamingModel {
    private final Scenario scenario;
    private final List<Boolean> delays;
    private final String name;
    private final String provider;
    private final @Nullable String callIdPrefix;

    /**
     * @param scenario a scenario with a script
     * @throws ScenarioException naming the step that cannot work
     */
    ScenarioModel(Scenario scenario) throws ScenarioException {
        this(scenario, null);
    }

    /**
     * @param scenario a scenario with a script, or a named agent of one
     * @param callIdPrefix what its tool calls' ids start with, or null for the scripted model's default
     * @throws ScenarioException naming the step that cannot work
     */
    ScenarioModel(Scenario scenario, @Nullable String callIdPrefix) throws ScenarioException {
        this.scenario = scenario;
        this.callIdPrefix = callIdPrefix;
        this.delays = delays(scenario);
        Model script = ScenarioAgent.scriptedModel(scenario);
        this.name = script.name();
        this.provider = script.provider();
    }

    @Override
    public ModelResponse chat(ModelRequest request) throws Exception {
        return scriptOfThisCall().chat(request);
    }

    @Override
    public ModelStream stream(ModelRequest request) throws Exception {
        return scriptOfThisCall().stream(request);
    }

    private StreamingModel scriptOfThisCall() throws ScenarioException {
        long call = ModelCallSequence.current().orElseThrow(() -> new IllegalStateException(
                "a scenario's model answers in a model activity, which numbers its calls"));
        return callIdPrefix == null ? ScenarioAgent.scriptedModel(scenario, stepOf(call))
                : ScenarioAgent.scriptedModel(scenario, stepOf(call), callIdPrefix);
    }

    /**
     * @param call a call's number in its run, from 0
     * @return the script step the scripted model plays first on that call: each earlier call took the delays before
     *     its step and the step (past the script's end, one step a call, as the scripted model counts)
     */
    int stepOf(long call) {
        long step = 0;
        for (long made = 0; made < call; made++) {
            while (step < delays.size() && delays.get((int) step)) {
                step++;
            }
            step++;
        }
        return Math.toIntExact(step);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String provider() {
        return provider;
    }

    /** For each step of the scripted model, whether it is a delay: a file's step with delayMs is a delay first. */
    private static List<Boolean> delays(Scenario scenario) {
        List<Boolean> delays = new ArrayList<>();
        for (Scenario.StepDef step : scenario.script()) {
            if (step.delayMs() != null) {
                delays.add(true);
            }
            if (step.text() != null || step.toolCalls() != null || step.error() != null
                    || Boolean.TRUE.equals(step.hang()) || step.pieces() != null) {
                delays.add(false);
            }
        }
        return delays;
    }
}
