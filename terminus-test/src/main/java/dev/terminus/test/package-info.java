/**
 * The test kit: models that follow a script or a function, and AssertJ assertions for terminations and run
 * results. For Terminus's own tests and for users' tests of their agents.
 */
@NullMarked
package dev.terminus.test;

import org.jspecify.annotations.NullMarked;
