package io.moe.application.spend;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/** Writes one usage row in a transaction of its own. */
@ApplicationScoped
public class UsageWriter {

    @Inject
    UsageLog log;

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void write(UsageEntry entry) {
        log.append(entry);
    }
}
