/** A Spring Boot application serving agent runs over HTTP, with the Terminus starter and Spring AI's OpenAI model. */
@NullMarked
package dev.terminus.examples.springboot;

import org.jspecify.annotations.NullMarked;
