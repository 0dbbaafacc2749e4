package io.moe.application.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Services run in a {@code @UnitOfWork}, not under {@code @Transactional}: Liberty files an FFDC incident for every
 * runtime exception that leaves a {@code @Transactional} method, refusals included. {@code @Transactional} is kept only
 * where nothing refuses and a transaction of another kind is needed (a new one, or none).
 */
class RefusingServicesUseAUnitOfWorkTest {

    private static final Set<String> ALLOWED = Set.of("overview/ServiceOverview.java", "spend/UsageWriter.java");
    private static final Pattern TRANSACTIONAL = Pattern.compile("(?m)^\\s*@Transactional\\b");
    private static final Pattern UNIT_OF_WORK = Pattern.compile("(?m)^\\s*@UnitOfWork\\b");

    @Test
    void onlyTheTwoNonRefusingServicesUseTransactional() throws IOException {
        Path application = Path.of("src", "main", "java", "io", "moe", "application");
        List<String> offenders = new ArrayList<>();
        int withUnitOfWork = 0;
        try (Stream<Path> files = Files.walk(application)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                String name = application.relativize(file).toString().replace('\\', '/');
                if (TRANSACTIONAL.matcher(text).find() && !ALLOWED.contains(name)) {
                    offenders.add(name);
                }
                if (UNIT_OF_WORK.matcher(text).find()) {
                    withUnitOfWork++;
                }
            }
        }
        assertTrue(withUnitOfWork >= 15, "the scan found the services in a unit of work (" + withUnitOfWork + ")");
        assertEquals(List.of(), offenders, "use @UnitOfWork (io.moe.application.shared) instead of @Transactional");
    }
}
