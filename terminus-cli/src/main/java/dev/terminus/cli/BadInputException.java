package dev.terminus.cli;

/**
 * Input the command line cannot use (a missing file, text that is not one termination). Its message is one
 * line, without the {@code terminus: } prefix, that names the source and the problem.
 */
final class BadInputException extends Exception {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message.replaceAll("\\s*\\R\\s*", " ").strip());
    }
}
