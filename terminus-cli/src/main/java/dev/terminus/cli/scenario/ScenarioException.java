package dev.terminus.cli.scenario;

/** A scenario file that cannot work; the message names the field and the bad value. */
public final class ScenarioException extends Exception {
    /** @param message what is wrong, starting with the field */
    public ScenarioException(String message) {
        super(message);
    }
}
