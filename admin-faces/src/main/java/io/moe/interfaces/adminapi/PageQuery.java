package io.moe.interfaces.adminapi;

import io.moe.domain.shared.Jsonp;
import jakarta.json.JsonArrayBuilder;

/**
 * The {@code offset} and {@code limit} of an admin list that pages ({@code GET /api/users}, the lists of users' own
 * templates and profiles), read as text by {@link QueryNumber} (400 naming the parameter), and the page's answer.
 */
record PageQuery(int offset, int limit) {

    /**
     * The largest offset: far beyond any list here, and small enough that offset and limit added stay an {@code int}
     * (the persistence provider adds them, and an overflow made it read the whole table and fail).
     */
    static final int MAX_OFFSET = 100_000_000;

    /** {@code offset} from 0 to {@link #MAX_OFFSET}, {@code limit} from 1 to {@code maxLimit}. */
    static PageQuery of(String offset, String limit, int maxLimit) {
        return new PageQuery(QueryNumber.of("offset", offset, 0, MAX_OFFSET), QueryNumber.of("limit", limit, 1, maxLimit));
    }

    /** The page: its items under {@code name}, the whole list's {@code total}, and this page's offset and limit. */
    String answer(String name, JsonArrayBuilder items, long total) {
        return Jsonp.createObjectBuilder().add(name, items).add("total", total).add("offset", offset).add("limit", limit)
                .build().toString();
    }
}
