package dev.terminus.opentelemetry;

import static dev.terminus.opentelemetry.InMemoryTelemetry.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.terminus.Outcome;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.HaltException;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.agent.Tools;
import dev.terminus.opentelemetry.internal.TelemetryListener;
import dev.terminus.scripted.ScriptedModel;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs that other runs serve (agents as tools): one trace, each child run under the tool call that ran it. */
@Timeout(30)
class AgentTreeSpansTest {
    private final InMemoryTelemetry otel = new InMemoryTelemetry();
    private final AgentListener telemetry = TerminusTelemetry.of(otel.sdk);
    /** The thread each agent's run started on, by agent name. */
    private final Map<String, Thread> startedOn = new ConcurrentHashMap<>();
    private final AgentListener threads = new AgentListener() {
        @Override
        public void onEvent(AgentEvent event) {
            if (event instanceof AgentEvent.RunStarted started) {
                startedOn.put(started.agentName(), Thread.currentThread());
            }
        }
    };

    @AfterEach
    void closeSdk() {
        otel.close();
    }

    private Agent child(String name, String answer) {
        return Agent.builder(ScriptedModel.builder().name(name + "-model").text(answer).build()).name(name)
                .listener(telemetry).listener(threads).build();
    }

    private static void assertChildOf(SpanData child, SpanData parent) {
        assertThat(child.getTraceId()).as(child.getName() + "'s trace").isEqualTo(parent.getTraceId());
        assertThat(child.getParentSpanId()).as(child.getName() + "'s parent").isEqualTo(parent.getSpanId());
    }

    @Test
    void aChildRunCalledOnTheRunsThreadIsAChildOfTheExecuteToolSpanOfTheCallThatRanIt() {
        // given
        var parent = Agent.builder(ScriptedModel.builder().name("writer-model")
                        .toolCall("research", Map.of("task", "capital of France?")).text("It is Paris.").build())
                .name("writer").listener(telemetry).listener(threads)
                .tool(Tools.agent("research", "Finds facts", child("researcher", "Paris"))).build();

        // when
        RunResult result = parent.run("write it");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(startedOn.get("researcher")).as("the child ran inline").isSameAs(startedOn.get("writer"));
        SpanData root = otel.onlySpanNamed("invoke_agent writer");
        SpanData call = otel.onlySpanNamed("execute_tool research");
        SpanData childRun = otel.onlySpanNamed("invoke_agent researcher");
        assertThat(root.getParentSpanContext().isValid()).isFalse();
        assertChildOf(call, root);
        assertChildOf(childRun, call);
        assertChildOf(otel.onlySpanNamed("chat researcher-model"), childRun);
        assertThat(call.getStartEpochNanos()).isLessThanOrEqualTo(childRun.getStartEpochNanos());
        assertThat(call.getEndEpochNanos()).isGreaterThanOrEqualTo(childRun.getEndEpochNanos());
        assertThat(((TelemetryListener) telemetry).openRuns()).isZero();
    }

    @Test
    void childRunsCalledInParallelOnThreadsOfTheirOwnAreEachAChildOfTheirOwnCallsSpan() {
        // given: one answer calls two agents, which run in parallel
        var parent = Agent.builder(ScriptedModel.builder().name("writer-model")
                        .toolCalls(List.of(Map.entry("research", Map.of("task", "facts")),
                                Map.entry("review", Map.of("task", "style"))))
                        .text("Written.").build())
                .config(AgentConfig.custom().parallelToolCalls(true).build()).name("writer")
                .listener(telemetry).listener(threads)
                .tool(Tools.agent("research", "Finds facts", child("researcher", "facts")))
                .tool(Tools.agent("review", "Reviews style", child("reviewer", "fine")))
                .build();

        // when
        RunResult result = parent.run("write it");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(startedOn.get("researcher")).as("on a thread of its own").isNotSameAs(startedOn.get("writer"));
        assertThat(startedOn.get("reviewer")).as("on a thread of its own").isNotSameAs(startedOn.get("writer"))
                .isNotSameAs(startedOn.get("researcher"));
        SpanData root = otel.onlySpanNamed("invoke_agent writer");
        SpanData research = otel.onlySpanNamed("execute_tool research");
        SpanData review = otel.onlySpanNamed("execute_tool review");
        assertChildOf(research, root);
        assertChildOf(review, root);
        assertChildOf(otel.onlySpanNamed("invoke_agent researcher"), research);
        assertChildOf(otel.onlySpanNamed("invoke_agent reviewer"), review);
    }

