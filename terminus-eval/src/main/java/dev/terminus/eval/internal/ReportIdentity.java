package dev.terminus.eval.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * The identity of the benchmark that writes a report, kept beside it in {@code <report>.identity} (one line), so
 * that a resume can refuse a report another benchmark wrote. The file is written, atomically, before the report is
 * created; a benchmark without an identity removes it, so that no report keeps the identity of an earlier one.
 */
final class ReportIdentity {
    private ReportIdentity() {}

    /** @return the file holding the identity of a report's benchmark */
    static Path fileOf(Path report) {
        return report.resolveSibling(report.getFileName() + ".identity");
    }

    /** Records the identity of the benchmark about to write a report; null removes a recorded one. */
    static void record(@Nullable String identity, Path report) throws IOException {
        Path file = fileOf(report);
        if (identity == null) {
            Files.deleteIfExists(file);
        } else {
            LineFile.replace(file, (identity + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * @param report a report
     * @return the identity recorded for it, or null when none is
     */
    static @Nullable String recorded(Path report) throws IOException {
        try {
            return Files.readString(fileOf(report), StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * Refuses to resume a report another benchmark wrote: checked before the report is read.
     *
     * @param identity the resuming benchmark's identity, or null to check nothing
     * @param report an existing report
     * @throws IllegalArgumentException naming the report and both identities when they differ
     */
    static void refuseAnother(@Nullable String identity, Path report) throws IOException {
        String recorded = identity == null ? null : recorded(report);
        if (recorded != null && !recorded.equals(identity)) {
            throw new IllegalArgumentException("report: " + report + " was written by another benchmark (identity "
                    + recorded + ", this one is " + identity + "); resume it with the benchmark that wrote it, or"
                    + " write a new report");
        }
    }

    /**
     * Refuses to resume a report with rows that records no identity, when the resuming benchmark has one.
     *
     * @param identity the resuming benchmark's identity, or null to check nothing
     * @param report an existing report
     * @param hasRows whether it holds rows to keep
     * @throws IllegalArgumentException naming the report and the missing file
     */
    static void refuseUnrecorded(@Nullable String identity, Path report, boolean hasRows) throws IOException {
        if (identity != null && hasRows && recorded(report) == null) {
            throw new IllegalArgumentException("report: " + report + " records no benchmark identity (no "
                    + fileOf(report).getFileName() + " beside it), so it cannot be told to be this benchmark's ("
                    + identity + "); write a new report instead of resuming this one");
        }
    }
}
