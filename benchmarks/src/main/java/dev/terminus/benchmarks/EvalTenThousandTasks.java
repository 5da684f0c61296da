package dev.terminus.benchmarks;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.Usage;
import dev.terminus.agent.spi.ModelResponse;
import dev.terminus.eval.Benchmark;
import dev.terminus.eval.EvalReport;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.ReportReader;
import dev.terminus.eval.ReportRow;
import dev.terminus.eval.Summary;
import dev.terminus.eval.Task;
import dev.terminus.scripted.FunctionModel;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The evaluation harness's own overhead. Not a microbenchmark: a main class run by hand,
 * {@code java -cp benchmarks/target/benchmarks.jar dev.terminus.benchmarks.EvalTenThousandTasks}: 10,000 tasks
 * against a zero-latency model (one answer per run, exact match), streamed to a JSON Lines report with per-task timeouts on, then the report read back and summarized.
 * Each measurement runs three times in the same JVM (the first includes class loading and JIT warm-up); prints wall
 * times. Arguments: {@code [tasks] [concurrency]}, 10,000 and 8 by default.
 */
public final class EvalTenThousandTasks {
    private EvalTenThousandTasks() {}

    /**
     * @param args optional task count and concurrency
     * @throws Exception when the report cannot be written or read
     */
    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        FunctionModel instant = FunctionModel.of(request -> ModelResponse.text("42", Usage.of(12, 3)));
        Agent agent = Agent.builder(instant).config(AgentConfig.custom().retryPolicy(RetryPolicy.none()).build())
                .build();
        List<Task> tasks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            tasks.add(Task.of("task-" + i, "What is six times seven?").expecting(i % 10 == 0 ? "41" : "42"));
        }
        Benchmark benchmark = Benchmark.builder().tasks(tasks).agent(agent).evaluator(Evaluators.exactMatch())
                .concurrency(concurrency).taskTimeout(Duration.ofSeconds(30)).build();
        Path report = Files.createTempFile("terminus-eval-10k", ".jsonl");
        try {
            System.out.printf("%,d tasks, concurrency %d, %d processors, Java %s, JVM up %,d ms%n", count,
                    concurrency, Runtime.getRuntime().availableProcessors(), Runtime.version(),
                    ManagementFactory.getRuntimeMXBean().getUptime());
            for (int round = 1; round <= 3; round++) {
                long start = System.nanoTime();
                EvalReport result = benchmark.run(report);
                long runMs = (System.nanoTime() - start) / 1_000_000;
                start = System.nanoTime();
                List<ReportRow> rows = ReportReader.read(report);
                Summary summary = Summary.of(rows);
                long readMs = (System.nanoTime() - start) / 1_000_000;
                System.out.printf("round %d: run %,d ms (%,d rows, pass rate %.2f, %,d bytes); read + Summary.of"
                        + " %,d ms (%,d rows, p50 %d ms)%n", round, runMs, result.rows().size(),
                        result.summary().passRate(), Files.size(report), readMs, rows.size(),
                        summary.durationMs().p50());
            }
            System.out.printf("JVM up %,d ms%n", ManagementFactory.getRuntimeMXBean().getUptime());
        } finally {
            Files.deleteIfExists(report);
        }
    }
}
