package dev.terminus.eval.internal;

import dev.terminus.eval.ReportRow;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * What a resumed benchmark keeps of its report, and the report made ready to take the missing rows.
 *
 * <p>The rules: every row of a (task, repeat) of the benchmark is kept, whatever its status; of several rows of one
 * task run (a damaged file), the last is kept; rows of tasks or repeats the benchmark does not have are dropped; a
 * torn last line is dropped. The file is then repaired in place before a row is added: a torn line is truncated
 * away; when rows were dropped, the file is replaced atomically by the kept rows in their order; a whole last row
 * lacking only its line break gets it.
 */
final class Resumption {
    private final BenchmarkSpec spec;
    private final Path report;
    private final ReportLines.@Nullable Scan scan;
    private final Map<Integer, ReportRow> kept;
    private final List<ReportRow> keptInFileOrder;
    private final int foreign;
    private final int repeated;

    private Resumption(BenchmarkSpec spec, Path report, ReportLines.@Nullable Scan scan, Map<Integer, ReportRow> kept,
            List<ReportRow> keptInFileOrder, int foreign, int repeated) {
        this.spec = spec;
        this.report = report;
        this.scan = scan;
        this.kept = kept;
        this.keptInFileOrder = keptInFileOrder;
        this.foreign = foreign;
        this.repeated = repeated;
    }

    /**
     * Reads the report, changing nothing.
     *
     * @throws IOException when it cannot be read, or a line that is not its torn last line is not a row
     * @throws IllegalArgumentException when another benchmark wrote it (see {@link ReportIdentity})
     */
    static Resumption read(BenchmarkSpec spec, Path report) throws IOException {
        if (!Files.exists(report)) {
            return new Resumption(spec, report, null, Map.of(), List.of(), 0, 0);
        }
        ReportIdentity.refuseAnother(spec.identity(), report);
        ReportLines.Scan scan = ReportLines.scan(report, spec.json());
        ReportIdentity.refuseUnrecorded(spec.identity(), report, !scan.rows().isEmpty());
        Map<String, Integer> taskIndex = new HashMap<>();
        for (int t = 0; t < spec.tasks().size(); t++) {
            taskIndex.put(spec.tasks().get(t).id(), t);
        }
        Map<Integer, ReportRow> kept = new HashMap<>();
        List<Integer> indexes = new ArrayList<>(scan.rows().size());
        int foreign = 0;
        int repeated = 0;
        for (ReportRow row : scan.rows()) {
            Integer t = taskIndex.get(row.task());
            if (t == null || row.repeat() >= spec.repeats()) {
                foreign++;
                indexes.add(-1);
            } else {
                int index = t * spec.repeats() + row.repeat();
                if (kept.put(index, row) != null) {
                    repeated++;
                }
                indexes.add(index);
            }
        }
        List<ReportRow> inFileOrder = new ArrayList<>(kept.size());
        for (int i = 0; i < scan.rows().size(); i++) {
            ReportRow row = scan.rows().get(i);
            if (indexes.get(i) >= 0 && kept.get(indexes.get(i)) == row) {
                inFileOrder.add(row);
            }
        }
        return new Resumption(spec, report, scan, Map.copyOf(kept), inFileOrder, foreign, repeated);
    }

    /** @return the kept rows by index in the benchmark's order */
    Map<Integer, ReportRow> kept() {
        return kept;
    }

    /**
     * Repairs the report (see the class comment), telling each thing dropped in one line, and opens it at its end;
     * a missing report is created, recording the benchmark's identity first.
     */
    LineFile open(Consumer<String> notices) throws IOException {
        if (scan == null) {
            ReportIdentity.record(spec.identity(), report);
            return LineFile.create(report);
        }
        if (spec.identity() != null && ReportIdentity.recorded(report) == null) {
            ReportIdentity.record(spec.identity(), report); // a report with no row yet
        }
        long torn = scan.tornBytes();
        if (torn > 0) {
            notices.accept(report + ": dropped a torn last line (" + torn + " bytes)");
        }
        if (foreign > 0) {
            notices.accept(report + ": dropped " + foreign + " row" + (foreign == 1 ? "" : "s")
                    + " of task runs the benchmark does not have");
        }
        if (repeated > 0) {
            notices.accept(report + ": dropped " + repeated + " repeated row" + (repeated == 1 ? "" : "s")
                    + " of a task run (the last row of each is kept)");
        }
        if (foreign > 0 || repeated > 0) {
            StringBuilder text = new StringBuilder();
            for (ReportRow row : keptInFileOrder) {
                text.append(spec.json().write(row)).append('\n');
            }
            LineFile.replace(report, text.toString().getBytes(StandardCharsets.UTF_8));
        } else if (scan.tail() > 0) {
            try (FileChannel file = FileChannel.open(report, StandardOpenOption.WRITE)) {
                if (torn > 0) {
                    file.truncate(file.size() - torn);
                } else {
                    file.position(file.size()).write(ByteBuffer.wrap(new byte[] {'\n'}));
                }
                file.force(false);
            }
        }
        return LineFile.appendTo(report);
    }
}
