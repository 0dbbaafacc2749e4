package io.moe.interfaces.admin;

import io.moe.application.overview.CacheStatistics;
import io.moe.application.overview.ServiceOverview;
import io.moe.application.overview.ServiceOverview.FailedRequest;
import io.moe.application.overview.ServiceOverview.UserUsage;
import io.moe.application.overview.StoreStates;
import io.moe.application.servers.InferenceServerAdministration;
import io.moe.application.servers.InferenceServerAdministration.ServerStatus;
import io.moe.application.startup.ApplicationStartup;
import io.moe.domain.identity.UsageRanking;
import io.moe.domain.identity.UsageTotals;
import io.moe.infrastructure.faces.Charts;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Backing bean of the dashboard ({@code /}): whether the service is ready, the health of every store and
 * inference server, usage of today and this month, the cache hit rate, the busiest users and models and the
 * latest errors. Each figure is read once per request.
 */
@Named
@RequestScoped
public class DashboardPage {

    static final int DAYS = 30;
    static final int TOP = 8;
    /** Models the share chart is drawn from (a month with more has its smallest left out of the "other" slice). */
    static final int MODELS = 1000;

    @Inject
    ApplicationStartup startup;

    @Inject
    ServiceOverview overview;

    @Inject
    StoreStates storeStates;

    @Inject
    InferenceServerAdministration servers;

    private StoreStates.Asked stores;
    private List<ServerStatus> serverList;
    private UsageTotals today;
    private UsageTotals month;
    private CacheStatistics cache;
    private List<UsageRanking> models;

    public boolean isReady() {
        return startup.isReady();
    }

    /** The stores' states as last asked (every 5 s, in the background): a hung store does not hold the page. */
    public StoreStates.Asked getStores() {
        if (stores == null) {
            stores = storeStates.get();
        }
        return stores;
    }

    /** How long ago the stores were asked, in whole seconds. */
    public long getStoresAskedSecondsAgo() {
        return Math.max(0, Duration.between(getStores().at(), Instant.now()).toSeconds());
    }

    public List<ServerStatus> getServers() {
        if (serverList == null) {
            serverList = servers.list();
        }
        return serverList;
    }

    public UsageTotals getToday() {
        if (today == null) {
            today = overview.today();
        }
        return today;
    }

    public UsageTotals getMonth() {
        if (month == null) {
            month = overview.thisMonth();
        }
        return month;
    }

    public CacheStatistics getCache() {
        if (cache == null) {
            cache = overview.cache();
        }
        return cache;
    }

    public List<UserUsage> getBusiestUsers() {
        return overview.busiestUsersThisMonth(TOP);
    }

    /** The {@value #TOP} busiest models this month, for the table. */
    public List<UsageRanking> getBusiestModels() {
        List<UsageRanking> all = modelsThisMonth();
        return all.subList(0, Math.min(TOP, all.size()));
    }

    /** Up to {@value #MODELS} models of this month, busiest first: the chart folds all but the largest into one slice. */
    private List<UsageRanking> modelsThisMonth() {
        if (models == null) {
            models = overview.busiestModelsThisMonth(MODELS);
        }
        return models;
    }

    public List<FailedRequest> getRecentErrors() {
        return overview.recentErrors(10);
    }

    public String getDailyChart() {
        return Charts.daily(overview.lastDays(DAYS));
    }

    public String getModelsChart() {
        return Charts.shares(modelsThisMonth());
    }

    /** The CSS state of a server: disabled, unknown (not probed yet), healthy or unhealthy. */
    public static String state(ServerStatus server) {
        if (!server.settings().enabled()) {
            return "disabled";
        }
        return server.health().map(h -> h.healthy() ? "healthy" : "unhealthy").orElse("unknown");
    }

    public String stateOf(ServerStatus server) {
        return state(server);
    }
}
