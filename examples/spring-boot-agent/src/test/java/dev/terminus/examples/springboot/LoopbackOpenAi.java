package dev.terminus.examples.springboot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible chat completions server on the loopback interface, answering by the task (the first user
 * message) as OpenAI's API would:
 * <ul>
 *   <li>{@code Refund N EUR on order M}: a call of {@code refund_order} with those arguments, then, once the
 *       transcript holds the tool's result, a text answer quoting it;</li>
 *   <li>a task with {@code [unauthorized]}: 401 with OpenAI's error body;</li>
 *   <li>a task with {@code [slow]}: no answer until the server closes.</li>
 * </ul>
 * It records the {@code Authorization} header of every request.
 */
final class LoopbackOpenAi implements AutoCloseable {
    static final String PATH = "/v1/chat/completions";
    private static final Pattern REFUND = Pattern.compile("Refund (\\d+) EUR on order (\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final List<String> authorizations = new CopyOnWriteArrayList<>();

    private LoopbackOpenAi(HttpServer server) {
        this.server = server;
        server.setExecutor(threads);
        server.createContext(PATH, this::handle);
        server.start();
    }

    /** @return a started server on a free port */
    static LoopbackOpenAi start() {
        try {
            return new LoopbackOpenAi(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return what {@code spring.ai.openai.base-url} is set to */
    String baseUrl() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort()
                + "/v1";
    }

    /** @return the {@code Authorization} header of each request so far */
    List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            String task = firstUserMessage(request);
            if (task.contains("[unauthorized]")) {
                reply(exchange, 401, error("Incorrect API key provided", "invalid_request_error", "invalid_api_key"));
            } else if (task.contains("[slow]")) {
                closing.await(60, TimeUnit.SECONDS);
                reply(exchange, 200, completion(text("too late"), "stop"));
            } else {
                Matcher refund = REFUND.matcher(task);
                if (!refund.find()) {
                    reply(exchange, 400, error("no scenario in: " + task, "invalid_request_error", "scenario"));
                    return;
                }
                String toolResult = lastToolResult(request);
                if (toolResult == null) {
                    reply(exchange, 200, completion(toolCall("refund_order", "{\"orderId\":" + refund.group(2)
                            + ",\"amountEur\":" + refund.group(1) + "}"), "tool_calls"));
                } else {
                    reply(exchange, 200, completion(text("Done: " + toolResult), "stop"));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String firstUserMessage(JsonNode request) {
        for (JsonNode message : request.path("messages")) {
            if (message.path("role").asText().equals("user")) {
                JsonNode content = message.path("content");
                return content.isTextual() ? content.asText() : content.toString();
            }
        }
        return "";
    }

    private static String lastToolResult(JsonNode request) {
        String result = null;
        for (JsonNode message : request.path("messages")) {
            if (message.path("role").asText().equals("tool")) {
                JsonNode content = message.path("content");
                result = content.isTextual() ? content.asText() : content.toString();
            }
        }
        return result;
    }

    private static ObjectNode text(String content) {
        ObjectNode message = JSON.createObjectNode();
        message.put("role", "assistant");
        message.put("content", content);
        return message;
    }

    private static ObjectNode toolCall(String name, String arguments) {
        ObjectNode message = JSON.createObjectNode();
        message.put("role", "assistant");
        message.putNull("content");
        ObjectNode call = message.putArray("tool_calls").addObject();
        call.put("id", "call_1");
        call.put("type", "function");
        call.putObject("function").put("name", name).put("arguments", arguments);
        return message;
    }

    private static ObjectNode completion(ObjectNode message, String finishReason) {
        ObjectNode completion = JSON.createObjectNode();
        completion.put("id", "chatcmpl-1");
        completion.put("object", "chat.completion");
        completion.put("created", 1_700_000_000L);
        completion.put("model", "gpt-loopback");
        ArrayNode choices = completion.putArray("choices");
        ObjectNode choice = choices.addObject();
        choice.put("index", 0);
        choice.set("message", message);
        choice.put("finish_reason", finishReason);
        choice.putNull("logprobs");
        completion.putObject("usage").put("prompt_tokens", 40).put("completion_tokens", 10).put("total_tokens", 50);
        return completion;
    }

    private static ObjectNode error(String message, String type, String code) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("error").put("message", message).put("type", type).putNull("param").put("code", code);
        return body;
    }

    private static void reply(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Answers the requests still waiting and stops the server. */
    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
