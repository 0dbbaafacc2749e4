/**
 * German federal law from gesetze-im-internet.de in its official formats: the table of contents
 * (gii-toc.xml) and each law's xml.zip in the gii-norm format, read from the configured base URL or
 * a local mirror folder, cached, and parsed with DTDs and external entities disabled.
 */
package io.moe.tools.legal;
