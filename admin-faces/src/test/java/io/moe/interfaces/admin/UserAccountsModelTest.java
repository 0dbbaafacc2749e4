package io.moe.interfaces.admin;

import io.moe.domain.identity.UserSearch;
import io.moe.domain.identity.UserSearch.Order;
import io.moe.domain.identity.UserSearch.Role;
import org.junit.jupiter.api.Test;
import org.primefaces.model.FilterMeta;
import org.primefaces.model.SortMeta;
import org.primefaces.model.SortOrder;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UserAccountsModelTest {

    @Test
    void withoutFiltersOrSortingEveryAccountIsListedNewestFirst() {
        assertEquals(Optional.of(UserSearch.NEWEST_FIRST), UserAccountsModel.search(Map.of(), Map.of()));
        assertEquals(Optional.of(UserSearch.NEWEST_FIRST), UserAccountsModel.search(filters("role", " ", "state", ""), Map.of()));
    }

    @Test
    void theColumnsTextsBecomeTheSearchAndTheSortedColumnItsOrder() {
        Optional<UserSearch> search = UserAccountsModel.search(filters("username", " ann ", "email", "example.org", "role", "Ex",
                "state", "b"), Map.of("email", SortMeta.builder().field("email").order(SortOrder.ASCENDING).build()));
        assertEquals(Optional.of(new UserSearch("ann", "example.org", Set.of(Role.EXPERT), false, Order.EMAIL, true)), search);
    }

    @Test
    void roleAndStateFiltersMatchTheStartOfTheShownValue() {
        assertEquals(Set.of(Role.ADMIN), UserAccountsModel.search(filters("role", "ad"), Map.of()).orElseThrow().roles());
        assertEquals(Boolean.TRUE, UserAccountsModel.search(filters("state", "act"), Map.of()).orElseThrow().active());
        assertEquals(null, UserAccountsModel.search(filters("role", ""), Map.of()).orElseThrow().roles(), "every role");
    }

    @Test
    void aRoleOrStateNoAccountCanHaveMatchesNothingWithoutAQuery() {
        assertEquals(Optional.empty(), UserAccountsModel.search(filters("role", "owner"), Map.of()));
        assertEquals(Optional.empty(), UserAccountsModel.search(filters("state", "deleted"), Map.of()));
    }

    @Test
    void anUnsortedOrUnknownColumnKeepsNewestFirst() {
        assertEquals(new UserSearch(null, null, null, null, Order.CREATED, false), UserAccountsModel.search(Map.of(),
                Map.of("role", SortMeta.builder().field("role").order(SortOrder.UNSORTED).build())).orElseThrow());
        assertEquals(Order.ROLE, UserAccountsModel.search(Map.of(),
                Map.of("role", SortMeta.builder().field("role").order(SortOrder.DESCENDING).build())).orElseThrow().order());
    }

    private static Map<String, FilterMeta> filters(String... fieldsAndValues) {
        Map<String, FilterMeta> filters = new java.util.HashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            filters.put(fieldsAndValues[i] + "-column", FilterMeta.builder().field(fieldsAndValues[i]).filterValue(fieldsAndValues[i + 1]).build());
        }
        return filters;
    }
}
