package io.moe.interfaces.tools;

import io.moe.tools.Tool;
import io.moe.tools.ToolCatalog;
import io.moe.tools.data.JsonQuery;
import io.moe.tools.data.UnitConvert;
import io.moe.tools.math.AlgebraPool;
import io.moe.tools.math.Calculate;
import io.moe.tools.math.GcdLcm;
import io.moe.tools.math.PrimeFactorize;
import io.moe.tools.math.RomanNumeral;
import io.moe.tools.math.SolveEquation;
import io.moe.tools.math.StatisticsCalc;
import io.moe.tools.net.SubnetCalc;
import io.moe.tools.text.Base64Codec;
import io.moe.tools.text.HashText;
import io.moe.tools.text.RegexExtract;
import io.moe.tools.text.TextAnalyze;
import io.moe.tools.time.DateAdd;
import io.moe.tools.time.DateDiff;
import io.moe.tools.time.DayOfWeek;
import io.moe.tools.files.DownloadQuota;
import io.moe.tools.files.Downloads;
import io.moe.tools.files.FileLimits;
import io.moe.tools.files.GenerateFile;
import io.moe.tools.legal.LawSource;
import io.moe.tools.legal.LegalFulltextSearch;
import io.moe.tools.legal.LegalGetLawOverview;
import io.moe.tools.legal.LegalGetParagraph;
import io.moe.tools.legal.LegalLibrary;
import io.moe.tools.legal.LegalSearchLaws;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The server's tools, in the spec's order, built from the {@code moe.tools.*} configuration. Each key's
 * default is the {@code defaultValue} of its one injection point: a {@code microprofile-config.properties}
 * inside this WAR is not read, because the EAR's configuration is resolved with the application's class
 * loader, which sees only the EAR's {@code lib/} jars. Owns the algebra threads and stops them when the
 * application stops.
 */
@ApplicationScoped
public class ToolRegistry {

    @Inject
    @ConfigProperty(name = "moe.tools.legal.base-url", defaultValue = "https://www.gesetze-im-internet.de")
    String legalBaseUrl;

    @Inject
    @ConfigProperty(name = "moe.tools.legal.mirror-dir")
    Optional<String> legalMirror;

    @Inject
    @ConfigProperty(name = "moe.tools.legal.cache-minutes", defaultValue = "1440")
    long legalCacheMinutes;

    @Inject
    @ConfigProperty(name = "moe.tools.legal.cache-max-laws", defaultValue = "50")
    int legalCacheMaxLaws;

    @Inject
    @ConfigProperty(name = "moe.tools.downloads.dir")
    Optional<String> downloadsDir;

    @Inject
    @ConfigProperty(name = "moe.tools.downloads.ttl-minutes", defaultValue = "60")
    long downloadsTtlMinutes;

    @Inject
    @ConfigProperty(name = "moe.tools.downloads.max-total-bytes", defaultValue = "500000000")
    long downloadsMaxTotalBytes;

    @Inject
    @ConfigProperty(name = "moe.tools.downloads.max-files-per-user", defaultValue = "50")
    int downloadsMaxFilesPerUser;

    @Inject
    @ConfigProperty(name = "moe.tools.public-url", defaultValue = "http://127.0.0.1:8003")
    String publicUrl;

    @Inject
    @ConfigProperty(name = "moe.tools.result.max-chars", defaultValue = "1000000")
    long maxResultChars;

    @Inject
    @ConfigProperty(name = "moe.tools.files.max-bytes", defaultValue = "20000000")
    long fileMaxBytes;

    @Inject
    @ConfigProperty(name = "moe.tools.files.max-slides", defaultValue = "200")
    int fileMaxSlides;

    @Inject
    @ConfigProperty(name = "moe.tools.files.max-paragraphs", defaultValue = "20000")
    int fileMaxParagraphs;

    @Inject
    @ConfigProperty(name = "moe.tools.files.max-rows", defaultValue = "10000")
    int fileMaxRows;

    @Inject
    @ConfigProperty(name = "moe.tools.files.max-cells", defaultValue = "100000")
    int fileMaxCells;

    @Inject
    @ConfigProperty(name = "moe.tools.files.max-pages", defaultValue = "500")
    int fileMaxPages;

    @Inject
    @ConfigProperty(name = "moe.tools.math.threads", defaultValue = "2")
    int mathThreads;

    @Inject
    @ConfigProperty(name = "moe.tools.math.queue", defaultValue = "16")
    int mathQueue;

    @Inject
    @ConfigProperty(name = "moe.tools.math.timeout-seconds", defaultValue = "5")
    long mathTimeoutSeconds;

    private ToolCatalog catalog;
    private Downloads downloads;
    private AlgebraPool algebra;

    @PostConstruct
    void build() {
        algebra = new AlgebraPool(mathThreads, mathQueue, Duration.ofSeconds(mathTimeoutSeconds));
        List<Tool> tools = new ArrayList<>(List.of(new Calculate(algebra), new SolveEquation(algebra), new DateDiff(),
                new DateAdd(), new DayOfWeek(), new UnitConvert(), new StatisticsCalc(), new HashText(), new Base64Codec(),
                new RegexExtract(maxResultChars), new SubnetCalc(), new TextAnalyze(), new PrimeFactorize(), new GcdLcm(),
                new JsonQuery(maxResultChars), new RomanNumeral()));
        LegalLibrary laws = new LegalLibrary(new LawSource(legalBaseUrl,
                legalMirror.filter(m -> !m.isBlank()).map(m -> Path.of(m).toAbsolutePath().normalize()).orElse(null)),
                Duration.ofMinutes(legalCacheMinutes), legalCacheMaxLaws, Clock.systemUTC());
        tools.addAll(List.of(new LegalSearchLaws(laws), new LegalGetLawOverview(laws), new LegalGetParagraph(laws),
                new LegalFulltextSearch(laws)));
        downloads = new Downloads(downloadsDir.filter(d -> !d.isBlank()).map(Path::of)
                .orElse(Path.of(System.getProperty("java.io.tmpdir"), "moe-downloads")),
                Duration.ofMinutes(downloadsTtlMinutes), new DownloadQuota(downloadsMaxTotalBytes, downloadsMaxFilesPerUser),
                Clock.systemUTC());
        tools.add(new GenerateFile(downloads, publicUrl,
                new FileLimits(fileMaxBytes, fileMaxSlides, fileMaxParagraphs, fileMaxRows, fileMaxCells, fileMaxPages)));
        catalog = new ToolCatalog(tools);
    }

    @PreDestroy
    void stop() {
        algebra.close();
    }

    /** Most characters of one tool result ({@code moe.tools.result.max-chars}). */
    public long maxResultChars() {
        return maxResultChars;
    }

    public Downloads downloads() {
        return downloads;
    }

    public Optional<Tool> find(String name) {
        return catalog.find(name);
    }

    public Collection<Tool> all() {
        return catalog.all();
    }
}
