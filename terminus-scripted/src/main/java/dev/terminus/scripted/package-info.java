/**
 * Models that follow a script or a function instead of calling a provider: for demos, scenario files, evaluation
 * suites and tests. Depends on the agent loop only, so production code (the command line runs scripted scenarios)
 * pulls in no test library; the AssertJ assertions are in {@code terminus-test}.
 *
 * <p>Where to start: {@link dev.terminus.scripted.ScriptedModel#builder()} (a script of answers, tool calls and
 * failures) or {@link dev.terminus.scripted.FunctionModel#of} (an answer computed from each request).
 */
@NullMarked
package dev.terminus.scripted;

import org.jspecify.annotations.NullMarked;
