package dev.terminus.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.RunResult;
import dev.terminus.eval.spi.Evaluator;
import dev.terminus.scripted.ScriptedModel;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The usual evaluators, over the results of real runs. */
class EvaluatorsTest {

    private static RunResult answered(String answer) {
        return Fixtures.answering(answer).run("task");
    }

    private static RunResult unanswered() {
        Agent capped = Agent.builder(ScriptedModel.builder().toolCall("nope", Map.of()).thenRepeatLast().build())
                .config(AgentConfig.custom().maxIterations(1).build()).build();
        return capped.run("task");
    }

    @Test
    void exactMatchComparesTheAnswerWithTheExpectedOneIgnoringSurroundingWhitespace() throws Exception {
        // given
        Task task = Task.of("t1", "2 + 2?").expecting(" 4\n");

        // when
        Evaluation right = Evaluators.exactMatch().evaluate(task, answered("4 "));
        Evaluation wrong = Evaluators.exactMatch().evaluate(task, answered("5"));

        // then
        assertThat(right).isEqualTo(Evaluation.pass("exact match"));
        assertThat(wrong).isEqualTo(Evaluation.fail("expected \"4\", got \"5\""));
    }

    @Test
    void aRunWithoutAnAnswerFailsEveryTextEvaluatorSayingHowItEnded() throws Exception {
        // given
        Task task = Task.of("t1", "2 + 2?").expecting("4");
        RunResult run = unanswered();

        // when
        List<Evaluation> evaluations = List.of(Evaluators.exactMatch().evaluate(task, run),
                Evaluators.regex(Pattern.compile("4")).evaluate(task, run),
                Evaluators.jsonField("/a", 1).evaluate(task, run));

        // then
        assertThat(run.termination()).isInstanceOf(Termination.MaxIterationsReached.class);
        assertThat(evaluations).containsOnly(Evaluation.fail("no answer: the run ended MaxIterationsReached"));
    }

    @Test
    void exactMatchWithoutAnExpectedAnswerCannotDecide() {
        // when / then
        assertThatThrownBy(() -> Evaluators.exactMatch().evaluate(Task.of("t9", "x"), answered("4")))
                .isInstanceOf(EvaluationException.class).hasMessage("task \"t9\" has no expected answer to compare with");
    }

    @Test
    void regexFindsThePatternAnywhereInTheAnswer() throws Exception {
        // given
        Evaluator regex = Evaluators.regex(Pattern.compile("\\b4\\b"));
        Task task = Task.of("t1", "2 + 2?");

        // when / then
        assertThat(regex.evaluate(task, answered("It is 4.")).passed()).isTrue();
        assertThat(regex.evaluate(task, answered("It is 44.")))
                .isEqualTo(Evaluation.fail("no match of /\\b4\\b/ in \"It is 44.\""));
    }

    @Test
    void regexFromExpectedUsesEachTasksOwnPatternAndRefusesABrokenOne() throws Exception {
        // given
        Evaluator regex = Evaluators.regexFromExpected();

        // when / then
        assertThat(regex.evaluate(Task.of("t1", "x").expecting("^Oslo\\.?$"), answered("Oslo.")).passed()).isTrue();
        assertThat(regex.evaluate(Task.of("t2", "x").expecting("^Bergen$"), answered("Oslo")).passed()).isFalse();
        assertThatThrownBy(() -> regex.evaluate(Task.of("t3", "x").expecting("(unclosed"), answered("Oslo")))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("task \"t3\" is not a regular expression");
    }

    @Test
    void jsonFieldComparesTheValueAtAPointerNumbersByValue() throws Exception {
        // given
        Task task = Task.of("t1", "Book a trip");
        RunResult run = answered("```json\n{\"trip\":{\"city\":\"Oslo\",\"nights\":3.0,\"tags\":[\"a\"]}}\n```");

        // when / then
        assertThat(Evaluators.jsonField("/trip/city", "Oslo").evaluate(task, run))
                .isEqualTo(Evaluation.pass("/trip/city is \"Oslo\""));
        assertThat(Evaluators.jsonField("/trip/nights", 3).evaluate(task, run).passed()).isTrue();
        assertThat(Evaluators.jsonField("/trip/tags", List.of("a")).evaluate(task, run).passed()).isTrue();
        assertThat(Evaluators.jsonField("/trip/city", "Bergen").evaluate(task, run))
                .isEqualTo(Evaluation.fail("/trip/city is \"Oslo\", expected \"Bergen\""));
        assertThat(Evaluators.jsonField("/trip/price", 10).evaluate(task, run))
                .isEqualTo(Evaluation.fail("the answer has no value at /trip/price"));
    }

    @Test
    void jsonFieldFailsAnAnswerThatIsNotJson() throws Exception {
        // when
        Evaluation evaluation = Evaluators.jsonField("/a", 1).evaluate(Task.of("t1", "x"), answered("Sure! a is 1"));

        // then
        assertThat(evaluation.passed()).isFalse();
        assertThat(evaluation.reason()).startsWith("the answer is not JSON");
    }

    @Test
    void jsonFieldFromExpectedReadsTheTasksExpectedAnswerAsJson() throws Exception {
        // given
        Evaluator field = Evaluators.jsonField("/city");
        RunResult run = answered("{\"city\":\"Oslo\"}");

        // when / then
        assertThat(field.evaluate(Task.of("t1", "x").expecting("\"Oslo\""), run).passed()).isTrue();
        assertThatThrownBy(() -> field.evaluate(Task.of("t2", "x").expecting("Oslo"), run))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("task \"t2\" is not JSON");
    }

    @Test
    void aBrokenPointerOrANonJsonValueIsRefusedWhenTheEvaluatorIsMade() {
        // when / then
        assertThatThrownBy(() -> Evaluators.jsonField("city", "Oslo")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jsonField pointer must be a JSON Pointer").hasMessageContaining("\"city\"");
        assertThatThrownBy(() -> Evaluators.jsonField("/a", new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("jsonField expected value must be JSON");
        assertThatThrownBy(() -> Evaluators.modelJudge(Fixtures.answering("x").model(), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rubric");
    }
}
