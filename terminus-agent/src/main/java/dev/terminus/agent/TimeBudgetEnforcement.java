package dev.terminus.agent;

/**
 * How {@link Agent#run(String)} enforces a time budget. Both interrupt a hanging model or tool call at the deadline
 * and end the run {@code TimeBudgetExhausted}; they differ in what happens when a call ignores the interrupt.
 */
public enum TimeBudgetEnforcement {
    /**
     * The default. The run goes on its own virtual thread; the caller waits. If the interrupted call has not given up
     * after {@link AgentConfig#interruptGrace()}, the caller gets the result at once, built from what the run has, and
     * the run's thread is abandoned. Costs one virtual-thread handoff per run (about 15-20 µs from a platform thread).
     */
    SUPERVISED_THREAD,
    /**
     * The run stays on the calling thread and a timer interrupts that thread at the deadline: no handoff, no extra
     * thread. A call that ignores interrupts holds the caller until it returns. Choose it for high-throughput callers
     * whose models and tools answer interrupts (blocking I/O on virtual threads, {@code sleep}, locks, NIO).
     */
    INTERRUPT_CALLER
}
