/**
 * The agent loop: an {@link dev.terminus.agent.Agent} runs a task with a model, tools, budgets and guards, and
 * every run returns a {@link dev.terminus.agent.RunResult} holding exactly one {@link dev.terminus.Termination}.
 *
 * <h2>Where to start</h2>
 * <ul>
 *   <li>{@link dev.terminus.agent.Agent#builder Agent.builder(model)}, then {@link dev.terminus.agent.Agent#run run}
 *       (on the calling thread) or {@link dev.terminus.agent.Agent#start start} (a {@link dev.terminus.agent.RunHandle}
 *       to cancel or wait on); switch over {@link dev.terminus.agent.RunResult#termination()}.</li>
 *   <li>Tools: {@link dev.terminus.agent.Tools}, from lambdas or from annotated methods ({@link
 *       dev.terminus.agent.AgentTool}).</li>
 *   <li>Settings: every one on {@link dev.terminus.agent.AgentBuilder}; settings several agents share: an
 *       {@link dev.terminus.agent.AgentConfig} given to {@link dev.terminus.agent.AgentBuilder#config config}; budgets:
 *       {@link dev.terminus.agent.TokenBudget}, {@link dev.terminus.agent.PriceTable}.</li>
 *   <li>Approvals: {@link dev.terminus.agent.AgentBuilder#requireApproval requireApproval}, a
 *       {@link dev.terminus.agent.Checkpoint} in the result, and {@link dev.terminus.agent.Agent#approve approve},
 *       {@link dev.terminus.agent.Agent#reject reject} or {@link dev.terminus.agent.Agent#answer answer}.</li>
 *   <li>Watching runs: {@link dev.terminus.agent.AgentListener} and {@link dev.terminus.agent.AgentEvent}; steering
 *       them: {@link dev.terminus.agent.AgentHook}.</li>
 * </ul>
 * An engine that drives runs itself (a durable workflow) starts from {@link dev.terminus.agent.control.AgentEngine};
 * a model or a store of one's own implements {@link dev.terminus.agent.spi}.
 */
@NullMarked
package dev.terminus.agent;

import org.jspecify.annotations.NullMarked;
