package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void eachRowIsOnItsLineInTheFileAsSoonAsItIsWritten() throws IOException {
        // given
        Path file = dir.resolve("report.jsonl");
        try (ReportWriter writer = ReportWriter.create(file, ReportJson.ofDefaults())) {
            // when
            writer.write(Fixtures.evaluated("t1", 0, true, 3));

            // then: flushed, before the writer is closed
            assertThat(Files.readAllLines(file)).hasSize(1);
            writer.write(Fixtures.excluded("t2", 0, 4));
            assertThat(ReportReader.read(file)).containsExactly(Fixtures.evaluated("t1", 0, true, 3),
                    Fixtures.excluded("t2", 0, 4));
        }
    }

    @Test
    void rowsWrittenFromManyThreadsAtOnceNeverInterleave() throws Exception {
        // given
        Path file = dir.resolve("report.jsonl");
        List<Thread> threads = new ArrayList<>();

        // when
        try (ReportWriter writer = ReportWriter.create(file, ReportJson.ofDefaults())) {
            for (int t = 0; t < 8; t++) {
                String task = "t" + t;
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int repeat = 0; repeat < 100; repeat++) {
                        try {
                            writer.write(Fixtures.evaluated(task, repeat, repeat % 2 == 0, repeat));
                        } catch (IOException e) {
                            throw new AssertionError(e);
                        }
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join();
            }
        }

        // then
        assertThat(ReportReader.read(file)).hasSize(800).doesNotHaveDuplicates();
    }

    @Test
    void creatingAReportReplacesAnOldFile() throws IOException {
        // given
        Path file = dir.resolve("report.jsonl");
        Files.writeString(file, "old\nlines\n");

        // when
        try (ReportWriter writer = ReportWriter.create(file, ReportJson.ofDefaults())) {
            writer.write(Fixtures.evaluated("t1", 0, true, 3));
        }

        // then
        assertThat(ReportReader.read(file)).containsExactly(Fixtures.evaluated("t1", 0, true, 3));
    }
}
