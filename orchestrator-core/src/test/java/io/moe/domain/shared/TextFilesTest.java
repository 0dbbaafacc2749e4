package io.moe.domain.shared;

import org.junit.jupiter.api.Test;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TextFilesTest {

    @Test
    void aFileSavedWithAByteOrderMarkReadsAsItsText() throws CharacterCodingException {
        byte[] withMark = "\uFEFF{\"type\":\"expert_templates\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals("{\"type\":\"expert_templates\"}", TextFiles.utf8(withMark));
        assertEquals("{}", TextFiles.utf8("{}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedNotReplaced() {
        assertThrows(CharacterCodingException.class, () -> TextFiles.utf8(new byte[]{'{', (byte) 0xC3, '}'}));
    }
}
