/** The starter's implementation: not an API. */
@NullMarked
package dev.terminus.springboot.internal;

import org.jspecify.annotations.NullMarked;
