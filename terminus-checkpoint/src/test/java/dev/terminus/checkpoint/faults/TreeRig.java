package dev.terminus.checkpoint.faults;

import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentBuilder;
import dev.terminus.agent.AgentConfig;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.ModelPrice;
import dev.terminus.agent.PriceTable;
import dev.terminus.agent.RetryPolicy;
import dev.terminus.agent.RunHandle;
import dev.terminus.agent.TokenBudget;
import dev.terminus.agent.Tool;
import dev.terminus.agent.ToolArgumentException;
import dev.terminus.agent.Tools;
import dev.terminus.agent.control.ManualClock;
import dev.terminus.checkpoint.faults.TreeSchedule.Limits;
import dev.terminus.checkpoint.faults.TreeSchedule.Node;
import dev.terminus.test.VirtualTime;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The agents a {@link TreeSchedule} describes, on one manual clock: for each, a model that plays its script (shared by
 * all its runs), tools that fail, wait, hang or ignore interrupts, the agents below it as tools, and a listener of its
 * own that keeps every event it receives and the clock's time at each {@code RunTerminated}. Whatever still waits when
 * the run is over (a deaf call left behind) is released by {@link #release()}.
 */
final class TreeRig {
    static final String CANCELLER = "schedule";

    /** One dollar per million tokens, input and output, so a cost in micro-dollars is a token count. */
    static final ModelPrice PRICE = ModelPrice.of("1", "1");

    final ManualClock clock = new ManualClock();
    final VirtualTime time = new VirtualTime(clock);
    /** Every event each agent's listener received, by agent name. */
    final Map<String, List<AgentEvent>> events = new LinkedHashMap<>();
    /** The clock's time (ns) at each {@code RunTerminated} each agent's listener received, by agent name. */
    final Map<String, List<Long>> endedAt = new LinkedHashMap<>();
    /** The agents, by name. */
    final Map<String, Agent> agents = new LinkedHashMap<>();
    final CompletableFuture<RunHandle> handle = new CompletableFuture<>();
    volatile @Nullable Thread caller;
    final Agent root;
    private final AtomicInteger treeEvents = new AtomicInteger();
    private final CountDownLatch released = new CountDownLatch(1);
    private final TreeSchedule schedule;

    TreeRig(TreeSchedule schedule) {
        this.schedule = schedule;
        Node handoff = schedule.handoff();
        if (handoff != null) {
            build(handoff, null); // before the root, which names it
        }
        this.root = build(schedule.root(), handoff);
    }

    /** Cancels the root as its caller can: through its handle when it was started, else by an interrupt. */
    void cancel() {
        if (schedule.caller().started()) {
            handle.thenAccept(run -> run.cancel(CANCELLER)); // nothing once the run has ended
        } else {
            Thread thread = caller;
            if (thread == null) {
                throw new IllegalStateException("a cancel before the run has its caller");
            }
            thread.interrupt();
        }
    }

    /**
     * Waits until every run of the tree has published its end: a child its parent left ends later, at its own grace
     * on the clock (which {@link #time} moves meanwhile).
     *
     * @return the number of runs that ended
     */
    int awaitEveryRunsEnd() throws InterruptedException {
        while (true) {
            int started = 0;
            int ended = 0;
            for (List<AgentEvent> heard : events.values()) {
                for (AgentEvent event : heard) {
                    started += event instanceof AgentEvent.RunStarted ? 1 : 0;
                    ended += event instanceof AgentEvent.RunTerminated ? 1 : 0;
                }
            }
            if (ended >= started) {
                return ended;
            }
            Thread.sleep(1);
        }
    }

    /** Lets every call still waiting on this rig return. */
    void release() {
        released.countDown();
    }

    private Agent build(Node node, @Nullable Node handoffTarget) {
        List<Tool> tools = new ArrayList<>(tools());
        for (Node child : node.children()) {
            tools.add(Tools.agent(child.toolName(), "the agent " + child.name(), build(child, null)));
        }
        Limits limits = node.limits();
        AgentConfig.Builder config = AgentConfig.custom()
                .name(node.name())
                .maxIterations(limits.maxIterations())
                .tokenBudget(limits.tokenTotal() == null ? TokenBudget.UNLIMITED
                        : TokenBudget.total(limits.tokenTotal()))
                .prices(PriceTable.builder().price("script", PRICE).build())
                .timeBudgetEnforcement(limits.enforcement())
                .parallelToolCalls(limits.parallel())
                .retryPolicy(new RetryPolicy(limits.maxRetries(), Duration.ofMillis(limits.backoffMs()),
                        Duration.ofMillis(limits.backoffMs() * 4L), 0.5))
                .interruptGrace(Duration.ofMillis(limits.graceMs()));
        if (limits.costMicros() != null) {
            config.costBudgetUsd(BigDecimal.valueOf(limits.costMicros(), 6));
        }
        if (limits.timeBudgetMs() != null) {
            config.timeBudget(Duration.ofMillis(limits.timeBudgetMs()));
        }
        if (!limits.guards()) {
            config.withoutNoProgressThreshold().withoutStallThreshold().withoutMaxConsecutiveMistakes();
        }
        List<AgentEvent> heard = new CopyOnWriteArrayList<>();
        List<Long> ends = new CopyOnWriteArrayList<>();
        events.put(node.name(), heard);
        endedAt.put(node.name(), ends);
        TreeScriptModel model = node.streams()
                ? new TreeScriptModel.Streaming(node, handoffTarget, clock, time, released)
                : new TreeScriptModel(node, handoffTarget, clock, time, released);
        AgentBuilder builder = Agent.builder(model).clock(clock).config(config.build()).tools(tools)
                .listener(event -> observe(event, heard, ends));
        if (handoffTarget != null) {
            builder.handoff(agents.get(handoffTarget.name()));
        }
        Agent agent = builder.build();
        agents.put(node.name(), agent);
        return agent;
    }

    private void observe(AgentEvent event, List<AgentEvent> heard, List<Long> ends) {
        time.participate();
        if (event instanceof AgentEvent.RunTerminated) {
            ends.add(clock.nanoTime());
        }
        heard.add(event);
        Integer at = schedule.caller().cancelAtEvent();
        if (at != null && treeEvents.incrementAndGet() == at) {
            cancel();
        }
    }

    private List<Tool> tools() {
        return List.of(
                Tools.of("echo", "echoes", (args, run) -> args),
                Tools.of("fail", "fails", (args, run) -> {
                    throw new IllegalStateException("tool failure");
                }),
                Tools.of("badargs", "refuses its arguments", (args, run) -> {
                    throw new ToolArgumentException("bad arguments");
                }),
                Tools.of("slow", "waits on the clock", (args, run) -> {
                    time.participate();
                    clock.sleep((args.get("ms") instanceof Integer ms ? ms : 3) * 1_000_000L);
                    return "slept";
                }),
                Tools.of("hang", "never answers", (args, run) -> {
                    time.participate();
                    released.await();
                    return "released";
                }),
                Tools.uninterruptible(Tools.of("deaf", "never answers, whatever interrupts it", (args, run) -> {
                    time.participate();
                    FaultRig.awaitDeaf(released);
                    return "released";
                })));
    }
}
