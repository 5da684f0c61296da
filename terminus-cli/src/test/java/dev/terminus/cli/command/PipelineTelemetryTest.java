package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code terminus run --otlp ENDPOINT PIPELINE}: the pipeline's spans reach a collector on this machine. */
class PipelineTelemetryTest {

    @TempDir
    Path dir;

    private HttpServer collector;
    /** Every trace export's body, one after the other. */
    private final ByteArrayOutputStream traces = new ByteArrayOutputStream();

    @BeforeEach
    void startCollector() throws IOException {
        collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        collector.createContext("/", this::receive);
        collector.start();
    }

    @AfterEach
    void stopCollector() {
        collector.stop(0);
    }

    private void receive(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        if (exchange.getRequestURI().getPath().equals("/v1/traces")) {
            synchronized (traces) {
                traces.writeBytes(body);
            }
        }
        exchange.sendResponseHeaders(200, -1);
        exchange.close();
    }

    @Test
    void withOtlpThePipelineAndItsStagesAreExportedAsSpansAboveTheirAgentRuns() throws IOException {
        // given
        Path file = dir.resolve("report.json");
        Files.writeString(file, """
                {"name": "weekly-report", "task": "go", "stages": [
                  {"name": "gather", "script": [{"text": "facts"}]},
                  {"name": "write", "script": [{"text": "the report"}]}]}
                """);
        String endpoint = "http://" + collector.getAddress().getHostString() + ":" + collector.getAddress().getPort();

        // when
        Cli.Result result = Cli.run("run", "--otlp", endpoint, file.toString());

        // then: the span names are strings of the protobuf export, which the command flushes before it returns
        assertThat(result.status()).as(result.err()).isZero();
        String exported;
        synchronized (traces) {
            exported = traces.toString(StandardCharsets.ISO_8859_1);
        }
        assertThat(exported).contains("invoke_workflow weekly-report", "stage gather", "stage write",
                "invoke_agent gather", "invoke_agent write");
    }
}
