package io.moe.interfaces.adminapi;

import io.moe.infrastructure.web.ProblemMapper;
import jakarta.ws.rs.ext.Provider;

/** Every failure of the admin API as problem+json ({@link ProblemMapper}). */
@Provider
public class Problems extends ProblemMapper {
}
