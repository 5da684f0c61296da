package dev.terminus;

/**
 * The kind of error behind a {@link Termination.Failed}, which decides the failure's {@link Category}.
 */
public enum ErrorCategory {
    /** A defect in the framework or the application ({@link Category#FATAL}). */
    INTERNAL(Category.FATAL),
    /** A configuration that cannot work ({@link Category#FATAL}). */
    CONFIGURATION(Category.FATAL),
    /** A transient failure of something outside: timeout, 5xx, transport ({@link Category#RETRYABLE}). */
    EXTERNAL(Category.RETRYABLE),
    /** A resource limit outside the run, such as rate limiting after retries ({@link Category#CAPACITY}). */
    RESOURCE(Category.CAPACITY),
    /** Not classified ({@link Category#RETRYABLE}). */
    UNKNOWN(Category.RETRYABLE);

    private final Category category;

    ErrorCategory(Category category) {
        this.category = category;
    }

    /**
     * The termination category a failure of this kind has.
     *
     * @return the category
     */
    public Category category() {
        return category;
    }
}
