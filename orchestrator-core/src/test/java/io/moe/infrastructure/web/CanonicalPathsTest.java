package io.moe.infrastructure.web;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CanonicalPathsTest {

    @ParameterizedTest
    @ValueSource(strings = {"/", "/users.xhtml", "/api/users/3", "/jakarta.faces.resource/theme.css.xhtml", "/user/keys"})
    void plainPathsPass(String path) {
        assertTrue(CanonicalPaths.isCanonical(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/../users.xhtml", "/api;jsessionid=x/../users.xhtml", "/users.xhtml;x", "//users.xhtml",
            "/./users.xhtml", "/api/%2e%2e/users.xhtml", "/api/%2E%2E/users.xhtml", "/api%2fusers", "/api\\..\\users.xhtml",
            "/api/..", "/api/."})
    void craftedPathsAreRefused(String path) {
        assertFalse(CanonicalPaths.isCanonical(path), path);
    }
}
