package dev.terminus.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

/** Every bad setting is refused in one line naming it; the embedded default needs nothing but a file. */
class JdbcStoresSettingsTest {

    @TempDir
    Path dir;

    @Test
    void theEmbeddedDefaultCreatesItsFileAndTablesOnFirstUse() {
        // when
        JdbcStores stores = JdbcStores.embedded(dir.resolve("terminus"));
        stores.decisions().decide(dev.terminus.agent.GateDecision.approve("gate-1"), "alice");

        // then
        assertThat(dir.resolve("terminus.mv.db")).isRegularFile();
        assertThat(JdbcStores.embedded(dir.resolve("terminus")).decisions().decisionOf("gate-1")).isPresent();
        assertThat(stores.name()).isEqualTo("h2:" + dir.resolve("terminus").toAbsolutePath());
    }

    @Test
    void anEmbeddedFileThatCannotNameADatabaseIsRefusedNamingIt() {
        assertThatThrownBy(() -> JdbcStores.embedded(dir.resolve("a;INIT=RUNSCRIPT FROM 'x'")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("file \"" + dir.resolve("a;INIT=RUNSCRIPT FROM 'x'") + "\" cannot name an"
                        + " embedded database");
    }

    @Test
    void anEmbeddedFileInADirectoryThatCannotBeCreatedIsRefusedInOneLine() throws Exception {
        // given
        Path file = dir.resolve("plain-file");
        Files.writeString(file, "not a directory");

        // when / then
        assertThatThrownBy(() -> JdbcStores.embedded(file.resolve("terminus")))
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store h2:" + file.resolve("terminus").toAbsolutePath() + ": cannot connect: ")
                .message().doesNotContain("\n");
    }

    @Test
    void aMissingDataSourceIsRefusedNamingIt() {
        assertThatThrownBy(() -> JdbcStores.custom().build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("dataSource is required");
    }

    @Test
    void aSchemaThatIsNoPlainIdentifierIsRefusedNamingIt() {
        assertThatThrownBy(() -> JdbcStores.custom().schema("terminus; DROP TABLE orders"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("schema \"terminus; DROP TABLE orders\" is not a plain SQL identifier");
    }

    @Test
    void aServerThatRefusesTheCredentialsIsRefusedInOneLineNamingTheStoreWithoutTheirSecret() {
        // given: a URL with a password, at a port where no server listens
        PGSimpleDataSource source = new PGSimpleDataSource();
        source.setUrl("jdbc:postgresql://127.0.0.1:1/test?password=s3cret");
        source.setUser("nobody");
        source.setConnectTimeout(2);

        // when / then
        assertThatThrownBy(() -> JdbcStores.custom().dataSource(source).build())
                .isInstanceOf(JdbcStoreException.class)
                .hasMessageStartingWith("store PGSimpleDataSource: cannot connect: ")
                .message().doesNotContain("\n").doesNotContain("s3cret");
    }
}
