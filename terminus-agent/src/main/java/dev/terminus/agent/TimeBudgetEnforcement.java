package dev.terminus.agent;

/**
 * How {@link Agent#run(String)} and {@link Agent#resume(Checkpoint, GateDecision)} enforce a time budget. Both
 * interrupt a hanging model or tool call at the deadline and end the run {@code TimeBudgetExhausted} (and end it
 * {@code Cancelled} when the caller's thread is interrupted); they differ in what they cost and in which calls may
 * hold the caller past the deadline when they ignore the interrupt. {@link Agent#start(String)} always runs
 * supervised, on a virtual thread of its own. ADR 0006 gives the reasons.
 *
 * <table>
 *   <caption>What each mode costs and promises</caption>
 *   <tr><th></th><th>{@code INTERRUPT_CALLER} (default)</th><th>{@code SUPERVISED_THREAD}</th></tr>
 *   <tr><td>where the loop runs</td><td>the caller's thread</td><td>a virtual thread; the caller waits</td></tr>
 *   <tr><td>cost per run</td><td>none (a timer entry)</td><td>one thread handoff (tens of µs from a platform
 *       thread)</td></tr>
 *   <tr><td>returns by deadline + {@link AgentConfig#interruptGrace()}</td><td>when every call answers interrupts
 *       or is declared {@linkplain Tool#interruptible() uninterruptible}</td><td>always</td></tr>
 * </table>
 */
public enum TimeBudgetEnforcement {
    /**
     * The default. The run stays on the calling thread and a shared timer interrupts that thread at the deadline: no
     * handoff, no thread of its own. A call of a model or tool that is declared not to answer interrupts
     * ({@link dev.terminus.agent.spi.Model#interruptible()}, {@link Tool#interruptible()}; the LangChain4j models
     * are) runs on a virtual thread of its own, and the run stops waiting for it at the deadline, after the grace; such
     * a call does not see the caller's thread-locals. Compaction's summarizing call always runs on the run's thread.
     * What this mode gives up: a call that ignores its interrupt without saying so holds the caller until it returns
     * (the run still ends {@code TimeBudgetExhausted}, late).
     */
    INTERRUPT_CALLER,
    /**
     * The whole run goes on its own virtual thread; the caller waits. If the interrupted run has not ended after
     * {@link AgentConfig#interruptGrace()}, the caller gets the result at once, built from what the run has, and the
     * run's thread is abandoned: the run returns on time whatever any call does, undeclared ones included. Costs one
     * virtual-thread handoff per run (about 60 µs from a platform thread on a 2-core VM).
     */
    SUPERVISED_THREAD
}
