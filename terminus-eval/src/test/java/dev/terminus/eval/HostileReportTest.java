package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.Category;
import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Usage;
import dev.terminus.jackson.ReadMode;
import dev.terminus.jackson.TerminusModule;
import dev.terminus.test.DecoderTrial;
import dev.terminus.test.HostileInputs;
import dev.terminus.test.ReliabilityScale;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Report rows fed hostile input (valid rows mutated, random JSON and bytes, deep nesting, huge numbers and strings,
 * duplicate keys, class names): {@link ReportJson#read} reads a row whose line reads back to the same line, or fails
 * with a {@link JsonProcessingException}, strictly and tolerantly; {@link ReportReader#read} reads a report holding
 * such a line, or fails with an {@link IOException}. No class named in the input is ever initialized.
 */
class HostileReportTest {

    private static final ReportJson STRICT = ReportJson.ofDefaults();
    private static final ReportJson TOLERANT = ReportJson.of(TerminusModule.builder().readMode(ReadMode.TOLERANT).build());

    @Test
    void hostileLinesReadAsRowsOrFailWithAJsonProcessingException() {
        // given
        HostileInputs hostile = HostileInputs.from(validLines());
        DecoderTrial strict = DecoderTrial.of("report.jsonl row (strict)", JsonProcessingException.class);
        DecoderTrial tolerant = DecoderTrial.of("report.jsonl row (tolerant)", JsonProcessingException.class);

        // when
        hostile.generate(ReliabilityScale.times(15_000), 0x2E9027).forEach(input -> {
            strict.decode(input, bytes -> STRICT.read(new String(bytes, StandardCharsets.UTF_8)),
                    row -> assertThat(STRICT.write(STRICT.read(STRICT.write(row)))).isEqualTo(STRICT.write(row)));
            tolerant.decode(input, bytes -> TOLERANT.read(new String(bytes, StandardCharsets.UTF_8)),
                    row -> assertThat(TOLERANT.write(TOLERANT.read(TOLERANT.write(row)))).isEqualTo(TOLERANT.write(row)));
        });

        // then
        strict.assertOnlyDocumentedOutcomes();
        tolerant.assertOnlyDocumentedOutcomes();
    }

    @Test
    void reportFilesWithAHostileLineReadOrFailWithAnIOException(@TempDir Path dir) {
        // given
        List<String> valid = validLines();
        HostileInputs hostile = HostileInputs.from(valid);
        DecoderTrial trial = DecoderTrial.of("report.jsonl file", IOException.class);
        Path report = dir.resolve("report.jsonl");

        // when
        hostile.generate(ReliabilityScale.times(1_000), 0x2E9028).forEach(input -> trial.decode(input, bytes -> {
            Files.write(report, reportAround(bytes, valid, new SplittableRandom(input.index())));
            return ReportReader.read(report, TOLERANT);
        }, rows -> assertThat(rows).isNotEmpty()));

        // then
        trial.assertOnlyDocumentedOutcomes();
    }

    @Test
    void aCostWhoseExponentNoBigDecimalHoldsIsRefusedNamingTheFieldAndTheValue() {
        // given
        String line = validLines().get(0).replaceFirst("\"costUsd\":[^,]+,", "\"costUsd\":1E-2147483649,");

        // when
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> STRICT.read(line));

        // then
        assertThat(thrown).isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("ReportRow.costUsd").hasMessageContaining("1E-2147483649");
    }

    @Test
    void aCostWithNoPlainFormToWriteIsRefusedNamingTheFieldAndTheValue() {
        // given
        String line = validLines().get(0).replaceFirst("\"costUsd\":[^,]+,", "\"costUsd\":1e2147483648,");

        // when
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> STRICT.read(line));

        // then
        assertThat(thrown).isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("ReportRow.costUsd").hasMessageContaining("1e2147483648");
    }

    @Test
    void aTerminationHoldingADecimalWithNoPlainFormIsWrittenAsTheWireFormatWritesIt() throws Exception {
        // given
        String line = validLines().get(4).replaceFirst("\"spentUsd\":[^,]+,", "\"spentUsd\":1e2147483647,");
        ReportRow row = STRICT.read(line);

        // when
        String written = STRICT.write(row);

        // then
        assertThat(written).contains("\"spentUsd\":1E+2147483647");
        assertThat(STRICT.read(written)).isEqualTo(row);
    }

    /** Valid lines with the hostile one among them, or last, with or without its line break. */
    private static byte[] reportAround(byte[] hostile, List<String> valid, SplittableRandom random) {
        List<byte[]> lines = new ArrayList<>();
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            lines.add((valid.get(random.nextInt(valid.size())) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        boolean last = random.nextBoolean();
        byte[] line = last && random.nextBoolean() ? hostile : concat(hostile, new byte[] {'\n'});
        lines.add(last ? lines.size() : random.nextInt(lines.size()), line);
        return lines.stream().reduce(new byte[0], HostileReportTest::concat);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static List<String> validLines() {
        List<ReportRow> rows = List.of(
                Fixtures.evaluated("norway", 0, true, 12),
                Fixtures.evaluated("sweden", 1, false, 40),
                Fixtures.excluded("denmark", 0, 7),
                Fixtures.broken("finland", 2, Status.ENVIRONMENT_ERROR, Component.ENVIRONMENT, 3),
                ReportRow.builder().task("iceland").repeat(0).status(Status.SUCCESS)
                        .termination(new Termination.CostBudgetExhausted(new BigDecimal("0.51"), new BigDecimal("0.50")))
                        .category(Category.CAPACITY).outcome(Outcome.FAILED).eval(Evaluation.fail("over budget"))
                        .usage(new Usage(120, 30, 4, 2)).costUsd(new BigDecimal("0.510")).durationMs(90)
                        .iterations(3).toolCalls(2).agent("skald").build());
        return rows.stream().map(STRICT::write).toList();
    }
}
