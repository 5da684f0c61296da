package dev.terminus.mcp;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * An MCP server to connect to: a process spoken to over its standard input and output ({@link Stdio}), or an
 * endpoint spoken to over Streamable HTTP ({@link Http}). Its name tells its tools apart from other servers' (see
 * {@link ToolNaming}) and names it in errors.
 */
public sealed interface McpServer {

    /** @return the server's name: letters, digits, {@code _} and {@code -}, 1 to 32 characters */
    String name();

    /**
     * A server started as a process, spoken to over its standard input and output. It inherits no environment but
     * the few variables the MCP SDK passes on (such as {@code PATH} and {@code HOME}) and those given here.
     *
     * @param name the server's name
     * @param command the program to run
     * @param arguments its arguments
     * @param environment environment variables to set for it
     * @param workingDirectory the directory it runs in, or null for this process's
     */
    record Stdio(String name, String command, List<String> arguments, Map<String, String> environment,
            @Nullable Path workingDirectory) implements McpServer {

        /** Validates every field and copies the collections. */
        public Stdio {
            checkName(name);
            if (command == null || command.isBlank()) {
                throw new IllegalArgumentException("McpServer.Stdio.command of \"" + name + "\" must not be blank, was "
                        + (command == null ? "null" : "\"" + command + "\""));
            }
            arguments = List.copyOf(arguments);
            environment = Map.copyOf(environment);
        }

        /**
         * @param variables environment variables to set, added to those already given
         * @return this server with them
         */
        public Stdio withEnvironment(Map<String, String> variables) {
            Map<String, String> merged = new LinkedHashMap<>(environment);
            merged.putAll(variables);
            return new Stdio(name, command, arguments, merged, workingDirectory);
        }

        /**
         * @param directory the directory the server runs in
         * @return this server with it
         */
        public Stdio withWorkingDirectory(Path directory) {
            return new Stdio(name, command, arguments, environment, directory);
        }

        /** Shows the environment's names only: their values may be secrets. */
        @Override
        public String toString() {
            return "Stdio[name=" + name + ", command=" + command + ", arguments=" + arguments + ", environment="
                    + environment.keySet() + ", workingDirectory=" + workingDirectory + "]";
        }
    }

    /**
     * A server reached over Streamable HTTP.
     *
     * @param name the server's name
     * @param url its MCP endpoint, e.g. {@code http://localhost:3001/mcp}
     * @param headers HTTP headers sent with every request
     * @param tokenVariable the environment variable holding a bearer token sent as {@code Authorization}, read when
     *     the toolset starts and never printed or logged; null for none
     */
    record Http(String name, URI url, Map<String, String> headers, @Nullable String tokenVariable)
            implements McpServer {

        /** Validates every field and copies the headers. */
        public Http {
            checkName(name);
            if (url == null || url.getScheme() == null
                    || !(url.getScheme().equals("http") || url.getScheme().equals("https"))) {
                throw new IllegalArgumentException("McpServer.Http.url of \"" + name + "\" must be an http or https URL, was "
                        + url);
            }
            headers = Map.copyOf(headers);
            if (tokenVariable != null && tokenVariable.isBlank()) {
                throw new IllegalArgumentException("McpServer.Http.tokenVariable of \"" + name
                        + "\" must name an environment variable, was blank");
            }
        }

        /**
         * @param extra headers to send, added to those already given
         * @return this server with them
         */
        public Http withHeaders(Map<String, String> extra) {
            Map<String, String> merged = new LinkedHashMap<>(headers);
            merged.putAll(extra);
            return new Http(name, url, merged, tokenVariable);
        }

        /**
         * @param variable the environment variable holding the bearer token
         * @return this server sending it
         */
        public Http withTokenFrom(String variable) {
            return new Http(name, url, headers, variable);
        }

        /** Shows the headers' names only: their values may be secrets. */
        @Override
        public String toString() {
            return "Http[name=" + name + ", url=" + url + ", headers=" + headers.keySet() + ", tokenVariable="
                    + tokenVariable + "]";
        }
    }

    /**
     * @param name the server's name
     * @param command the program to run
     * @param arguments its arguments
     * @return a server run as a process, in this process's directory, with no environment of its own
     */
    static Stdio stdio(String name, String command, String... arguments) {
        return new Stdio(name, command, List.of(arguments), Map.of(), null);
    }

    /**
     * @param name the server's name
     * @param url its MCP endpoint
     * @return a server reached over Streamable HTTP, with no headers and no token
     */
    static Http http(String name, URI url) {
        return new Http(name, url, Map.of(), null);
    }

    /** The pattern of a server's name. */
    Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,32}");

    private static void checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("McpServer.name must match [A-Za-z0-9_-]{1,32}, was "
                    + (name == null ? "null" : "\"" + name + "\""));
        }
    }
}