    @Test
    void aChildRunWithADeadlineRunsOnAThreadOfItsOwnAndIsStillAChildOfItsCallsSpan() {
        // given: a per-tool timeout, which an agent's call takes as its own deadline: the child runs on a thread of
        // its own, which its deadline interrupts instead of the caller's
        var parent = Agent.builder(ScriptedModel.builder().name("writer-model")
                        .toolCall("research", Map.of("task", "facts")).text("Written.").build())
                .name("writer").toolTimeout(Duration.ofSeconds(20)).timeBudget(Duration.ofSeconds(25))
                .listener(telemetry).listener(threads)
                .tool(Tools.agent("research", "Finds facts", child("researcher", "facts"))).build();

        // when
        RunResult result = parent.run("write it");

        // then
        assertThat(result.termination()).isEqualTo(new Termination.NaturalCompletion());
        assertThat(startedOn.get("researcher")).as("on a thread of its own").isNotSameAs(startedOn.get("writer"));
        SpanData call = otel.onlySpanNamed("execute_tool research");
        assertChildOf(call, otel.onlySpanNamed("invoke_agent writer"));
        assertChildOf(otel.onlySpanNamed("invoke_agent researcher"), call);
    }

    @Test
    void aRunStartedOnTheSameThreadAfterTheCallsEndedStartsATraceOfItsOwn() {
        // given: a parent whose call ran a child on this thread, then ended
        var parent = Agent.builder(ScriptedModel.builder().name("writer-model")
                        .toolCall("research", Map.of("task", "facts")).text("Written.").build())
                .name("writer").listener(telemetry)
                .tool(Tools.agent("research", "Finds facts", child("researcher", "facts"))).build();
        parent.run("write it");

        // when
        child("summarizer", "short").run("summarize");

        // then
        assertThat(otel.onlySpanNamed("invoke_agent summarizer").getParentSpanContext().isValid()).isFalse();
    }

    @Test
    void aRunStartedOnAThreadThatAnErrorTookOutOfACallOfAnotherRunStartsATraceOfItsOwn() {
        // given: a call that an Error ends, so neither it nor its run ends for the listener; its run's context held
        AtomicReference<RunContext> held = new AtomicReference<>();
        var broken = Runs.agent(Runs.searchThenAnswer(), telemetry)
                .listener(new AgentListener() {
                    @Override
                    public void onEvent(AgentEvent event) {
                        // the context is what it keeps
                    }

                    @Override
                    public void onEvent(RunContext run, AgentEvent event) {
                        held.set(run);
                    }
                })
                .tool(Runs.search((arguments, run) -> {
                    throw new StackOverflowError("too deep");
                })).build();
        Throwable thrown = catchThrowable(() -> broken.run(Runs.TASK));

        // when
        child("summarizer", "short").run("summarize");

        // then
        assertThat(thrown).isInstanceOf(StackOverflowError.class);
        assertThat(held.get()).as("the broken run's context is still held").isNotNull();
        assertThat(otel.onlySpanNamed("invoke_agent summarizer").getParentSpanContext().isValid()).isFalse();
    }

    @Test
    void aToolCallTheRunsEndStoppedEndsWithTheRunAndSaysItsTermination() {
        // given: a call that halts the run, so the loop reports no end of the call itself
        var agent = Runs.agent(Runs.searchThenAnswer(), telemetry)
                .tool(Runs.search((arguments, run) -> {
                    throw new HaltException("enough");
                })).build();

        // when
        RunResult result = agent.run(Runs.TASK);

        // then
        assertThat(result.termination()).isInstanceOf(Termination.Halted.class);
        SpanData call = otel.onlySpanNamed("execute_tool search");
        assertChildOf(call, otel.onlySpanNamed("invoke_agent researcher"));
        assertThat(call.hasEnded()).isTrue();
        assertThat(call.getAttributes().get(key("terminus.termination"))).isEqualTo("Halted");
        assertThat(result.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(call.getAttributes().get(key("error.type"))).isEqualTo("Halted");
        assertThat(call.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    }
}
