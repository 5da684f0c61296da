package dev.terminus.examples.springboot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Boot application that runs an agent per request: {@code POST /runs} with {@code {"task": "..."}} answers
 * the run's result as JSON, its termination in the wire format. The model is an OpenAI-compatible one set by
 * {@code spring.ai.openai.base-url}, {@code spring.ai.openai.api-key} and {@code spring.ai.openai.chat.options.model};
 * the agent's limits come from {@code terminus.agent.*}, its paused runs wait in {@code terminus.checkpoints.dir}, and
 * {@code /actuator/terminus} lists and answers them.
 */
@SpringBootApplication
public class AgentApplication {

    /**
     * Starts the application.
     *
     * @param args Spring Boot's arguments, such as {@code --spring.ai.openai.api-key=...}
     */
    public static void main(String[] args) {
        SpringApplication.run(AgentApplication.class, args);
    }
}
