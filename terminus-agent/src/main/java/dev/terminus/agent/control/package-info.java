/**
 * Run control shared by every engine (the agent loop, the stage pipeline, the convergence engine and the evaluation
 * harness): one {@link dev.terminus.agent.control.RunClock} that is the only place time is read and waited on, one
 * {@link dev.terminus.agent.control.RunControl} that holds a run's cancellation and deadline, and the supervision of
 * work that runs on threads of its own ({@link dev.terminus.agent.control.SupervisedRun},
 * {@link dev.terminus.agent.control.SupervisedCall}, {@link dev.terminus.agent.control.CallerDeadline}).
 *
 * <p>Engines take a clock from their builder ({@code clock(RunClock)}); {@link dev.terminus.agent.control.RunClock#system()}
 * is the default. A test hands them a manual clock to drive time instead of sleeping; a durable execution engine
 * hands them its own time. An engine that drives an agent's runs itself starts from
 * {@link dev.terminus.agent.control.AgentEngine}: runs under its control, suspended as a
 * {@link dev.terminus.agent.control.Continuation} and continued elsewhere. ADR 0017
 * ({@code docs/adr/0017-one-run-control-core.md}) records the design.
 */
@NullMarked
package dev.terminus.agent.control;

import org.jspecify.annotations.NullMarked;
