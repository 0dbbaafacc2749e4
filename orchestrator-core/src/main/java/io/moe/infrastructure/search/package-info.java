/** Web search through a SearXNG-compatible JSON API (the model simulator's /search by default). */
package io.moe.infrastructure.search;
