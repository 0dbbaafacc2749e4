package io.moe.interfaces.openai;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every route of the orchestrator port declares its access: {@link KeyRequired} (on the method or its
 * class), and {@link AdminOnly} as well under {@code /v1/admin}; only the routes open by design (DESIGN §5:
 * the model list, and one model of it) carry neither. Health and metrics are the server's own endpoints, not resources here.
 */
class AccessDeclarationsTest {

    private static final Set<String> OPEN_BY_DESIGN = Set.of("ModelsResource.list", "ModelsResource.one");

    @Test
    void everyRouteNeedsAKeyAndAdminRoutesAnAdmin() throws IOException, ClassNotFoundException {
        List<String> undeclared = new ArrayList<>();
        Set<String> open = new java.util.TreeSet<>();
        int routes = 0;
        for (Class<?> resource : resourceClasses()) {
            boolean adminPath = resource.getAnnotation(Path.class).value().startsWith("/v1/admin");
            for (Method method : resource.getMethods()) {
                if (!isRoute(method)) {
                    continue;
                }
                routes++;
                String name = resource.getSimpleName() + "." + method.getName();
                boolean key = method.isAnnotationPresent(KeyRequired.class) || resource.isAnnotationPresent(KeyRequired.class);
                boolean admin = method.isAnnotationPresent(AdminOnly.class) || resource.isAnnotationPresent(AdminOnly.class);
                if (!key) {
                    open.add(name);
                } else if (adminPath && !admin) {
                    undeclared.add(name + " (under /v1/admin without @AdminOnly)");
                }
            }
        }
        assertTrue(routes >= 6, "the scan found the routes (" + routes + ")");
        assertEquals(List.of(), undeclared);
        assertEquals(OPEN_BY_DESIGN, open, "only the routes open by design need no key; annotate the others with @KeyRequired");
    }

    private static List<Class<?>> resourceClasses() throws IOException, ClassNotFoundException {
        java.nio.file.Path dir = java.nio.file.Path.of("target", "classes", "io", "moe", "interfaces", "openai");
        List<Class<?>> resources = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.list(dir)) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = "io.moe.interfaces.openai." + file.getFileName().toString().replace(".class", "");
                Class<?> type = Class.forName(name, false, AccessDeclarationsTest.class.getClassLoader());
                if (type.isAnnotationPresent(Path.class)) {
                    resources.add(type);
                }
            }
        }
        return resources;
    }

    private static boolean isRoute(Method method) {
        return method.isAnnotationPresent(Path.class) || Stream.of(method.getAnnotations())
                .anyMatch(a -> a.annotationType().isAnnotationPresent(HttpMethod.class));
    }
}
