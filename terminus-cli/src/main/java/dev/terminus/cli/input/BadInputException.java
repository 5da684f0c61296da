package dev.terminus.cli.input;

/**
 * Input the command line cannot use (a missing file, text that is not one termination). Its message is one
 * line, without the {@code terminus: } prefix, that names the source and the problem.
 */
public final class BadInputException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, naming the file, field or option; folded into one line */
    public BadInputException(String message) {
        super(message.replaceAll("\\s*\\R\\s*", " ").strip());
    }
}
