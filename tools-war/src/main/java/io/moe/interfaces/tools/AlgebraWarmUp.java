package io.moe.interfaces.tools;

import io.moe.domain.shared.Jsonp;
import io.moe.tools.ToolArgs;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import java.util.logging.Logger;

/**
 * Loads the computer-algebra system in the background when the tools module starts, so the first
 * calculate or solve_equation call does not pay its two seconds of class loading.
 */
@ApplicationScoped
public class AlgebraWarmUp {

    private static final Logger LOG = Logger.getLogger(AlgebraWarmUp.class.getName());

    @Resource
    ManagedExecutorService executor;

    @Inject
    ToolRegistry tools;

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
        executor.execute(() -> {
            long t0 = System.nanoTime();
            tools.find("calculate").orElseThrow().invoke(ToolArgs.of(Jsonp.createObjectBuilder().add("expression", "1/3 + 1/6").build()));
            LOG.info(() -> "Computer algebra ready in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        });
    }
}
