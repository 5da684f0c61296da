/**
 * The evaluation harness: a {@link dev.terminus.eval.Benchmark} runs {@link dev.terminus.eval.Task}s against agents
 * (or pipelines, {@link dev.terminus.eval.PipelineFactory}), each a number of repeats, and writes one
 * {@link dev.terminus.eval.ReportRow} per task and repeat to a JSON Lines report as it finishes. A row keeps three axes apart (ADR 0012): its {@link dev.terminus.eval.Status} (did the
 * infrastructure work), its {@link dev.terminus.Termination} (why the agent loop stopped, whenever it ran) and its
 * {@link dev.terminus.eval.Evaluation} (did the agent pass). A {@link dev.terminus.eval.Summary} rolls rows up.
 *
 * <p>Where to start: {@link dev.terminus.eval.Benchmark#builder()} with an agent, tasks
 * ({@code Task.of(id, input).expecting(answer)}) and an evaluator from {@link dev.terminus.eval.Evaluators}, then
 * {@code run()}; {@code report.summary()} holds the figures.
 */
@NullMarked
package dev.terminus.eval;

import org.jspecify.annotations.NullMarked;
