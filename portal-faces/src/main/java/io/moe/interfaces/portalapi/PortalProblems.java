package io.moe.interfaces.portalapi;

import io.moe.infrastructure.web.ProblemMapper;
import jakarta.ws.rs.ext.Provider;

/** Every failure of the portal API as problem+json ({@link ProblemMapper}), as the admin API answers. */
@Provider
public class PortalProblems extends ProblemMapper {
}
