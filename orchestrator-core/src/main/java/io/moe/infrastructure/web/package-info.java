/** What every HTML page of the service tells the browser about how to treat it (security headers). */
package io.moe.infrastructure.web;
