package io.moe.infrastructure.faces;

import io.moe.domain.shared.TextFiles;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import org.primefaces.model.file.UploadedFile;

import java.nio.charset.CharacterCodingException;
import java.util.Optional;

/** The text of an import file chosen on a page, or a message beside its field: none chosen, too large, not UTF-8. */
public final class UploadedText {

    /** An import file larger than this is refused before it is read (the export of 64 full templates fits). */
    public static final long MAX_BYTES = 2_000_000;

    private UploadedText() {
    }

    public static Optional<String> of(UploadedFile upload, String fieldId, String expectedFile) {
        if (upload == null || upload.getSize() == 0) {
            fieldError(fieldId, "Choose an export file (" + expectedFile + ") first.");
            return Optional.empty();
        }
        if (upload.getSize() > MAX_BYTES) {
            fieldError(fieldId, "The file has " + upload.getSize() + " bytes; at most " + MAX_BYTES + " are accepted.");
            return Optional.empty();
        }
        try {
            return Optional.of(TextFiles.utf8(upload.getContent()));
        } catch (CharacterCodingException e) {
            fieldError(fieldId, "The file is not valid UTF-8 text.");
            return Optional.empty();
        }
    }

    public static void fieldError(String clientId, String message) {
        FacesContext faces = FacesContext.getCurrentInstance();
        faces.addMessage(clientId, new FacesMessage(FacesMessage.SEVERITY_ERROR, message, null));
        faces.validationFailed();
    }
}
