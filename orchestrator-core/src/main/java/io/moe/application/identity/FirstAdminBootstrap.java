package io.moe.application.identity;

import io.moe.application.shared.UnitOfWork;
import io.moe.domain.identity.ApiKey;
import io.moe.domain.identity.ApiKeyRepository;
import io.moe.domain.identity.ApiKeySecret;
import io.moe.domain.identity.TokenBudget;
import io.moe.domain.identity.TokenBudgetRepository;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserRepository;
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
        ApiKeySecret key = configuredKey.filter(k -> !k.isBlank()).map(ApiKeySecret::new).orElseGet(ApiKeySecret::generate);
        UserAccount admin = new UserAccount(username, email, "Administrator", passwords.hash(password), true);
        accounts.add(admin); // written at once: the budget and key reference the user by id only
        budgets.add(TokenBudget.unlimited(admin.id()));
        keys.add(new ApiKey(admin.id(), key, "first admin key", null)); // written before the credentials file
        Path file = writeCredentials(password, key);
        LOG.info(() -> "Created the first admin '" + username + "' with API key " + key
                + "; its credentials are in " + file + " (read them, then delete the file)");
        return true;
    }

    private Path writeCredentials(String password, ApiKeySecret key) {
        Path file = Path.of(credentialsFile).toAbsolutePath();
        String text = "admin_username=" + username + "\n"
                + "admin_password=" + (configuredPassword.isPresent() ? "(as set in MOE_ADMIN_PASSWORD)" : password) + "\n"
                + "api_key=" + (configuredKey.isPresent() ? "(as set in MOE_ADMIN_API_KEY)" : key.raw()) + "\n";
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
