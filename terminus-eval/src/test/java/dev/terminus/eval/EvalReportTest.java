package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvalReportTest {

    @Test
    void theRowsAreAnUnmodifiableCopy() {
        // given
        List<ReportRow> rows = new ArrayList<>(List.of(Fixtures.evaluated("t1", 0, true, 1)));

        // when
        EvalReport report = new EvalReport(rows, Summary.of(rows), 0, true);
        rows.clear();

        // then
        assertThat(report.rows()).hasSize(1);
        assertThatThrownBy(() -> report.rows().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void badComponentsAreRefusedNamingThem() {
        // when / then
        assertThatThrownBy(() -> new EvalReport(List.of(), null, 0, true)).hasMessageContaining("EvalReport.summary");
        assertThatThrownBy(() -> new EvalReport(List.of(), Summary.of(List.of()), -1, true))
                .hasMessageContaining("EvalReport.kept");
    }
}
