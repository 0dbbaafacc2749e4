package io.moe.it.routing;

import io.moe.it.Http;
import io.moe.it.ItConfig;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAPI document tells a client generator what the import routes take: a multipart form whose {@code file} part
 * is a binary upload (a string of format binary, as OpenAPI writes a file) beside its {@code mode}.
 */
class ImportUploadDocumentIT {

    @Test
    void everyMultipartImportRouteDocumentsItsFileAsABinaryUpload() {
        HttpResponse<String> document = Http.get(ItConfig.orchestratorUrl() + "/openapi?format=JSON");
        assertEquals(200, document.statusCode(), document.body());
        List<String> uploads = new ArrayList<>();
        JsonObject whole = Http.object(document);
        whole.getJsonObject("paths").forEach((path, item) -> {
            JsonValue post = item.asJsonObject().get("post");
            if (post == null || !post.asJsonObject().containsKey("requestBody")) {
                return;
            }
            JsonObject content = post.asJsonObject().getJsonObject("requestBody").getJsonObject("content");
            if (!content.containsKey("multipart/form-data")) {
                return;
            }
            JsonObject properties = content.getJsonObject("multipart/form-data").getJsonObject("schema").getJsonObject("properties");
            JsonObject file = resolved(whole, properties.getJsonObject("file"));
            assertEquals("string", file.getString("type"), path + ": " + file);
            assertEquals("binary", file.getString("format", ""), path + ": " + file);
            assertEquals("string", properties.getJsonObject("mode").getString("type"), path + ": " + properties);
            uploads.add(path);
        });
        for (String route : List.of("/api/expert-templates/import", "/api/profiles/import")) {
            assertTrue(uploads.contains(route), "the admin import routes take uploads: " + uploads);
        }
        assertTrue(uploads.size() >= 4, "the portal's template and profile imports too: " + uploads);
    }

    /** A schema, or the component it refers to ({@code #/components/schemas/<name>}). */
    private static JsonObject resolved(JsonObject document, JsonObject schema) {
        String ref = schema.getString("$ref", null);
        return ref == null ? schema : document.getJsonObject("components").getJsonObject("schemas")
                .getJsonObject(ref.substring("#/components/schemas/".length()));
    }
}
