package dev.terminus.cli.temporal;

import dev.terminus.cli.input.BadInputException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How a command proves itself to a Temporal frontend and checks the frontend: TLS ({@link TemporalTls}: server
 * authentication against the JDK's trust store or {@code --tls-ca}, mutual with {@code --tls-cert} and
 * {@code --tls-key}) and a Temporal API key, read from the environment variable {@code --api-key-env} names and sent
 * as {@code Authorization: Bearer <key>}, which implies TLS (as Temporal Cloud requires). Without any of these
 * options, plain gRPC as before. The key is never printed: {@link #toString()} names its variable only, and
 * {@link #failure} takes it out of any line it makes.
 */
final class TemporalAuth {
    private final @Nullable SslContext tls;
    private final @Nullable String apiKey;
    private final TemporalOptions options;

    private TemporalAuth(@Nullable SslContext tls, @Nullable String apiKey, TemporalOptions options) {
        this.tls = tls;
        this.apiKey = apiKey;
        this.options = options;
    }

    /**
     * Reads what the options name: the API key from the environment, the TLS files from disk.
     *
     * @param options the options, {@linkplain TemporalOptions#check() checked}
     * @param env the environment
     * @return how to connect
     * @throws BadInputException naming the option and the file or the variable (never the key) when a file cannot
     *     be used or the variable is unset or empty
     */
    static TemporalAuth of(TemporalOptions options, Map<String, String> env) throws BadInputException {
        String key = options.apiKeyEnv == null ? null : key(options.apiKeyEnv, env);
        SslContext tls = key != null || options.tlsCa != null || options.tlsCert != null
                ? TemporalTls.context(options.tlsCert, options.tlsKey, options.tlsCa)
                : null;
        return new TemporalAuth(tls, key, options);
    }

    /**
     * @param builder the stubs' options, their target set
     * @return the builder, with the TLS context and the API key set when there are
     */
    WorkflowServiceStubsOptions.Builder apply(WorkflowServiceStubsOptions.Builder builder) {
        if (tls != null) {
            builder.setSslContext(tls);
        }
        String key = apiKey;
        if (key != null) {
            builder.addApiKey(() -> key);
        }
        return builder;
    }

    /**
     * @param e why connecting to the frontend or calling it failed
     * @param address the frontend
     * @param otherwise the line when the failure is not one of TLS or of the API key
     * @return one line naming the option at fault: a failed TLS handshake ({@code --tls-ca} when the frontend's
     *     certificate is not trusted), a key the frontend refused ({@code --api-key-env}); the key never in it
     */
    String failure(Throwable e, String address, String otherwise) {
        String handshake = TemporalTls.handshakeFailure(e, options.tlsCa, options.tlsCert, address);
        String line = handshake != null ? handshake : otherwise;
        if (handshake == null && options.apiKeyEnv != null && refused(e)) {
            line = "--api-key-env " + options.apiKeyEnv + ": Temporal at " + address + " refused the key: "
                    + TemporalConnection.reason(e);
        }
        String key = apiKey;
        return key == null ? line : line.replace(key, "<the key>");
    }

    @Override
    public String toString() {
        return "TemporalAuth[tls=" + (tls != null) + ", apiKeyEnv=" + options.apiKeyEnv + "]";
    }

    private static boolean refused(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof StatusRuntimeException status) {
                Status.Code code = status.getStatus().getCode();
                return code == Status.Code.UNAUTHENTICATED || code == Status.Code.PERMISSION_DENIED;
            }
        }
        return false;
    }

    private static String key(String variable, Map<String, String> env) throws BadInputException {
        String value = env.get(variable);
        if (value == null) {
            throw new BadInputException("--api-key-env " + variable + ": the environment variable is not set");
        }
        String key = value.strip();
        if (key.isEmpty()) {
            throw new BadInputException("--api-key-env " + variable + ": the environment variable is empty");
        }
        if (!key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new BadInputException("--api-key-env " + variable + ": the key holds spaces or characters other"
                    + " than printable ASCII, which no API key does");
        }
        return key;
    }
}
