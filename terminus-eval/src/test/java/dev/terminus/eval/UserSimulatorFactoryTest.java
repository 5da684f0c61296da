package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.terminus.Termination;
import dev.terminus.agent.UserTurn;
import dev.terminus.scripted.ScriptedModel;
import org.junit.jupiter.api.Test;

class UserSimulatorFactoryTest {

    @Test
    void eachAttemptHasItsOwnUserWhoRepliesUntilSatisfied() {
        // given: the user wants the expected answer and asks again otherwise
        UserSimulatorFactory users = task -> (run, answer) -> answer.content().equals(task.expected())
                ? UserTurn.satisfied("</stop>")
                : UserTurn.reply("No, again.");
        Benchmark benchmark = Benchmark.builder().task(Task.of("t1", "2 + 2?").expecting("4")).repeats(2).userSimulators(users)
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("5").text("4").build())
                        .build())
                .evaluator(Evaluators.exactMatch()).build();

        // when
        EvalReport report = benchmark.run();

        // then
        assertThat(report.rows()).allSatisfy(row -> {
            assertThat(row.termination()).isEqualTo(new Termination.UserSatisfied("</stop>"));
            assertThat(row.iterations()).isEqualTo(2);
            assertThat(row.verdict()).isEqualTo(ReportRow.Verdict.PASSED);
        });
    }

    @Test
    void aUserSimulatorFactoryReturningNullIsAUserError() {
        // when
        ReportRow row = Benchmark.builder().task(Task.of("t1", "x").expecting("y")).userSimulators(task -> null)
                .agentFactory(context -> context.agentBuilder(ScriptedModel.builder().text("y").build()).build())
                .evaluator(Evaluators.exactMatch()).build().run().rows().getFirst();

        // then
        assertThat(row.status()).isEqualTo(Status.USER_ERROR);
        assertThat(row.error().message()).isEqualTo("the user simulator of task \"t1\" (repeat 0) is null");
    }
}
