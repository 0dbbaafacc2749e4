package io.moe.application.spend;

import io.moe.domain.identity.UsageEntry;
import io.moe.domain.identity.UsageLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.List;

/** Writes a batch of usage rows in a transaction of its own. */
@ApplicationScoped
public class UsageWriter {

    @Inject
    UsageLog log;

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void write(List<UsageEntry> entries) {
        log.appendAll(entries);
    }
}
