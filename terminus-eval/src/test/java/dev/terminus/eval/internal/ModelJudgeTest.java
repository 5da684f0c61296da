package dev.terminus.eval.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Message;
import dev.terminus.agent.Agent;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.spi.ModelException;
import dev.terminus.eval.Evaluation;
import dev.terminus.eval.EvaluationException;
import dev.terminus.eval.Evaluators;
import dev.terminus.eval.Task;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelJudgeTest {

    private static RunResult answered(String answer) {
        return Agent.builder(ScriptedModel.builder().text(answer).build()).build().run("task");
    }

    @Test
    void theJudgeIsShownTheRubricTheTaskTheExpectedAnswerHowTheRunEndedAndTheAnswer() throws Exception {
        // given
        ScriptedModel judge = ScriptedModel.builder().text("PASS: it cites two sources").recordRequests().build();
        Task task = new Task("t1", "Find sources on Oslo", "two sources", java.util.Map.of());

        // when
        Evaluation evaluation = Evaluators.modelJudge(judge, "Cite at least two sources.")
                .evaluate(task, answered("A and B"));

        // then
        assertThat(evaluation).isEqualTo(Evaluation.pass("it cites two sources"));
        List<Message> sent = judge.requests().getFirst().messages();
        assertThat(sent.getFirst()).isInstanceOf(Message.System.class);
        assertThat(((Message.System) sent.getFirst()).content()).contains("PASS or FAIL")
                .endsWith("Rubric:\nCite at least two sources.");
        assertThat(((Message.User) sent.get(1)).content()).isEqualTo("Task:\nFind sources on Oslo\n\n"
                + "Expected answer:\ntwo sources\n\nThe agent's run ended: NaturalCompletion\n\n"
                + "The agent's answer:\nA and B");
    }

    @Test
    void verdictsAreReadWithTheirReasonWhateverTheirDecoration() {
        // when / then
        assertThat(ModelJudge.verdict("FAIL\nOnly one source.")).isEqualTo(Evaluation.fail("Only one source."));
        assertThat(ModelJudge.verdict("**Verdict: pass** - fine")).isEqualTo(Evaluation.pass("fine"));
        assertThat(ModelJudge.verdict("PASS")).isEqualTo(Evaluation.pass("the judge said PASS"));
        assertThatThrownBy(() -> ModelJudge.verdict("PASSABLE, mostly")).isInstanceOf(EvaluationException.class);
        assertThatThrownBy(() -> ModelJudge.verdict("I think it passes")).isInstanceOf(EvaluationException.class)
                .hasMessage("the judge answered neither PASS nor FAIL: \"I think it passes\"");
    }

    @Test
    void aJudgeThatFailsPropagatesItsException() {
        // given
        ScriptedModel judge = ScriptedModel.builder().rateLimited().build();

        // when / then
        assertThatThrownBy(() -> Evaluators.modelJudge(judge, "Be right.").evaluate(Task.of("t1", "x"), answered("y")))
                .isInstanceOf(ModelException.RateLimited.class);
    }

    @Test
    void aRunWithoutAnswerFailsWithoutAskingTheJudge() throws Exception {
        // given
        ScriptedModel judge = ScriptedModel.builder().text("PASS").build();
        RunResult failed = Agent.builder(ScriptedModel.builder().serverError(500).build())
                .config(dev.terminus.agent.AgentConfig.custom().retryPolicy(dev.terminus.agent.RetryPolicy.none())
                        .build()).build().run("task");

        // when
        Evaluation evaluation = Evaluators.modelJudge(judge, "Be right.").evaluate(Task.of("t1", "x"), failed);

        // then
        assertThat(evaluation).isEqualTo(Evaluation.fail("no answer: the run ended Failed"));
        assertThat(judge.calls()).isZero();
    }
}
