package io.moe.devservices;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which PostgreSQL archive the launcher unpacks, and that both it may choose are on its classpath. */
class PostgresBinariesTest {

    @Test
    void linuxOnX8664OrArm64GetsItsArchiveAndBothAreBundled() throws IOException {
        assertEquals("/postgres-linux-x86_64.txz", PostgresBinaries.archiveFor("Linux", "amd64"));
        assertEquals("/postgres-linux-arm_64.txz", PostgresBinaries.archiveFor("Linux", "aarch64"));
        for (String archive : new String[]{PostgresBinaries.archiveFor("Linux", "amd64"), PostgresBinaries.archiveFor("Linux", "aarch64")}) {
            assertNotNull(PostgresBinaries.class.getResource(archive), archive + " is on the classpath");
        }
    }

    @Test
    void anyOtherPlatformIsToldToBringItsOwnPostgres() {
        for (String[] platform : new String[][]{{"Mac OS X", "aarch64"}, {"Windows 11", "amd64"}, {"Linux", "s390x"}}) {
            IOException e = assertThrows(IOException.class, () -> PostgresBinaries.archiveFor(platform[0], platform[1]));
            assertTrue(e.getMessage().contains("MOE_DB_URL") && e.getMessage().contains(platform[1]), e.getMessage());
        }
    }
}
