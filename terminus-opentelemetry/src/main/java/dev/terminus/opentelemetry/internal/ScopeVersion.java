package dev.terminus.opentelemetry.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/** The instrumentation scope's version: this module's, from {@code version.properties} (filtered by the build). */
final class ScopeVersion {
    /** The version, or null when the resource is missing or was not filtered. */
    static final @Nullable String VERSION = read();

    private ScopeVersion() {}

    private static @Nullable String read() {
        try (InputStream in = ScopeVersion.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return null;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version");
            return version == null || version.isBlank() || version.startsWith("${") ? null : version;
        } catch (IOException e) {
            return null;
        }
    }
}
