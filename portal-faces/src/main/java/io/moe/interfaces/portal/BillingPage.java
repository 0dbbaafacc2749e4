package io.moe.interfaces.portal;

import io.moe.application.identity.OwnUsage;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * Backing bean of {@code /user/billing}: per UTC month of the last year, the requests, the tokens, the tokens
 * counted against the budget (weighted by the cost factors of templates and servers) and that count × the
 * display price. For display only: the service bills nothing.
 */
@Named("portalBilling")
@RequestScoped
public class BillingPage {

    static final int MONTHS = 12;

    @Inject
    PortalUser user;

    @Inject
    OwnUsage usage;

    private List<OwnUsage.Bill> bills;

    public List<OwnUsage.Bill> getBills() {
        if (bills == null) {
            bills = usage.bill(user.id(), MONTHS);
        }
        return bills;
    }

    public String getPrice() {
        return usage.pricePerToken().stripTrailingZeros().toPlainString();
    }

    public String amount(BigDecimal amount) {
        return amount.setScale(4, RoundingMode.HALF_UP).toPlainString();
    }

    public String getTotal() {
        return amount(getBills().stream().map(OwnUsage.Bill::amount).reduce(BigDecimal.ZERO, BigDecimal::add));
    }
}
