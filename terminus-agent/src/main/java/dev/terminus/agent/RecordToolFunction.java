package dev.terminus.agent;

import org.jspecify.annotations.Nullable;

/**
 * The body of a tool built from a record type with {@link Tools#of(String, String, Class, RecordToolFunction)}: it
 * receives the call's arguments as an instance of the record.
 *
 * @param <A> the record type of the arguments
 */
@FunctionalInterface
public interface RecordToolFunction<A extends Record> {

    /**
     * @param arguments the arguments the model passed, read into the record
     * @param context the run so far
     * @return the result: a {@code String}, null, or a value written as JSON
     * @throws Exception when the tool fails
     */
    @Nullable Object apply(A arguments, RunContext context) throws Exception;
}
