package io.moe.domain.shared;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/** The text of an uploaded file: strict UTF-8, without the byte-order mark some editors (Windows Notepad) put first. */
public final class TextFiles {

    private TextFiles() {
    }

    /** The file's text; throws when it is not UTF-8 (no silent replacement characters). */
    public static String utf8(byte[] bytes) throws CharacterCodingException {
        String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }
}
