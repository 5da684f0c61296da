package dev.terminus.eval.internal;

import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.Tool;
import dev.terminus.agent.UserSimulator;
import dev.terminus.agent.UserTurn;
import dev.terminus.agent.spi.ToolSpec;
import dev.terminus.eval.EnvironmentException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Wraps an attempt's environment tools and user simulator to remember their failures, so a run that ended because
 * of them is told from one that ended because of the agent.
 */
final class Failures {
    private volatile @Nullable EnvironmentException environment;
    private volatile @Nullable Throwable user;

    /** @return the tools, each turning an {@link EnvironmentException} into a halt of the run */
    List<Tool> environmentTools(List<Tool> tools) {
        List<Tool> wrapped = new ArrayList<>(tools.size());
        for (Tool tool : tools) {
            wrapped.add(new EnvironmentTool(tool));
        }
        return wrapped;
    }

    /** @return the simulator, remembering what it throws */
    UserSimulator user(UserSimulator simulator) {
        return new TrackedUser(simulator);
    }

    /** @return the exception an environment tool threw, if one did */
    @Nullable EnvironmentException environment() {
        return environment;
    }

    /**
     * @param termination how the run ended
     * @return the user simulator's exception when it is the one the run ended {@code Failed} with
     */
    @Nullable Throwable userCause(Termination termination) {
        Throwable thrown = user;
        if (thrown == null || !(termination instanceof Termination.Failed failed)) {
            return null;
        }
        Throwable cause = failed.cause();
        for (int depth = 0; cause != null && depth < 16; depth++, cause = cause.getCause()) { // bounded: no cycles
            if (cause == thrown) {
                return thrown;
            }
        }
        return null;
    }

    private final class EnvironmentTool implements Tool {
        private final Tool tool;

        EnvironmentTool(Tool tool) {
            this.tool = tool;
        }

        @Override
        public ToolSpec spec() {
            return tool.spec();
        }

        @Override
        public boolean interruptible() {
            return tool.interruptible();
        }

        @Override
        public @Nullable Object call(Map<String, @Nullable Object> arguments, RunContext context) throws Exception {
            try {
                return tool.call(arguments, context);
            } catch (EnvironmentException e) {
                environment = e;
                throw new HaltException("the environment failed: " + e.getMessage());
            }
        }

        @Override
        public String toString() {
            return tool.toString();
        }
    }

    private final class TrackedUser implements UserSimulator {
        private final UserSimulator simulator;

        TrackedUser(UserSimulator simulator) {
            this.simulator = simulator;
        }

        @Override
        public UserTurn respond(RunContext run, Message.Assistant answer) throws Exception {
            try {
                return simulator.respond(run, answer);
            } catch (Throwable e) {
                if (!(e instanceof InterruptedException)) { // an interrupt is the run being stopped, not the user
                    user = e;
                }
                throw e;
            }
        }
    }
}
