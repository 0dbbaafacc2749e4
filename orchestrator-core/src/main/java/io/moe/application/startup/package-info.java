/** What every server start does once before serving: migrate the schema, seed the first admin and template. */
package io.moe.application.startup;
