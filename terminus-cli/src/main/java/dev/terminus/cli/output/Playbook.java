package dev.terminus.cli.output;

import dev.terminus.Category;
import dev.terminus.Diagnostic;
import dev.terminus.ErrorInfo;
import dev.terminus.Message;
import dev.terminus.Termination;
import dev.terminus.Termination.Custom;
import dev.terminus.Termination.HitlGatePending;
import dev.terminus.jackson.UnrecognizedTermination;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What to do next after a run ended: a short recovery playbook for every case, written for a person and
 * using the termination's facts (its limits, the amounts used, who refused, which gate waits).
 *
 * <p>The advice is data: a table of the framework's cases, each with the function that writes its steps from
 * its facts, grouped as the catalogue groups them (success, budgets, stuck, interrupted, errors); a
 * {@link HitlGatePending} is advised by what its gate waits for, and an extension by its kind and category.
 * The table is checked against {@link Termination}'s permitted cases when the class loads: a new framework
 * case without its own advice fails the first use of the playbook, which every test of it makes.
 *
 * {@snippet :
 * List<String> steps = Playbook.nextSteps(new Termination.MaxIterationsReached(25, 25));
 * // [Raise the iteration limit above 25 (25 iterations were used) if the task really needs more turns., ...]
 * }
 */
public final class Playbook {

    private Playbook() {}

    /** What a human gate ({@link HitlGatePending}) waits for, which decides how it is answered. */
    public enum Gate {
        /** The approval of a call: {@code terminus resume --approve} or {@code --reject REASON}. */
        APPROVAL,
        /**
         * A person's input that a tool asked for (an MCP server's elicitation), kept in a checkpoint of format 2:
         * {@code terminus resume --answer JSON} or {@code --reject REASON} (declined).
         */
        INPUT
    }

    /**
     * The meaning of a category, in one line, as {@link dev.terminus.Category} documents it.
     *
     * @param category the category
     * @return what the category tells the caller, e.g. {@code "nothing; the work is done"} for {@code SUCCESS}
     */
    public static String meaning(Category category) {
        return switch (category) {
            case SUCCESS -> "nothing; the work is done";
            case RETRYABLE -> "transient; the same run may succeed if retried";
            case CAPACITY -> "a configured limit was reached; raise it or reduce the scope";
            case FATAL -> "retrying will not help without someone changing something";
            case INTERRUPTED -> "stopped by an outside decision (cancelled, skipped); not an error";
            case SUSPENDED -> "waiting for a person; resume it, do not retry it";
        };
    }

    /**
     * The recovery playbook of a termination: two to four imperative steps, most important first,
     * specific to the case and filled in with its facts. A {@link HitlGatePending} is advised as an approval gate:
     * the termination alone does not say what its gate waits for (see {@link #nextSteps(Termination, Gate)}).
     *
     * @param termination how the run ended
     * @return the steps, never empty
     */
    public static List<String> nextSteps(Termination termination) {
        return nextSteps(termination, Gate.APPROVAL);
    }

    /**
     * The recovery playbook of a termination whose run's checkpoint says what its gate waits for.
     *
     * @param termination how the run ended
     * @param gate what a {@link HitlGatePending} waits for (the run's checkpoint says: an input request, or none);
     *     unused for the other cases
     * @return the steps, never empty
     */
    public static List<String> nextSteps(Termination termination, Gate gate) {
        if (termination instanceof HitlGatePending pending) {
            return gate(pending, gate); // the one case whose advice needs more than its own facts
        }
        if (termination instanceof Termination.Extension extension) {
            return extension(extension);
        }
        return PlaybookTable.steps(termination);
    }

    private static List<String> gate(HitlGatePending pending, Gate gate) {
        String retry = "Do not retry the run: that would redo the work up to the gate and ask again.";
        return switch (gate) {
            case APPROVAL -> List.of(
                    "Review proposal " + pending.proposalId() + " from agent " + pending.agentId() + " (cycle "
                            + pending.cycle() + "): " + pending.summary(),
                    "Approve or reject gate " + pending.gateId() + " with `terminus resume`; the run continues from"
                            + " its checkpoint.",
                    retry);
            case INPUT -> List.of(
                    "Read what the tool of call " + pending.proposalId() + " asks (agent " + pending.agentId()
                            + ", cycle " + pending.cycle() + "): " + pending.summary(),
                    "Answer gate " + pending.gateId() + " with `terminus resume --answer JSON` (a JSON object of the"
                            + " schema the tool asked for), or decline with `--reject REASON`; the call is made again"
                            + " with the answer and the run continues from its checkpoint.",
                    retry);
        };
    }

