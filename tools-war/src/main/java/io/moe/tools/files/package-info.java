/**
 * generate_file: presentations, documents, spreadsheets, PDF, HTML, Markdown, CSV and text from the
 * content a model wrote, stored under an unguessable name for download and removed after a while.
 */
package io.moe.tools.files;
