package io.moe.application.identity;

import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.ApiKeySecret;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
import io.moe.domain.shared.Refusal;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Creates the first admin and one API key for it when the database has no admin yet, so that a fresh
 * installation can be used at once. Secrets the operator did not supply are generated and written once
 * to an owner-only file ({@code moe.bootstrap.credentials-file}, by default in the data directory
 * {@code moe.data.dir}, never in the server's working directory); they are never logged.
 */
@ApplicationScoped
public class FirstAdminBootstrap {

    private static final Logger LOG = Logger.getLogger(FirstAdminBootstrap.class.getName());

    @Inject
    UserRepository accounts;

    @Inject
    TokenBudgetRepository budgets;

    @Inject
    ApiKeyRepository keys;

    @Inject
    PasswordHasher passwords;

    @Inject
    @ConfigProperty(name = "moe.admin.username", defaultValue = "admin")
    String username;

    @Inject
    @ConfigProperty(name = "moe.admin.email", defaultValue = "admin@localhost")
    String email;

    @Inject
    @ConfigProperty(name = "moe.admin.password")
    Optional<String> configuredPassword;

    @Inject
    @ConfigProperty(name = "moe.admin.api-key")
    Optional<String> configuredKey;

    @Inject
    @ConfigProperty(name = "moe.bootstrap.credentials-file")
    String credentialsFile;

    /** Creates the first admin if there is none; returns whether it did. */
    @UnitOfWork
    public boolean ensureFirstAdmin() {
        if (accounts.countActiveAdmins() > 0) {
            return false;
        }
        String password = configuredPassword.filter(p -> !p.isBlank()).orElseGet(FirstAdminBootstrap::randomPassword);
        check("MOE_ADMIN_USERNAME (moe.admin.username)", () -> AccountRules.requireUsername(username));
        check("MOE_ADMIN_EMAIL (moe.admin.email)", () -> AccountRules.requireEmail(email));
        check("MOE_ADMIN_PASSWORD (moe.admin.password)", () -> AccountRules.requirePassword(password));
        ApiKeySecret key = configuredKey.filter(k -> !k.isBlank())
                .map(k -> checked("MOE_ADMIN_API_KEY (moe.admin.api-key)", () -> new ApiKeySecret(k)))
                .orElseGet(ApiKeySecret::generate);
        UserAccount admin = new UserAccount(username, email, "Administrator", passwords.hash(password), true);
        accounts.add(admin); // written at once: the budget and key reference the user by id only
        budgets.add(TokenBudget.unlimited(admin.id()));
        keys.add(new ApiKey(admin.id(), key, "first admin key", null)); // written before the credentials file
        Path file = writeCredentials(password, key);
        LOG.info(() -> "Created the first admin '" + username + "' with API key " + key
                + "; its credentials are in " + file + " (read them, then delete the file)");
        return true;
    }

    /**
     * {@code rule} applied to the setting {@code setting}; a setting that breaks it stops the bootstrap before anything is
     * written, with a message that names the setting (readiness reports it until the operator corrects it).
     */
    private static <T> T checked(String setting, Supplier<T> rule) {
        try {
            return rule.get();
        } catch (IllegalArgumentException | Refusal e) {
            throw new IllegalStateException(setting + " cannot be used for the first admin: " + e.getMessage(), e);
        }
    }

    private static void check(String setting, Runnable rule) {
        checked(setting, () -> {
            rule.run();
            return null;
        });
    }

    private Path writeCredentials(String password, ApiKeySecret key) {
        Path file = Path.of(credentialsFile).toAbsolutePath();
        String text = "admin_username=" + username + "\n"
                + "admin_password=" + (configuredPassword.filter(p -> !p.isBlank()).isPresent() ? "(as set in MOE_ADMIN_PASSWORD)" : password) + "\n"
                + "api_key=" + (configuredKey.filter(k -> !k.isBlank()).isPresent() ? "(as set in MOE_ADMIN_API_KEY)" : key.raw()) + "\n";
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, text, StandardOpenOption.TRUNCATE_EXISTING);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the first admin's credentials to " + file, e);
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