    static List<String> noProgress(int iterations, List<Message> snapshot) {
        Set<String> tools = new LinkedHashSet<>();
        @Nullable String lastResult = null;
        for (Message message : snapshot) {
            switch (message) {
                case Message.Assistant assistant -> assistant.toolCalls().forEach(call -> tools.add(call.name()));
                case Message.ToolResult result -> lastResult = result.content();
                case Message.System system -> { }
                case Message.User user -> { }
            }
        }
        String repeated = tools.isEmpty() ? "the same messages" : "the same calls to " + list(List.copyOf(tools));
        return List.of(
                "Break the loop: " + iterations + " iterations repeated " + repeated + " with the same results.",
                lastResult == null
                        ? "Make the tools' answers actionable, or say in errors what the model should change."
                        : "Make the tool's answer actionable: it said \"" + shorten(lastResult) + "\" every time;"
                                + " say what to try instead.",
                "Tell the model in the prompt what to do when a tool gives nothing useful.");
    }

    static List<String> failed(ErrorInfo error) {
        String what = error.type() + (error.message().isEmpty() ? "" : " (" + error.message() + ")");
        return switch (error.category()) {
            case INTERNAL -> List.of(
                    "Fix the defect: " + what + " is a bug in the framework or the application.",
                    "Report it with the error type and message; retrying fails the same way.");
            case CONFIGURATION -> List.of(
                    "Fix the configuration: " + what + " says it cannot work as set up.",
                    "Run again only after changing it; retrying unchanged fails the same way.");
            case EXTERNAL -> List.of(
                    "Retry the run: " + what + " is a transient failure of something outside it.",
                    "If it keeps failing, check that service's status and raise its timeouts or retries.");
            case RESOURCE -> List.of(
                    "Wait, then retry: " + what + " means a resource outside the run ran out (rate limit, quota).",
                    "Lower the concurrency, or ask the provider for a higher quota.");
            case UNKNOWN -> List.of(
                    "Retry once: " + what + " was not classified.",
                    "If it fails again, classify the error (INTERNAL, CONFIGURATION, EXTERNAL, RESOURCE) where it is"
                            + " raised so it gets the right advice.");
        };
    }

    static List<String> custom(Custom custom) {
        String cause = "\"" + custom.reason() + "\"";
        String facts = custom.properties().isEmpty() ? ""
                : " Its properties: " + list(List.copyOf(custom.properties().keySet())) + ".";
        return List.of(
                byCategory(custom.category(), cause) + facts,
                "If " + cause + " recurs, model it as a Termination.Extension so callers can switch on it.");
    }

    private static List<String> extension(Termination.Extension extension) {
        if (extension instanceof UnrecognizedTermination unrecognized) {
            return List.of(
                    "Upgrade this reader, or register the extension kind " + unrecognized.kind()
                            + ": it cannot tell how to recover from a case it does not know.",
                    "Until then treat it as FATAL; its raw fields are kept unchanged.");
        }
        return List.of(
                byCategory(extension.category(), "the " + extension.tag() + " extension"),
                "See the documentation of " + extension.tag() + " for what its facts mean.");
    }

    /** The first step for a case whose only guide is its category. */
    private static String byCategory(Category category, String cause) {
        return switch (category) {
            case SUCCESS -> "Collect the result: " + cause + " reports success.";
            case RETRYABLE -> "Retry: " + cause + " reports a transient failure.";
            case CAPACITY -> "Raise the limit behind " + cause + ", or reduce the task's scope.";
            case FATAL -> "Fix what " + cause + " reports before running again; retrying will not help.";
            case INTERRUPTED -> "Nothing failed: " + cause + " stopped the run by an outside decision; run it again"
                    + " if needed.";
            case SUSPENDED -> "Give the person " + cause + " waits for what they need, then resume the run.";
        };
    }

    static String firstViolation(Diagnostic diagnostic) {
        if (diagnostic.violations().isEmpty()) {
            return "(it could not be read at all)";
        }
        Diagnostic.Violation first = diagnostic.violations().get(0);
        int more = diagnostic.violations().size() - 1;
        return "at " + first.path() + " (" + first.message() + ")"
                + (more == 0 ? "" : " and " + more + " more place" + (more == 1 ? "" : "s"));
    }

    static String list(List<String> items) {
        return items.isEmpty() ? "none" : String.join(", ", items);
    }

    static String percent(double fraction) {
        double percent = fraction * 100;
        return (percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent)) + "%";
    }

    private static String shorten(@Nullable String text) {
        String flat = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return flat.length() <= 60 ? flat : flat.substring(0, 57) + "...";
    }
}
