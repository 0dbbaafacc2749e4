package io.moe.application.identity;

import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.TokenBudgetRepository;
import io.moe.domain.identity.UserRepository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The first admin's settings obey the rules every account obeys, and a setting that breaks one is named before anything is written. */
class FirstAdminBootstrapTest {

    private static final String KEY = "moe-sk-" + "0123456789abcdef".repeat(3);

    @TempDir
    Path data;

    private final List<String> written = new ArrayList<>();
    private FirstAdminBootstrap bootstrap;

    @BeforeEach
    void noAdminYet() {
        bootstrap = new FirstAdminBootstrap();
        bootstrap.accounts = recording(UserRepository.class, "user");
        bootstrap.budgets = recording(TokenBudgetRepository.class, "budget");
        bootstrap.keys = recording(ApiKeyRepository.class, "key");
        bootstrap.passwords = new PasswordHasher() {
            @Override
            public String hash(String password) {
                return "hashed";
            }
        };
        bootstrap.username = "admin";
        bootstrap.email = "admin@localhost";
        bootstrap.configuredPassword = Optional.empty();
        bootstrap.configuredKey = Optional.empty();
        bootstrap.credentialsFile = data.resolve("first-admin-credentials.txt").toString();
    }

    @Test
    void aConfiguredPasswordShorterThanAnyUsersMayHaveIsRefusedByItsSettingsName() {
        bootstrap.configuredPassword = Optional.of("short");

        IllegalStateException refused = assertThrows(IllegalStateException.class, bootstrap::ensureFirstAdmin);

        assertTrue(refused.getMessage().startsWith("MOE_ADMIN_PASSWORD (moe.admin.password) cannot be used"), refused.getMessage());
        assertTrue(refused.getMessage().contains("10 to 1024 characters"), refused.getMessage());
        assertNothingWritten();
    }

    @Test
    void aMalformedConfiguredKeyIsRefusedByItsSettingsName() {
        bootstrap.configuredKey = Optional.of("moe-sk-tooshort");

        IllegalStateException refused = assertThrows(IllegalStateException.class, bootstrap::ensureFirstAdmin);

        assertTrue(refused.getMessage().startsWith("MOE_ADMIN_API_KEY (moe.admin.api-key) cannot be used"), refused.getMessage());
        assertTrue(refused.getMessage().contains("48 lower-case hex characters"), refused.getMessage());
        assertNothingWritten();
    }

    @Test
    void aUsernameTheAdminPagesWouldRefuseIsRefusedByItsSettingsName() {
        bootstrap.username = "the admin";

        IllegalStateException refused = assertThrows(IllegalStateException.class, bootstrap::ensureFirstAdmin);

        assertTrue(refused.getMessage().startsWith("MOE_ADMIN_USERNAME (moe.admin.username) cannot be used"), refused.getMessage());
        assertNothingWritten();
    }

    @Test
    void anEmailTheAdminPagesWouldRefuseIsRefusedByItsSettingsName() {
        bootstrap.email = "admin@";

        IllegalStateException refused = assertThrows(IllegalStateException.class, bootstrap::ensureFirstAdmin);

        assertTrue(refused.getMessage().startsWith("MOE_ADMIN_EMAIL (moe.admin.email) cannot be used"), refused.getMessage());
        assertNothingWritten();
    }

    @Test
    void usableSettingsMakeTheAdminItsBudgetAndKeyAndAFileThatKeepsTheConfiguredSecretsOut() throws Exception {
        bootstrap.configuredPassword = Optional.of("a-long-password-1");
        bootstrap.configuredKey = Optional.of(KEY);

        assertTrue(bootstrap.ensureFirstAdmin());

        assertEquals(List.of("user", "budget", "key"), written);
        String credentials = Files.readString(data.resolve("first-admin-credentials.txt"));
        assertTrue(credentials.contains("admin_password=(as set in MOE_ADMIN_PASSWORD)"), credentials);
        assertTrue(credentials.contains("api_key=(as set in MOE_ADMIN_API_KEY)"), credentials);
        assertFalse(credentials.contains(KEY));
    }

    @Test
    void blankSettingsAreLeftOutAndTheGeneratedSecretsAreInTheFile() throws Exception {
        bootstrap.configuredPassword = Optional.of("          ");
        bootstrap.configuredKey = Optional.of("   ");

        assertTrue(bootstrap.ensureFirstAdmin());

        String credentials = Files.readString(data.resolve("first-admin-credentials.txt"));
        assertFalse(credentials.contains("(as set in"), "else the operator could never learn the generated ones: " + credentials);
        assertTrue(credentials.matches("(?s).*admin_password=\\S{10,}\n.*"), credentials);
        assertTrue(credentials.matches("(?s).*api_key=moe-sk-\\S+\n.*"), credentials);
    }

    private void assertNothingWritten() {
        assertEquals(List.of(), written, "no account, budget or key");
        assertFalse(Files.exists(data.resolve("first-admin-credentials.txt")), "no credentials file");
    }

    /** A repository that has no admin, and notes each row added to it as {@code what}. */
    private <T> T recording(Class<T> port, String what) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[]{port}, (proxy, method, args) -> switch (method.getName()) {
            case "countActiveAdmins" -> 0L;
            case "add" -> {
                written.add(what);
                yield null;
            }
            default -> throw new UnsupportedOperationException(method.getName());
        }));
    }
}
