package dev.terminus.eval.internal;

import dev.terminus.eval.Task;

/**
 * One task run: a task and a repeat.
 *
 * @param index its place in the benchmark's order (task by task, repeat by repeat)
 * @param task the task
 * @param repeat which repeat, from 0
 */
record Job(int index, Task task, int repeat) {
    /** @return how the job is named in messages */
    String describe() {
        return "task \"" + task.id() + "\" (repeat " + repeat + ")";
    }
}
