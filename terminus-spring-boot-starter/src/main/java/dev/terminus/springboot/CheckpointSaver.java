package dev.terminus.springboot;

import dev.terminus.Preconditions;
import dev.terminus.agent.AgentEvent;
import dev.terminus.agent.AgentListener;
import dev.terminus.agent.Checkpoint;
import dev.terminus.agent.spi.GateStore;
import dev.terminus.agent.spi.GateStoreException;

/**
 * Saves the checkpoint of every run that pauses at a human gate ({@code HitlGatePending}) in the gate store, as the
 * run ends, on the run's thread: the run's result is returned once its checkpoint is stored, so a gate the caller
 * learns of is already listed by the {@code terminus} endpoint. A listener of the auto-configured agent; add it to
 * agents the application builds itself to store theirs too.
 *
 * <p>A checkpoint the store cannot save is logged as an error (the loop ignores what a listener throws): the run's
 * result still holds it ({@code RunResult.checkpoint()}).
 */
public final class CheckpointSaver implements AgentListener {
    private static final System.Logger LOG = System.getLogger(CheckpointSaver.class.getName());

    private final GateStore<Checkpoint> store;

    /** @param store where the checkpoints go */
    public CheckpointSaver(GateStore<Checkpoint> store) {
        this.store = Preconditions.notNull(store, "store");
    }

    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.RunTerminated terminated) {
            terminated.result().checkpoint().ifPresent(this::save);
        }
    }

    private void save(Checkpoint checkpoint) {
        try {
            store.save(checkpoint);
        } catch (GateStoreException | IllegalArgumentException e) {
            LOG.log(System.Logger.Level.ERROR, "the checkpoint of gate \"" + checkpoint.gateId()
                    + "\" was not saved in " + store + ": " + e.getMessage(), e);
            throw e;
        }
    }
}
