package io.moe.interfaces.adminapi;

import jakarta.ws.rs.HttpMethod;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every route of the admin JSON API declares who may call it: the resource method or its class carries
 * {@link AdminOnly} or {@link SelfOrAdmin}. A new route without a declaration fails this test, so an
 * open route cannot slip in by forgetting a check.
 */
class AccessDeclarationsTest {

    private static final Set<Class<? extends Annotation>> DECLARATIONS = Set.of(AdminOnly.class, SelfOrAdmin.class);

    @Test
    void everyResourceMethodOfTheAdminApiDeclaresItsAccess() throws IOException, ClassNotFoundException {
        List<String> undeclared = new ArrayList<>();
        List<String> ambiguous = new ArrayList<>();
        int routes = 0;
        for (Class<?> resource : resourceClasses()) {
            for (Method method : resource.getMethods()) {
                if (!isRoute(method)) {
                    continue;
                }
                routes++;
                long onMethod = declarations(method);
                long onClass = declarations(resource);
                if (onMethod + onClass == 0) {
                    undeclared.add(resource.getSimpleName() + "." + method.getName());
                } else if (onMethod + onClass > 1) {
                    ambiguous.add(resource.getSimpleName() + "." + method.getName());
                }
            }
        }
        assertTrue(routes >= 13, "the scan found the admin API's routes (" + routes + ")");
        assertEquals(List.of(), undeclared, "annotate these routes with @AdminOnly or @SelfOrAdmin");
        assertEquals(List.of(), ambiguous, "a route carries exactly one access declaration (both filters would apply)");
    }

    /** The classes of this package with a JAX-RS {@code @Path}, read from the compiled classes. */
    private static List<Class<?>> resourceClasses() throws IOException, ClassNotFoundException {
        Path dir = Path.of("target", "classes", "io", "moe", "interfaces", "adminapi");
        List<Class<?>> resources = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = "io.moe.interfaces.adminapi." + file.getFileName().toString().replace(".class", "");
                Class<?> type = Class.forName(name, false, AccessDeclarationsTest.class.getClassLoader());
                if (type.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
                    resources.add(type);
                }
            }
        }
        assertTrue(resources.size() >= 2, "the scan found the resource classes: " + resources);
        return resources;
    }

    private static boolean isRoute(Method method) {
        return method.isAnnotationPresent(jakarta.ws.rs.Path.class) || Stream.of(method.getAnnotations())
                .anyMatch(a -> a.annotationType().isAnnotationPresent(HttpMethod.class));
    }

    private static long declarations(AnnotatedElement element) {
        return DECLARATIONS.stream().filter(element::isAnnotationPresent).count();
    }
}
