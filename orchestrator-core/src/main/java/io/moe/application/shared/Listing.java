package io.moe.application.shared;

import java.util.List;

/** One page of a list that is read in pages: its items, and how many the whole list holds. */
public record Listing<T>(List<T> items, long total) {

    public Listing {
        items = List.copyOf(items);
    }
}
