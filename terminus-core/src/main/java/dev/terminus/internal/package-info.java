/**
 * Implementation details of the core module. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.internal;

import org.jspecify.annotations.NullMarked;
