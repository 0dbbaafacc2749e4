package io.moe.application.architecture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

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
        Map<String, String> sources = ApplicationSources.read();
        List<String> offenders = sources.entrySet().stream()
                .filter(s -> TRANSACTIONAL.matcher(s.getValue()).find() && !ALLOWED.contains(s.getKey())).map(Map.Entry::getKey).toList();
        long withUnitOfWork = sources.values().stream().filter(text -> UNIT_OF_WORK.matcher(text).find()).count();
        assertTrue(withUnitOfWork >= 15, "the scan found the services in a unit of work (" + withUnitOfWork + ")");
        assertEquals(List.of(), offenders, "use @UnitOfWork (io.moe.application.shared) instead of @Transactional");
    }
}
