package io.moe.application.knowledge;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The export's pattern filter: every kind the spec lists is recognised, ordinary knowledge is not. */
class SensitiveTextTest {

    private final SensitiveText filter = new SensitiveText(List.of("Acme Widgets", "Globex"));

    @Test
    void eachKindOfSensitiveTextIsRecognised() {
        Map<String, List<String>> cases = Map.of(
                "password", List.of("Password of the admin", "db_passwd", "Kennwort"),
                "key", List.of("API key of billing", "moe-sk-0123456789abcdef", "sk-abcdefghijklmnop1234", "AKIAABCDEFGHIJKLMNOP",
                        "-----BEGIN RSA PRIVATE KEY", "d41d8cd98f00b204e9800998ecf8427e", "Bearer eyJhbGciOi"),
                "credential", List.of("Credentials store", "access token of the bot"),
                "ip_address", List.of("10.0.0.1", "server at 192.168.178.20", "fe80:0:0:0:202:b3ff:fe1e:8329"),
                "email", List.of("jane.doe@example.com"),
                "infrastructure", List.of("prod_db", "staging-cluster", "internal_api", "db1.corp", "build.internal"),
                "customer", List.of("Customer Initech", "tenant 42", "Acme Widgets", "globex pricing"));
        cases.forEach((kind, texts) -> texts.forEach(text -> assertEquals(Optional.of(kind), filter.kindOf(text), text)));
    }

    @Test
    void ordinaryKnowledgeIsNotSensitive() {
        for (String text : List.of("Aspirin", "TREATS", "Headache", "PART_OF", "production line", "Product management", "Keyboard",
                "Version 2.1.1", "the internal combustion engine", "mkabcdefabcdefabcdefx context", "Globexpress")) {
            assertEquals(Optional.empty(), filter.kindOf(text), text);
        }
    }
}
