package io.moe.infrastructure.config;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MicroProfile Config treats an empty {@code defaultValue} as no value, so a plain {@code String} property
 * with {@code defaultValue = ""} stops the whole application from starting whenever the property is not
 * set — on the run command's defaults, not in the tests, which set everything. Such properties must be
 * {@code Optional<String>}, or have their default in the core's {@code META-INF/microprofile-config.properties}.
 */
class ConfigDefaultsTest {

    @Test
    void noPropertyUsesAnEmptyDefaultThatWouldFailInjection() throws IOException {
        Path classes = Path.of("target", "classes");
        List<String> offenders = new ArrayList<>();
        int checked = 0;
        Properties defaults = new Properties();
        try (Reader in = Files.newBufferedReader(classes.resolve("META-INF/microprofile-config.properties"))) {
            defaults.load(in);
        }
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type;
                try {
                    type = Class.forName(name, false, getClass().getClassLoader());
                } catch (ClassNotFoundException | LinkageError notLoadableHere) {
                    continue;
                }
                Field[] fields;
                try {
                    fields = type.getDeclaredFields();
                } catch (LinkageError notLoadableHere) {
                    continue;
                }
                for (Field field : fields) {
                    ConfigProperty property = field.getAnnotation(ConfigProperty.class);
                    if (property == null) {
                        continue;
                    }
                    checked++;
                    if (property.defaultValue().isEmpty() && field.getType() != Optional.class
                            && defaults.getProperty(property.name(), "").isEmpty()) {
                        offenders.add(name + "." + field.getName() + " (" + property.name() + ")");
                    }
                }
            }
        }
        assertTrue(checked > 20, "the scan found the configuration properties (" + checked + ")");
        assertEquals(List.of(), offenders, "make these Optional<String>");
    }
}
