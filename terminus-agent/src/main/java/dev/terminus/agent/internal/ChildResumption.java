package dev.terminus.agent.internal;

import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.GateDecision;

/**
 * The paused child a resumed run's pending call continues (an agent called as a tool that paused at a gate of its own),
 * with the person's decision, handed to the call while it is made again.
 *
 * @param checkpoint the child's checkpoint
 * @param decision the decision on the child's gate
 */
record ChildResumption(Checkpoint checkpoint, GateDecision decision) {}
