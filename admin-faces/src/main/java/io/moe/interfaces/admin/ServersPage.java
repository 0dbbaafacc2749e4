package io.moe.interfaces.admin;

import io.moe.application.servers.InferenceServerAdministration;
import io.moe.application.servers.InferenceServerAdministration.ServerStatus;
import io.moe.application.servers.ServerInput;
import io.moe.application.servers.ServerRefusedException;
import io.moe.application.servers.ServerSettings;
import io.moe.infrastructure.faces.PageMessages;
import io.moe.infrastructure.faces.PerView;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Backing bean of {@code /servers}: the inference servers with state, latency and models; adding and
 * editing one (the same form), enabling and disabling, testing the connection (a fresh probe) and deleting.
 * Everything goes through {@link InferenceServerAdministration}, as {@code /api/servers} does; a bearer
 * token is written only, never shown.
 */
@Named
@PerView
public class ServersPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, String> FIELDS = Map.of("name", "server:name", "url", "server:url", "api_type", "server:api-type",
            "token", "server:token", "concurrency", "server:concurrency", "timeout_seconds", "server:timeout",
            "cost_factor", "server:cost-factor");

    @Inject
    InferenceServerAdministration servers;

    private List<ServerStatus> all;
    private String editing;
    private String name;
    private String url;
    private String apiType = "openai";
    private String token;
    private boolean removeToken;
    private boolean hasToken;
    private Integer concurrency;
    private Integer timeoutSeconds;
    private BigDecimal costFactor;
    private boolean enabled = true;

    public List<ServerStatus> getServers() {
        if (all == null) {
            all = new ArrayList<>(servers.list()); // a table sorts the list it shows in place
        }
        return all;
    }

    public String stateOf(ServerStatus server) {
        return DashboardPage.state(server);
    }

    /** Opens the form for a new server. */
    public void startAdd() {
        editing = null;
        name = url = token = null;
        apiType = "openai";
        removeToken = hasToken = false;
        concurrency = timeoutSeconds = null;
        costFactor = null;
        enabled = true;
    }

    /** Opens the form with {@code server}'s settings. */
    public void startEdit(ServerStatus server) {
        ServerSettings s = server.settings();
        editing = s.id();
        name = s.name();
        url = s.url().toString();
        apiType = s.apiType().wireName();
        token = null;
        removeToken = false;
        hasToken = s.hasToken();
        concurrency = s.concurrency();
        timeoutSeconds = s.timeoutSeconds();
        costFactor = s.costFactor();
        enabled = s.enabled();
    }

    public void save() {
        boolean tokenGiven = removeToken || (token != null && !token.isEmpty());
        ServerInput in = new ServerInput(UsersPage.blankToNull(name), UsersPage.blankToNull(url), apiType, tokenGiven,
                removeToken ? null : token, concurrency, timeoutSeconds, costFactor, enabled);
        try {
            ServerStatus saved = editing == null ? servers.add(in) : servers.change(editing, in);
            PageMessages.done("Server " + saved.settings().name() + (editing == null ? " added" : " saved")
                    + " — " + stateOf(saved));
            all = null;
        } catch (ServerRefusedException e) {
            PageMessages.refused(editing == null ? "Server not added" : "Server not saved", e, FIELDS);
        } finally {
            token = null;
        }
    }

    public void toggle(ServerStatus server) {
        boolean enable = !server.settings().enabled();
        try {
            servers.change(server.settings().id(), new ServerInput(null, null, null, false, null, null, null, null, enable));
            PageMessages.done("Server " + server.settings().name() + (enable ? " enabled" : " disabled"));
        } catch (ServerRefusedException e) {
            PageMessages.refused("Not changed", e, Map.of());
        }
        all = null;
    }

    public void test(ServerStatus server) {
        try {
            ServerStatus probed = servers.refresh(server.settings().id());
            String state = stateOf(probed);
            String detail = probed.health().map(h -> h.healthy() ? h.latencyMs() + " ms, " + h.models().size() + " models"
                    : h.lastError()).orElse("not probed: the server is disabled");
            PageMessages.done("Server " + server.settings().name() + ": " + state + " (" + detail + ")");
        } catch (ServerRefusedException e) {
            PageMessages.refused("Not tested", e, Map.of());
        }
        all = null;
    }

    public void delete(ServerStatus server) {
        try {
            servers.remove(server.settings().id());
            PageMessages.done("Server " + server.settings().name() + " deleted");
        } catch (ServerRefusedException e) {
            PageMessages.refused("Not deleted", e, Map.of());
        }
        all = null;
    }

    public boolean isEditing() {
        return editing != null;
    }

    public List<String> getApiTypes() {
        return List.of("openai", "ollama");
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getApiType() {
        return apiType;
    }

    public void setApiType(String apiType) {
        this.apiType = apiType;
    }

    public String getToken() {
        return token;
    }

    public void setToken(String token) {
        this.token = token;
    }

    public boolean isRemoveToken() {
        return removeToken;
    }

    public void setRemoveToken(boolean removeToken) {
        this.removeToken = removeToken;
    }

    public boolean isHasToken() {
        return hasToken;
    }

    public Integer getConcurrency() {
        return concurrency;
    }

    public void setConcurrency(Integer concurrency) {
        this.concurrency = concurrency;
    }

    public Integer getTimeoutSeconds() {
        return timeoutSeconds;
    }

    public void setTimeoutSeconds(Integer timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    public BigDecimal getCostFactor() {
        return costFactor;
    }

    public void setCostFactor(BigDecimal costFactor) {
        this.costFactor = costFactor;
    }

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }
}
