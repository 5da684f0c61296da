package dev.terminus.cli.temporal;

import dev.terminus.cli.input.BadInputException;
import dev.terminus.jackson.ReadMode;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.temporal.DirectoryPayloadStore;
import dev.terminus.temporal.TerminusDataConverter;
import io.temporal.common.converter.DataConverter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where runs go when they run on Temporal: {@code --temporal HOST:PORT} (a Temporal frontend: {@code temporal server
 * start-dev}, a cluster, a hosted namespace's endpoint) or {@code --temporal embedded} (Temporal's in-process server
 * with a worker in this process), the namespace and the task queue; for a frontend, how to reach it: TLS (server
 * authentication, against the JDK's trust store or {@code --tls-ca}; mutual with {@code --tls-cert} and
 * {@code --tls-key}) and a Temporal API key read from the environment variable {@code --api-key-env} names
 * (see {@link TemporalAuth}); and where payloads too large for the history are kept, {@code --payload-store DIR}, which
 * the workers and every client of their runs must share.
 */
public final class TemporalOptions {
    /** The value of {@code --temporal} that runs Temporal's in-process server and a worker in this process. */
    public static final String EMBEDDED = "embedded";
    /** The size in bytes over which a payload goes to {@code --payload-store} instead of the history: 128 KiB. */
    public static final int PAYLOAD_STORE_THRESHOLD = 128 * 1024;
    private static final Pattern ADDRESS = Pattern.compile("(\\[[0-9a-fA-F:.]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})");
    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** The longest {@code --query-timeout}: ten minutes. */
    static final long MAX_QUERY_TIMEOUT_MS = 600_000;

    @Option(names = "--temporal", paramLabel = "HOST:PORT",
            description = "run on Temporal: a frontend's HOST:PORT (e.g. localhost:7233, where a terminus worker "
                    + "polls), or 'embedded' for Temporal's in-process server with a worker in this process")
    /** {@code --temporal}: where Temporal is, or {@code embedded}; none to run in this process. */
    public @Nullable String temporal;

    @Option(names = "--namespace", paramLabel = "N", defaultValue = "default",
            description = "the Temporal namespace (default: ${DEFAULT-VALUE})")
    /** {@code --namespace}. */
    public String namespace = "default";

