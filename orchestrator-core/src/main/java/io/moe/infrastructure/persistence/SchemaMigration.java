package io.moe.infrastructure.persistence;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.output.MigrateResult;

import javax.sql.DataSource;
import java.util.logging.Logger;

/**
 * Brings the database schema to the newest version with Flyway. Safe to call from every module and
 * every server instance: Flyway serialises concurrent migrations with a database lock.
 */
@ApplicationScoped
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());

    @Resource(lookup = "jdbc/moe")
    private DataSource dataSource;

    private volatile boolean migrated;

    public synchronized void migrate() {
        if (migrated) {
            return;
        }
        migrate(dataSource);
        migrated = true;
    }

    /** Migrates the database behind {@code dataSource}; returns the schema version reached. */
    public static String migrate(DataSource dataSource) {
        Flyway flyway = Flyway.configure(SchemaMigration.class.getClassLoader())
                .dataSource(dataSource)
                // Liberty's class loader finds a classpath folder only through a marker file named
                // flyway.location, so db/migration and Flyway's default db/callback each carry one.
                .locations("classpath:db/migration")
                .load();
        MigrateResult result = flyway.migrate();
        MigrationVersion current = flyway.info().current().getVersion();
        LOG.info(() -> "Database schema at version " + current + " (" + result.migrationsExecuted
                + " migrations applied now)");
        return current.getVersion();
    }
}
