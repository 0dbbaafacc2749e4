package io.moe.interfaces.openai;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContentChunksTest {

    @Test
    void splitsIntoPiecesOfAboutFiftyCharactersThatJoinToTheText() {
        String text = "The quick brown fox jumps over the lazy dog. ".repeat(12) + "Ende.";
        List<String> pieces = ContentChunks.of(text);
        assertEquals(text, String.join("", pieces));
        assertTrue(pieces.size() > 5);
        for (String piece : pieces.subList(0, pieces.size() - 1)) {
            assertTrue(piece.length() >= 25 && piece.length() <= 50, "piece of " + piece.length() + ": " + piece);
        }
    }

    @Test
    void neverSplitsASurrogatePair() {
        String text = "x".repeat(49) + "😀" + "y".repeat(60);
        List<String> pieces = ContentChunks.of(text);
        assertEquals(text, String.join("", pieces));
        for (String piece : pieces) {
            assertTrue(!Character.isHighSurrogate(piece.charAt(piece.length() - 1)));
        }
    }

    @Test
    void emptyTextHasNoPieces() {
        assertTrue(ContentChunks.of("").isEmpty());
    }
}
