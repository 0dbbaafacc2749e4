package io.moe.tools.files;

import io.moe.domain.shared.Refusal.Kind;

import io.moe.tools.ToolArgs;
import io.moe.tools.ToolCase;
import io.moe.tools.ToolException;
import jakarta.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** generate_file stays within its per-file limits, the download quota and owner-only permissions. */
class FileLimitsTest {

    private static final FileLimits SMALL = new FileLimits(100_000, 3, 50, 5, 12, 2);

    @TempDir
    Path dir;

    private GenerateFile tool(FileLimits limits, DownloadQuota quota) {
        return new GenerateFile(new Downloads(dir, Duration.ofMinutes(60), quota, Clock.systemUTC()), "http://t", limits);
    }

    private static String args(String content, String format) {
        return Json.createObjectBuilder().add("content", content).add("format", format).build().toString();
    }

    @Test
    void tooManySlidesRowsCellsOrPagesAreRefusedBeforeTheFileIsBuilt() {
        GenerateFile tool = tool(SMALL, GenerateFileTest.QUOTA);
        ToolCase.refused(tool, args("## a\n## b\n## c\n## d", "pptx"), "result_too_large", "content");
        ToolCase.refused(tool, args("a\nb\nc\nd\ne\nf", "xlsx"), "result_too_large", "content");
        ToolCase.refused(tool, args("a,b,c,d,e,f,g,h,i,j,k,l,m", "csv"), "result_too_large", "content");
        ToolCase.refused(tool, args("line\n".repeat(51), "docx"), "result_too_large", "content");
        ToolCase.refused(tool, args("word ".repeat(10_000), "pdf"), "result_too_large", "content");
        ToolCase.run(tool, args("## a\n- b\n## c", "pptx"));
    }

    @Test
    void aSpreadsheetStaysWithinExcelsOwnBounds() {
        GenerateFile tool = tool(GenerateFileTest.LIMITS, GenerateFileTest.QUOTA);
        ToolException wide = ToolCase.refused(tool, args(",".repeat(20_000), "xlsx"), "result_too_large", "content");
        assertTrue(wide.getMessage().contains("20001 columns in a row; the limit is 16384"), wide.getMessage());
        ToolException longCell = ToolCase.refused(tool, args("x".repeat(40_000), "xlsx"), "result_too_large", "content");
        assertTrue(longCell.getMessage().contains("40000 characters in a cell; the limit is 32767"), longCell.getMessage());
        ToolCase.run(tool, args(",".repeat(20_000), "csv")); // a CSV file has no such bounds
    }

    @Test
    void aFileOverTheSizeLimitIsRefused() {
        ToolException e = ToolCase.refused(tool(new FileLimits(1_000, 3, 50, 5, 12, 2), GenerateFileTest.QUOTA),
                args("x".repeat(2_000), "txt"), "result_too_large", "content");
        assertEquals(Kind.UNPROCESSABLE, e.kind());
        assertTrue(e.getMessage().contains("1000"), e.getMessage());
    }

    @Test
    void csvCellsThatWouldRunAsFormulasAreNeutralised() throws Exception {
        var r = ToolCase.run(tool(GenerateFileTest.LIMITS, GenerateFileTest.QUOTA),
                args("name,value\n\"=HYPERLINK(\"\"http://evil\"\")\",+1+2\n@SUM(A1),-5\n-cmd|x,3.5", "csv"));
        String csv = Files.readString(dir.resolve(r.getString("filename")));
        assertEquals("name,value\r\n\"'=HYPERLINK(\"\"http://evil\"\")\",'+1+2\r\n'@SUM(A1),-5\r\n'-cmd|x,3.5\r\n", csv);
        assertEquals("'\tx", Table.neutralised("\tx"));
        assertEquals("'\rx", Table.neutralised("\rx"));
        assertEquals("+3", Table.neutralised("+3"));
    }

    @Test
    void theDownloadFolderHasATotalQuota() {
        Downloads downloads = new Downloads(dir, Duration.ofMinutes(60), new DownloadQuota(1_000, 50), Clock.systemUTC());
        downloads.store(null, "a", FileFormat.TXT, new byte[600]);
        ToolException full = assertThrows(ToolException.class, () -> downloads.store("u1", "b", FileFormat.TXT, new byte[600]));
        assertEquals(Kind.STORAGE_FULL, full.kind());
        assertEquals("storage_full", full.code());
        downloads.store("u1", "c", FileFormat.TXT, new byte[300]);
    }

    @Test
    void eachUserHoldsAtMostItsShareOfFilesWhileTheServiceCountsOnlyTowardsTheTotal() {
        GenerateFile tool = tool(GenerateFileTest.LIMITS, new DownloadQuota(1_000_000, 2));
        var one = ToolArgs.of(Json.createObjectBuilder().add("content", "x").build(), "u1");
        tool.invoke(one);
        tool.invoke(one);
        ToolException e = assertThrows(ToolException.class, () -> tool.invoke(one));
        assertEquals(Kind.TOO_MANY, e.kind());
        assertEquals("too_many_files", e.code());
        tool.invoke(ToolArgs.of(Json.createObjectBuilder().add("content", "x").build(), "u2"));
        for (int i = 0; i < 3; i++) {
            tool.invoke(ToolArgs.of(Json.createObjectBuilder().add("content", "x").build()));
        }
    }

    @Test
    void filesAndTheirFolderAreReadableByTheServerOnly() throws Exception {
        Path folder = dir.resolve("downloads");
        Files.createDirectories(folder);
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Downloads downloads = new Downloads(folder, Duration.ofMinutes(60), GenerateFileTest.QUOTA, Clock.systemUTC());
        String name = downloads.store("u1", "a", FileFormat.TXT, "secret".getBytes());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve(name))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)));
    }
}
