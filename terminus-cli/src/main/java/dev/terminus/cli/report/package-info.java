/**
 * {@code terminus report}: an evaluation's JSON Lines report read back and shown as text
 * ({@link dev.terminus.cli.report.TextSummary}) or as one self-contained HTML page
 * ({@link dev.terminus.cli.report.HtmlReport}). Start from {@link dev.terminus.cli.report.Reports}.
 */
@NullMarked
package dev.terminus.cli.report;

import org.jspecify.annotations.NullMarked;
