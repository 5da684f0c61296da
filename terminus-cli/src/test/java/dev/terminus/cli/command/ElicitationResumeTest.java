package dev.terminus.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An MCP server that asks a person for input during a tool call (the reference server's elicitation tool): the run
 * pauses with the server's question and schema in its checkpoint, and {@code terminus resume --answer} continues it,
 * in another JVM process than the one that paused.
 */
class ElicitationResumeTest {

    @TempDir
    Path dir;

    @BeforeEach
    void serverInstalled() {
        ReferenceMcpServer.assumeInstalled();
    }

    private Path checkpoints() {
        return dir.resolve("checkpoints");
    }

    private Path scenario() throws IOException {
        return Files.writeString(dir.resolve("ask.json"), """
                {"task": "Register the user.",
                 "mcpServers": %s,
                 "script": [{"toolCalls": [{"name": "trigger-elicitation-request", "arguments": {}}]},
                            {"text": "Registered."}]}
                """.formatted(ReferenceMcpServer.entry()));
    }

    /** Runs the scenario in a JVM of its own, which pauses, and returns the checkpoint it saved. */
    private Path pausedByAnotherJvm() throws Exception {
        Cli.Result child = ChildTerminus.run(dir.resolve("child-output.txt"), "run", "--checkpoints",
                checkpoints().toString(), scenario().toString());
        assertThat(child.status()).as(child.out()).isZero();
        assertThat(child.flatOut()).contains("Termination HitlGatePending")
                .contains("Paused for input: Please provide inputs for the following fields: (asked by"
                        + " mcp:everything in a call to trigger-elicitation-request, gate gate-")
                .contains("The answer is a JSON object of this schema: {\"type\":\"object\",\"properties\":")
                .contains("--answer '{...}' (or --reject \"why\" to decline)");
        try (Stream<Path> files = Files.list(checkpoints())) {
            List<Path> saved = files.toList();
            assertThat(saved).hasSize(1);
            return saved.getFirst();
        }
    }

    @Test
    void aRunPausedForInputSaysToAnswerOrDeclineItNotToApproveIt() throws Exception {
        // when
        Cli.Result result = Cli.run("run", "--checkpoints", checkpoints().toString(), scenario().toString());

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("Termination HitlGatePending")
                .contains("Next 1. Read what the tool of call ")
                .contains("2. Answer gate gate-")
                .contains(" with `terminus resume --answer JSON` (a JSON object of the schema the tool asked for), or"
                        + " decline with `--reject REASON`")
                .doesNotContain("Approve or reject");
    }

    @Test
    void anAnswerGivenInThisProcessContinuesTheRunAnotherProcessPausedAndTheServerGetsIt() throws Exception {
        // given
        Path checkpoint = pausedByAnotherJvm();

        // when
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--answer",
                "{\"name\": \"Ada Lovelace\", \"check\": true}");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.flatOut()).contains("Termination NaturalCompletion").contains("Tool calls 1")
                .contains("Answer Registered.");
        assertThat(checkpoint).doesNotExist();
        assertThat(ReferenceMcpServer.running()).as("server processes left").isEmpty();
    }

    @Test
    void theServersToolResultCarriesTheAnswerIntoTheTranscript() throws Exception {
        // given
        Path checkpoint = pausedByAnotherJvm();

        // when
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--answer", "{\"name\": \"Ada\"}", "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("User provided the requested information").contains("- Name: Ada");
    }

    @Test
    void rejectingDeclinesTheRequestAndTheServerSaysSo() throws Exception {
        // given
        Path checkpoint = pausedByAnotherJvm();

        // when
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--reject", "not now", "--json");

        // then
        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("User declined to provide the requested information");
    }

    @Test
    void anAnswerThatDoesNotMatchTheSchemaIsOneLineNamingTheFieldAndTheCheckpointIsKept() throws Exception {
        // given
        Path checkpoint = pausedByAnotherJvm();

        // when
        Cli.Result result = Cli.run("resume", checkpoint.toString(), "--answer", "{\"name\": 7}");

        // then
        assertThat(result.status()).isEqualTo(2);
        assertThat(result.errLines()).hasSize(1).first().asString()
                .contains("does not match the schema it asked for").contains("name");
        assertThat(checkpoint).exists();
    }

    @Test
    void anAnswerThatIsNotAJsonObjectAndAnApprovalAreRefusedInOneLine() throws Exception {
        // given
        Path checkpoint = pausedByAnotherJvm();

        // when
        Cli.Result notAnObject = Cli.run("resume", checkpoint.toString(), "--answer", "[1, 2]");
        Cli.Result notJson = Cli.run("resume", checkpoint.toString(), "--answer", "{name: Ada");
        Cli.Result approved = Cli.run("resume", checkpoint.toString(), "--approve");

        // then
        assertThat(notAnObject.status()).isEqualTo(2);
        assertThat(notAnObject.errLines()).containsExactly("terminus: --answer: expected a JSON object, got array [1,2]");
        assertThat(notJson.status()).isEqualTo(2);
        assertThat(notJson.errLines()).hasSize(1).first().asString().startsWith("terminus: --answer: not JSON: ");
        assertThat(approved.status()).isEqualTo(2);
        assertThat(approved.errLines()).hasSize(1).first().asString()
                .contains("waits for a person's input (\"Please provide inputs for the following fields:\")");
        assertThat(checkpoint).exists();
    }
}
