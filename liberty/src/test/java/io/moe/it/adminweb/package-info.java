/** The admin web application in a real headless browser (Debian's chromium through chromium-driver and Selenium). */
package io.moe.it.adminweb;
