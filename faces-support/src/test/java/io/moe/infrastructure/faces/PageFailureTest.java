package io.moe.infrastructure.faces;

import jakarta.faces.FacesException;
import jakarta.faces.application.ViewExpiredException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.junit.jupiter.api.Test;
import org.neo4j.driver.exceptions.ServiceUnavailableException;
import redis.clients.jedis.exceptions.JedisConnectionException;

import java.io.FileNotFoundException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the failure page says for each kind of failure, and the status it answers with. */
class PageFailureTest {

    @Test
    void aDatabaseThatDoesNotAnswerIsA503ToTryAgainShortly() {
        RuntimeException failure = new IllegalStateException("query failed", new SQLTransientConnectionException("no connection", "08001"));
        assertEquals(PageFailure.Kind.DATABASE, PageFailure.Kind.of(new FacesException(failure), null));
        assertEquals(503, PageFailure.statusOf(failure));
    }

    @Test
    void aCounterStoreThatCannotBeAskedIsA503Too() {
        RuntimeException failure = new FacesException(new JedisConnectionException("Connection refused"));
        assertEquals(PageFailure.Kind.COUNTERS, PageFailure.Kind.of(failure, null));
        assertEquals(503, PageFailure.statusOf(failure));
    }

    @Test
    void aKnowledgeGraphThatDoesNotAnswerAndABreakerThatRefusesAre503sToo() {
        RuntimeException graph = new FacesException(new ServiceUnavailableException("Neo4j is not answering: not asked"));
        assertEquals(PageFailure.Kind.GRAPH, PageFailure.Kind.of(graph, null));
        assertEquals(503, PageFailure.statusOf(graph));
        RuntimeException breaker = new FacesException(new CircuitBreakerOpenException());
        assertEquals(PageFailure.Kind.SERVICE, PageFailure.Kind.of(breaker, null));
        assertEquals(503, PageFailure.statusOf(breaker));
    }

    @Test
    void aValueTheDatabaseRefusesIsA400AndASimultaneousDuplicateA409NotAnIncident() {
        RuntimeException nul = new FacesException(new IllegalStateException("insert failed",
                new SQLException("invalid byte sequence for encoding \"UTF8\": 0x00", "22021")));
        assertEquals(PageFailure.Kind.REFUSED, PageFailure.Kind.of(nul, null));
        assertEquals(400, PageFailure.statusOf(nul));
        RuntimeException duplicate = new FacesException(new SQLException("duplicate key value violates unique constraint", "23505"));
        assertEquals(409, PageFailure.statusOf(duplicate));
    }

    @Test
    void aMissingPageIsA404WhetherFacesOrTheContainerFoundItMissing() {
        assertEquals(404, PageFailure.statusOf(new FacesException(new FileNotFoundException("/board.xhtml"))));
        assertEquals(PageFailure.Kind.NOT_FOUND, PageFailure.Kind.of(null, 404));
    }

    @Test
    void anExpiredPageIsA400AndAnythingElseA500WithAnIncident() {
        assertEquals(400, PageFailure.statusOf(new FacesException(new ViewExpiredException("/users.xhtml"))));
        assertEquals(500, PageFailure.statusOf(new IllegalStateException("a bug")));
        assertEquals(PageFailure.Kind.NONE, PageFailure.Kind.of(null, null));
    }
}
