package io.moe.tools.legal;

import org.w3c.dom.Document;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DOM parsing with DOCTYPE declarations refused ({@code disallow-doctype-decl}), and external entities,
 * external DTDs and XInclude switched off as well (no XXE, no entity expansion of any kind).
 * <p>
 * The laws of gesetze-im-internet.de start with a DOCTYPE that only names their DTD
 * ({@code <!DOCTYPE dokumente SYSTEM ".../gii-norm.dtd">}). Such a declaration, a name and an external
 * identifier with no internal subset, can declare nothing by itself, and the DTD it names is never
 * loaded; so exactly that form, right at the start of the document, is blanked out before parsing. Any
 * other DOCTYPE (one with an internal subset {@code [...]}, where entities are declared) stays and makes
 * the parser refuse the document.
 */
final class SafeXml {

    /** The prolog up to and including an external-only DOCTYPE (group 1), read as ISO-8859-1 so offsets are bytes. */
    private static final Pattern EXTERNAL_DOCTYPE = Pattern.compile(
            "\\A(?:\u00EF\u00BB\u00BF)?\\s*(?:<\\?xml[^?>]*\\?>)?\\s*"
                    + "(<!DOCTYPE\\s+[A-Za-z_][\\w.:-]*\\s+(?:SYSTEM|PUBLIC)(?:\\s+(?:\"[^\"<>\\[]*\"|'[^'<>\\[]*')){1,2}\\s*>)");
    private static final int PROLOG = 2048;

    private SafeXml() {
    }

    static Document parse(byte[] xml) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            f.setNamespaceAware(false);
            DocumentBuilder builder = f.newDocumentBuilder();
            builder.setEntityResolver((publicId, systemId) -> new org.xml.sax.InputSource(new java.io.StringReader("")));
            return builder.parse(new ByteArrayInputStream(withoutExternalDoctype(xml)));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** {@code xml} with an external-only DOCTYPE at its start replaced by spaces (a copy), or {@code xml} itself. */
    static byte[] withoutExternalDoctype(byte[] xml) {
        String prolog = new String(xml, 0, Math.min(xml.length, PROLOG), StandardCharsets.ISO_8859_1);
        Matcher m = EXTERNAL_DOCTYPE.matcher(prolog);
        if (!m.lookingAt()) {
            return xml;
        }
        byte[] copy = xml.clone();
        Arrays.fill(copy, m.start(1), m.end(1), (byte) ' ');
        return copy;
    }
}
