package io.moe.infrastructure.git;

import io.moe.application.skills.SkillAdministration;
import io.moe.application.skills.SkillRefusedException;
import io.moe.application.skills.SkillUpstream;
import io.moe.application.skills.StoredSkill;
import io.moe.domain.shared.Refusal.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The upstream skill repository ({@code moe.skills.upstream.url}, branch {@code moe.skills.upstream.branch}, folder
 * {@code moe.skills.upstream.path}), read with JGit: each pull clones the branch's head, bare and shallow, into a
 * temporary folder, reads the {@code *.md} files of the folder (not its sub-folders) from the tree and removes the
 * clone. Nothing is checked out, so no file of the upstream ever lands outside the skills folder.
 */
@ApplicationScoped
public class JGitSkillUpstream implements SkillUpstream {

    static final int TIMEOUT_SECONDS = 30;

    @Inject
    @ConfigProperty(name = "moe.skills.upstream.url")
    Optional<String> url;

    @Inject
    @ConfigProperty(name = "moe.skills.upstream.branch", defaultValue = "main")
    String branch;

    @Inject
    @ConfigProperty(name = "moe.skills.upstream.path")
    Optional<String> folder;

    @Override
    public boolean configured() {
        return url.filter(u -> !u.isBlank()).isPresent();
    }

    @Override
    public String location() {
        String u = url.orElse("");
        for (String info : userInfo()) {
            u = u.replace(info + "@", "");
        }
        return u + " (" + branch + (path().isEmpty() ? "" : ", " + path()) + ")";
    }

    /** The credentials in the URL (a token as its user part), as written and decoded; none when it has none or is no URI. */
    private List<String> userInfo() {
        try {
            URI uri = URI.create(url.orElse(""));
            return uri.getRawUserInfo() == null ? List.of() : List.of(uri.getRawUserInfo(), uri.getUserInfo());
        } catch (IllegalArgumentException e) {
            return List.of(); // not a URI (an scp-style address): shown as configured
        }
    }

    /** {@code text} without the URL's credentials, whole or its user and password alone (Git's messages keep the user part). */
    private String withoutCredentials(String text) {
        String out = String.valueOf(text);
        for (String info : userInfo()) {
            for (String secret : List.of(info, info.split(":", 2)[0], info.contains(":") ? info.split(":", 2)[1] : "")) {
                if (!secret.isEmpty()) {
                    out = out.replace(secret, "***");
                }
            }
        }
        return out;
    }

    @Override
    public List<StoredSkill> fetch(int max) {
        Path clone = null;
        try {
            clone = Files.createTempDirectory("moe-skills-upstream-");
            try (Git git = Git.cloneRepository().setURI(url.orElseThrow()).setDirectory(clone.toFile()).setBare(true)
                    .setBranch(branch).setBranchesToClone(List.of("refs/heads/" + branch)).setDepth(1)
                    .setTimeout(TIMEOUT_SECONDS).call()) {
                return read(git.getRepository(), max);
            }
        } catch (GitAPIException | IOException | RuntimeException e) {
            throw new SkillRefusedException(Kind.UPSTREAM_FAILED, "upstream_failed", null,
                    "the upstream skill repository " + location() + " could not be read: " + withoutCredentials(e.getMessage()));
        } finally {
            removeQuietly(clone);
        }
    }

    private List<StoredSkill> read(Repository repository, int max) throws IOException {
        ObjectId head = repository.resolve("refs/heads/" + branch);
        if (head == null) {
            throw new IOException("it has no branch '" + branch + "'");
        }
        List<StoredSkill> skills = new ArrayList<>();
        try (RevWalk commits = new RevWalk(repository); TreeWalk tree = new TreeWalk(repository)) {
            tree.addTree(commits.parseCommit(head).getTree());
            tree.setRecursive(true);
            String folder = path().isEmpty() ? "" : path() + "/";
            while (tree.next() && skills.size() < max) {
                String file = tree.getPathString();
                if (!file.startsWith(folder) || file.substring(folder.length()).contains("/") || !file.endsWith(".md")) {
                    continue;
                }
                ObjectLoader blob = repository.open(tree.getObjectId(0));
                if (blob.getSize() > SkillAdministration.MAX_BYTES) {
                    skills.add(new StoredSkill(name(file, folder), true, null)); // too large: listed as such, never read
                    continue;
                }
                skills.add(new StoredSkill(name(file, folder), true, new String(blob.getBytes(), StandardCharsets.UTF_8)));
            }
        }
        return skills;
    }

    /** The configured folder without leading or trailing slashes; empty for the top folder. */
    private String path() {
        return folder.map(f -> f.strip().replaceAll("^/+|/+$", "")).orElse("");
    }

    private static String name(String file, String folder) {
        return file.substring(folder.length(), file.length() - ".md".length());
    }

    private static void removeQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a temporary folder; the OS cleans it up
        }
    }
}