    @Option(names = "--task-queue", paramLabel = "Q", defaultValue = "terminus",
            description = "the task queue terminus workers poll (default: ${DEFAULT-VALUE})")
    /** {@code --task-queue}. */
    public String taskQueue = "terminus";

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "with --tls-key: this client's certificate chain (PEM), for a frontend that asks for mutual"
                    + " TLS (e.g. a Temporal Cloud namespace with mTLS)")
    @Nullable String tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE",
            description = "the private key of --tls-cert (PEM, PKCS#8, unencrypted)")
    @Nullable String tlsKey;

    @Option(names = "--tls-ca", paramLabel = "FILE",
            description = "the CA certificates (PEM) that the frontend's certificate is checked against, instead of"
                    + " the JDK's trust store; alone, TLS with server authentication only")
    @Nullable String tlsCa;

    @Option(names = "--api-key-env", paramLabel = "VAR",
            description = "the environment variable holding a Temporal API key, sent as 'Authorization: Bearer' over"
                    + " TLS (the JDK's trust store, or --tls-ca); the key is never printed")
    @Nullable String apiKeyEnv;

    @Option(names = "--payload-store", paramLabel = "DIR",
            description = "a directory where payloads over 128 KiB are kept instead of the history (made when"
                    + " missing); the workers and every command that reads their runs must be given the same one")
    @Nullable String payloadStore;

    @Option(names = "--query-timeout", paramLabel = "MS", defaultValue = "10000",
            description = "how long one query of a workflow waits for a worker to answer before it is asked again"
                    + " (a model or tool call reads its run's transcript so; default: ${DEFAULT-VALUE})")
    long queryTimeoutMs = 10_000;

    /** @return whether {@code --temporal} was given */
    public boolean chosen() {
        return temporal != null;
    }

    /** @return whether {@code --temporal embedded} was given */
    public boolean embedded() {
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

    /**
     * @return the data converter of this command's clients and workers: the Terminus converter (reading terminations
     *     of newer versions tolerantly), with {@code --payload-store} when given
     * @throws BadInputException naming {@code --payload-store} and its value when it cannot be a store's directory
     */
    public DataConverter dataConverter() throws BadInputException {
        if (payloadStore == null) {
            return TerminusDataConverter.ofDefaults();
        }
        String given = payloadStore;
        Path directory;
        try {
            directory = Path.of(given);
        } catch (InvalidPathException e) {
            throw new BadInputException("--payload-store " + given + ": is not a path: " + e.getReason());
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new BadInputException("--payload-store " + given + ": is not a directory");
        }
        DirectoryPayloadStore store;
        try {
            store = DirectoryPayloadStore.of(directory);
        } catch (IOException e) {
            throw new BadInputException("--payload-store " + given + ": the directory cannot be made ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        if (!Files.isWritable(directory)) {
            throw new BadInputException("--payload-store " + given + ": the directory is not writable");
        }
        return TerminusDataConverter.of(TerminusModule.builder().readMode(ReadMode.TOLERANT).build(), store,
                PAYLOAD_STORE_THRESHOLD);
    }

    /** @throws BadInputException when the values cannot work */
    public void check() throws BadInputException {
        if (temporal != null && !embedded()) {
            address();
        }
        if (namespace.isBlank()) {
            throw new BadInputException("--namespace: the namespace is blank");
        }
        if (taskQueue.isBlank()) {
            throw new BadInputException("--task-queue: the task queue is blank");
        }
        if (queryTimeoutMs < 100 || queryTimeoutMs > MAX_QUERY_TIMEOUT_MS) {
            throw new BadInputException("--query-timeout: " + queryTimeoutMs + " is not from 100 to "
                    + MAX_QUERY_TIMEOUT_MS + " ms (ten minutes)");
        }
        if (payloadStore != null && temporal == null) {
            throw new BadInputException("--payload-store " + payloadStore + ": needs --temporal (the store keeps the"
                    + " payloads of runs on Temporal)");
        }
        if (apiKeyEnv != null && !VARIABLE.matcher(apiKeyEnv).matches()) {
            // not echoed: a value that is no variable's name may be the key itself
            throw new BadInputException("--api-key-env: takes the NAME of an environment variable (letters, digits"
                    + " and _, not starting with a digit) that holds the key, never the key itself");
        }
        for (Map.Entry<String, String> given : security().entrySet()) {
            if (temporal == null) {
                throw new BadInputException(given.getKey() + " " + given.getValue() + ": needs --temporal HOST:PORT"
                        + " (TLS and API keys are for a Temporal frontend)");
            }
            if (embedded()) {
                throw new BadInputException(given.getKey() + " " + given.getValue() + ": --temporal " + EMBEDDED
                        + " runs in this process, without TLS or API keys; give the HOST:PORT of a Temporal frontend");
            }
        }
        if (tlsCert != null && tlsKey == null) {
            throw new BadInputException("--tls-cert " + tlsCert + ": needs --tls-key FILE, the certificate's private"
                    + " key (PEM, PKCS#8)");
        }
        if (tlsKey != null && tlsCert == null) {
            throw new BadInputException("--tls-key " + tlsKey + ": needs --tls-cert FILE, the certificate chain (PEM)"
                    + " the key belongs to");
        }
    }

    /** @return how long one query RPC may wait for a worker's answer ({@code --query-timeout}) */
    Duration queryTimeout() {
        return Duration.ofMillis(queryTimeoutMs);
    }

    /** @return the TLS and API-key options given, by name, in the order they are checked */
    private Map<String, String> security() {
        Map<String, String> given = new LinkedHashMap<>();
        if (tlsCert != null) {
            given.put("--tls-cert", tlsCert);
        }
        if (tlsKey != null) {
            given.put("--tls-key", tlsKey);
        }
        if (tlsCa != null) {
            given.put("--tls-ca", tlsCa);
        }
        if (apiKeyEnv != null) {
            given.put("--api-key-env", apiKeyEnv);
        }
        return given;
    }
}
