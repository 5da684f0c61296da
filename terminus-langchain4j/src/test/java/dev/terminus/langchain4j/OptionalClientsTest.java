package dev.terminus.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The provider clients are optional dependencies: on a class path without {@code langchain4j-open-ai} (a separate
 * JVM, started with this test's class path less that artifact), wrapping a {@code ChatModel} of one's own works and
 * {@code LangChain4jModels.openAi} says which artifact to add.
 */
class OptionalClientsTest {

    /** Run in the child JVM: prints what each call gave, one line each. */
    public static void main(String[] args) {
        dev.langchain4j.model.chat.ChatModel own = new dev.langchain4j.model.chat.ChatModel() {
            @Override
            public dev.langchain4j.model.chat.response.ChatResponse doChat(
                    dev.langchain4j.model.chat.request.ChatRequest request) {
                throw new UnsupportedOperationException();
            }
        };
        System.out.println("own: " + LangChain4jModel.of(own, "in-house-1", "in-house"));
        try {
            LangChain4jModels.openAi("gpt-4o-mini", "sk-test");
            System.out.println("openAi: built");
        } catch (RuntimeException e) {
            System.out.println("openAi: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    @Test
    @Timeout(60)
    void withoutTheOpenAiClientOnTheClassPathOwnModelsWorkAndOpenAiNamesTheArtifactToAdd() throws Exception {
        // given: this test's class path without langchain4j-open-ai
        List<String> entries = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        String withoutOpenAi = entries.stream().filter(entry -> !entry.contains("langchain4j-open-ai"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(entries).anyMatch(entry -> entry.contains("langchain4j-open-ai"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        // when
        Process child = new ProcessBuilder(java, "-cp", withoutOpenAi, OptionalClientsTest.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

        // then
        assertThat(output).contains("own: LangChain4jModel[provider=in-house, model=in-house-1]")
                .contains("openAi: IllegalStateException: LangChain4jModels.openAi needs "
                        + "dev.langchain4j:langchain4j-open-ai on the class path (an optional dependency of "
                        + "terminus-langchain4j): add it to your build");
        assertThat(child.exitValue()).isZero();
    }
}
