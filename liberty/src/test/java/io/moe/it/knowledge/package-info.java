/** Black-box tests of the knowledge-graph routes: statistics, search, bundle export and import, and their protections. */
package io.moe.it.knowledge;
