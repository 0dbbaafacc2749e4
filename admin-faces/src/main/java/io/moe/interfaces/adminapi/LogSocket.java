package io.moe.interfaces.adminapi;

import io.moe.application.identity.IdentityException;
import io.moe.application.overview.ServerLog.Level;
import io.moe.application.overview.ServerLog.Line;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;
import jakarta.websocket.CloseReason;
import jakarta.websocket.Endpoint;
import jakarta.websocket.EndpointConfig;
import jakarta.websocket.Session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Future;

/**
 * One admin's WebSocket of the live log ({@link LogSocketUpgrade} decided everything before the upgrade). The lines of
 * one poll go as one message; while the client has not taken the last one, new lines wait in the log (the next poll
 * reads on from where the last message ended), so a slow client never piles up memory or blocks the scheduler. Nothing
 * the client sends is read.
 */
final class LogSocket extends Endpoint {

    private final LogStreams streams;
    private final Level filter;
    private final Long from;

    LogSocket(LogStreams streams, Level filter, Long from) {
        this.streams = streams;
        this.filter = filter;
        this.from = from;
    }

    @Override
    public void onOpen(Session session, EndpointConfig config) {
        try {
            streams.open(new Out(session), filter, from);
        } catch (IdentityException tooMany) { // another stream took the last place since the upgrade was allowed
            close(session, new CloseReason(CloseReason.CloseCodes.TRY_AGAIN_LATER, "too many log streams on this node"));
        }
    }

    private static void close(Session session, CloseReason reason) {
        try {
            session.close(reason);
        } catch (IOException | RuntimeException alreadyGone) {
            // the client went away first
        }
    }

    /** A stream's lines as WebSocket messages. */
    private static final class Out implements LogStreams.Out {
        private final Session session;
        private Future<Void> sending;

        Out(Session session) {
            this.session = session;
        }

        @Override
        public boolean closed() {
            return !session.isOpen();
        }

        @Override
        public boolean ready() {
            return sending == null || sending.isDone();
        }

        @Override
        public void send(List<Line> lines, long next) {
            JsonArrayBuilder list = Jsonp.createArrayBuilder();
            lines.forEach(line -> list.add(LogLines.json(line)));
            sending = session.getAsyncRemote().sendText(Jsonp.createObjectBuilder().add("next", next).add("lines", list).build().toString());
        }

        @Override
        public void keepAlive() {
            try {
                session.getAsyncRemote().sendPing(ByteBuffer.allocate(0));
            } catch (IOException e) {
                throw new IllegalStateException("the client went away", e);
            }
        }

        @Override
        public void close() {
            LogSocket.close(session, new CloseReason(CloseReason.CloseCodes.NORMAL_CLOSURE, "the stream ends; reconnect with from=<next>"));
        }
    }
}
