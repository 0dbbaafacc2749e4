package io.moe.interfaces.portal;

import io.moe.application.identity.OwnKeys;
import io.moe.application.identity.OwnUsage;
import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.shared.Refusal;
import io.moe.infrastructure.faces.Charts;
import io.moe.infrastructure.faces.KeyNames;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.RoutingWords;
import io.moe.infrastructure.faces.ViewState;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /user/usage}: the user's requests between two UTC days (the last 30 by default),
 * optionally of one model, with charts of tokens and requests per day and of tokens by model, and the list of
 * requests with the key each was made with (each answered one opens in the answer inspector).
 */
@Named("portalUsage")
@RequestScoped
public class UsagePage {

    static final int DEFAULT_DAYS = 30;
    private static final Map<String, String> FIELDS = Map.of("from", "filters:from", "to", "filters:to");

    @Inject
    PortalUser user;

    @Inject
    OwnUsage usage;

    @Inject
    OwnKeys keys;

    /** The filters, kept while the page is shown. */
    static final class Filters implements Serializable {
        private static final long serialVersionUID = 1L;
        LocalDate from;
        LocalDate to;
        String model;
    }

    private List<UsageEntry> rows;
    private List<UsageRanking> models;
    private KeyNames keyNames;

    private Filters filters() {
        Filters f = ViewState.of(Filters.class, Filters::new);
        if (f.to == null) {
            f.to = usage.today();
        }
        if (f.from == null) {
            f.from = f.to.minusDays(DEFAULT_DAYS - 1);
        }
        return f;
    }

    /** Applies the filters (the form's button); a refused window is shown beside its field. */
    public void apply() {
        models = null;
        Filters f = filters();
        try {
            rows = new ArrayList<>(usage.history(user.id(), f.from, f.to, f.model));
        } catch (Refusal e) {
            rows = new ArrayList<>();
            PageMessages.refused("Filters not applied", e, FIELDS);
        }
    }

    /**
     * The rows of the window; none for a refused one, which stays in the form (to be corrected) and is asked again by the
     * table's next request (a sort, a filter): that must show nothing, not fail. A list the table can sort in place.
     */
    public List<UsageEntry> getRows() {
        if (rows == null) {
            Filters f = filters();
            try {
                rows = new ArrayList<>(usage.history(user.id(), f.from, f.to, f.model));
            } catch (Refusal refused) {
                rows = new ArrayList<>(); // said beside the field when it was applied
            }
        }
        return rows;
    }

    /** The keys a row's request may have been made with, named as the keys page names them (label, prefix). */
    public KeyNames getKeyNames() {
        if (keyNames == null) {
            keyNames = new KeyNames(keys.keys(user.caller()));
        }
        return keyNames;
    }

    /** The models the user asked for in the window, most tokens first. */
    public List<UsageRanking> getModels() {
        if (models == null) {
            try {
                models = usage.perModel(user.id(), filters().from, filters().to);
            } catch (Refusal e) {
                models = List.of();
            }
        }
        return models;
    }

    /** The model filter's choices: the window's models, and the chosen one when the window has no request of it. */
    public List<String> getModelChoices() {
        List<String> choices = new java.util.ArrayList<>(getModels().stream().map(UsageRanking::key).toList());
        String chosen = filters().model;
        if (chosen != null && !chosen.isBlank() && !choices.contains(chosen)) {
            choices.add(chosen);
        }
        return choices;
    }

    public String getDailyChart() {
        try {
            return Charts.daily(usage.perDay(user.id(), filters().from, filters().to, filters().model));
        } catch (Refusal e) {
            return Charts.daily(List.of());
        }
    }

    public String getModelsChart() {
        return Charts.shares(getModels());
    }

    /** A row's routing mode in words (orchestrated, reasoning, native). */
    public String routing(String moeMode) {
        return RoutingWords.of(moeMode);
    }

    public long getTotalTokens() {
        return getRows().stream().mapToLong(UsageEntry::totalTokens).sum();
    }

    public LocalDate getFrom() {
        return filters().from;
    }

    public void setFrom(LocalDate from) {
        filters().from = from;
    }

    public LocalDate getTo() {
        return filters().to;
    }

    public void setTo(LocalDate to) {
        filters().to = to;
    }

    public String getModel() {
        return filters().model;
    }

    public void setModel(String model) {
        filters().model = model;
    }

    public int getMaxRows() {
        return OwnUsage.MAX_ROWS;
    }
}
