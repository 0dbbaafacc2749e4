package io.moe.it.adminweb;

import io.moe.it.ItConfig;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A headless Chromium on the admin application, 1280 pixels wide: sign in with the form, find fields by
 * their Faces ids, wait for what a person would wait for (every wait has a deadline), check that every
 * visible form field has a label, and save screenshots under {@code target/screenshots}. Without Debian's
 * {@code chromium} and {@code chromium-driver} it fails with the command that installs them (.ci/run runs it).
 */
public final class AdminWeb implements AutoCloseable {

    static final Path CHROMIUM = Path.of(System.getProperty("moe.it.chromium", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getProperty("moe.it.chromedriver", "/usr/bin/chromedriver"));
    static final Path SCREENSHOTS = Path.of(System.getProperty("moe.it.screenshots-dir", "target/screenshots"));
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    public final WebDriver driver;
    public final WebDriverWait wait;

    private AdminWeb(WebDriver driver) {
        this.driver = driver;
        this.wait = new WebDriverWait(driver, DEADLINE);
    }

    public static AdminWeb start() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            fail("The browser tests need Debian's chromium and chromium-driver (" + CHROMIUM + ", " + DRIVER
                    + "): apt-get install -y chromium chromium-driver (.ci/run installs them)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1024", "--lang=en-US");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        // The test server trusts 127.0.0.1 as a proxy: each browser is counted under an address of its own by the
        // sign-in throttle (30 attempts a minute per address), as separate people would be.
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("X-Forwarded-For", randomAddress())));
        return new AdminWeb(driver);
    }

    /** An address of the private 10/8 range, for the sign-in throttle. */
    public static String randomAddress() {
        java.util.concurrent.ThreadLocalRandom r = java.util.concurrent.ThreadLocalRandom.current();
        return "10." + r.nextInt(256) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254));
    }

    public void open(String path) {
        driver.get(ItConfig.adminUrl() + path);
        waitForPage();
    }

    /** Signs in with the keyboard: type the username, tab to the password, press Enter. */
    public void signIn(String username, String password) {
        open("/login.xhtml");
        WebElement name = visible("login:username");
        name.clear();
        name.sendKeys(username, Keys.TAB);
        assertEquals("login:password", driver.switchTo().activeElement().getAttribute("id"), "Tab goes from username to password");
        driver.switchTo().activeElement().sendKeys(password, Keys.ENTER);
        wait.until(ExpectedConditions.stalenessOf(name));
        waitForPage();
    }

    public void signInAsAdmin() {
        signIn("admin", System.getProperty("moe.it.admin-password"));
        wait.until(ExpectedConditions.not(ExpectedConditions.urlContains("login")));
    }

    public WebElement visible(String id) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(id)));
    }

    public WebElement visible(By by) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    public void type(String id, String text) {
        WebElement field = visible(id);
        field.clear();
        field.sendKeys(text);
    }

    /**
     * Types {@code text} into each field ({@code idsAndTexts}: id, text, id, text …) and waits until every field holds
     * its text, typing again into one that lost it: a dialog still settling after it opened can drop what was typed.
     */
    public void typeKept(String... idsAndTexts) {
        wait.until(d -> {
            boolean kept = true;
            for (int i = 0; i < idsAndTexts.length; i += 2) {
                if (!idsAndTexts[i + 1].equals(visible(idsAndTexts[i]).getDomProperty("value"))) {
                    type(idsAndTexts[i], idsAndTexts[i + 1]);
                    kept = false;
                }
            }
            return kept;
        });
    }

    /** Clicks and waits until PrimeFaces' Ajax request (if any) has finished. */
    /** Clicks the element once it is clickable, scrolled to the middle of the window (away from the growl). */
    public void click(By by) {
        WebElement element = wait.until(ExpectedConditions.elementToBeClickable(by));
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
        element.click();
        waitForAjax();
    }

    public void click(String id) {
        click(By.id(id));
    }

    /** Answers the global confirmation dialog with Yes. */
    public void confirm() {
        click(By.cssSelector(".ui-confirm-dialog .ui-confirmdialog-yes"));
    }

    /** Waits for a growl message containing {@code text}; returns its whole text. */
    public String growl(String text) {
        By message = By.xpath("//div[contains(@class,'ui-growl-message')][contains(., \"" + text + "\")]");
        try {
            return wait.until(ExpectedConditions.visibilityOfElementLocated(message)).getText();
        } catch (org.openqa.selenium.TimeoutException e) {
            screenshot("failed-growl");
            List<String> shown = driver.findElements(By.cssSelector(".ui-growl-message, .ui-message-error, .ui-messages-error"))
                    .stream().map(WebElement::getText).toList();
            throw new AssertionError("no message \"" + text + "\"; the page shows " + shown + " (screenshot failed-growl)", e);
        }
    }

    public void waitForPage() {
        wait.until(d -> "complete".equals(((JavascriptExecutor) d).executeScript("return document.readyState")));
        waitForAjax();
    }

    public void waitForAjax() {
        wait.until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                "return !window.PrimeFaces || !PrimeFaces.ajax || PrimeFaces.ajax.Queue.isEmpty()")));
    }

    /** Ids (or names) of visible form fields without a label, aria-label or aria-labelledby. */
    @SuppressWarnings("unchecked")
    List<String> unlabelledFields() {
        return (List<String>) ((JavascriptExecutor) driver).executeScript("""
                var missing = [];
                document.querySelectorAll('input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]), select, textarea').forEach(function (f) {
                  if (f.closest('[aria-hidden=true]')) { return; }
                  var accessible = f.closest('.ui-helper-hidden-accessible');
                  if (!accessible && f.getClientRects().length === 0) { return; }
                  if (accessible && (f.tabIndex < 0 || f.closest('.ui-dialog[aria-hidden=true]'))) { return; }
                  if (accessible && f.closest('.ui-dialog') && f.closest('.ui-dialog').getClientRects().length === 0) { return; }
                  var labelled = (f.labels && f.labels.length > 0) || (f.getAttribute('aria-label') || '').trim() !== ''
                      || (f.getAttribute('aria-labelledby') || '').split(' ').some(function (id) {
                           var l = id && document.getElementById(id); return l && l.textContent.trim() !== ''; });
                  if (!labelled) { missing.push(f.id || f.name || f.outerHTML.substring(0, 80)); }
                });
                return missing;""");
    }

    public void assertEveryFieldHasALabel(String page) {
        assertEquals(List.of(), unlabelledFields(), "form fields without a label on " + page);
    }

    public Path screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path file = SCREENSHOTS.resolve(name + ".png");
            Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String currentPath() {
        return driver.getCurrentUrl().substring(ItConfig.adminUrl().length());
    }

    @Override
    public void close() {
        driver.quit();
    }
}
