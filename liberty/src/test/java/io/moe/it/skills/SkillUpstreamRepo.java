package io.moe.it.skills;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The upstream skill repository of the test server: a bare repository at {@code moe.it.skills-upstream-dir}
 * (the server's {@code moe.skills.upstream.url}), made and pushed to with JGit by the test.
 */
public final class SkillUpstreamRepo {

    static final Path BARE = Path.of(System.getProperty("moe.it.skills-upstream-dir", "target/it-skills-upstream.git"));

    private SkillUpstreamRepo() {
    }

    /** Replaces the upstream's branch main with one commit holding {@code files} (path → content). */
    public static synchronized void publish(Map<String, String> files) throws IOException, GitAPIException {
        remove(BARE);
        Git.init().setBare(true).setInitialBranch("main").setDirectory(BARE.toFile()).call().close();
        Path work = Files.createTempDirectory("skills-upstream-work-");
        try (Git git = Git.cloneRepository().setURI(BARE.toUri().toString()).setDirectory(work.toFile()).call()) {
            git.checkout().setOrphan(true).setName("main").call();
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path file = work.resolve(f.getKey());
                Files.createDirectories(file.getParent());
                Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
            }
            git.add().addFilepattern(".").call();
            git.commit().setMessage("skills").setAuthor("it", "it@example.org").setCommitter("it", "it@example.org").call();
            git.push().setRemote("origin").add("main").call();
        } finally {
            remove(work);
        }
    }

    private static void remove(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
