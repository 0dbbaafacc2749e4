package io.moe.interfaces.adminapi;

import io.moe.application.overview.ServerLog.Line;
import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonObject;

/** A log line as both log streams send it: {@code {"time","level","text"}}. */
final class LogLines {

    private LogLines() {
    }

    static JsonObject json(Line line) {
        return Jsonp.createObjectBuilder().add("time", line.time()).add("level", line.level().wireName()).add("text", line.text()).build();
    }
}
