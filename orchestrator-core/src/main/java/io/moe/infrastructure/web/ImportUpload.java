package io.moe.infrastructure.web;

import io.moe.domain.shared.TextFiles;
import io.moe.application.template.ImportResult;
import io.moe.domain.shared.Jsonp;
import io.moe.domain.shared.Refusal;
import jakarta.ws.rs.core.EntityPart;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;

/** The upload side of the import routes (admin and portal) (templates, profiles): the multipart file as text, and the answer. */
public final class ImportUpload {

    private ImportUpload() {
    }

    /** A refused upload: no file part, or a file that is not UTF-8 or could not be read. */
    static final class RefusedUpload extends Refusal {
        RefusedUpload(String code, String message) {
            super(Kind.INVALID, code, "file", message);
        }
    }

    /** The text of the multipart field {@code file}, which must be present and valid UTF-8. */
    public static String text(EntityPart file) {
        if (file == null) {
            throw new RefusedUpload("missing_file", "send the export as multipart/form-data field 'file' (and 'mode': merge or replace)");
        }
        try (InputStream in = file.getContent()) {
            return TextFiles.utf8(in.readAllBytes());
        } catch (CharacterCodingException e) {
            throw new RefusedUpload("invalid_encoding", "the file is not valid UTF-8");
        } catch (IOException e) {
            throw new RefusedUpload("unreadable_body", "the file could not be read completely; send it again");
        }
    }

    /** The spec's import answer {@code {ok, imported, skipped}}. */
    public static String answer(ImportResult r) {
        return Jsonp.createObjectBuilder().add("ok", true).add("imported", r.imported()).add("skipped", r.skipped()).build().toString();
    }
}
