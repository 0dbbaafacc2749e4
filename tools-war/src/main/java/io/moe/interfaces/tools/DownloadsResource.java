package io.moe.interfaces.tools;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolException;
import io.moe.tools.files.FileFormat;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

/**
 * GET /downloads/{name}: a generated file until it expires. The name carries 64 random bits, so the
 * URL itself is the capability to fetch it (it can be handed to a browser without a key).
 */
@Path("/downloads")
public class DownloadsResource {

    @Inject
    ToolRegistry tools;

    @GET
    @Path("{name}")
    public Response download(@PathParam("name") String name) {
        java.nio.file.Path file = tools.downloads().find(name).orElseThrow(() -> new ToolException(Kind.NOT_FOUND, "file_not_found",
                "name", "no file '" + name + "' (generated files expire after " + tools.downloads().ttl().toMinutes() + " minutes)"));
        return Response.ok(file.toFile(), FileFormat.ofFileName(name).mediaType())
                .header("Content-Disposition", "attachment; filename=\"" + name.substring(17) + "\"")
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "private, no-store")
                .build();
    }
}
