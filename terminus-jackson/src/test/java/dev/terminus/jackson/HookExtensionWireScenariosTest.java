package dev.terminus.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.terminus.Category;
import dev.terminus.Termination;
import dev.terminus.agent.Agent;
import dev.terminus.agent.AgentHook;
import dev.terminus.agent.HookDecision;
import dev.terminus.agent.RunContext;
import dev.terminus.agent.RunResult;
import dev.terminus.scripted.ScriptedModel;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A run a hook ended with the application's own case is reported in the wire format like any other. */
class HookExtensionWireScenariosTest {

    /** The application's own case. */
    public record QuotaExceeded(String tenant, int quota) implements Termination.Extension {
        @Override public String tag() { return "QuotaExceeded"; }
        @Override public Category category() { return Category.CAPACITY; }
    }

    @Test
    void theApplicationsCaseAHookEndedARunWithIsWrittenAndReadBackEqual() throws IOException {
        // given
        ObjectMapper mapper = JsonMapper.builder().addModule(TerminusModule.builder()
                .registerExtension("QuotaExceeded", QuotaExceeded.class).build()).build();
        var agent = Agent.builder(ScriptedModel.builder().text("done").build()).hook(new AgentHook() {
            @Override
            public HookDecision beforeIteration(RunContext run, int iteration) {
                return HookDecision.end(new QuotaExceeded("acme", 10));
            }
        }).build();
        RunResult result = agent.run("go");

        // when
        String json = mapper.writeValueAsString(result.termination());
        Termination read = mapper.readValue(json, Termination.class);

        // then
        assertThat(json).isEqualTo("{\"$kind\":\"QuotaExceeded\",\"tenant\":\"acme\",\"quota\":10}");
        assertThat(read).isEqualTo(new QuotaExceeded("acme", 10)).isEqualTo(result.termination());
    }
}
