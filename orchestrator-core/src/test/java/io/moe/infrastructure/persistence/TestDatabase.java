package io.moe.infrastructure.persistence;

import io.moe.devservices.TestStores;
import org.postgresql.ds.PGSimpleDataSource;

/** The PostgreSQL of the shared test stores with the product's schema, for adapter tests in any package. */
public final class TestDatabase {

    private static PGSimpleDataSource db;

    private TestDatabase() {
    }

    /** The data source, migrated on first use. */
    public static synchronized PGSimpleDataSource migrated() {
        if (db == null) {
            TestStores stores = TestStores.shared();
            PGSimpleDataSource source = new PGSimpleDataSource();
            source.setUrl(stores.jdbcUrl());
            source.setUser(stores.dbUser());
            source.setPassword(stores.dbPassword());
            SchemaMigration.migrate(source);
            db = source;
        }
        return db;
    }
}
