package io.moe.interfaces.tools;

import io.moe.tools.Tool;
import io.moe.tools.ToolCatalog;
import io.moe.tools.data.JsonQuery;
import io.moe.tools.data.UnitConvert;
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
import io.moe.tools.files.Downloads;
import io.moe.tools.files.GenerateFile;
import io.moe.tools.legal.LawSource;
import io.moe.tools.legal.LegalFulltextSearch;
import io.moe.tools.legal.LegalGetLawOverview;
import io.moe.tools.legal.LegalGetParagraph;
import io.moe.tools.legal.LegalLibrary;
import io.moe.tools.legal.LegalSearchLaws;
import jakarta.annotation.PostConstruct;
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

/** The server's tools, in the spec's order, built from the {@code moe.tools.*} configuration. */
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
    @ConfigProperty(name = "moe.tools.downloads.dir")
    Optional<String> downloadsDir;

    @Inject
    @ConfigProperty(name = "moe.tools.downloads.ttl-minutes", defaultValue = "60")
    long downloadsTtlMinutes;

    @Inject
    @ConfigProperty(name = "moe.tools.public-url", defaultValue = "http://127.0.0.1:8003")
    String publicUrl;

    private ToolCatalog catalog;
    private Downloads downloads;

    @PostConstruct
    void build() {
        List<Tool> tools = new ArrayList<>(List.of(new Calculate(), new SolveEquation(), new DateDiff(), new DateAdd(),
                new DayOfWeek(), new UnitConvert(), new StatisticsCalc(), new HashText(), new Base64Codec(),
                new RegexExtract(), new SubnetCalc(), new TextAnalyze(), new PrimeFactorize(), new GcdLcm(),
                new JsonQuery(), new RomanNumeral()));
        LegalLibrary laws = new LegalLibrary(new LawSource(legalBaseUrl,
                legalMirror.filter(m -> !m.isBlank()).map(m -> Path.of(m).toAbsolutePath().normalize()).orElse(null)),
                Duration.ofMinutes(legalCacheMinutes), Clock.systemUTC());
        tools.addAll(List.of(new LegalSearchLaws(laws), new LegalGetLawOverview(laws), new LegalGetParagraph(laws),
                new LegalFulltextSearch(laws)));
        downloads = new Downloads(downloadsDir.filter(d -> !d.isBlank()).map(Path::of)
                .orElse(Path.of(System.getProperty("java.io.tmpdir"), "moe-downloads")),
                Duration.ofMinutes(downloadsTtlMinutes), Clock.systemUTC());
        tools.add(new GenerateFile(downloads, publicUrl));
        catalog = new ToolCatalog(tools);
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
