package io.moe.interfaces.openai;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The JAX-RS application of the orchestrator port, rooted at "/". */
@ApplicationPath("/")
public class OrchestratorApplication extends Application {
}
