package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.Category;
import dev.terminus.ErrorCategory;
import dev.terminus.ErrorInfo;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.jackson.ReadMode;
import dev.terminus.jackson.TerminusModule;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ReportJsonTest {

    private static final ReportJson JSON = ReportJson.ofDefaults();

    private static final ReportRow DOCUMENTED = ReportRow.builder().task("t1").status(Status.SUCCESS)
            .termination(new Termination.NaturalCompletion()).category(Category.SUCCESS).outcome(Outcome.SUCCEEDED)
            .eval(Evaluation.pass("exact match")).usage(new Usage(20, 10, 0, 0)).costUsd(new BigDecimal("0.0012"))
            .durationMs(12).iterations(2).toolCalls(1).agent("researcher").build();

    /** A consumer's own termination case. */
    record QuotaExceeded(String tenant) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    @Test
    void aRowIsWrittenInTheDocumentedLayout() {
        // when
        String line = JSON.write(DOCUMENTED);

        // then
        assertThat(line).isEqualTo("{\"task\":\"t1\",\"repeat\":0,\"status\":\"SUCCESS\","
                + "\"termination\":{\"$kind\":\"NaturalCompletion\"},\"category\":\"SUCCESS\",\"outcome\":\"SUCCEEDED\","
                + "\"eval\":{\"passed\":true,\"score\":1.0,\"reason\":\"exact match\"},"
                + "\"usage\":{\"inputTokens\":20,\"outputTokens\":10,\"cachedInputTokens\":0,\"reasoningTokens\":0},"
                + "\"costUsd\":0.0012,\"durationMs\":12,\"iterations\":2,\"toolCalls\":1,\"attempt\":1,\"error\":null,"
                + "\"agent\":\"researcher\",\"stoppedByStage\":null}");
    }

    @Test
    void rowsOfEveryShapeReadBackEqual() throws JsonProcessingException {
        // given
        ReportRow failed = ReportRow.builder().task("t2").repeat(3).status(Status.AGENT_ERROR)
                .termination(new Termination.Failed(
                        new ErrorInfo("java.io.IOException", "reset \"by\" peer\n", ErrorCategory.EXTERNAL)))
                .category(Category.RETRYABLE).outcome(Outcome.FAILED).usage(new Usage(100, 40, 60, 8))
                .costUsd(new BigDecimal("0.00000012")).durationMs(1234).iterations(3).attempt(3)
                .error(new TaskError("java.io.IOException", "reset", Component.AGENT)).build();
        ReportRow unscored = ReportRow.builder().task("t3").status(Status.SUCCESS)
                .termination(new Termination.MaxToolCallsReached(2, 2)).category(Category.CAPACITY)
                .outcome(Outcome.FAILED).eval(new Evaluation(false, null, "é ✓")).iterations(1).toolCalls(2).build();

        // when / then
        for (ReportRow row : new ReportRow[] {DOCUMENTED, failed, unscored, Fixtures.excluded("t4", 1, 5),
                Fixtures.broken("t5", 0, Status.SETUP_FAILED, Component.SETUP, 7)}) {
            assertThat(JSON.read(JSON.write(row))).isEqualTo(row);
        }
        assertThat(JSON.write(failed)).contains("\"costUsd\":0.00000012");
    }

    @Test
    void fieldsOfALaterVersionAreSkippedAndFieldsMayComeInAnyOrder() throws JsonProcessingException {
        // given
        String line = JSON.write(DOCUMENTED).replace("{\"task\":\"t1\",", "{\"future\":{\"a\":[1,2]},")
                .replace("\"stoppedByStage\":null}", "\"stoppedByStage\":null,\"task\":\"t1\",\"note\":\"x\"}");

        // when
        ReportRow row = JSON.read(line);

        // then
        assertThat(row).isEqualTo(DOCUMENTED);
    }

    @Test
    void aRowWrittenBeforeTheAgentFieldReadsWithoutAnAgent() throws JsonProcessingException {
        // given: the layout before the field was added
        String line = JSON.write(DOCUMENTED).replace(",\"agent\":\"researcher\",\"stoppedByStage\":null", "");

        // when
        ReportRow row = JSON.read(line);

        // then
        assertThat(line).endsWith("\"error\":null}");
        assertThat(row.agent()).isNull();
        assertThat(row).isEqualTo(DOCUMENTED.toBuilder().agent(null).build());
    }

    @Test
    void aPipelinesRowNamesTheStageThatStoppedItAndReadsBackEqual() throws JsonProcessingException {
        // given
        ReportRow stopped = ReportRow.builder().task("t6").status(Status.AGENT_ERROR)
                .termination(new Termination.Failed(new ErrorInfo("java.io.IOException", "reset", ErrorCategory.EXTERNAL)))
                .category(Category.RETRYABLE).outcome(Outcome.FAILED).usage(Usage.of(10, 5)).iterations(1)
                .error(new TaskError("java.io.IOException", "reset", Component.AGENT)).agent("reviewer")
                .stoppedByStage("review").build();

        // when
        String line = JSON.write(stopped);

        // then
        assertThat(line).endsWith(",\"agent\":\"reviewer\",\"stoppedByStage\":\"review\"}");
        assertThat(JSON.read(line)).isEqualTo(stopped);
    }

    @Test
    void aRowWrittenBeforeTheStoppingStageFieldReadsWithoutOne() throws JsonProcessingException {
        // given: the layout before the field was added
        String line = JSON.write(DOCUMENTED).replace(",\"stoppedByStage\":null", "");

        // when
        ReportRow row = JSON.read(line);

        // then
        assertThat(line).endsWith("\"agent\":\"researcher\"}");
        assertThat(row.stoppedByStage()).isNull();
        assertThat(row).isEqualTo(DOCUMENTED);
    }

    @Test
    void aBrokenLineIsRefusedNamingTheField() {
        // when / then
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"repeat\":0", "\"repeat\":\"0\"")))
                .isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("ReportRow.repeat: expected an integer, got the string \"0\"");
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"status\":\"SUCCESS\"", "\"status\":\"OK\"")))
                .hasMessageContaining("ReportRow.status: expected a Status name, got \"OK\"");
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"task\":\"t1\",", "")))
                .hasMessageContaining("ReportRow.task is missing");
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"eval\":{", "\"eval\":\"SKIPPED\",\"x\":{")))
                .hasMessageContaining("ReportRow.eval: expected \"EXCLUDED\", an object or null, got \"SKIPPED\"");
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"error\":null", "\"error\":null} {")))
                .isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> JSON.read("[1]")).hasMessageContaining("a report row must be a JSON object");
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"agent\":\"researcher\"", "\"agent\":7")))
                .hasMessageContaining("ReportRow.agent: expected a string");
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"stoppedByStage\":null",
                "\"stoppedByStage\":[\"review\"]")))
                .hasMessageContaining("ReportRow.stoppedByStage: expected a string");
    }

    @Test
    void aRowTheRecordRefusesIsRefusedWithTheRecordsMessage() {
        // when / then
        assertThatThrownBy(() -> JSON.read(JSON.write(DOCUMENTED).replace("\"attempt\":1", "\"attempt\":0")))
                .isInstanceOf(JsonProcessingException.class).hasMessageContaining("ReportRow.attempt must be >= 1");
    }

    @Test
    void anUnknownTerminationKindIsRefusedStrictlyAndKeptTolerantly() throws JsonProcessingException {
        // given
        String line = JSON.write(DOCUMENTED).replace("{\"$kind\":\"NaturalCompletion\"}",
                "{\"$kind\":\"QuotaExceeded\",\"tenant\":\"acme\"}").replace("\"category\":\"SUCCESS\"",
                "\"category\":\"CAPACITY\"");

        // when
        ReportRow tolerant = ReportJson.of(TerminusModule.builder().readMode(ReadMode.TOLERANT).build()).read(line);

        // then
        assertThatThrownBy(() -> JSON.read(line)).isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("QuotaExceeded");
        assertThat(tolerant.termination().tag()).isEqualTo("Unrecognized");
        assertThat(tolerant.category()).isEqualTo(Category.CAPACITY);
    }

    @Test
    void anExtensionIsWrittenOnlyWhenItsModuleKnowsIt() throws JsonProcessingException {
        // given
        ReportRow row = ReportRow.builder().task("t1").status(Status.SUCCESS).termination(new QuotaExceeded("acme"))
                .category(Category.CAPACITY).outcome(Outcome.FAILED).excluded(true).build();
        ReportJson extended = ReportJson.of(TerminusModule.builder()
                .registerExtension("QuotaExceeded", QuotaExceeded.class).build());

        // when
        String line = extended.write(row);

        // then
        assertThat(line).contains("\"termination\":{\"$kind\":\"QuotaExceeded\",\"tenant\":\"acme\"}");
        assertThat(extended.read(line)).isEqualTo(row);
        assertThatThrownBy(() -> JSON.write(row)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot write the row of task \"t1\"");
    }
}
