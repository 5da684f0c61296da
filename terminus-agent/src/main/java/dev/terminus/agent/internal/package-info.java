/**
 * The implementation of the agent loop. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.agent.internal;

import org.jspecify.annotations.NullMarked;
