package dev.terminus.benchmarks;

import dev.terminus.cli.command.TerminusCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a person waits for: {@code terminus run --demo}, in this process and with {@code --temporal embedded} (the
 * in-process Temporal server and a worker started, every demo scenario run as a workflow, the server stopped), each
 * measured cold, once per fresh JVM. Run by hand:
 * {@code java -jar benchmarks/target/benchmarks.jar DemoWallTimeBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class DemoWallTimeBenchmark {

    /** Where the demo's runs go. */
    @Param({"local", "embedded"})
    public String where;

    @Benchmark
    public int demo() {
        String[] args = where.equals("local") ? new String[] {"run", "--demo"}
                : new String[] {"run", "--demo", "--temporal", "embedded"};
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = TerminusCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new ByteArrayInputStream(new byte[0]));
        if (status != 0 || !out.toString(StandardCharsets.UTF_8).contains("Every scenario ended as expected.")) {
            throw new IllegalStateException("the demo " + where + " exited " + status + ":\n" + out);
        }
        return status;
    }
}
