/** Text tools: hashing, Base64, regular expressions with a time bound, text statistics. */
package io.moe.tools.text;
