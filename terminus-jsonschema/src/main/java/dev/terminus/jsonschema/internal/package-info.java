/**
 * The machinery behind {@link dev.terminus.jsonschema.JsonSchemaOutput}: parsing answers, compiling schemas, JSON
 * paths. Not an API: anything here may change in any release.
 */
@NullMarked
package dev.terminus.jsonschema.internal;

import org.jspecify.annotations.NullMarked;
