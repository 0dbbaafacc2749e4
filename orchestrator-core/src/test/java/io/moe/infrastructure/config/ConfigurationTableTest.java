package io.moe.infrastructure.config;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's configuration table lists every setting, and only settings that exist: every {@code @ConfigProperty}
 * name in the main code of all modules, every {@code moe.*} key of the main {@code microprofile-config.properties}
 * files and every server.xml variable with a default must be in the table's Key column, and every key the table
 * names must be one of them. In the table, {@code `moe.a.b` / `.c`} names {@code moe.a.b} and {@code moe.a.c}, and a
 * key ending in {@code *} names every key under it.
 */
class ConfigurationTableTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern CONFIG_PROPERTY = Pattern.compile("@ConfigProperty\\(\\s*name\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern SERVER_VARIABLE = Pattern.compile("<variable\\s+name=\"([^\"]+)\"\\s+defaultValue=");
    private static final Pattern TABLE_KEY = Pattern.compile("`([^`]+)`");

    @Test
    void everySettingIsInTheReadmeTableAndTheTableNamesNoOtherKey() throws IOException {
        Set<String> settings = settings();
        assertTrue(settings.size() > 80, "the scan found the settings: " + settings);
        List<String> table = table();

        Set<String> missing = new TreeSet<>();
        for (String setting : settings) {
            if (table.stream().noneMatch(key -> names(key, setting))) {
                missing.add(setting);
            }
        }
        Set<String> unknown = new TreeSet<>();
        for (String key : table) {
            if (settings.stream().noneMatch(setting -> names(key, setting))) {
                unknown.add(key);
            }
        }
        assertEquals(Set.of(), missing, "settings missing from the README's configuration table");
        assertEquals(Set.of(), unknown, "keys in the README's configuration table that no code reads");
    }

    private static boolean names(String tableKey, String setting) {
        return tableKey.endsWith("*") ? setting.startsWith(tableKey.substring(0, tableKey.length() - 1))
                : tableKey.equals(setting);
    }

    private static Set<String> settings() throws IOException {
        Set<String> settings = new TreeSet<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(ConfigurationTableTest::mainSource).toList()) {
                String text = Files.readString(file);
                if (file.toString().endsWith(".java")) {
                    collect(CONFIG_PROPERTY.matcher(text), settings);
                } else {
                    Properties properties = new Properties();
                    properties.load(new StringReader(text));
                    properties.stringPropertyNames().stream().filter(k -> k.startsWith("moe.")).forEach(settings::add);
                }
            }
        }
        collect(SERVER_VARIABLE.matcher(Files.readString(ROOT.resolve("liberty/src/main/liberty/config/server.xml"))), settings);
        return settings;
    }

    private static boolean mainSource(Path file) {
        String path = ROOT.relativize(file).toString().replace('\\', '/');
        return !path.contains("/target/") && !path.contains("node_modules")
                && (path.matches("[^/]+/src/main/java/.*\\.java")
                || path.matches("[^/]+/src/main/(resources|webapp)/.*META-INF/microprofile-config\\.properties"));
    }

    private static void collect(Matcher matcher, Set<String> into) {
        while (matcher.find()) {
            into.add(matcher.group(1));
        }
    }

    /** The keys of the Key column of the table under "## Configuration", with the short forms expanded. */
    private static List<String> table() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int start = readme.indexOf("\n## Configuration");
        String section = readme.substring(start, readme.indexOf("\n## ", start + 1));
        List<String> keys = new ArrayList<>();
        for (String line : section.split("\n")) {
            String[] cells = line.split("\\|");
            if (!line.startsWith("| `") || cells.length < 3) {
                continue;
            }
            String first = null;
            Matcher key = TABLE_KEY.matcher(cells[2]);
            while (key.find()) {
                String name = key.group(1);
                if (name.startsWith(".") && first != null) {
                    name = first.substring(0, first.lastIndexOf('.')) + name;
                } else {
                    first = name;
                }
                keys.add(name);
            }
        }
        assertTrue(keys.size() > 60, "the README's configuration table was found: " + keys);
        return keys;
    }
}
