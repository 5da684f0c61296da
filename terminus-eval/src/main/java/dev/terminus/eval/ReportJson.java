package dev.terminus.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.terminus.Preconditions;
import dev.terminus.eval.internal.RowCodec;
import dev.terminus.jackson.TerminusModule;

/**
 * The JSON form of a {@link ReportRow}, one line per row (the layout is documented on {@link ReportRow}), with the
 * termination in the Terminus wire format. Immutable and thread-safe; make one per report, not per row.
 *
 * {@snippet :
 * // given: interface QuotaExceeded extends Termination.Extension {}; ReportRow row
 * ReportJson json = ReportJson.of(TerminusModule.builder()
 *         .registerExtension("QuotaExceeded", QuotaExceeded.class)   // the agents' own termination cases
 *         .build());
 * String line = json.write(row);
 * ReportRow back = json.read(line);                                  // equal to row
 * }
 */
public final class ReportJson {
    private static final ReportJson STANDARD = new ReportJson(new TerminusModule());

    private final RowCodec codec;

    private ReportJson(TerminusModule module) {
        this.codec = new RowCodec(module);
    }

    /** @return the codec for the framework's terminations, reading strictly */
    public static ReportJson ofDefaults() {
        return STANDARD;
    }

    /**
     * @param module the wire format of the terminations: registered extensions, strict or tolerant reading
     * @return a codec writing and reading terminations with it
     */
    public static ReportJson of(TerminusModule module) {
        return new ReportJson(Preconditions.notNull(module, "module"));
    }

    /**
     * @param row a row
     * @return its JSON on one line, without a line break
     * @throws IllegalArgumentException when its termination is an extension the module does not know
     */
    public String write(ReportRow row) {
        return codec.write(Preconditions.notNull(row, "row"));
    }

    /**
     * Reads a row. Fields of a later version are skipped; a missing field, a value of the wrong type, an unknown
     * enum name or a termination the module refuses fails, naming the field.
     *
     * @param line one row's JSON
     * @return the row
     * @throws JsonProcessingException when the line is not a row
     */
    public ReportRow read(String line) throws JsonProcessingException {
        return codec.read(Preconditions.notNull(line, "line"));
    }
}
