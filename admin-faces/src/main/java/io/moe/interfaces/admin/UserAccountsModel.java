package io.moe.interfaces.admin;

import io.moe.application.identity.UserAdministration;
import io.moe.domain.identity.UserAccount;
import io.moe.domain.identity.UserSearch;
import io.moe.domain.identity.UserSearch.Order;
import io.moe.domain.identity.UserSearch.Role;
import org.primefaces.model.FilterMeta;
import org.primefaces.model.LazyDataModel;
import org.primefaces.model.SortMeta;
import org.primefaces.model.SortOrder;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The accounts of {@code /users} one page at a time from the database: the columns' filters and sorting become a
 * {@link UserSearch}, so a service with many thousand accounts never holds them all in a page.
 * The filters are the columns' texts: user (username or display name) and e-mail contain it, role and state start with it.
 */
class UserAccountsModel extends LazyDataModel<UserAccount> {

    private static final long serialVersionUID = 1L;
    /** The largest page the table offers (its rows-per-page choices end there). */
    static final int MAX_PAGE = 100;

    private final UserAdministration users;

    UserAccountsModel(UserAdministration users) {
        this.users = users;
    }

    @Override
    public int count(Map<String, FilterMeta> filterBy) {
        return search(filterBy, Map.of()).map(s -> (int) Math.min(Integer.MAX_VALUE, users.count(s))).orElse(0);
    }

    @Override
    public List<UserAccount> load(int first, int pageSize, Map<String, SortMeta> sortBy, Map<String, FilterMeta> filterBy) {
        return search(filterBy, sortBy).map(s -> users.search(s, Math.max(0, first), Math.max(1, Math.min(pageSize, MAX_PAGE))))
                .orElse(List.of());
    }

    @Override
    public String getRowKey(UserAccount user) {
        return user.id();
    }

    @Override
    public UserAccount getRowData(String rowKey) {
        List<UserAccount> shown = getWrappedData();
        return shown == null ? null : shown.stream().filter(u -> u.id().equals(rowKey)).findFirst().orElse(null);
    }

    /** The search the table's filters and sorting ask for; empty when a role or state filter matches no value. */
    static Optional<UserSearch> search(Map<String, FilterMeta> filterBy, Map<String, SortMeta> sortBy) {
        Set<Role> roles = startingWith(Role.class, text(filterBy, "role"));
        Set<String> states = startingWith(Set.of("active", "blocked"), text(filterBy, "state"));
        if (roles.isEmpty() || states.isEmpty()) {
            return Optional.empty();
        }
        Boolean active = states.size() == 2 ? null : states.contains("active");
        SortMeta sort = sortBy.values().stream().filter(s -> s.getOrder() != SortOrder.UNSORTED).findFirst().orElse(null);
        Order order = sort == null ? Order.CREATED : switch (sort.getField()) {
            case "username" -> Order.USERNAME;
            case "email" -> Order.EMAIL;
            case "role" -> Order.ROLE;
            case "state" -> Order.STATE;
            default -> Order.CREATED;
        };
        boolean ascending = sort != null && sort.getOrder() == SortOrder.ASCENDING;
        return Optional.of(new UserSearch(text(filterBy, "username"), text(filterBy, "email"),
                roles.size() == Role.values().length ? null : roles, active, order, ascending));
    }

    private static String text(Map<String, FilterMeta> filterBy, String field) {
        return filterBy.values().stream().filter(f -> field.equals(f.getField())).map(FilterMeta::getFilterValue)
                .filter(v -> v != null).map(v -> v.toString().strip()).findFirst().orElse("");
    }

    private static <E extends Enum<E>> Set<E> startingWith(Class<E> type, String prefix) {
        Set<String> names = startingWith(Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet()), prefix);
        EnumSet<E> matching = EnumSet.noneOf(type);
        names.forEach(n -> matching.add(Enum.valueOf(type, n.toUpperCase(Locale.ROOT))));
        return matching;
    }

    private static Set<String> startingWith(Set<String> values, String prefix) {
        String p = prefix.toLowerCase(Locale.ROOT);
        return values.stream().filter(v -> v.startsWith(p)).collect(Collectors.toSet());
    }
}
