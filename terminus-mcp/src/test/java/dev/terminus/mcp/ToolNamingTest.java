package dev.terminus.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ToolNamingTest {

    @Test
    void prefixedNamesAreTheServersNameTwoUnderscoresAndTheToolsName() {
        // when / then
        assertThat(ToolNaming.PREFIXED.name("files", "read-file")).isEqualTo("files__read-file");
    }

    @Test
    void plainNamesAreTheToolsOwn() {
        // when / then
        assertThat(ToolNaming.PLAIN.name("files", "read-file")).isEqualTo("read-file");
    }

    @Test
    void charactersATerminusToolNameCannotHaveBecomeUnderscores() {
        // when / then
        assertThat(ToolNaming.PLAIN.name("files", "fs.read/file")).isEqualTo("fs_read_file");
    }
}
