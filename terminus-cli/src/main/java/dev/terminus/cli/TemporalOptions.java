package dev.terminus.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where runs go when they run on Temporal: {@code --temporal HOST:PORT} (a Temporal frontend: {@code temporal server
 * start-dev}, a cluster, a hosted namespace's endpoint) or {@code --temporal embedded} (Temporal's in-process server
 * with a worker in this process), the namespace and the task queue.
 */
final class TemporalOptions {
    /** The value of {@code --temporal} that runs Temporal's in-process server and a worker in this process. */
    static final String EMBEDDED = "embedded";
    private static final Pattern ADDRESS = Pattern.compile("(\\[[0-9a-fA-F:.]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})");

    @Option(names = "--temporal", paramLabel = "HOST:PORT",
            description = "run on Temporal: a frontend's HOST:PORT (e.g. localhost:7233, where a terminus worker "
                    + "polls), or 'embedded' for Temporal's in-process server with a worker in this process")
    @Nullable String temporal;

    @Option(names = "--namespace", paramLabel = "N", defaultValue = "default",
            description = "the Temporal namespace (default: ${DEFAULT-VALUE})")
    String namespace = "default";

    @Option(names = "--task-queue", paramLabel = "Q", defaultValue = "terminus",
            description = "the task queue terminus workers poll (default: ${DEFAULT-VALUE})")
    String taskQueue = "terminus";

    /** @return whether {@code --temporal} was given */
    boolean chosen() {
        return temporal != null;
    }

    /** @return whether {@code --temporal embedded} was given */
    boolean embedded() {
        return EMBEDDED.equals(temporal);
    }

    /**
     * @return the frontend's address, {@code HOST:PORT}, checked
     * @throws BadInputException naming the option and the value when it is neither HOST:PORT nor embedded
     */
    String address() throws BadInputException {
        String value = String.valueOf(temporal);
        Matcher matcher = ADDRESS.matcher(value);
        if (!matcher.matches() || Integer.parseInt(matcher.group(2)) < 1 || Integer.parseInt(matcher.group(2)) > 65535) {
            throw new BadInputException("--temporal: \"" + value + "\" is not HOST:PORT (e.g. localhost:7233) or "
                    + EMBEDDED);
        }
        return value;
    }

    /** @throws BadInputException when the values cannot work */
    void check() throws BadInputException {
        if (temporal != null && !embedded()) {
            address();
        }
        if (namespace.isBlank()) {
            throw new BadInputException("--namespace: the namespace is blank");
        }
        if (taskQueue.isBlank()) {
            throw new BadInputException("--task-queue: the task queue is blank");
        }
    }
}
